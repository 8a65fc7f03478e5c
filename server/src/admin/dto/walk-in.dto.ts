import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { NormalizeEmail, Trim } from '../../core/dto/transforms';
import { IsBirthDate, IsRowId, IsRequiredDate } from '../../core/dto/validators';
import { IsVisibleText, NAME_CHARACTERS_MESSAGE, NormalizeText } from '../../core/dto/text';
import { SpotRefDto } from '../../sala';

const isNewClient = (dto: WalkInDto): boolean => dto.userId === undefined;

/**
 * admin/walk-in: a client who arrives at the door. Either `userId` (an existing client) or
 * `name`, `email` and `cumpleanos` (a new account, created on the spot).
 */
export class WalkInDto {
  @ApiProperty({ description: 'Fecha de la clase, YYYY-MM-DD (calendario del estudio).', example: '2026-11-24' })
  @IsRequiredDate()
  date!: string;

  @ApiProperty({ description: 'El scheduleId de la clase.', example: 1 })
  @IsRowId('La clase no es válida')
  classReservation!: number;

  @ApiPropertyOptional({
    description: 'Un cliente existente. Sin él, se crea uno nuevo con nombre, email y cumpleaños.',
  })
  @IsOptional()
  @IsRowId('El usuario no es válido')
  userId?: number;

  @ApiPropertyOptional({ example: 'Ana López', maxLength: 120, description: 'Cliente nuevo: nombre.' })
  @ValidateIf(isNewClient)
  @Trim()
  @NormalizeText()
  @IsVisibleText({ message: NAME_CHARACTERS_MESSAGE })
  @MaxLength(120, { message: 'El nombre no puede tener más de 120 caracteres' })
  @IsString({ message: 'El nombre es obligatorio' })
  @IsNotEmpty({ message: 'El nombre es obligatorio' })
  name?: string;

  @ApiPropertyOptional({ example: 'ana@example.com', maxLength: 254, description: 'Cliente nuevo: email.' })
  @ValidateIf(isNewClient)
  @NormalizeEmail()
  @IsVisibleText({ message: 'El correo no es válido' })
  @IsEmail({}, { message: 'El correo no es válido' })
  @MaxLength(254, { message: 'El correo es demasiado largo' })
  @IsString({ message: 'El email es obligatorio' })
  @IsNotEmpty({ message: 'El email es obligatorio' })
  email?: string;

  @ApiPropertyOptional({ description: 'Cliente nuevo: fecha de nacimiento, YYYY-MM-DD.', example: '1990-05-17' })
  @ValidateIf(isNewClient)
  @IsBirthDate()
  @IsNotEmpty({ message: 'El cumpleaños es obligatorio' })
  cumpleanos?: string;

  @ApiPropertyOptional({
    description: 'El reformer libre donde se coloca (su id); sin él, «Cualquiera», como al reservar.',
    example: 4,
  })
  @IsOptional()
  @IsRowId('El reformer no es válido')
  spot?: number;
}

export class WalkInResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Ana López tiene su lugar en la clase (de su plan).' })
  message!: string;

  @ApiProperty({ description: 'La reserva creada.' })
  reservationId!: number;

  @ApiProperty({ description: 'El cliente (nuevo o existente).' })
  userId!: number;

  @ApiProperty({ description: 'Sin plan que cubra la fecha: la clase se paga en el estudio.' })
  paidAtStudio!: boolean;

  @ApiProperty({ description: 'Se creó una cuenta nueva; recibe un correo para elegir su contraseña.' })
  newAccount!: boolean;

  @ApiProperty({ type: SpotRefDto, description: 'El reformer donde quedó.' })
  spot!: SpotRefDto;
}
