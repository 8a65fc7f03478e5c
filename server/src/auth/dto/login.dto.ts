import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { NormalizeEmail } from '../../core/dto/transforms';

export class LoginDto {
  @ApiProperty({ example: 'ana@example.com' })
  @NormalizeEmail()
  @IsEmail({}, { message: 'El email no es válido' })
  @MaxLength(254, { message: 'El email es demasiado largo' })
  @IsString({ message: 'El email es obligatorio' })
  @IsNotEmpty({ message: 'El email es obligatorio' })
  email!: string;

  @ApiProperty({ minLength: 6, example: 'una-clave-segura' })
  @MaxLength(128, { message: 'La contraseña no puede tener más de 128 caracteres' })
  @MinLength(6, { message: 'Debe tener al menos 6 caracteres' })
  @IsString({ message: 'La contraseña es obligatoria' })
  @IsNotEmpty({ message: 'La contraseña es obligatoria' })
  password!: string;
}
