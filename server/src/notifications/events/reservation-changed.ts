import { formatLongDateWithWeekday, to12Hour } from '@pilates/dates';
import { greetingMail, MY_CLASSES_LINK, type Mail, type MailContext, type Recipient } from '../mail';
import { classAttachment, spotSentence, type BookedClass } from './booked-class';

/**
 * reservation.changed: the studio changed a class the client booked (its time or its instructor,
 * from the timetable). The mail says what changed and carries the updated event (the same UID, one
 * revision up), so the client's calendar moves the class in place.
 */
export interface ReservationChanged {
  /** The class as it is now. */
  class: BookedClass;
  /** What it was. */
  before: { startTime: string; instructor: string | null };
}

/** "ahora empieza a las 8:00 AM (antes 7:00 AM) y la dará Ana (antes Luis)". */
function whatChanged(event: ReservationChanged): string {
  const now = event.class;
  const parts: string[] = [];
  if (now.startTime !== event.before.startTime) {
    parts.push(`ahora empieza a las ${to12Hour(now.startTime)} (antes ${to12Hour(event.before.startTime)})`);
  }
  if (now.instructor !== event.before.instructor) {
    parts.push(
      now.instructor
        ? `la dará ${now.instructor}${event.before.instructor ? ` (antes ${event.before.instructor})` : ''}`
        : 'todavía no tiene instructor asignado',
    );
  }
  return parts.length > 0 ? parts.join(' y ') : `sigue a las ${to12Hour(now.startTime)}`;
}

export function reservationChangedMail(to: Recipient, event: ReservationChanged, context: MailContext): Mail {
  const message = greetingMail(
    to,
    'Cambió tu clase',
    [
      `El estudio cambió tu clase del ${formatLongDateWithWeekday(event.class.date)}: ${whatChanged(event)}.${spotSentence(event.class)}`,
      'Tu lugar sigue reservado y tu plan no cambia. Si ya no te queda bien, cancélala desde «Mis clases» para que otra persona tome tu lugar.',
      'Adjuntamos la clase actualizada: tu calendario la cambia en su lugar.',
    ],
    context,
    MY_CLASSES_LINK,
  );
  return { ...message, attachments: [classAttachment(event.class, context)] };
}
