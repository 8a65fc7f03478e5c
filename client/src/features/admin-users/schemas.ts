/*
 * The admin's user and plan forms, checked as the server does (server/src/admin/dto): the client
 * refuses early, the server stays the authority. Form values are strings, as inputs give them.
 */
import { END_BEFORE_START_MESSAGE, isDateOnly } from '@pilates/dates';
import { z } from 'zod';
import { birthDateError } from '@/lib/birth-date';
import { PASSWORDS_DIFFER_MESSAGE, registerSchema } from '@/features/auth';

export const MIN_CLASSES = 0;
export const MAX_CLASSES = 100;
export const CLASSES_MESSAGE = `Las clases deben ser un número entero entre ${MIN_CLASSES} y ${MAX_CLASSES}`;
const INVALID_DATE = 'La fecha no es válida';

/**
 * Add user: the registration rules without the terms, the WhatsApp consent and the promotions opt-in
 * (only the client gives them). `registerSchema` is refined, so it cannot be `.omit`ted.
 */
const {
  terms: _terms,
  whatsappConsent: _consent,
  whatsapp: _whatsapp,
  marketingConsent: _marketing,
  ...accountFields
} = registerSchema.shape;
export const addUserSchema = z.object(accountFields).refine((values) => values.password === values.confirmPassword, {
  path: ['confirmPassword'],
  message: PASSWORDS_DIFFER_MESSAGE,
});
export type AddUserInput = z.input<typeof addUserSchema>;
export type AddUserValues = z.output<typeof addUserSchema>;

/** Edit user: every field optional; a blank field keeps its value. */
export const editUserSchema = z.object({
  name: z.string().trim().max(120, 'El nombre no puede tener más de 120 caracteres'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => value === '' || z.email().safeParse(value).success, 'El correo no es válido'),
  cumpleanos: z.string().superRefine((value, ctx) => {
    const message = value === '' ? null : birthDateError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
  role: z.enum(['user', 'instructor', 'admin'], 'El rol debe ser Usuario, Instructor o Administrador'),
});
export type EditUserInput = z.input<typeof editUserSchema>;
export type EditUserValues = z.output<typeof editUserSchema>;

/** A whole number of classes from 0 to 100, as the number input gives it (a string; '' when empty or not a number). */
const isClassesCount = (value: string): boolean =>
  /^\d+$/.test(value) && Number(value) >= MIN_CLASSES && Number(value) <= MAX_CLASSES;

const paidFlag = z
  .enum(['1', '0'], 'Indica si el plan está pagado')
  .transform((value): 0 | 1 => (value === '1' ? 1 : 0));

const requiredDate = (message: string) =>
  z
    .string()
    .min(1, message)
    .refine((value) => isDateOnly(value), INVALID_DATE);

/** Add plan to user: plan, classes remaining 0–100, both dates (end ≥ start) and the paid flag. */
export const addPlanSchema = z
  .object({
    selectplan: z.string().min(1, 'Selecciona un plan').transform(Number),
    number: z
      .string()
      .trim()
      .min(1, 'Las clases restantes son obligatorias')
      .refine(isClassesCount, CLASSES_MESSAGE)
      .transform(Number),
    startdate: requiredDate('La fecha de inicio es obligatoria'),
    enddate: requiredDate('La fecha de término es obligatoria'),
    pagado: paidFlag,
  })
  // YYYY-MM-DD strings sort like the dates they name.
  .refine((values) => values.enddate >= values.startdate, { path: ['enddate'], message: END_BEFORE_START_MESSAGE });
export type AddPlanInput = z.input<typeof addPlanSchema>;
export type AddPlanValues = z.output<typeof addPlanSchema>;

/** Edit a user's plan: every field optional; a blank field keeps its value. */
export const editPlanSchema = z
  .object({
    clases: z
      .string()
      .trim()
      .refine((value) => value === '' || isClassesCount(value), CLASSES_MESSAGE)
      .transform((value) => (value === '' ? undefined : Number(value))),
    dateInit: z.string().refine((value) => value === '' || isDateOnly(value), INVALID_DATE),
    dateEnd: z.string().refine((value) => value === '' || isDateOnly(value), INVALID_DATE),
    paid: paidFlag,
  })
  .refine((values) => values.dateInit === '' || values.dateEnd === '' || values.dateEnd >= values.dateInit, {
    path: ['dateEnd'],
    message: END_BEFORE_START_MESSAGE,
  });
export type EditPlanInput = z.input<typeof editPlanSchema>;
export type EditPlanValues = z.output<typeof editPlanSchema>;
