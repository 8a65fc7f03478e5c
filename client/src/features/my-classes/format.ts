import { formatLongDateWithWeekday, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import { studioTimeZone } from '@/lib/studio-time-zone';

/** An instant read on the studio's clock, without the year: 'lunes 23 de noviembre, 7:00 PM'. */
export function formatStudioInstant(iso: string, timeZone: string = studioTimeZone()): string {
  const instant = new Date(iso);
  const date = studioToday(instant, timeZone);
  const time = to12Hour(studioTimeOfDay(instant, timeZone));
  return `${formatLongDateWithWeekday(date).replace(/ de \d{4}$/, '')}, ${time}`;
}

/**
 * A deadline in the studio's words, relative to `now` when close: 'ayer 7:00 PM', 'hoy 8:00 AM',
 * otherwise 'el lunes 23 de noviembre, 7:00 PM'.
 */
export function formatDeadline(iso: string, now: Date = new Date(), timeZone: string = studioTimeZone()): string {
  const instant = new Date(iso);
  const day = studioToday(instant, timeZone);
  const time = to12Hour(studioTimeOfDay(instant, timeZone));
  const today = studioToday(now, timeZone);
  if (day === today) return `hoy ${time}`;
  if (day === studioToday(new Date(now.getTime() - 86_400_000), timeZone)) return `ayer ${time}`;
  return `el ${formatStudioInstant(iso, timeZone)}`;
}

/** The question of the cancel dialog: '¿Cancelar tu clase del martes 24 de noviembre de 2026 a las 7:00 AM?'. */
export function cancelQuestion(date: string, time: string): string {
  return `¿Cancelar tu clase del ${formatLongDateWithWeekday(date)} a las ${time}?`;
}

/** What "Liberar lugar" does after the deadline: the place goes to someone else, the class stays used. */
export const RELEASE_POLICY = 'Después puedes liberar tu lugar, pero la clase no se devuelve a tu plan.';

/** After the deadline when the studio does not let a client release a place late (Ajustes). */
export const NO_RELEASE_POLICY = 'Después ya no se puede cancelar y la clase se considera tomada.';

/** Said before booking a class inside the cancellation window (the server answered cancellable: false). */
export const INSIDE_WINDOW_NOTE =
  'Reservas dentro del límite para cancelar sin costo: puedes liberar tu lugar, pero la clase no se devuelve a tu plan.';

/** INSIDE_WINDOW_NOTE when the studio does not let a client release a place late. */
export const INSIDE_WINDOW_NO_RELEASE_NOTE =
  'Reservas dentro del límite para cancelar sin costo: ya no podrás cancelarla y la clase se considera tomada.';

/**
 * The policy in force for a class about to be booked, from the day's answer (cancellable, cancelUntil):
 * 'Cancela sin costo hasta el jueves 26 de noviembre, 7:00 PM. Después puedes liberar tu lugar, pero la
 * clase no se devuelve a tu plan.', or INSIDE_WINDOW_NOTE when the deadline has passed already;
 * `releasable` false (Ajustes turns "Liberar lugar" off) says that after the deadline the class is taken.
 */
export function bookingPolicyText(terms: { cancellable: boolean; cancelUntil: string }, releasable: boolean): string {
  return terms.cancellable
    ? `Cancela sin costo hasta el ${formatStudioInstant(terms.cancelUntil)}. ${releasable ? RELEASE_POLICY : NO_RELEASE_POLICY}`
    : releasable
      ? INSIDE_WINDOW_NOTE
      : INSIDE_WINDOW_NO_RELEASE_NOTE;
}

/** Said of a booked class whose deadline has passed: the server refuses to cancel it for free. */
export const CANNOT_CANCEL = 'Ya no se puede cancelar sin costo';

/** A place released after the deadline ("Liberar lugar"), as Mis clases and the rosters say it. */
export const RELEASED_LABEL = 'Lugar liberado';

/**
 * What became of a class of a client's list, in words: 'Lugar liberado' for a place released after
 * the deadline, otherwise the attendance marked at the door ('Asistió', 'No asistió', 'Sin marcar');
 * ' (perdonado)' once an admin forgave the release or the no-show.
 */
export function classOutcomeText(row: { attended: boolean | null; lateReleased: boolean; forgiven: boolean }): string {
  const outcome = row.lateReleased
    ? RELEASED_LABEL
    : row.attended === true
      ? 'Asistió'
      : row.attended === false
        ? 'No asistió'
        : 'Sin marcar';
  return row.forgiven ? `${outcome} (perdonado)` : outcome;
}

/**
 * What cancelling a booked class does now, from the server's answer (cancellable, cancellableUntil):
 * 'Cancela sin costo hasta el lunes 23 de noviembre, 7:00 PM; la clase vuelve a tu plan.' or, past
 * the deadline, that releasing the place does not return the class.
 */
export function cancelTermsText(terms: { cancellable: boolean; cancelUntil: string }, releasable: boolean): string {
  const until = formatStudioInstant(terms.cancelUntil);
  return terms.cancellable
    ? `Cancela sin costo hasta el ${until}; la clase vuelve a tu plan.`
    : `${CANNOT_CANCEL}: el límite era el ${until}. ${
        releasable
          ? 'Puedes liberar tu lugar, pero la clase no se devuelve a tu plan.'
          : 'La clase se considera tomada.'
      }`;
}

/**
 * The toast after booking, from the booking's own answer: the reformer given (the client who let the
 * studio pick learns which), then until when it may be cancelled.
 */
export function bookedMessage(answer: {
  message: string;
  cancellable: boolean;
  cancelUntil: string;
  spot?: { label: string } | null;
}): string {
  const booked = answer.spot ? `${answer.message} Tu lugar: ${answer.spot.label}.` : answer.message;
  return answer.cancellable
    ? `${booked} Cancela sin costo hasta el ${formatStudioInstant(answer.cancelUntil)}.`
    : `${booked} Reservaste dentro del límite: esta clase ya no se puede cancelar ni vuelve a tu plan.`;
}
