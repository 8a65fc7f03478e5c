import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { Trim } from '../../core/dto/transforms';
import {
  ACCEPTED_KINDS,
  LEGAL_CONSENT_SOURCES,
  LEGAL_KINDS,
  LEGAL_SUMMARY_MAX,
  LEGAL_TEXT_MAX,
  type AcceptedKind,
  type LegalConsentSource,
  type LegalKind,
} from '../legal-kinds';

const KIND_MESSAGE = 'El texto debe ser terminos, privacidad o aviso-corto';
const ACCEPTED_KIND_MESSAGE = 'El texto debe ser terminos o privacidad';

/** A version of a legal text as the site shows it. */
export class LegalDocumentDto {
  @ApiProperty({ enum: LEGAL_KINDS, example: 'terminos' })
  kind!: LegalKind;

  @ApiProperty({ example: 2 })
  version!: number;

  @ApiProperty({ example: '2026-11-27T18:00:00.000Z', description: 'Cuándo entró en vigor (ISO).' })
  publishedAt!: string;

  @ApiProperty({ example: 'Se agregó la política de cancelación de 12 horas.', description: 'Qué cambió.' })
  summary!: string;

  @ApiProperty({ description: 'El texto completo, en párrafos separados por una línea en blanco.' })
  text!: string;
}

export class LegalDocumentResponseDto extends LegalDocumentDto {
  @ApiProperty({ example: true })
  success!: boolean;
}

export class LegalVersionDto {
  @ApiProperty({ example: 1 })
  version!: number;

  @ApiProperty({ example: '2026-11-27T18:00:00.000Z' })
  publishedAt!: string;

  @ApiProperty({ example: 'Primera versión.' })
  summary!: string;
}

export class LegalVersionsResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: [LegalVersionDto], description: 'Todas las versiones, la vigente primero.' })
  versions!: LegalVersionDto[];
}

/** admin/legal/publish: a new version, in force from now. */
export class PublishLegalDocumentDto {
  @ApiProperty({ enum: LEGAL_KINDS, example: 'terminos' })
  @IsIn(LEGAL_KINDS, { message: KIND_MESSAGE })
  @IsNotEmpty({ message: KIND_MESSAGE })
  kind!: LegalKind;

  @ApiProperty({ maxLength: LEGAL_SUMMARY_MAX, example: 'Se agregó la política de cancelación de 12 horas.' })
  @Trim()
  @MaxLength(LEGAL_SUMMARY_MAX, { message: `El resumen no puede tener más de ${LEGAL_SUMMARY_MAX} caracteres` })
  @IsString({ message: 'Escribe qué cambió en esta versión' })
  @IsNotEmpty({ message: 'Escribe qué cambió en esta versión' })
  summary!: string;

  @ApiProperty({ maxLength: LEGAL_TEXT_MAX, example: '1. Reservaciones\n\nLas clases se reservan en línea…' })
  @Trim()
  @MaxLength(LEGAL_TEXT_MAX, { message: `El texto no puede tener más de ${LEGAL_TEXT_MAX} caracteres` })
  @IsString({ message: 'Escribe el texto' })
  @IsNotEmpty({ message: 'Escribe el texto' })
  text!: string;
}

/** A version the client has yet to accept. */
export class PendingAcceptanceDto {
  @ApiProperty({ enum: ACCEPTED_KINDS, example: 'terminos' })
  kind!: AcceptedKind;

  @ApiProperty({ example: 2 })
  version!: number;

  @ApiProperty({ example: '2026-11-27T18:00:00.000Z' })
  publishedAt!: string;

  @ApiProperty({ example: 'Se agregó la política de cancelación de 12 horas.' })
  summary!: string;
}

export class PendingAcceptancesResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({
    type: [PendingAcceptanceDto],
    description:
      'Las versiones vigentes que quien llama no ha aceptado; con alguna, reservar responde TERMS_ACCEPTANCE_REQUIRED.',
  })
  pending!: PendingAcceptanceDto[];
}

/** consents/accept: the version the client read. */
export class AcceptLegalDocumentDto {
  @ApiProperty({ enum: ACCEPTED_KINDS, example: 'terminos' })
  @IsIn(ACCEPTED_KINDS, { message: ACCEPTED_KIND_MESSAGE })
  @IsNotEmpty({ message: ACCEPTED_KIND_MESSAGE })
  kind!: AcceptedKind;

  @ApiProperty({ example: 2 })
  @Min(1, { message: 'La versión debe ser un número entero positivo' })
  @IsInt({ message: 'La versión debe ser un número entero positivo' })
  version!: number;
}

export class MarketingConsentDto {
  @ApiProperty({ example: false, description: 'true: recibir promociones; false: dejar de recibirlas.' })
  @IsBoolean({ message: 'Indica si quieres recibir promociones' })
  optIn!: boolean;
}

export class MarketingConsentResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: false, description: 'Si recibe promociones (apagado salvo que lo pida).' })
  optedIn!: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, example: null, description: 'Desde cuándo (ISO).' })
  since!: string | null;
}

/** One acceptance, for the client's own data (Mis datos). */
export class LegalConsentDto {
  @ApiProperty({ enum: ACCEPTED_KINDS })
  kind!: AcceptedKind;

  @ApiProperty()
  version!: number;

  @ApiProperty()
  acceptedAt!: string;

  @ApiProperty({ example: '203.0.113.7' })
  ipAddress!: string;

  @ApiProperty({ enum: LEGAL_CONSENT_SOURCES })
  source!: LegalConsentSource;
}
