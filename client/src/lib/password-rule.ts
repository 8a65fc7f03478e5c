/*
 * The rule of a password someone chooses, as the server checks it (server/src/auth/password-policy.ts):
 * at least 8 characters, not all of them spaces. The server also refuses the most common passwords
 * (its list stays there) and, when changing it, the current one; its messages are the same.
 */
import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `Debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  tooLong: `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres`,
  blank: 'La contraseña no puede ser solo espacios',
  sameAsCurrent: 'La nueva contraseña debe ser distinta de la actual.',
} as const;

/** A chosen password: required (with the form's own message), 8 to 128 characters, not only spaces. */
export const newPasswordSchema = (requiredMessage = 'La contraseña es obligatoria') =>
  z
    .string()
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong)
    .refine((value) => /\S/.test(value), PASSWORD_MESSAGES.blank);
