import { Check } from 'lucide-react';
import { useId } from 'react';
import type { SlotDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { placesLabel } from './day-classes';

export interface SlotListProps {
  slots: SlotDto[];
  onBook: (slot: SlotDto) => void;
  /** The class being booked right now: its button spins, the others wait. */
  bookingScheduleId?: number | null;
  /** Blocks every button (while the session is still loading, for instance). */
  disabled?: boolean;
}

type SlotState = 'booked' | 'cancelled' | 'started' | 'full' | 'open';

export function slotState(slot: SlotDto): SlotState {
  if (slot.myReservationId !== null && slot.myReservationId !== undefined) return 'booked';
  if (slot.isCancelled) return 'cancelled';
  if (slot.isPastClass) return 'started';
  if (slot.reservedCount >= slot.capacity) return 'full';
  return 'open';
}

const notes: Partial<Record<SlotState, string>> = {
  cancelled: 'El estudio canceló esta clase',
  started: 'Esta clase ya comenzó',
  full: 'Clase llena',
};

/** The selected day's classes on the booking page: time, places taken and a "Reservar" button. */
export function SlotList({ slots, onBook, bookingScheduleId = null, disabled = false }: SlotListProps) {
  return (
    <ul className="space-y-3">
      {slots.map((slot) => (
        <SlotRow
          key={slot.scheduleId}
          slot={slot}
          onBook={onBook}
          booking={bookingScheduleId === slot.scheduleId}
          disabled={disabled || (bookingScheduleId !== null && bookingScheduleId !== slot.scheduleId)}
        />
      ))}
    </ul>
  );
}

function SlotRow({
  slot,
  onBook,
  booking,
  disabled,
}: {
  slot: SlotDto;
  onBook: (slot: SlotDto) => void;
  booking: boolean;
  disabled: boolean;
}) {
  const timeId = useId();
  const state = slotState(slot);
  const note = notes[state];
  return (
    <li
      className={cn(
        'flex items-center gap-4 rounded-card bg-surface px-4 py-3 shadow-soft sm:px-6 sm:py-4',
        (state === 'cancelled' || state === 'started') && 'bg-surface/60',
      )}
    >
      <div className="min-w-0 flex-1">
        <p id={timeId} className="font-display text-2xl leading-tight text-ink-strong tabular-nums">
          {slot.time}
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-2 text-sm text-ink-muted">
          <span>{placesLabel(slot.reservedCount, slot.capacity)}</span>
          {slot.instructor ? <span>· {slot.instructor}</span> : null}
          {note ? <span className={state === 'cancelled' ? 'text-danger' : undefined}>· {note}</span> : null}
        </p>
      </div>
      {state === 'booked' ? (
        <button
          type="button"
          disabled
          aria-describedby={timeId}
          className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-pill bg-success-soft px-4 text-sm font-medium text-success"
        >
          <Check aria-hidden="true" className="size-4" />
          Reservada
        </button>
      ) : (
        <Button
          size="sm"
          className="shrink-0"
          aria-describedby={timeId}
          disabled={disabled || state !== 'open'}
          loading={booking}
          loadingLabel="Reservando…"
          onClick={() => onBook(slot)}
        >
          {state === 'cancelled' ? 'Cancelada' : 'Reservar'}
        </Button>
      )}
    </li>
  );
}
