/** Wall-clock times: 24-hour `HH:mm` and 12-hour `h:mm AM|PM`. */

export const INVALID_TIME_MESSAGE = 'La hora proporcionada no es válida.';

const TIME_24 = /^([01]\d|2[0-3]):([0-5]\d)$/;
const TIME_12 = /^(0?[1-9]|1[0-2]):([0-5]\d) ?(AM|PM)$/i;

/** True for a strict `HH:mm` between 00:00 and 23:59. */
export function isTime24(value: unknown): value is string {
  return typeof value === 'string' && TIME_24.test(value);
}

/** Minutes since midnight of a 12-hour time: '7:00 AM' → 420, '12:00 PM' → 720, '12:30 AM' → 30. */
export function timeToMinutes(time12h: string): number {
  const match = typeof time12h === 'string' ? TIME_12.exec(time12h.trim()) : null;
  if (!match) throw new Error(INVALID_TIME_MESSAGE);
  const hours = (Number(match[1]) % 12) + (match[3].toUpperCase() === 'PM' ? 12 : 0);
  return hours * 60 + Number(match[2]);
}

/** '07:00' → '7:00 AM', '18:30' → '6:30 PM', '00:15' → '12:15 AM'. */
export function to12Hour(time24: string): string {
  const match = typeof time24 === 'string' ? TIME_24.exec(time24) : null;
  if (!match) throw new Error(INVALID_TIME_MESSAGE);
  const hours = Number(match[1]);
  return `${hours % 12 || 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** '6:30 PM' → '18:30'. */
export function to24Hour(time12h: string): string {
  const minutes = timeToMinutes(time12h);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
