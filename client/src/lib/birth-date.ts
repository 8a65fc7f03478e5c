import { isDateOnly } from '@pilates/dates';
import { currentStudioDay } from './studio-time-zone';

/** The server's words for a birth date it refuses (before 1900, or not a date). */
export const BIRTH_DATE_MESSAGE = 'La fecha de nacimiento no es válida.';
export const FUTURE_BIRTH_DATE_MESSAGE = 'La fecha de nacimiento no puede ser posterior a hoy.';

/** Why a typed birth date (YYYY-MM-DD) is refused, or null: the browser refuses what the server would. */
export function birthDateError(value: string, today: string = currentStudioDay()): string | null {
  if (!isDateOnly(value) || value < '1900-01-01') return BIRTH_DATE_MESSAGE;
  if (value > today) return FUTURE_BIRTH_DATE_MESSAGE;
  return null;
}
