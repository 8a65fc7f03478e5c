import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';
import { BlankAsUndefined } from '../../core/dto/transforms';
import { IsBirthDate, IsRowId } from '../../core/dto/validators';
import { IsVisibleText, NAME_CHARACTERS_MESSAGE, NormalizeText } from '../../core/dto/text';
import { Transform } from 'class-transformer';

// The body of informacion/change-info-user, a profile change. It lives with the account's other
// bodies because admin's change-data extends it too, and admin may not depend on informacion
// (informacion uses admin's user tools). Every field is optional: a blank field leaves the value as it is.
export class ChangeInfoUserDto {
  @ApiPropertyOptional({ example: 'Ana López', maxLength: 120 })
  @BlankAsUndefined()
  @NormalizeText()
  @IsOptional()
  @IsVisibleText({ message: NAME_CHARACTERS_MESSAGE })
  @MaxLength(120, { message: 'El nombre no puede tener más de 120 caracteres' })
  @IsString({ message: 'El nombre no es válido' })
  name?: string;

  @ApiPropertyOptional({ example: 'ana@example.com', maxLength: 254 })
  @BlankAsUndefined()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsOptional()
  @IsVisibleText({ message: 'El correo no es válido' })
  @IsEmail({}, { message: 'El correo no es válido' })
  @MaxLength(254, { message: 'El correo es demasiado largo' })
  @IsString({ message: 'El correo no es válido' })
  email?: string;

  @ApiPropertyOptional({ description: 'Fecha de nacimiento, YYYY-MM-DD.', example: '1990-05-17' })
  @BlankAsUndefined()
  @IsOptional()
  @IsBirthDate()
  cumpleanos?: string;

  @ApiPropertyOptional({
    description: 'La contraseña actual: obligatoria para cambiar el propio correo.',
    maxLength: 128,
  })
  @IsOptional()
  @MaxLength(128, { message: 'La contraseña no puede tener más de 128 caracteres' })
  @IsString({ message: 'Escribe tu contraseña actual' })
  currentPassword?: string;

  @ApiPropertyOptional({
    description: 'El usuario a cambiar; por omisión, el de la sesión. Solo un admin puede nombrar a otro.',
  })
  @IsOptional()
  @IsRowId('El usuario no es válido')
  id_user?: number;
}
