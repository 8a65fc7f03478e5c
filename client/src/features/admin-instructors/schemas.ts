/*
 * The instructor profile form, checked as the server does (server/src/instructors/dto/instructors.dto.ts):
 * the client refuses early, the server stays the authority.
 */
import { z } from 'zod';

export const NAME_MAX = 60;
export const BIO_MAX = 600;
export const SPECIALTIES_MAX = 6;
export const SPECIALTY_MAX = 40;

const SPECIALTIES_MESSAGE = `Hasta ${SPECIALTIES_MAX} especialidades, de 1 a ${SPECIALTY_MAX} caracteres cada una`;

/** "Prenatal, Rehabilitación" → ['Prenatal', 'Rehabilitación'] (empty pieces dropped). */
export const specialtiesOf = (text: string): string[] =>
  text
    .split(',')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');

export const instructorSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'El nombre es obligatorio')
    .max(NAME_MAX, `El nombre del instructor debe tener entre 1 y ${NAME_MAX} caracteres`),
  specialties: z
    .string()
    .transform(specialtiesOf)
    .refine(
      (list) => list.length <= SPECIALTIES_MAX && list.every((item) => item.length <= SPECIALTY_MAX),
      SPECIALTIES_MESSAGE,
    ),
  bio: z.string().trim().max(BIO_MAX, `La semblanza no puede tener más de ${BIO_MAX} caracteres`),
  sortOrder: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'El orden debe ser un número entero entre 0 y 999')
    .transform(Number),
  // Empty: no account.
  accountEmail: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => value === '' || z.email().safeParse(value).success, 'El correo de la cuenta no es válido')
    .transform((value) => (value === '' ? null : value)),
  active: z.boolean(),
});
export type InstructorInput = z.input<typeof instructorSchema>;
export type InstructorValues = z.output<typeof instructorSchema>;

export const INSTRUCTOR_FIELDS = ['name', 'specialties', 'bio', 'sortOrder', 'accountEmail', 'active'] as const;
