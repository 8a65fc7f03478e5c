import { formatLongDateWithWeekday } from '@pilates/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessages } from '@/api/api-error';
import { useSetFavouriteSpot } from '@/api/generated/informacion/informacion';
import type { SlotDto } from '@/api/generated/model';
import { useGetSala } from '@/api/generated/reservations/reservations';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { bookingPolicyText } from '@/features/my-classes';
import { sessionQueryOptions, setSessionFavourite } from '@/features/session';
import { useLateReleases } from '@/lib/cancellation-policy';
import { RoomPicker } from './room-picker';
import { type RoomCell, type RoomSpot } from './room-spots';

export const CHOOSE_REFORMER_TITLE = 'Elige tu reformer';
export const MARK_FAVOURITE_LABEL = 'Marcar como favorito';
export const IS_FAVOURITE_LABEL = 'Es tu favorito';

/** Until the sala answers: the instructor in front of the reformers, at the middle column. */
export function defaultInstructor(spots: readonly RoomCell[]): RoomCell {
  if (spots.length === 0) return { row: 0, column: 0 };
  const columns = spots.map((spot) => spot.column);
  return {
    row: Math.min(...spots.map((spot) => spot.row)) - 1,
    column: Math.floor((Math.min(...columns) + Math.max(...columns)) / 2),
  };
}

export interface ChooseReformerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  date: string;
  /** The class being booked (kept while the dialog closes). */
  slot: SlotDto | null;
  /** The reformer chosen; null is "Cualquiera". */
  onConfirm: (spot: number | null) => void;
}

/** "Reservar" on a class with reformers: the room map to pick one (or "Cualquiera"), then the booking. */
export function ChooseReformerDialog({ open, onOpenChange, date, slot, onConfirm }: ChooseReformerDialogProps) {
  const [selected, setSelected] = useState<number | null>(null);
  // Each opening starts on "Cualquiera".
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSelected(null);
  }
  // The instructor's place only orients the client: read when the dialog first opens, cached after.
  const sala = useGetSala({ query: { enabled: open, staleTime: 5 * 60_000 } });
  // The client's favourite, starred on the map: the session user carries it (only a client books).
  const favouriteId = useQuery(sessionQueryOptions).data?.favouriteSpot?.id ?? null;
  const lateReleases = useLateReleases();

  const spots: RoomSpot[] = slot?.spots ?? [];
  const chosen = spots.find((spot) => spot.id === selected);
  const instructor = sala.data?.instructor ?? defaultInstructor(spots);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={CHOOSE_REFORMER_TITLE}
      description={slot ? `Clase del ${formatLongDateWithWeekday(date)}, ${slot.time}.` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button onClick={() => onConfirm(chosen ? chosen.id : null)}>
            {chosen ? `Reservar ${chosen.label}` : 'Reservar'}
          </Button>
        </>
      }
    >
      {slot ? (
        // Said before the booking, first (a phone shows it above the map): what cancelling or releasing will do.
        <p className="mb-4 rounded-control bg-sand/60 px-3 py-2 text-sm text-ink">
          {bookingPolicyText(slot, lateReleases)}
        </p>
      ) : null}
      <PickerBody
        spots={spots}
        instructor={instructor}
        selected={selected}
        onSelect={setSelected}
        favouriteId={favouriteId}
      />
      {chosen ? <MarkFavourite spot={chosen} isFavourite={chosen.id === favouriteId} /> : null}
    </Dialog>
  );
}

/** The picker, focused on its current choice as the dialog opens (Radix would focus the "Mapa" tab). */
function PickerBody({
  spots,
  instructor,
  selected,
  onSelect,
  favouriteId,
}: {
  spots: RoomSpot[];
  instructor: RoomCell;
  selected: number | null;
  onSelect: (id: number | null) => void;
  favouriteId: number | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Runs before Radix's own focus on open (a child's effect first): Radix keeps a focus already inside.
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]')?.focus();
  }, []);
  return (
    <div ref={ref}>
      <RoomPicker
        spots={spots}
        instructor={instructor}
        selected={selected}
        onSelect={onSelect}
        favouriteId={favouriteId}
      />
    </div>
  );
}

/**
 * "Marcar como favorito" under the map, for the reformer chosen: saves it as the client's favourite
 * (what "Cualquiera" gives first) without booking or closing; "Es tu favorito" once it is. The button
 * stays in place and focusable throughout (aria-disabled, not disabled), so focus never drops out.
 */
function MarkFavourite({ spot, isFavourite }: { spot: RoomSpot; isFavourite: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const save = useSetFavouriteSpot({
    mutation: {
      onSuccess: (answer) => {
        setSessionFavourite(queryClient, answer.favouriteSpot);
        toast.show(answer.message);
      },
      onError: (error) => toast.show(errorMessages(error).join(' '), 'error'),
    },
  });
  const saving = save.isPending;
  const inactive = isFavourite || saving;
  return (
    // The label's change ("Es tu favorito") is read out where the client is: the toast is outside the dialog.
    <div className="mt-4 flex justify-center" aria-live="polite">
      <Button
        variant="ghost"
        size="sm"
        aria-disabled={inactive || undefined}
        aria-busy={saving || undefined}
        icon={
          saving ? (
            <Spinner size="sm" label="Guardando…" className="text-current" />
          ) : (
            <Star aria-hidden="true" className={isFavourite ? 'size-4 fill-current text-accent' : 'size-4'} />
          )
        }
        onClick={() => {
          if (!inactive) save.mutate({ data: { spot: spot.id } });
        }}
        // Already the favourite: a state, not a dimmed action (over the button's own aria-disabled look).
        className={isFavourite ? 'aria-disabled:cursor-default! aria-disabled:opacity-100!' : undefined}
      >
        {isFavourite ? IS_FAVOURITE_LABEL : MARK_FAVOURITE_LABEL}
      </Button>
    </div>
  );
}
