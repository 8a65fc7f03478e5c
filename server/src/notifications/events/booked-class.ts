import {
  cancelDeadline,
  formatLongDateWithWeekday,
  studioInstant,
  studioTimeOfDay,
  STUDIO_CONTACT,
  studioToday,
  to12Hour,
} from '@pilates/dates';
import { ICalCalendarMethod } from 'ical-generator';
import { classCalendar, type BookedClass } from '../class-calendar';
import type { MailAttachment, MailContext } from '../mail';

export type { BookedClass } from '../class-calendar';

/** "lunes 30 de noviembre de 2026 a las 7:00 AM". */
export const when = (item: BookedClass): string =>
  `${formatLongDateWithWeekday(item.date)} a las ${to12Hour(item.startTime)}`;

/** " Tu lugar: Reformer 4." when the class has a reformer, else nothing. */
export const spotSentence = (item: BookedClass): string => (item.spot ? ` Tu lugar: ${item.spot}.` : '');

/** "el lunes 30 de noviembre de 2026 a las 7:00 PM": an instant, in the studio's zone. */
export const studioWords = (at: Date, timeZone: string): string =>
  `el ${formatLongDateWithWeekday(studioToday(at, timeZone))} a las ${to12Hour(studioTimeOfDay(at, timeZone))}`;

/**
 * The class as an .ics attachment, in the studio's zone, with the same method inside the file
 * (METHOD) as on its MIME part (RFC 6047): PUBLISH for a booked or changed class, CANCEL for one
 * that is no longer the client's (the same UID, one revision up, STATUS:CANCELLED), so the
 * calendar that imported the booking updates or removes it in place.
 */
export function classAttachment(
  item: BookedClass,
  context: MailContext,
  method: 'PUBLISH' | 'CANCEL' = 'PUBLISH',
): MailAttachment {
  const ics = classCalendar([method === 'CANCEL' ? { ...item, cancelled: true } : item], {
    timeZone: context.studioTimeZone,
    uidDomain: context.uidDomain,
    name: 'Clase de Pilates',
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    organizer: { name: STUDIO_CONTACT.name, email: context.replyTo ?? STUDIO_CONTACT.email },
    stamp: context.now,
  });
  return {
    filename: method === 'CANCEL' ? 'clase-cancelada.ics' : 'clase-pilates.ics',
    content: ics,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

/** Until when a reservation may be cancelled and whether it still could be, as the server answered it. */
export interface CancelTerms {
  /** ISO instant. Absent in events written before it was recorded. */
  cancelUntil?: string;
  /** False: booked (or reminded) inside the window; cancelling is refused. */
  cancellable?: boolean;
}

/**
 * What cancelling does, in the words of the server's own answer (cancelUntil, cancellable): the
 * mail never promises a cancellation the server would refuse. Older events without the answer get
 * the same rule worked out from the class (libs/dates' cancelDeadline).
 */
export function cancelSentence(item: BookedClass, terms: CancelTerms, context: MailContext): string {
  if (terms.cancellable === false) {
    return 'Reservaste dentro del límite de cancelación: esta clase ya no se puede cancelar ni vuelve a tu plan. Si no puedes venir, avísanos por WhatsApp.';
  }
  const until = terms.cancelUntil
    ? new Date(terms.cancelUntil)
    : cancelDeadline(studioInstant(item.date, item.startTime, context.studioTimeZone), context.cancelHours);
  return `Puedes cancelar sin costo hasta ${studioWords(until, context.studioTimeZone)} desde «Mis clases»; la clase vuelve a tu plan. Después ya no se puede cancelar.`;
}
