/** Spanish (es-MX) names of weekdays and months, fixed here so no ICU version changes them. */
import { isoWeekday, parseDateOnly } from './date-only';

/** Index 1 = Monday … 7 = Sunday; index 0 is empty. */
export const WEEKDAY_NAMES: readonly string[] = Object.freeze([
  '',
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
  'Domingo',
]);

const SHORT_WEEKDAY_NAMES: readonly string[] = ['', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'];

const MONTH_NAMES: readonly string[] = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** 'Lunes' … 'Domingo'. */
export function weekdayName(date: string): string {
  return WEEKDAY_NAMES[isoWeekday(date)];
}

/** 'Lun' … 'Dom'. */
export function shortWeekdayName(date: string): string {
  return SHORT_WEEKDAY_NAMES[isoWeekday(date)];
}

/** '17 de mayo de 1990'. */
export function formatLongDate(date: string): string {
  const d = parseDateOnly(date);
  return `${d.getUTCDate()} de ${MONTH_NAMES[d.getUTCMonth()]} de ${d.getUTCFullYear()}`;
}

/** 'martes 24 de noviembre de 2026'. */
export function formatLongDateWithWeekday(date: string): string {
  return `${weekdayName(date).toLowerCase()} ${formatLongDate(date)}`;
}

/** 'Noviembre 2026'. */
export function monthYearTitle(date: string): string {
  const d = parseDateOnly(date);
  return `${capitalise(MONTH_NAMES[d.getUTCMonth()])} ${d.getUTCFullYear()}`;
}
