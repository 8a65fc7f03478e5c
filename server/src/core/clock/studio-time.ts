import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** The studio's calendar date (YYYY-MM-DD) at an instant, whatever the server's zone. */
export function studioDate(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd');
}

/** The instant of a studio wall-clock time (`HH:mm`) on a studio date. */
export function studioInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, 0, 0, timeZone).getTime());
}
