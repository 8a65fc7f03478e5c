/*
 * The rules of the account forms, word for word as the server checks them
 * (server/src/auth/dto): the client refuses early, the server stays the authority.
 */
import { z } from 'zod';
import { birthDateError } from '@/lib/birth-date';
import { newPasswordSchema } from '@/lib/password-rule';

/** A required, valid email. Trimmed like the server does before checking it. */
const requiredEmail = z.string().trim().min(1, 'El email es obligatorio').pipe(z.email('El correo no es válido'));

export const loginSchema = z.object({
  email: requiredEmail,
  // Any password of 6 or more logs in (accounts may predate the rule for new passwords).
  password: z.string().min(1, 'La contraseña es obligatoria').min(6, 'Debe tener al menos 6 caracteres'),
});
export type LoginValues = z.input<typeof loginSchema>;

export const PASSWORDS_DIFFER_MESSAGE = 'Las contraseñas no coinciden';

/** The consent the server records (notifications/whatsapp/consent.ts, in the register call's OpenAPI text). */
export const WHATSAPP_CONSENT_LABEL = 'Recibir por WhatsApp confirmaciones, recordatorios y avisos de mis clases';
export const WHATSAPP_NUMBER_MESSAGE = 'Escribe tu celular de 10 dígitos para recibir los avisos';

export const registerSchema = z
  .object({
    name: z.string().trim().min(1, 'El nombre es obligatorio'),
    email: requiredEmail,
    /** YYYY-MM-DD, as the native date input gives it. */
    cumpleanos: z
      .string()
      .min(1, 'El cumpleaños es obligatorio')
      .superRefine((value, ctx) => {
        const message = birthDateError(value);
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
    password: newPasswordSchema(),
    confirmPassword: z.string().min(1, 'Confirma tu contraseña').min(8, 'Debe tener al menos 8 caracteres'),
    terms: z.boolean().refine((accepted) => accepted, 'Debes aceptar los términos y condiciones'),
    /** WhatsApp notices, optional: the consent and the mobile number it is for (the server checks the number). */
    whatsappConsent: z.boolean(),
    whatsapp: z.string(),
    /** Promotions (not class notices): their own opt-in, off by default. */
    marketingConsent: z.boolean(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DIFFER_MESSAGE,
  })
  .refine((values) => !values.whatsappConsent || values.whatsapp.trim() !== '', {
    path: ['whatsapp'],
    message: WHATSAPP_NUMBER_MESSAGE,
  });
export type RegisterValues = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({
  email: requiredEmail,
});
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    password: newPasswordSchema(),
    confirmPassword: z.string().min(1, 'La comprobación de la contraseña es obligatoria'),
  })
  .refine((values) => values.confirmPassword === '' || values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'La contraseña no coincide',
  });
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;
