/**
 * Calendar dates written `YYYY-MM-DD`. Arithmetic runs on UTC midnights, so the process
 * time zone (TZ) never moves a date to another day.
 */

export const INVALID_DATE_MESSAGE = 'La fecha proporcionada no es válida.';

/** A date range whose end comes before its start (plans, forms and the API say it alike). */
export const END_BEFORE_START_MESSAGE = 'La fecha de término debe ser igual o posterior a la de inicio';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function toUtcMidnight(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = DATE_ONLY.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear puts them back.
  date.setUTCFullYear(year);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date : null;
}

/** True for a real calendar date written `YYYY-MM-DD` (2025-02-30 is refused). */
export function isDateOnly(value: unknown): value is string {
  return toUtcMidnight(value) !== null;
}

/** A `YYYY-MM-DD` date as its UTC midnight. Throws `INVALID_DATE_MESSAGE` otherwise. */
export function parseDateOnly(value: string): Date {
  const date = toUtcMidnight(value);
  if (!date) throw new Error(INVALID_DATE_MESSAGE);
  return date;
}

/** `YYYY-MM-DD` from the Date's UTC fields. Throws on an Invalid Date or a year outside 0–9999. */
export function formatDateOnly(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new Error(INVALID_DATE_MESSAGE);
  const year = date.getUTCFullYear();
  if (year < 0 || year > 9999) throw new Error(INVALID_DATE_MESSAGE);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

/** The date `days` calendar days later (earlier when negative). */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new Error('El número de días no es válido.');
  return formatDateOnly(new Date(parseDateOnly(date).getTime() + days * DAY_MS));
}

/** 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  return parseDateOnly(date).getUTCDay() || 7;
}

/** The Monday of the week holding `date` (weeks start on Monday; a Sunday belongs to the Monday before). */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** Seven consecutive dates starting at `date`. */
export function weekFrom(date: string): string[] {
  parseDateOnly(date);
  return Array.from({ length: 7 }, (_, i) => addDays(date, i));
}

/** The same day `months` later, clamped to the end of a shorter month (Jan 31 + 1 → Feb 28). */
export function addMonths(date: string, months: number): string {
  const start = parseDateOnly(date);
  const firstOfTarget = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return formatDateOnly(firstOfTarget);
}

/**
 * The last day of a plan that starts on `start`: plans are valid one month, from the start date
 * to the same day of the next month minus one day, inclusive, clamped to the month's end.
 */
export function planEndDate(start: string): string {
  const sameDayNextMonth = addMonths(start, 1);
  // A day the next month lacks (Jan 29–31 → February) clamps to its last day, which is covered.
  if (parseDateOnly(sameDayNextMonth).getUTCDate() < parseDateOnly(start).getUTCDate()) return sameDayNextMonth;
  return addDays(sameDayNextMonth, -1);
}
