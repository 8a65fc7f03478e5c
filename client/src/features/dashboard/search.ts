/*
 * The dashboard's URL: ?periodo=mes, or ?periodo=rango&desde=…&hasta=…. Kept apart from
 * period.ts because the route's search check ships with the app's main file: only this runs there.
 */
export const PERIOD_PRESETS = ['semana', 'mes', 'mes-pasado', 'rango'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface DashboardSearch {
  periodo: PeriodPreset;
  desde?: string;
  hasta?: string;
}

const dateOnly = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;

export const dashboardSearchSchema = {
  parse: (search: Record<string, unknown>): DashboardSearch => {
    const periodo = PERIOD_PRESETS.find((p) => p === search.periodo) ?? 'mes';
    return periodo === 'rango'
      ? { periodo, desde: dateOnly(search.desde), hasta: dateOnly(search.hasta) }
      : { periodo };
  },
};
