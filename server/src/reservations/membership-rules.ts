import { addDays, addMonths, mondayOf } from '@pilates/dates';

/** What the rules read of a membership (its row, memberships). */
export interface MembershipTerms {
  status: 'pending' | 'active' | 'paused' | 'past_due' | 'cancelled';
  anchorDate: string | null;
  periodsPaid: number;
  extraDays: number;
  paidThrough: string | null;
  cancelsOn: string | null;
  pastDueSince: Date | null;
}

/** A dated pause, both days included. */
export interface PauseDates {
  fromDate: string;
  toDate: string;
}

/**
 * The last day paid after `periods` monthly periods from `anchor`, plus the days the client's pauses
 * added (period n: anchor + n−1 months … anchor + n months − 1 day).
 */
export const paidThroughAfter = (anchor: string, periods: number, extraDays = 0): string =>
  addDays(addMonths(anchor, periods), extraDays - 1);

/**
 * The last day a membership books: its paid period plus one period (the renewal is expected), never
 * past the day a cancellation takes effect. Null while nothing is paid.
 */
export function bookableUntil(m: MembershipTerms): string | null {
  if (!m.anchorDate || !m.paidThrough || m.periodsPaid === 0) return null;
  const horizon = paidThroughAfter(m.anchorDate, m.periodsPaid + 1, m.extraDays);
  return m.cancelsOn !== null && m.cancelsOn < horizon ? m.cancelsOn : horizon;
}

/** From when a past-due membership books no more: `graceDays` after the failed charge. */
export function bookingBlockedFrom(m: Pick<MembershipTerms, 'pastDueSince'>, graceDays: number): Date | null {
  return m.pastDueSince ? new Date(m.pastDueSince.getTime() + graceDays * 86_400_000) : null;
}

/** The pause a studio date falls in, if any. */
export const pauseOn = <P extends PauseDates>(pauses: P[], date: string): P | undefined =>
  pauses.find((p) => p.fromDate <= date && date <= p.toDate);

/** The studio week (Monday–Sunday) of a studio date. */
export function studioWeekOf(date: string): { start: string; end: string } {
  const start = mondayOf(date);
  return { start, end: addDays(start, 6) };
}

/** Days of [from, to] (both included) inside calendar year `year`. */
export function daysInYear(from: string, to: string, year: number): number {
  const first = `${year}-01-01` > from ? `${year}-01-01` : from;
  const last = `${year}-12-31` < to ? `${year}-12-31` : to;
  return last < first ? 0 : daysBetween(first, last) + 1;
}

/** Whole days from `a` to `b` (studio dates). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
