import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { RequiredEmail } from '../../auth';
import { IsVisibleText, NAME_CHARACTERS_MESSAGE, NormalizeText } from '../../core/dto/text';
import { Trim } from '../../core/dto/transforms';
import {
  ARCO_DETAIL_MAX,
  ARCO_NAME_MAX,
  ARCO_NOTE_MAX,
  ARCO_RIGHTS,
  ARCO_STATUSES,
  type ArcoRight,
  type ArcoStatus,
} from '../arco-rights';

const RIGHT_MESSAGE = 'Elige qué derecho quieres ejercer';
const STATUS_MESSAGE = 'El estado debe ser recibida, en_proceso, respondida o rechazada';

/** POST /arco-request: anyone's request («Ejercer mis derechos ARCO»). */
export class SubmitArcoRequestDto {
  @ApiProperty({ maxLength: ARCO_NAME_MAX, example: 'Ana López' })
  @NormalizeText()
  @Trim()
  @IsVisibleText({ message: NAME_CHARACTERS_MESSAGE })
  @MaxLength(ARCO_NAME_MAX, { message: `El nombre no puede tener más de ${ARCO_NAME_MAX} caracteres` })
  @IsString({ message: 'Escribe tu nombre' })
  @IsNotEmpty({ message: 'Escribe tu nombre' })
  name!: string;

  @RequiredEmail()
  email!: string;

  @ApiProperty({ enum: ARCO_RIGHTS, example: 'acceso' })
  @IsIn(ARCO_RIGHTS, { message: RIGHT_MESSAGE })
  @IsNotEmpty({ message: RIGHT_MESSAGE })
  right!: ArcoRight;

  @ApiProperty({
    maxLength: ARCO_DETAIL_MAX,
    example: 'Quiero saber qué datos personales míos tienen y para qué los usan.',
  })
  @NormalizeText()
  @Trim()
  @MaxLength(ARCO_DETAIL_MAX, { message: `El detalle no puede tener más de ${ARCO_DETAIL_MAX} caracteres` })
  @IsString({ message: 'Cuéntanos qué nos pides' })
  @IsNotEmpty({ message: 'Cuéntanos qué nos pides' })
  detail!: string;
}

export class SubmitArcoRequestResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: 'ARCO-2026-0007', description: 'El folio de la solicitud.' })
  folio!: string;

  @ApiProperty({ example: '2026-12-29', description: 'Fecha del estudio en que vence la respuesta (20 días hábiles).' })
  dueDate!: string;
}

/** One request in «Solicitudes ARCO». */
export class ArcoRequestDto {
  @ApiProperty({ example: 7 })
  id!: number;

  @ApiProperty({ example: 'ARCO-2026-0007' })
  folio!: string;

  @ApiProperty({ example: 'Ana López' })
  name!: string;

  @ApiProperty({ example: 'ana@example.com' })
  email!: string;

  @ApiProperty({ enum: ARCO_RIGHTS, example: 'acceso' })
  right!: ArcoRight;

  @ApiProperty({ example: 'Quiero saber qué datos personales míos tienen.' })
  detail!: string;

  @ApiProperty({ example: '2026-11-27T18:00:00.000Z', description: 'Cuándo se recibió (ISO).' })
  receivedAt!: string;

  @ApiProperty({ example: '2026-12-29', description: 'Fecha del estudio en que vence la respuesta.' })
  dueDate!: string;

  @ApiProperty({ enum: ARCO_STATUSES, example: 'recibida' })
  status!: ArcoStatus;

  @ApiProperty({
    example: 12,
    description: 'Días hábiles de hoy al vencimiento: 0 el día que vence, negativo una vez vencida.',
  })
  businessDaysLeft!: number;

  @ApiProperty({ example: false, description: 'Sigue abierta (recibida o en proceso) y ya pasó su fecha.' })
  overdue!: boolean;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'Cuándo se respondió o rechazó (ISO).' })
  answeredAt!: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'La respuesta o el motivo del rechazo.' })
  responseNote!: string | null;

  @ApiProperty({ example: false, description: 'La envió con su sesión iniciada.' })
  hasAccount!: boolean;
}

export class ArcoRequestsResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: [ArcoRequestDto], description: 'Las más recientes primero.' })
  requests!: ArcoRequestDto[];
}

export class ArcoRequestResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: ArcoRequestDto })
  request!: ArcoRequestDto;
}

/** admin/arco-requests/{id}/status. */
export class ChangeArcoStatusDto {
  @ApiProperty({ enum: ARCO_STATUSES, example: 'respondida' })
  @IsIn(ARCO_STATUSES, { message: STATUS_MESSAGE })
  @IsNotEmpty({ message: STATUS_MESSAGE })
  status!: ArcoStatus;

  @ApiPropertyOptional({
    maxLength: ARCO_NOTE_MAX,
    example: 'Te enviamos por correo la copia de tus datos.',
    description: 'Obligatoria al responder o rechazar.',
  })
  @IsOptional()
  @NormalizeText()
  @Trim()
  @MaxLength(ARCO_NOTE_MAX, { message: `La respuesta no puede tener más de ${ARCO_NOTE_MAX} caracteres` })
  @IsString({ message: 'La respuesta debe ser texto' })
  responseNote?: string;
}
