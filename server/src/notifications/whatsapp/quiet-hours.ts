import { addDays, studioInstant, studioTimeOfDay, studioToday } from '@pilates/dates';
import type { NotificationEvent } from '../events';

/** WhatsApp messages go out from 08:00 to 21:00 studio time. */
export const QUIET_FROM = '21:00';
export const QUIET_UNTIL = '08:00';
/** A waitlist promotion for a class before this hour of the next morning cannot wait for 08:00. */
export const URGENT_BEFORE = '10:00';

/**
 * When a WhatsApp message may go: `now` between 08:00 and 21:00 studio time; in the quiet hours,
 * the next 08:00, except a waitlist promotion for a class that starts before 10:00 that morning
 * (waiting would leave the client no time to come or to free the place).
 */
export function whatsappSendAt(event: NotificationEvent, now: Date, timeZone: string): Date {
  const time = studioTimeOfDay(now, timeZone);
  if (time >= QUIET_UNTIL && time < QUIET_FROM) return now;
  const today = studioToday(now, timeZone);
  const morning = time >= QUIET_FROM ? addDays(today, 1) : today;
  if (event.type === 'waitlist.promoted') {
    const start = studioInstant(event.payload.class.date, event.payload.class.startTime, timeZone);
    if (start.getTime() < studioInstant(morning, URGENT_BEFORE, timeZone).getTime()) return now;
  }
  return studioInstant(morning, QUIET_UNTIL, timeZone);
}
