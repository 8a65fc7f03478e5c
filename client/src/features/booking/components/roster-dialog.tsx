import { formatLongDateWithWeekday } from '@pilates/dates';
import { useState } from 'react';
import type { EnrolledUserDto, RosterSlotDto } from '@/api/generated/model';
import { useCancelReservation, useMarkAttendance } from '@/api/generated/reservations/reservations';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';
import { ForgiveDialog, type ForgiveTarget } from '@/features/forgive';
import { HealthNote } from '@/features/health-profile';
import { RELEASED_LABEL } from '@/features/my-classes';
import { RosterWaitlist } from '@/features/waitlist';
import { AttendanceControls, attendanceLabel, attendanceSummaryText } from './attendance-controls';
import { RosterCancelClass } from './roster-cancel-class';
import { freeSpotsOf, MovePanel, NO_SPOT_LABEL, RosterRoom, useRosterMove, type RosterMove } from './roster-room';
import { RosterWalkIn } from './roster-walk-in';

/** 'Lunes 30 de noviembre · 7:00 AM': the class a roster belongs to. */
export function classTitle(date: string, time: string): string {
  const day = formatLongDateWithWeekday(date).replace(/ de \d{4}$/, '');
  return `${day.charAt(0).toUpperCase()}${day.slice(1)} · ${time}`;
}

/** 'martes 24 de noviembre, 7:00 AM': the class, inside a sentence. */
export const classInSentence = (date: string, time: string): string =>
  `${formatLongDateWithWeekday(date).replace(/ de \d{4}$/, '')}, ${time}`;

export const NO_ENROLLED_MESSAGE = 'No hay usuarios inscritos';
export const RELEASED_HEADING = 'Liberaron su lugar';
export const FORGIVEN_LABEL = 'Perdonado';
export const removedMessage = (name: string): string => `Se quitó a ${name} de la clase`;
export const confirmRemovalQuestion = (name: string): string =>
  `¿Quitar a ${name} de esta clase? Su clase vuelve a su plan.`;

export interface RosterDialogProps {
  date: string;
  /** The class whose roster is open; null keeps the dialog closed. */
  slot: RosterSlotDto | null;
  onOpenChange: (open: boolean) => void;
  /** The viewer may cancel the class for everyone booked (the classes.cancel permission). */
  canCancelClass?: boolean;
}

/**
 * "Usuarios": the room with each client on their reformer, then who is enrolled in one class,
 * moving someone to another reformer, removing someone (their class returns to their plan), marking
 * at the door who came (from the start until 7 days after) and adding walk-ins.
 */
