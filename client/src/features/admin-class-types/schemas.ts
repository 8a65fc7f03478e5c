/*
 * The class type form, checked as the server does (server/src/class-types/dto/class-types.dto.ts):
 * the client refuses early, the server stays the authority.
 */
import { z } from 'zod';

export const NAME_MAX = 40;
export const DESCRIPTION_MAX = 200;
export const DURATION_MIN = 15;
export const DURATION_MAX = 180;

/** The levels, as the site names them. */
export const LEVEL_OPTIONS = [
  { value: 'basico', label: 'Básico' },
  { value: 'intermedio', label: 'Intermedio' },
  { value: 'avanzado', label: 'Avanzado' },
  { value: 'prenatal', label: 'Prenatal' },
] as const;
export type Level = (typeof LEVEL_OPTIONS)[number]['value'];

/** The server's palette (each colour holds 4.5:1 against white), with names to choose by. */
export const COLOUR_OPTIONS = [
  { value: '#1d4ed8', label: 'Azul' },
  { value: '#047857', label: 'Verde' },
  { value: '#7c3aed', label: 'Violeta' },
  { value: '#b91c1c', label: 'Rojo' },
  { value: '#be185d', label: 'Rosa' },
  { value: '#0e7490', label: 'Turquesa' },
  { value: '#a14a0b', label: 'Terracota' },
  { value: '#374151', label: 'Gris' },
] as const;

const DURATION_MESSAGE = `La duración debe ser un número entero de minutos entre ${DURATION_MIN} y ${DURATION_MAX}`;

export const classTypeSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'El nombre es obligatorio')
    .max(NAME_MAX, `El nombre del tipo de clase debe tener entre 1 y ${NAME_MAX} caracteres`),
  level: z.enum(['basico', 'intermedio', 'avanzado', 'prenatal'], { message: 'Elige el nivel' }),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, `La descripción no puede tener más de ${DESCRIPTION_MAX} caracteres`),
  durationMinutes: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, DURATION_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(DURATION_MIN, DURATION_MESSAGE).max(DURATION_MAX, DURATION_MESSAGE)),
  colour: z.string().refine((value) => COLOUR_OPTIONS.some((option) => option.value === value), 'Elige un color'),
  active: z.boolean(),
});
export type ClassTypeInput = z.input<typeof classTypeSchema>;
export type ClassTypeValues = z.output<typeof classTypeSchema>;

export const CLASS_TYPE_FIELDS = ['name', 'level', 'description', 'durationMinutes', 'colour', 'active'] as const;
