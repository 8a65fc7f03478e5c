import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { NormalizeEmail } from '../../core/dto/transforms';
import { IsVisibleText } from '../../core/dto/text';

// applyDecorators registers the rules in the order listed, which is the order they run; the global
// pipe stops at a field's first failure, so "required" comes first.

/** A required email, trimmed and lower-cased ("El email es obligatorio" when missing). */
export const RequiredEmail = () =>
  applyDecorators(
    ApiProperty({ example: 'ana@example.com', maxLength: 254 }),
    NormalizeEmail(),
    IsNotEmpty({ message: 'El email es obligatorio' }),
    IsString({ message: 'El email es obligatorio' }),
    MaxLength(254, { message: 'El email es demasiado largo' }),
    IsEmail({}, { message: 'El email no es válido' }),
    IsVisibleText({ message: 'El email no es válido' }),
  );

/** A required password of at least `min` characters: 6 at login, 8 everywhere else. */
export const RequiredPassword = (min: 6 | 8, requiredMessage = 'La contraseña es obligatoria') =>
  applyDecorators(
    ApiProperty({ minLength: min, maxLength: 128, example: 'una-clave-segura' }),
    IsNotEmpty({ message: requiredMessage }),
    IsString({ message: requiredMessage }),
    MinLength(min, { message: `Debe tener al menos ${min} caracteres` }),
    MaxLength(128, { message: 'La contraseña no puede tener más de 128 caracteres' }),
  );
