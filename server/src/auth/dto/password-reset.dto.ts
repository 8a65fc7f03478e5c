import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { NormalizeEmail } from '../../core/dto/transforms';

export class ForgotPasswordDto {
  @ApiProperty({ example: 'ana@example.com' })
  @NormalizeEmail()
  @IsEmail({}, { message: 'El email no es válido' })
  @MaxLength(254, { message: 'El email es demasiado largo' })
  @IsString({ message: 'El email es obligatorio' })
  @IsNotEmpty({ message: 'El email es obligatorio' })
  email!: string;
}

export class ForgotPasswordResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Se ha enviado un email a tu buzón' })
  message!: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'The token from the emailed link.' })
  @MaxLength(200, { message: 'El enlace no es válido' })
  @IsString({ message: 'El enlace no es válido' })
  @IsNotEmpty({ message: 'El enlace no es válido' })
  token!: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @MaxLength(128, { message: 'La contraseña no puede tener más de 128 caracteres' })
  @MinLength(8, { message: 'Debe tener al menos 8 caracteres' })
  @IsString({ message: 'La contraseña es obligatoria' })
  @IsNotEmpty({ message: 'La contraseña es obligatoria' })
  password!: string;
}
