/*
 * The instructor profile form, checked as the server does (server/src/instructors/dto/instructors.dto.ts):
 * the client refuses early, the server stays the authority.
 */
import { z } from 'zod';

export const NAME_MAX = 60;
export const BIO_MAX = 600;
export const SPECIALTIES_MAX = 6;
export const SPECIALTY_MAX = 40;
/** The pay rate's bounds, in pesos as the form takes them (the server keeps centavos). */
export const PAY_PER_CLASS_MAX = 10_000;
export const PAY_PER_ATTENDEE_MAX = 1_000;
export const PAY_ATTENDEE_THRESHOLD_MAX = 50;

/** Pesos as typed ('150' or '150.50', at most two decimals) → centavos, between 0 and `max` pesos. */
const pesosAsCents = (max: number, message: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s$,]/g, '') || '0')
    .pipe(z.string().regex(/^\d+(\.\d{1,2})?$/, message))
    .transform((value) => Math.round(Number(value) * 100))
    .pipe(z.number().max(max * 100, message));

/** Centavos as the form shows them in pesos: 15000 → '150', 15050 → '150.50'. */
export const pesosInput = (cents: number): string =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);

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
  payPerClassCents: pesosAsCents(
    PAY_PER_CLASS_MAX,
    `El pago por clase debe ser de $0 a $${PAY_PER_CLASS_MAX.toLocaleString('es-MX')}, con hasta dos decimales`,
  ),
  payPerAttendeeCents: pesosAsCents(
    PAY_PER_ATTENDEE_MAX,
    `El pago por asistente debe ser de $0 a $${PAY_PER_ATTENDEE_MAX.toLocaleString('es-MX')}, con hasta dos decimales`,
  ),
  payAttendeeThreshold: z
    .string()
    .trim()
    .transform((value) => value || '0')
    .pipe(
      z
        .string()
        .regex(/^\d{1,2}$/, `Los asistentes incluidos deben ser un número entero de 0 a ${PAY_ATTENDEE_THRESHOLD_MAX}`),
    )
    .transform(Number)
    .pipe(
      z
        .number()
        .max(
          PAY_ATTENDEE_THRESHOLD_MAX,
          `Los asistentes incluidos deben ser un número entero de 0 a ${PAY_ATTENDEE_THRESHOLD_MAX}`,
        ),
    ),
});
export type InstructorInput = z.input<typeof instructorSchema>;
export type InstructorValues = z.output<typeof instructorSchema>;

export const INSTRUCTOR_FIELDS = [
  'name',
  'specialties',
  'bio',
  'sortOrder',
  'accountEmail',
  'active',
  'payPerClassCents',
  'payPerAttendeeCents',
  'payAttendeeThreshold',
] as const;
