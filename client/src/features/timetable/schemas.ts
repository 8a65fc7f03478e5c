/*
 * The timetable forms, checked as the server does (server/src/reservations/dto/timetable.dto.ts):
 * the client refuses early, the server stays the authority.
 */
import { isTime24 } from '@pilates/dates';
import { z } from 'zod';

export const MIN_CAPACITY = 1;
export const MAX_CAPACITY = 50;
export const DEFAULT_CAPACITY = 8;
export const CAPACITY_MESSAGE = `La capacidad debe ser un número entero entre ${MIN_CAPACITY} y ${MAX_CAPACITY}`;

const startTime = z
  .string()
  .min(1, 'La hora es obligatoria')
  .refine((value) => isTime24(value), 'Escribe una hora válida, por ejemplo 07:00');

// The number input gives a string: '' when empty or not a number.
const capacity = z
  .string()
  .trim()
  .min(1, 'La capacidad es obligatoria')
  .regex(/^\d+$/, CAPACITY_MESSAGE)
  .transform(Number)
  .pipe(z.number().min(MIN_CAPACITY, CAPACITY_MESSAGE).max(MAX_CAPACITY, CAPACITY_MESSAGE));

/** The Horario select's "Sin instructor" (a select option cannot be empty). */
export const NO_INSTRUCTOR = 'ninguno';

// The select gives a profile's id as text, or NO_INSTRUCTOR.
const instructorId = z.string().transform((value) => (value === NO_INSTRUCTOR || value === '' ? null : Number(value)));

export const MIN_DURATION = 15;
export const MAX_DURATION = 180;
export const DURATION_MESSAGE = `La duración debe ser un número entero de minutos entre ${MIN_DURATION} y ${MAX_DURATION}`;

// The select gives a class type's id as text.
const classTypeId = z.string().min(1, 'Elige el tipo de clase').transform(Number);

const durationMinutes = z
  .string()
  .trim()
  .min(1, 'La duración es obligatoria')
  .regex(/^\d+$/, DURATION_MESSAGE)
  .transform(Number)
  .pipe(z.number().min(MIN_DURATION, DURATION_MESSAGE).max(MAX_DURATION, DURATION_MESSAGE));

export const scheduleSchema = z.object({ startTime, capacity, instructorId, classTypeId, durationMinutes });
export type ScheduleInput = z.input<typeof scheduleSchema>;
export type ScheduleValues = z.output<typeof scheduleSchema>;

export const newScheduleSchema = scheduleSchema.extend({
  weekday: z
    .string()
    .min(1, 'Elige el día')
    .transform(Number)
    .pipe(z.number().int().min(1, 'Elige el día').max(7, 'Elige el día')),
});
export type NewScheduleInput = z.input<typeof newScheduleSchema>;
export type NewScheduleValues = z.output<typeof newScheduleSchema>;
