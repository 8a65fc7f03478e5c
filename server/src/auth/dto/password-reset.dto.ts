import { ApiProperty, PickType } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { RequiredEmail } from './account-fields';
import { NewPassword } from '../password-policy';

export class ForgotPasswordDto {
  @RequiredEmail()
  email!: string;
}

export class ForgotPasswordResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Te enviamos un correo con el enlace para cambiar tu contraseña.' })
  message!: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'The token from the emailed link.' })
  @MaxLength(200, { message: 'El enlace no es válido' })
  @IsString({ message: 'El enlace no es válido' })
  @IsNotEmpty({ message: 'El enlace no es válido' })
  token!: string;

  @NewPassword()
  password!: string;
}

/** reset-password/check: the emailed link's token alone. */
export class ResetTokenDto extends PickType(ResetPasswordDto, ['token'] as const) {}
