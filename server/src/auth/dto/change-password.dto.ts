import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Matches } from '../../core/dto/validators';
import { DiffersFrom, NewPassword, PASSWORD_MESSAGES } from '../password-policy';

// Plain decorators run bottom-up: "required" is the last one listed.
export class ChangePasswordDto {
  @ApiProperty({ description: 'La contraseña actual.', maxLength: 128 })
  @MaxLength(128, { message: 'La contraseña no puede tener más de 128 caracteres' })
  @IsString({ message: 'Escribe tu contraseña actual' })
  @IsNotEmpty({ message: 'Escribe tu contraseña actual' })
  currentPassword!: string;

  // Last: the other rules first, so a short or common password says so.
  @DiffersFrom('currentPassword', PASSWORD_MESSAGES.sameAsCurrent)
  @NewPassword('La nueva contraseña es obligatoria')
  newPassword!: string;

  @ApiProperty({ maxLength: 128, example: 'una-clave-segura' })
  @Matches('newPassword', { message: 'Las contraseñas no coinciden' })
  @IsString({ message: 'Confirma tu contraseña' })
  @IsNotEmpty({ message: 'Confirma tu contraseña' })
  confirmPassword!: string;
}
