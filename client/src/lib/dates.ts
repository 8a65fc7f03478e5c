const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export const INVALID_DATE_MESSAGE = 'La fecha proporcionada no es válida.';

/** A `YYYY-MM-DD` date as a UTC midnight Date, so no time zone moves it to another day. */
export function parseDateOnly(value: string): Date {
  const match = DATE_ONLY.exec(value);
  if (!match) throw new Error(INVALID_DATE_MESSAGE);
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) throw new Error(INVALID_DATE_MESSAGE);
  return date;
}

const longDate = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "17 de mayo de 1990". */
export const formatLongDate = (value: string): string => longDate.format(parseDateOnly(value));
