import { monthYearTitle } from '@pilates/dates';

/** How many months back the month picker offers (the server answers any month since 2000). */
export const MONTHS_OFFERED = 24;

/** '2026-11' and its label 'Noviembre 2026'. */
export interface MonthOption {
  value: string;
  label: string;
}

/** The month before: '2026-01' → '2025-12'. */
export function previousMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  return index === 1 ? `${year - 1}-12` : `${year}-${String(index - 1).padStart(2, '0')}`;
}

/** The studio's month of `today` and the MONTHS_OFFERED - 1 before it, newest first. */
export function monthsUpTo(today: string): MonthOption[] {
  const months: MonthOption[] = [];
  for (let month = today.slice(0, 7), n = 0; n < MONTHS_OFFERED; n++, month = previousMonth(month)) {
    months.push({ value: month, label: monthYearTitle(`${month}-01`) });
  }
  return months;
}

/** The month asked for in the URL, or the studio's current one; never a later month than today's. */
export function monthOf(search: { mes?: string }, today: string): string {
  const current = today.slice(0, 7);
  return search.mes && search.mes <= current ? search.mes : current;
}

/** '2026-11-03' → '03/11/2026'. */
export const shortDate = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
