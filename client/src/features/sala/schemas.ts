/*
 * The room's forms, checked as the server does (server/src/sala/dto/sala.dto.ts): the client
 * refuses early, the server stays the authority. Rows and columns travel 0…11 and show as 1…12.
 */
import { END_BEFORE_START_MESSAGE, isDateOnly } from '@pilates/dates';
import { z } from 'zod';
import type { SelectOption } from '@/components/ui/select';

export const GRID_MAX = 11;
export const MAX_LABEL_LENGTH = 40;
export const LABEL_REQUIRED_MESSAGE = 'El nombre del reformer es obligatorio';
export const LABEL_TOO_LONG_MESSAGE = `El nombre del reformer no puede tener más de ${MAX_LABEL_LENGTH} caracteres`;
const CELL_MESSAGE = 'Elige una fila y una columna de la sala';

/** The grid's places as the selects offer them: "1" (the front) … "12". */
export const GRID_OPTIONS: SelectOption[] = Array.from({ length: GRID_MAX + 1 }, (_, index) => ({
  value: String(index),
  label: String(index + 1),
}));

const gridIndex = z
  .string()
  .regex(/^\d+$/, CELL_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(0, CELL_MESSAGE).max(GRID_MAX, CELL_MESSAGE));

export const cellSchema = z.object({ row: gridIndex, column: gridIndex });
export type CellInput = z.input<typeof cellSchema>;

export const spotSchema = cellSchema.extend({
  label: z.string().trim().min(1, LABEL_REQUIRED_MESSAGE).max(MAX_LABEL_LENGTH, LABEL_TOO_LONG_MESSAGE),
});
export type SpotInput = z.input<typeof spotSchema>;
export type SpotValues = z.output<typeof spotSchema>;

export const MAX_REASON_LENGTH = 120;
const INVALID_DATE = 'La fecha no es válida';

const requiredDate = (message: string) =>
  z
    .string()
    .min(1, message)
    .refine((value) => isDateOnly(value), INVALID_DATE);

/** A reformer out of service: which, its first and last days (both included) and why. */
export const outageSchema = z
  .object({
    spot: z.string().regex(/^\d+$/, 'Elige un reformer').transform(Number),
    from: requiredDate('La fecha de inicio es obligatoria'),
    to: requiredDate('La fecha de término es obligatoria'),
    reason: z
      .string()
      .trim()
      .min(1, 'El motivo es obligatorio')
      .max(MAX_REASON_LENGTH, `El motivo no puede tener más de ${MAX_REASON_LENGTH} caracteres`),
  })
  // YYYY-MM-DD strings sort like the dates they name.
  .refine((values) => values.to >= values.from, { path: ['to'], message: END_BEFORE_START_MESSAGE });
export type OutageInput = z.input<typeof outageSchema>;
export type OutageValues = z.output<typeof outageSchema>;
