/*
 * The dashboard's period (from the URL, see search.ts) worked out on the studio's calendar: weeks from Monday, months from the 1st, both ends included.
 */
import { addDays, addMonths, mondayOf } from '@pilates/dates';
import type { DashboardSearch, PeriodPreset } from './search';

export { PERIOD_PRESETS, type DashboardSearch, type PeriodPreset } from './search';

export const PERIOD_LABELS: Record<PeriodPreset, string> = {
  semana: 'Esta semana',
  mes: 'Este mes',
  'mes-pasado': 'Mes pasado',
  rango: 'Rango personalizado',
};

/** The longest range the server answers (both ends included). */
export const MAX_PERIOD_DAYS = 366;
/** The server answers no period starting earlier, nor ending more than MAX_PERIOD_DAYS after today. */
export const EARLIEST_PERIOD_DATE = '2000-01-01';

export interface Period {
  from: string;
  to: string;
}

const firstOfMonth = (date: string): string => `${date.slice(0, 7)}-01`;
const lastOfMonth = (date: string): string => addDays(addMonths(firstOfMonth(date), 1), -1);

/** Days from `from` to `to`, both included. */
export function periodDays({ from, to }: Period): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Why a custom range cannot be asked for, or null when it can; with the studio's `today`, also a too distant end. */
export function rangeProblem(from: string | undefined, to: string | undefined, today?: string): string | null {
  if (!from || !to) return 'Elige la fecha de inicio y la de término.';
  if (to < from) return 'La fecha de término debe ser igual o posterior a la de inicio.';
  if (periodDays({ from, to }) > MAX_PERIOD_DAYS) return `El periodo no puede pasar de ${MAX_PERIOD_DAYS} días.`;
  if (from < EARLIEST_PERIOD_DATE) return 'El periodo no puede empezar antes del 1 de enero de 2000.';
  if (today && to > addDays(today, MAX_PERIOD_DAYS)) {
    return `La fecha de término no puede ser más de ${MAX_PERIOD_DAYS} días después de hoy.`;
  }
  return null;
}

/** The period a search asks for on the studio's `today`; an unusable custom range falls back to this month. */
export function periodFor(search: DashboardSearch, today: string): Period {
  switch (search.periodo) {
    case 'semana': {
      const monday = mondayOf(today);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'mes-pasado': {
      const first = addMonths(firstOfMonth(today), -1);
      return { from: first, to: lastOfMonth(first) };
    }
    case 'rango':
      if (rangeProblem(search.desde, search.hasta, today) === null) return { from: search.desde!, to: search.hasta! };
      return { from: firstOfMonth(today), to: lastOfMonth(today) };
    case 'mes':
    default:
      return { from: firstOfMonth(today), to: lastOfMonth(today) };
  }
}
