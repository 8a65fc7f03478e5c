import { formatLongDateWithWeekday, to12Hour } from '@pilates/dates';
import { classCalendar, type BookedClass } from '../class-calendar';
import type { MailAttachment, MailContext } from '../mail';

export type { BookedClass } from '../class-calendar';

/** "lunes 30 de noviembre de 2026 a las 7:00 AM". */
export const when = (item: BookedClass): string =>
  `${formatLongDateWithWeekday(item.date)} a las ${to12Hour(item.startTime)}`;

/** The class as an .ics attachment, in the studio's zone. */
export function classAttachment(item: BookedClass, context: MailContext): MailAttachment {
  const ics = classCalendar([item], {
    timeZone: context.studioTimeZone,
    uidDomain: context.uidDomain,
    name: 'Clase de Pilates',
  });
  return { filename: 'clase-pilates.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
}
