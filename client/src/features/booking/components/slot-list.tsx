import { Check, Hourglass } from 'lucide-react';
import { useId } from 'react';
import type { SlotDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { InstructorAvatar } from '@/features/instructors';
import { bookingPolicyText, cancelTermsText } from '@/features/my-classes';
import { useLateReleases } from '@/lib/cancellation-policy';
import { positionLabel, waitlistButtonLabel } from '@/features/waitlist';

export interface SlotListProps {
  slots: SlotDto[];
  /**
   * The day shown, for a logged-in client: each open or booked class says until when it can be
   * cancelled for free, or that it no longer can (the server's answer, the rule it enforces).
   */
  date?: string;
  onBook: (slot: SlotDto) => void;
  /** The caller's own booked class: "Cancelar" (past the deadline "Liberar lugar") right in its row. */
  onCancel?: (slot: SlotDto) => void;
  /** A full class: "Lista de espera" joins its line (without it, a full class only says so). */
  onJoinWaitlist?: (slot: SlotDto) => void;
  /** A class whose line the caller is in: "Salir de la lista". */
  onLeaveWaitlist?: (slot: SlotDto) => void;
  /** The class being booked right now: its button spins, the others wait. */
  bookingScheduleId?: number | null;
  /** Blocks every button (while the session is still loading, for instance). */
  disabled?: boolean;
}

type SlotState = 'booked' | 'cancelled' | 'started' | 'waiting' | 'full' | 'open';

export function slotState(slot: SlotDto): SlotState {
  if (slot.myReservationId !== null && slot.myReservationId !== undefined) return 'booked';
  if (slot.isCancelled) return 'cancelled';
  if (slot.isPastClass) return 'started';
  if (slot.myWaitlistPosition !== null && slot.myWaitlistPosition !== undefined) return 'waiting';
  if (slot.reservedCount >= slot.capacity) return 'full';
  return 'open';
}

const notes: Partial<Record<SlotState, string>> = {
  cancelled: 'El estudio canceló esta clase',
  started: 'Esta clase ya comenzó',
  full: 'Clase llena',
};

/** The selected day's classes on the booking page: time, places taken and a "Reservar" button. */
export function SlotList({
  slots,
  date,
  onBook,
  onCancel,
  onJoinWaitlist,
  onLeaveWaitlist,
  bookingScheduleId = null,
  disabled = false,
}: SlotListProps) {
  return (
    <ul className="space-y-3">
      {slots.map((slot) => (
        <SlotRow
          key={slot.scheduleId}
          slot={slot}
          onBook={onBook}
          onCancel={onCancel}
          onJoinWaitlist={onJoinWaitlist}
          onLeaveWaitlist={onLeaveWaitlist}
          date={date}
          booking={bookingScheduleId === slot.scheduleId}
          disabled={disabled || (bookingScheduleId !== null && bookingScheduleId !== slot.scheduleId)}
        />
      ))}
    </ul>
  );
}

/** 'Quedan 3 lugares', 'Queda 1 lugar': the free places, which a client decides with. */
export function freePlacesLabel(slot: Pick<SlotDto, 'capacity' | 'reservedCount'>): string {
  const free = Math.max(0, slot.capacity - slot.reservedCount);
  return free === 1 ? '1 lugar disponible' : `${free} lugares disponibles`;
}

/**
 * Before booking, the policy in force: until when a booking made now could be cancelled for free, and
 * that after it the place can be released without the class returning (or that the deadline passed).
 */
function CancelDeadline({ slot }: { slot: SlotDto }) {
  const releasable = useLateReleases();
  return (
    <p className={cn('mt-1 text-sm', slot.cancellable ? 'text-ink-muted' : 'font-medium text-accent-strong')}>
      {bookingPolicyText(slot, releasable)}
    </p>
  );
}

/** A booked class: what cancelling it does now. */
function BookedTerms({ slot }: { slot: SlotDto }) {
  const releasable = useLateReleases();
  return (
    <p className={cn('mt-1 text-sm', slot.cancellable ? 'text-ink-muted' : 'font-medium text-accent-strong')}>
      {cancelTermsText(slot, releasable)}
    </p>
  );
}

function SlotRow({
  slot,
  onBook,
  onCancel,
  onJoinWaitlist,
  onLeaveWaitlist,
  booking,
  disabled,
  date,
}: {
  slot: SlotDto;
  onBook: (slot: SlotDto) => void;
  onCancel?: (slot: SlotDto) => void;
  onJoinWaitlist?: (slot: SlotDto) => void;
  onLeaveWaitlist?: (slot: SlotDto) => void;
  booking: boolean;
  disabled: boolean;
  date?: string;
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
      {/* The instructor's photo, small and round, beside the line that names them. */}
      {slot.instructor && slot.instructorPhotoUrl ? (
        <InstructorAvatar name={slot.instructor} photoUrl={slot.instructorPhotoUrl} size="sm" />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span id={timeId} className="font-display text-2xl leading-tight text-ink-strong figures">
            {slot.time}
          </span>
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-ink">
            {/* The type's colour mark (a palette colour with 4.5:1 on white); the name says it in words. */}
            <span
              aria-hidden="true"
              className="inline-block size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: slot.classType.colour }}
            />
            {slot.classType.name}
          </span>
          <span className="text-sm text-ink-muted">{slot.classType.levelName}</span>
          <span className="text-sm text-ink-muted">{slot.durationMinutes} min</span>
        </p>
        {/* A long unbroken instructor's name wraps anywhere rather than widen the page. */}
        <p
          className={cn(
            'mt-0.5 text-sm [overflow-wrap:anywhere]',
            state === 'cancelled' ? 'text-danger' : 'text-ink-muted',
          )}
        >
          {[
            state === 'waiting' ? 'Clase llena' : (note ?? freePlacesLabel(slot)),
            (state === 'full' || state === 'waiting') && slot.waitlistCount > 0
              ? `${slot.waitlistCount} en lista de espera`
              : null,
            slot.instructor ? `Con ${slot.instructor}${slot.substitute ? ' (suplente)' : ''}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {state === 'open' && date ? <CancelDeadline slot={slot} /> : null}
        {state === 'booked' && date && !slot.isPastClass ? <BookedTerms slot={slot} /> : null}
      </div>
      {state === 'booked' ? (
        <div className="flex shrink-0 flex-col items-end gap-2 sm:flex-row sm:items-center">
          <span className="inline-flex h-9 items-center gap-1.5 rounded-pill bg-success-soft px-4 text-sm font-medium text-success">
            <Check aria-hidden="true" className="size-4" />
            Reservada
          </span>
          {onCancel && !slot.isPastClass ? (
            // Past the deadline the same dialog offers "Liberar lugar" (the class is not returned).
            <Button variant="secondary" size="sm" aria-describedby={timeId} onClick={() => onCancel(slot)}>
              {slot.cancellable ? 'Cancelar' : 'Liberar lugar'}
            </Button>
          ) : null}
        </div>
      ) : state === 'waiting' ? (
        <div className="flex shrink-0 flex-col items-end gap-2 sm:flex-row sm:items-center">
          <span className="inline-flex h-9 items-center gap-1.5 rounded-pill bg-accent-soft px-4 text-sm font-medium text-ink-strong">
            <Hourglass aria-hidden="true" className="size-4" />
            {positionLabel(slot.myWaitlistPosition ?? 0)}
          </span>
          {onLeaveWaitlist ? (
            <Button variant="secondary" size="sm" aria-describedby={timeId} onClick={() => onLeaveWaitlist(slot)}>
              Salir de la lista
            </Button>
          ) : null}
        </div>
      ) : state === 'full' && onJoinWaitlist ? (
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          aria-describedby={timeId}
          disabled={disabled}
          onClick={() => onJoinWaitlist(slot)}
        >
          {waitlistButtonLabel(slot.waitlistCount)}
        </Button>
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
