import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, Min, MaxLength } from 'class-validator';
import { MAX_ID } from '../../core/dto/validators';

const USER_ID_MESSAGE = 'El usuario no es válido';
const CONFIRM_MESSAGE = 'confirmForfeit debe ser verdadero o falso';

export class ExportLinkResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({
    description: 'El enlace al archivo JSON con todos tus datos; solo funciona en tu sesión.',
    example: '/api/informacion/export/3q2-7wEjR0d0qU8n8w0xkE4m0bYt0u5p4Zs1c2v3b4n.json',
  })
  url!: string;

  @ApiProperty({ description: 'El mismo contenido en un ZIP de archivos CSV (Excel).' })
  zipUrl!: string;

  @ApiProperty({ description: 'Cuándo dejan de funcionar los enlaces (24 horas después de pedirlos).' })
  expiresAt!: string;
}

export class DeleteAccountDto {
  @ApiProperty({ description: 'Tu contraseña actual.', maxLength: 128 })
  @MaxLength(128, { message: 'La contraseña no puede tener más de 128 caracteres' })
  @IsString({ message: 'Escribe tu contraseña actual' })
  @IsNotEmpty({ message: 'Escribe tu contraseña actual' })
  password!: string;

  @ApiPropertyOptional({
    description: 'Confirma que pierdes lo pendiente (plan con clases, reservaciones, pagos, membresía).',
  })
  @IsOptional()
  @IsBoolean({ message: CONFIRM_MESSAGE })
  confirmForfeit?: boolean;
}

export class AdminDeleteAccountDto {
  @ApiProperty({ description: 'La cuenta a eliminar, por su número.' })
  @Max(MAX_ID, { message: USER_ID_MESSAGE })
  @Min(1, { message: USER_ID_MESSAGE })
  @IsInt({ message: USER_ID_MESSAGE })
  userId!: number;

  @ApiPropertyOptional({ description: 'Confirma que la persona pierde lo pendiente.' })
  @IsOptional()
  @IsBoolean({ message: CONFIRM_MESSAGE })
  confirmForfeit?: boolean;
}

export class DeleteAccountResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Tu cuenta fue eliminada.' })
  message!: string;

  @ApiProperty({ description: 'Clases futuras canceladas (sus lugares quedaron libres).' })
  cancelledReservations!: number;
}
