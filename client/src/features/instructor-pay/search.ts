/*
 * The pay pages' URL: ?mes=2026-11 (this month when absent or not a month). Kept apart from the
 * components: the route's search check ships with the app's main file, only this runs there.
 */
export interface PayMonthSearch {
  mes?: string;
}

export const payMonthSearchSchema = {
  parse: (search: Record<string, unknown>): PayMonthSearch =>
    typeof search.mes === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(search.mes) ? { mes: search.mes } : {},
};
