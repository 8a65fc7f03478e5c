import { formatLongDateWithWeekday } from '@pilates/dates';
import { useEffect, useRef, useState } from 'react';
import type { SlotDto } from '@/api/generated/model';
import { useGetSala } from '@/api/generated/reservations/reservations';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { RoomPicker } from './room-picker';
import { type RoomCell, type RoomSpot } from './room-spots';

export const CHOOSE_REFORMER_TITLE = 'Elige tu reformer';

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
      <PickerBody spots={spots} instructor={instructor} selected={selected} onSelect={setSelected} />
    </Dialog>
  );
}

/** The picker, focused on its current choice as the dialog opens (Radix would focus the "Mapa" tab). */
function PickerBody({
  spots,
  instructor,
  selected,
  onSelect,
}: {
  spots: RoomSpot[];
  instructor: RoomCell;
  selected: number | null;
  onSelect: (id: number | null) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Runs before Radix's own focus on open (a child's effect first): Radix keeps a focus already inside.
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]')?.focus();
  }, []);
  return (
    <div ref={ref}>
      <RoomPicker spots={spots} instructor={instructor} selected={selected} onSelect={onSelect} />
    </div>
  );
}
