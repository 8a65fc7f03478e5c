import { formatLongDateWithWeekday, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import { studioTimeZone } from '@/lib/studio-time-zone';

/** An instant read on the studio's clock, without the year: 'lunes 23 de noviembre, 7:00 PM'. */
export function formatStudioInstant(iso: string, timeZone: string = studioTimeZone()): string {
  const instant = new Date(iso);
  const date = studioToday(instant, timeZone);
  const time = to12Hour(studioTimeOfDay(instant, timeZone));
  return `${formatLongDateWithWeekday(date).replace(/ de \d{4}$/, '')}, ${time}`;
}

/** The question of the cancel dialog: '¿Cancelar tu clase del martes 24 de noviembre de 2026 a las 7:00 AM?'. */
export function cancelQuestion(date: string, time: string): string {
  return `¿Cancelar tu clase del ${formatLongDateWithWeekday(date)} a las ${time}?`;
}
