import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, MinLength, registerDecorator } from 'class-validator';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';

/** The one password rule of every password a person chooses: registering, changing, resetting, an admin's new user. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `Debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  tooLong: `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres`,
  blank: 'La contraseña no puede ser solo espacios',
  common: 'Esa contraseña es de las más usadas y fácil de adivinar. Elige otra.',
  sameAsCurrent: 'La nueva contraseña debe ser distinta de la actual.',
} as const;

const COMMON_PASSWORDS = new Set(COMMON_PASSWORDS_TEXT.split(/\s+/).filter((word) => word !== ''));

/** One of the most used passwords, whatever its case and surrounding spaces. */
export const isCommonPassword = (password: string): boolean =>
  COMMON_PASSWORDS.has(password.trim().toLowerCase().normalize('NFC'));

/** A property rule from a predicate on strings; other values are the type rule's to refuse. */
const StringRule = (name: string, message: string, valid: (value: string) => boolean): PropertyDecorator => {
  return (target, propertyName) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message },
      validator: { validate: (value: unknown) => typeof value !== 'string' || valid(value) },
    });
};

/**
 * A password someone chooses: at least 8 characters, not all of them spaces, and not one of the most
 * common passwords (common-passwords.ts). The rules run in this order and the first one broken is
 * the field's message. Login takes any password of 6 or more (accounts made before this rule).
 */
export const NewPassword = (requiredMessage = 'La contraseña es obligatoria') =>
  applyDecorators(
    ApiProperty({
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
      example: 'una-clave-segura',
      description: 'Al menos 8 caracteres, no solo espacios, y no una de las contraseñas más usadas.',
    }),
    IsNotEmpty({ message: requiredMessage }),
    IsString({ message: requiredMessage }),
    MinLength(PASSWORD_MIN_LENGTH, { message: PASSWORD_MESSAGES.tooShort }),
    MaxLength(PASSWORD_MAX_LENGTH, { message: PASSWORD_MESSAGES.tooLong }),
    StringRule('notBlankPassword', PASSWORD_MESSAGES.blank, (value) => /\S/.test(value)),
    StringRule('notCommonPassword', PASSWORD_MESSAGES.common, (value) => !isCommonPassword(value)),
  );

/** Not equal to another property of the same object (a new password and the current one). */
export const DiffersFrom = (property: string, message: string): PropertyDecorator => {
  return (target, propertyName) =>
    registerDecorator({
      name: 'differsFrom',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [property],
      options: { message },
      validator: {
        validate: (value: unknown, args) =>
          value !== (args?.object as Record<string, unknown> | undefined)?.[args?.constraints[0] as string],
      },
    });
};
