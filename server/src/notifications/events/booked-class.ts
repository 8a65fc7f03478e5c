import {
  cancelDeadline,
  formatLongDateWithWeekday,
  studioInstant,
  studioTimeOfDay,
  studioToday,
  to12Hour,
} from '@pilates/dates';
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

/** The class as an .ics attachment, in the studio's zone. */
export function classAttachment(item: BookedClass, context: MailContext): MailAttachment {
  const ics = classCalendar([item], {
    timeZone: context.studioTimeZone,
    uidDomain: context.uidDomain,
    name: 'Clase de Pilates',
  });
  return { filename: 'clase-pilates.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
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
