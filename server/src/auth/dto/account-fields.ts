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
    MaxLength(254, { message: 'El correo es demasiado largo' }),
    IsEmail({}, { message: 'El correo no es válido' }),
    IsVisibleText({ message: 'El correo no es válido' }),
  );

/**
 * The password typed at login: required, at least 6 characters (accounts may predate the rule for
 * new passwords, password-policy.ts's NewPassword, which every chosen password follows).
 */
export const LoginPassword = () =>
  applyDecorators(
    ApiProperty({ minLength: 6, maxLength: 128, example: 'una-clave-segura' }),
    IsNotEmpty({ message: 'La contraseña es obligatoria' }),
    IsString({ message: 'La contraseña es obligatoria' }),
    MinLength(6, { message: 'Debe tener al menos 6 caracteres' }),
    MaxLength(128, { message: 'La contraseña no puede tener más de 128 caracteres' }),
  );
