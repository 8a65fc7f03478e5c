import { formatLongDateWithWeekday, to12Hour } from '@pilates/dates';
import { greetingMail, MY_CLASSES_LINK, type Mail, type MailContext, type Recipient } from '../mail';
import { classAttachment, spotSentence, studioWords, when, type BookedClass } from './booked-class';

/**
 * reservation.changed: the studio changed a class the client booked (its time, instructor, type or
 * duration, from the timetable). The mail says what changed and carries the updated event (the same UID, one
 * revision up), so the client's calendar moves the class in place.
 */
/** What a changed class was; the type and duration are absent in events written before they were told. */
export interface ClassBefore {
  startTime: string;
  instructor: string | null;
  durationMinutes?: number;
  /** "Pilates Reformer · Básico", as BookedClass.classType. */
  classType?: string;
}

export interface ReservationChanged {
  /** The class as it is now. */
  class: BookedClass;
  /** What it was. */
  before: ClassBefore;
  /**
   * Why: the timetable changed (absent, as before) or a substitute was set or removed for this date,
   * which lets the client cancel for free until `cancelFreeUntil` (ISO instant), even past the window.
   */
  reason?: 'timetable' | 'substitute';
  cancelFreeUntil?: string;
}

/** "ahora empieza a las 8:00 AM (antes 7:00 AM) y la dará Ana (antes Luis)", and the type or duration when they changed. */
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
  if (event.before.classType !== undefined && now.classType && now.classType !== event.before.classType) {
    parts.push(`ahora es ${now.classType} (antes ${event.before.classType})`);
  }
  if (event.before.durationMinutes !== undefined && now.durationMinutes !== event.before.durationMinutes) {
    parts.push(`ahora dura ${now.durationMinutes} minutos (antes ${event.before.durationMinutes})`);
  }
  return parts.length > 0 ? parts.join(' y ') : `sigue a las ${to12Hour(now.startTime)}`;
}

/** "Cambio de instructor: el lunes … a las 7:00 AM la clase la dará Ana." with the free cancellation it brings. */
function substituteMail(to: Recipient, event: ReservationChanged, context: MailContext): Mail {
  const who = event.class.instructor
    ? `la clase la dará ${event.class.instructor}${event.before.instructor ? ` (en lugar de ${event.before.instructor})` : ''}`
    : 'la clase todavía no tiene instructor asignado';
  const free = event.cancelFreeUntil
    ? `Si prefieres no tomarla, puedes cancelarla sin perder la clase hasta ${studioWords(new Date(event.cancelFreeUntil), context.studioTimeZone)} desde «Mis clases», aunque ya haya pasado el límite de cancelación; la clase vuelve a tu plan.`
    : 'Si prefieres no tomarla, cancélala desde «Mis clases».';
  const message = greetingMail(
    to,
    'Cambio de instructor',
    [
      `Cambio de instructor: el ${when(event.class)} ${who}.${spotSentence(event.class)}`,
      `Tu lugar sigue reservado. ${free}`,
      'Adjuntamos la clase actualizada: tu calendario la cambia en su lugar.',
    ],
    context,
    MY_CLASSES_LINK,
  );
  return { ...message, attachments: [classAttachment(event.class, context)] };
}

export function reservationChangedMail(to: Recipient, event: ReservationChanged, context: MailContext): Mail {
  if (event.reason === 'substitute') return substituteMail(to, event, context);
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