export function RosterDialog({ date, slot, onOpenChange, canCancelClass = false }: RosterDialogProps) {
  const toast = useToast();
  const [confirming, setConfirming] = useState<EnrolledUserDto | null>(null);
  const [forgiving, setForgiving] = useState<ForgiveTarget | null>(null);
  const forgiveTarget = (reservationId: number, name: string, kind: ForgiveTarget['kind']): ForgiveTarget | null =>
    slot ? { reservationId, name, kind, classLabel: classInSentence(date, slot.time) } : null;
  const removal = useCancelReservation({
    mutation: {
      onSuccess: (_answer, { data }) => {
        const removed = slot?.enrolled.find((person) => person.reservationId === data.id);
        setConfirming(null);
        if (removed) toast.show(removedMessage(removed.name));
      },
    },
  });

  const marking = useMarkAttendance();
  const markingId = marking.isPending ? (marking.variables?.data.id ?? null) : null;
  const move = useRosterMove(slot);
  const showRoom = slot !== null && !slot.isCancelled && slot.spots.length > 0;

  const changeOpen = (open: boolean) => {
    if (!open) {
      setConfirming(null);
      removal.reset();
      marking.reset();
      move.reset();
    }
    onOpenChange(open);
  };

  return (
    <Dialog
      open={slot !== null}
      onOpenChange={changeOpen}
      title={slot ? classTitle(date, slot.time) : 'Usuarios'}
      description={slot ? `Usuarios inscritos: ${slot.enrolled.length} de ${slot.capacity}` : undefined}
      footer={
        <Button variant="secondary" onClick={() => changeOpen(false)}>
          Cerrar
        </Button>
      }
    >
      {slot && (slot.canMarkAttendance || slot.attendance.attended + slot.attendance.noShow > 0) ? (
        <p aria-live="polite" className="mb-2 rounded-control bg-sand/60 px-3 py-2 text-sm font-medium text-ink">
          {attendanceSummaryText(slot.attendance)}
        </p>
      ) : null}
      {slot && showRoom ? <RosterRoom slot={slot} move={move} /> : null}
      {slot === null ? null : slot.enrolled.length === 0 ? (
        <p className="py-4 text-center text-ink-muted">{NO_ENROLLED_MESSAGE}</p>
      ) : (
        <ul className="divide-y divide-line">
          {slot.enrolled.map((person) => (
            <li key={person.reservationId} className="py-3">
              {confirming?.reservationId === person.reservationId ? (
                <div className="space-y-3">
                  <p className="text-ink">{confirmRemovalQuestion(person.name)}</p>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="danger"
                      size="sm"
                      // The "Quitar" button just gave way to this question: keep the focus in the row.
                      autoFocus
                      loading={removal.isPending}
                      loadingLabel="Quitando…"
                      onClick={() => removal.mutate({ data: { id: person.reservationId } })}
                    >
                      Sí, quitar
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={removal.isPending}
                      onClick={() => {
                        setConfirming(null);
                        removal.reset();
                      }}
                    >
                      Cancelar
                    </Button>
                  </div>
                </div>
              ) : (
                <div className="space-y-3">
                  <div className="flex items-center gap-3">
                    <div className="min-w-0 flex-1">
                      <p className="flex items-center gap-1 font-medium break-words text-ink-strong">
                        {person.name}
                        {person.healthNote ? (
                          <HealthNote userId={person.id} name={person.name} classId={slot.classId} />
                        ) : null}
                      </p>
                      <p className="text-sm font-medium text-ink">{person.spot?.label ?? NO_SPOT_LABEL}</p>
                      <p className="text-sm break-words text-ink-muted">{person.email}</p>
                      {person.paidAtStudio ? (
                        <span className="mt-1 inline-block rounded-pill bg-sand px-2.5 py-0.5 text-xs font-medium text-ink">
                          Pagado en estudio
                        </span>
                      ) : null}
                      {!slot.canMarkAttendance && person.attended !== null ? (
                        <p className="text-sm text-ink-muted">{attendanceLabel(person.attended)}</p>
                      ) : null}
                      {person.forgiven ? <ForgivenPill /> : null}
                    </div>
                    {person.attended === false && !person.forgiven ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Perdonar la inasistencia de ${person.name}`}
                        onClick={() => setForgiving(forgiveTarget(person.reservationId, person.name, 'no_show'))}
                      >
                        Perdonar
                      </Button>
                    ) : null}
                    {showRoom ? <MoveToggle person={person} slot={slot} move={move} /> : null}
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Quitar a ${person.name}`}
                      disabled={removal.isPending}
                      onClick={() => {
                        removal.reset();
                        setConfirming(person);
                      }}
                    >
                      Quitar
                    </Button>
                  </div>
                  {showRoom && move.moving?.reservationId === person.reservationId ? (
                    <MovePanel
                      id={movePanelId(person)}
                      person={person}
                      slot={slot}
                      move={move}
                      onClose={() => {
                        move.pick(null);
                        document.getElementById(moveToggleId(person))?.focus();
                      }}
                    />
                  ) : null}
                  {slot.canMarkAttendance ? (
                    <AttendanceControls
                      person={person}
                      pendingId={markingId}
                      onMark={(id, attended) => marking.mutate({ data: { id, attended } })}
                    />
                  ) : null}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {slot && slot.released.length > 0 ? (
        <section aria-label={RELEASED_HEADING} className="mt-4">
          <h3 className="text-sm font-medium text-ink-strong">{RELEASED_HEADING}</h3>
          <ul className="divide-y divide-line">
            {slot.released.map((person) => (
              <li key={person.reservationId} className="flex items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-ink-strong">{person.name}</p>
                  <p className="text-sm font-medium text-accent-strong">{RELEASED_LABEL}</p>
                  <p className="text-sm break-words text-ink-muted">{person.email}</p>
                  {person.forgiven ? <ForgivenPill /> : null}
                </div>
                {person.forgiven ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Perdonar la cancelación tardía de ${person.name}`}
                    onClick={() => setForgiving(forgiveTarget(person.reservationId, person.name, 'late_release'))}
                  >
                    Perdonar
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ErrorMessage error={removal.error} className="mt-3" />
      <ErrorMessage error={marking.error} className="mt-3" />
      {slot?.canWalkIn ? (
        <RosterWalkIn
          // Keys unique among the dialog's children (the walk-in and the cancelling both restart with
          // another class): two siblings with one key made React keep a stale copy of one.
          key={`walk-in-${slot.scheduleId}`}
          date={date}
          scheduleId={slot.scheduleId}
          placeFree={slot.reservedCount < slot.capacity}
          freeSpots={freeSpotsOf(slot)}
        />
      ) : null}
      {slot ? (
        <RosterWaitlist
          waitlist={slot.waitlist ?? []}
          placeFree={slot.reservedCount < slot.capacity && !slot.isPastClass}
        />
      ) : null}
      {slot && canCancelClass ? <RosterCancelClass key={`cancel-${slot.scheduleId}`} date={date} slot={slot} /> : null}
      <ForgiveDialog target={forgiving} onClose={() => setForgiving(null)} />
    </Dialog>
  );
}

/** A late release or a no-show an admin forgave ("Perdonar"). */
function ForgivenPill() {
  return (
    <span className="mt-1 inline-block rounded-pill bg-success-soft px-2.5 py-0.5 text-xs font-medium text-success">
      {FORGIVEN_LABEL}
    </span>
  );
}

const moveToggleId = (person: EnrolledUserDto) => `mover-${person.reservationId}`;
const movePanelId = (person: EnrolledUserDto) => `mover-${person.reservationId}-panel`;

/** "Mover" in a roster row: opens the choice of a free reformer for that client (or closes it). */
function MoveToggle({ person, slot, move }: { person: EnrolledUserDto; slot: RosterSlotDto; move: RosterMove }) {
  const open = move.moving?.reservationId === person.reservationId;
  return (
    <Button
      id={moveToggleId(person)}
      variant="secondary"
      size="sm"
      aria-label={`Mover a ${person.name}`}
      aria-expanded={open}
      aria-controls={open ? movePanelId(person) : undefined}
      disabled={move.pending || freeSpotsOf(slot).length === 0}
      onClick={() => move.pick(open ? null : person)}
    >
      Mover
    </Button>
  );
}
