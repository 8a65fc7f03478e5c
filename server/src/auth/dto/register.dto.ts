import { ApiProperty } from '@nestjs/swagger';
import { Equals, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { Trim } from '../../core/dto/transforms';
import { IsVisibleText, NAME_CHARACTERS_MESSAGE, NormalizeText } from '../../core/dto/text';
import { IsBirthDate, Matches } from '../../core/dto/validators';
import { RequiredEmail } from './account-fields';
import { NewPassword } from '../password-policy';

// The registration form's messages, word for word (spelling fixed). class-validator runs a field's decorators bottom-up and
// the global pipe stops at the first failure, so the "required" rule is written last.
export class RegisterDto {
  @ApiProperty({ example: 'Ana López', maxLength: 120 })
  @Trim()
  @NormalizeText()
  @IsVisibleText({ message: NAME_CHARACTERS_MESSAGE })
  @MaxLength(120, { message: 'El nombre no puede tener más de 120 caracteres' })
  @IsString({ message: 'El nombre es obligatorio' })
  @IsNotEmpty({ message: 'El nombre es obligatorio' })
  name!: string;

  @RequiredEmail()
  email!: string;

  @ApiProperty({ description: 'Fecha de nacimiento, YYYY-MM-DD.', example: '1990-05-17' })
  @IsBirthDate()
  @IsNotEmpty({ message: 'El cumpleaños es obligatorio' })
  cumpleanos!: string;

  @NewPassword()
  password!: string;

  @ApiProperty({ minLength: 8, maxLength: 128, example: 'una-clave-segura' })
  @Matches('password', { message: 'Las contraseñas no coinciden' })
  @MinLength(8, { message: 'Debe tener al menos 8 caracteres' })
  @IsString({ message: 'Confirma tu contraseña' })
  @IsNotEmpty({ message: 'Confirma tu contraseña' })
  confirmPassword!: string;

  @ApiProperty({ example: true, description: 'Acepta los términos y condiciones.' })
  @Equals(true, { message: 'Debes aceptar los términos y condiciones' })
  terms!: boolean;
}
