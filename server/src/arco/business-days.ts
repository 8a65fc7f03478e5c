import { addDays, isoWeekday } from '@pilates/dates';

/**
 * Business days in Mexico for the ARCO deadline (LFPDPPP: an answer within 20 business days):
 * Saturdays, Sundays and the days of mandatory rest of the Ley Federal del Trabajo, art. 74, do
 * not count. Pure: dates are `YYYY-MM-DD` in the studio's calendar.
 */

/** The n-th Monday (1-based) of a month, `YYYY-MM-DD`. */
function nthMonday(year: number, month: number, n: number): string {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const offset = (8 - isoWeekday(first)) % 7; // days from the 1st to the first Monday
  return addDays(first, offset + 7 * (n - 1));
}

/**
 * Art. 74 LFT's days of a year: 1 January; the first Monday of February (5 February); the third
 * Monday of March (21 March); 1 May; 16 September; the third Monday of November (20 November);
 * 1 October every six years when the federal executive changes hands (from 2024; 1 December
 * before, 2018 and earlier); 25 December. Election days (fraction IX) are declared each time:
 * the studio adds them, with its own closures, as `extra`.
 */
export function mexicanHolidays(year: number): string[] {
  const y = String(year).padStart(4, '0');
  const days = [
    `${y}-01-01`,
    nthMonday(year, 2, 1),
    nthMonday(year, 3, 3),
    `${y}-05-01`,
    `${y}-09-16`,
    nthMonday(year, 11, 3),
    `${y}-12-25`,
  ];
  if (year >= 2024 && (year - 2024) % 6 === 0) days.push(`${y}-10-01`);
  if (year < 2024 && (2018 - year) % 6 === 0) days.push(`${y}-12-01`);
  return days.sort();
}

export function isBusinessDay(date: string, extra: ReadonlySet<string> = new Set()): boolean {
  if (isoWeekday(date) >= 6) return false;
  if (extra.has(date)) return false;
  return !mexicanHolidays(Number(date.slice(0, 4))).includes(date);
}

/**
 * The day a request received on `received` must be answered by: the `days`-th business day after
 * it (the day of receipt does not count, as in administrative procedure).
 */
export function addBusinessDays(received: string, days: number, extra: ReadonlySet<string> = new Set()): string {
  let date = received;
  for (let counted = 0; counted < days;) {
    date = addDays(date, 1);
    if (isBusinessDay(date, extra)) counted++;
  }
  return date;
}

/**
 * Business days left from `today` until `due`: 0 on the due day itself, negative once it has
 * passed (the business days it is overdue by).
 */
export function businessDaysLeft(today: string, due: string, extra: ReadonlySet<string> = new Set()): number {
  if (today === due) return 0;
  const forward = today < due;
  let count = 0;
  for (let date = today; date !== due;) {
    date = addDays(date, forward ? 1 : -1);
    const counts = forward ? isBusinessDay(date, extra) : isBusinessDay(addDays(date, 1), extra);
    if (counts) count++;
  }
  return forward ? count : -count;
}
