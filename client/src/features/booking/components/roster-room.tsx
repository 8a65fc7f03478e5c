import { useState } from 'react';
import type { EnrolledUserDto, RosterSlotDto, SlotSpotDto } from '@/api/generated/model';
import { useChangeSpot, useGetSala } from '@/api/generated/reservations/reservations';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { defaultInstructor } from './choose-reformer-dialog';
import { RoomLegend } from './room-legend';
import { RoomMap } from './room-map';
import { byPlace, type RoomSpot } from './room-spots';

export const movedMessage = (name: string, spot: string): string => `Se movió a ${name} al ${spot}`;
export const NO_SPOT_LABEL = 'Sin reformer';
export const MOVE_HINT = 'Para mover a un cliente, toca su reformer y luego uno libre; con el ratón, arrástralo.';
export const movingHint = (name: string): string => `Moviendo a ${name}: elige un reformer libre.`;

/** The class's reformers, each with who is on it and whether they came (the roster's map). */
export function rosterSpots(slot: RosterSlotDto): RoomSpot[] {
  const onSpot = new Map(slot.enrolled.flatMap((person) => (person.spot ? [[person.spot.id, person] as const] : [])));
  return slot.spots.map((spot) => {
    const person = onSpot.get(spot.id);
    return {
      ...spot,
      // An admin booked in the class sees their own reformer as anyone else's here.
      state: person && spot.state === 'mine' ? 'taken' : spot.state,
      person: person ? { name: person.name, attended: person.attended } : null,
    };
  });
}

/** The reformers a client can be moved to, or a walk-in placed on: free that day, front row first. */
export const freeSpotsOf = (slot: RosterSlotDto): SlotSpotDto[] =>
  slot.spots.filter((spot) => spot.state === 'free').sort(byPlace);

/** Moving clients between reformers on a roster: who is being moved, and the change-spot call. */
export function useRosterMove(slot: RosterSlotDto | null) {
  const toast = useToast();
  const [movingId, setMovingId] = useState<number | null>(null);
  const change = useChangeSpot();
  // Read from the roster, so that a refreshed roster (the move done, or the client removed) follows.
  const moving = slot?.enrolled.find((person) => person.reservationId === movingId) ?? null;
  return {
    moving,
    pending: change.isPending,
    error: change.error,
    /** Starts moving someone (null: nobody). */
    pick: (person: EnrolledUserDto | null) => {
      change.reset();
      setMovingId(person?.reservationId ?? null);
    },
    moveTo: (person: EnrolledUserDto, spot: number) =>
      change.mutate(
        { data: { reservationId: person.reservationId, spot } },
        {
          onSuccess: (answer) => {
            setMovingId(null);
            toast.show(movedMessage(person.name, answer.spot.label));
          },
        },
      ),
    reset: () => {
      setMovingId(null);
      change.reset();
    },
  };
}

export type RosterMove = ReturnType<typeof useRosterMove>;

/**
 * The room above the roster: each client's name on their reformer with their attendance mark, and
 * the instructor's place. Tapping a client's reformer and then a free one moves them, and so does
 * dragging it there; the list below is the same roster for the keyboard and screen readers.
 */
export function RosterRoom({ slot, move }: { slot: RosterSlotDto; move: RosterMove }) {
  // The instructor's place only orients the admin: read once, cached after.
  const sala = useGetSala({ query: { staleTime: 5 * 60_000 } });
  const spots = rosterSpots(slot);
  const instructor = sala.data?.instructor ?? defaultInstructor(spots);
  const personOn = (spotId: number) => slot.enrolled.find((person) => person.spot?.id === spotId);

  const select = (spotId: number | null) => {
    if (spotId === null) return;
    const person = personOn(spotId);
    if (person) {
      move.pick(move.moving?.reservationId === person.reservationId ? null : person);
      return;
    }
    const free = spots.some((spot) => spot.id === spotId && spot.state === 'free');
    if (move.moving && free) move.moveTo(move.moving, spotId);
  };
  const drop = (fromSpotId: number, toSpotId: number) => {
    const person = personOn(fromSpotId);
    if (person) move.moveTo(person, toSpotId);
  };

  return (
    <section aria-label="Sala" className="mb-4 space-y-3 border-b border-line pb-4">
      <RoomMap
        mode="admin"
        spots={spots}
        instructor={instructor}
        selected={move.moving?.spot?.id ?? null}
        onSelect={select}
        onDragMove={drop}
        disabled={move.pending}
      />
      <p aria-live="polite" className="text-sm text-ink-muted">
        {move.moving ? movingHint(move.moving.name) : MOVE_HINT}
      </p>
      {/* While someone is being moved, the refusal shows in their row, beside the choice. */}
      {move.moving ? null : <ErrorMessage error={move.error} />}
      <RoomLegend mine={false} />
    </section>
  );
}

/** "Mover" open in a roster row: the free reformers to pick from, for the keyboard and screen readers. */
export function MovePanel({
  id,
  person,
  slot,
  move,
  onClose,
}: {
  id: string;
  person: EnrolledUserDto;
  slot: RosterSlotDto;
  move: RosterMove;
  /** "Cancelar": the row takes the focus back. */
  onClose: () => void;
}) {
  const free = freeSpotsOf(slot);
  const [choice, setChoice] = useState('');
  // A reformer taken meanwhile leaves the choices: nothing is chosen then.
  const chosen = free.find((spot) => String(spot.id) === choice) ?? null;
  return (
    <div
      id={id}
      role="group"
      aria-label={`Mover a ${person.name}`}
      className="space-y-3 rounded-control bg-sand/40 p-3"
    >
      {free.length === 0 ? (
        <p className="text-sm text-ink">No hay reformers libres en esta clase.</p>
      ) : (
        <Select
          label="Reformer libre"
          placeholder="Elige un reformer"
          options={free.map((spot) => ({ value: String(spot.id), label: spot.label }))}
          value={chosen ? choice : ''}
          onValueChange={setChoice}
          hint="También puedes tocarlo en el mapa."
        />
      )}
      <ErrorMessage error={move.error} />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={chosen === null}
          loading={move.pending}
          loadingLabel="Moviendo…"
          onClick={() => {
            if (chosen) move.moveTo(person, chosen.id);
          }}
        >
          {chosen ? `Mover al ${chosen.label}` : 'Mover'}
        </Button>
        <Button variant="ghost" size="sm" disabled={move.pending} onClick={onClose}>
          Cancelar
        </Button>
      </div>
    </div>
  );
}
