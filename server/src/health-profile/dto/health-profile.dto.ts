import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  Equals,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { Trim } from '../../core/dto/transforms';
import { IsMexicanMobile, PHONE_INPUT_MAX } from '../../notifications';

export const HEALTH_DETAIL_MAX = 1000;
export const EMERGENCY_NAME_MAX = 120;
export const EMERGENCY_RELATIONSHIP_MAX = 60;

/** The sentence the client ticks (shown beside the checkbox and recorded by its time and address). */
export const SENSITIVE_CONSENT_TEXT =
  'Autorizo expresamente al estudio a tratar estos datos de salud, que son datos personales sensibles, solo para cuidar mi seguridad en clase, conforme al aviso de privacidad.';

const YES_NO = 'Responde sí o no a cada pregunta.';
const detailMax = `El detalle no puede tener más de ${HEALTH_DETAIL_MAX} caracteres.`;

/** informacion/health (POST): every answer, the emergency contact and the express consent. */
export class SaveHealthProfileDto {
  @ApiProperty({ example: true, description: '¿Tienes alguna lesión o dolor (espalda, rodillas, hombros…)?' })
  @IsBoolean({ message: YES_NO })
  hasInjuries!: boolean;

  @ApiPropertyOptional({ example: 'Hernia de disco L4-L5, sin dolor actual.', maxLength: HEALTH_DETAIL_MAX })
  @ValidateIf((o: SaveHealthProfileDto) => o.hasInjuries === true)
  @Trim()
  @MaxLength(HEALTH_DETAIL_MAX, { message: detailMax })
  @IsString({ message: 'Cuéntanos qué lesión o dolor tienes.' })
  @IsNotEmpty({ message: 'Cuéntanos qué lesión o dolor tienes.' })
  injuries?: string;

  @ApiProperty({ example: false, description: '¿Te operaron en los últimos 12 meses?' })
  @IsBoolean({ message: YES_NO })
  recentSurgery!: boolean;

  @ApiPropertyOptional({ example: '', maxLength: HEALTH_DETAIL_MAX })
  @ValidateIf((o: SaveHealthProfileDto) => o.recentSurgery === true)
  @Trim()
  @MaxLength(HEALTH_DETAIL_MAX, { message: detailMax })
  @IsString({ message: 'Cuéntanos de qué te operaron y cuándo.' })
  @IsNotEmpty({ message: 'Cuéntanos de qué te operaron y cuándo.' })
  surgery?: string;

  @ApiProperty({ example: false, description: '¿Estás embarazada?' })
  @IsBoolean({ message: YES_NO })
  pregnant!: boolean;

  @ApiPropertyOptional({ type: Number, example: 20, description: 'Semanas de embarazo (1–42); solo con un sí.' })
  @ValidateIf((o: SaveHealthProfileDto) => o.pregnant === true)
  @Max(42, { message: 'Escribe las semanas de embarazo (de 1 a 42).' })
  @Min(1, { message: 'Escribe las semanas de embarazo (de 1 a 42).' })
  @IsInt({ message: 'Escribe las semanas de embarazo (de 1 a 42).' })
  pregnancyWeeks?: number;

  @ApiProperty({ example: false, description: '¿Tienes algún problema del corazón o de presión arterial?' })
  @IsBoolean({ message: YES_NO })
  heartOrBloodPressure!: boolean;

  @ApiPropertyOptional({
    example: '',
    maxLength: HEALTH_DETAIL_MAX,
    description: 'Otra condición que tu instructora deba conocer; vacío si ninguna.',
  })
  @IsOptional()
  @Trim()
  @MaxLength(HEALTH_DETAIL_MAX, { message: detailMax })
  @IsString({ message: 'Escribe las otras condiciones como texto.' })
  otherConditions?: string;

  @ApiProperty({ example: 'María López', maxLength: EMERGENCY_NAME_MAX })
  @Trim()
  @MaxLength(EMERGENCY_NAME_MAX, {
    message: `El nombre del contacto no puede tener más de ${EMERGENCY_NAME_MAX} caracteres.`,
  })
  @IsString({ message: 'Escribe el nombre de tu contacto de emergencia.' })
  @IsNotEmpty({ message: 'Escribe el nombre de tu contacto de emergencia.' })
  emergencyName!: string;

  @ApiProperty({
    example: '722 123 4567',
    maxLength: PHONE_INPUT_MAX,
    description: 'Teléfono de México a 10 dígitos (se aceptan +52 y separadores).',
  })
  @IsMexicanMobile({
    message: 'Escribe el teléfono de tu contacto de emergencia a 10 dígitos, por ejemplo 722 123 4567.',
  })
  @IsString({ message: 'Escribe el teléfono de tu contacto de emergencia.' })
  @IsNotEmpty({ message: 'Escribe el teléfono de tu contacto de emergencia.' })
  emergencyPhone!: string;

  @ApiProperty({ example: 'Mamá', maxLength: EMERGENCY_RELATIONSHIP_MAX })
  @Trim()
  @MaxLength(EMERGENCY_RELATIONSHIP_MAX, {
    message: `El parentesco no puede tener más de ${EMERGENCY_RELATIONSHIP_MAX} caracteres.`,
  })
  @IsString({ message: 'Escribe qué es tuyo tu contacto de emergencia (mamá, pareja, amiga…).' })
  @IsNotEmpty({ message: 'Escribe qué es tuyo tu contacto de emergencia (mamá, pareja, amiga…).' })
  emergencyRelationship!: string;

  @ApiProperty({ example: true, description: `Acepta «${SENSITIVE_CONSENT_TEXT}».` })
  @Equals(true, {
    message:
      'Para guardar tus datos de salud necesitamos tu consentimiento expreso: la ley (LFPDPPP) lo pide por escrito para datos personales sensibles. Marca la casilla.',
  })
  sensitiveDataConsent!: boolean;
}

/** A client's questionnaire as they and the staff allowed read it. */
export class HealthProfileDto {
  @ApiProperty({ example: 12 })
  userId!: number;

  @ApiProperty({ example: true })
  hasInjuries!: boolean;

  @ApiProperty({ example: 'Hernia de disco L4-L5, sin dolor actual.', description: 'Vacío si no.' })
  injuries!: string;

  @ApiProperty({ example: false })
  recentSurgery!: boolean;

  @ApiProperty({ example: '' })
  surgery!: string;

  @ApiProperty({ example: false })
  pregnant!: boolean;

  @ApiProperty({ type: Number, nullable: true, example: null })
  pregnancyWeeks!: number | null;

  @ApiProperty({ example: false })
  heartOrBloodPressure!: boolean;

  @ApiProperty({ example: '' })
  otherConditions!: string;

  @ApiProperty({ example: 'María López' })
  emergencyName!: string;

  @ApiProperty({ example: '+527221234567', description: '+52 y 10 dígitos.' })
  emergencyPhone!: string;

  @ApiProperty({ example: '+52 722 123 4567' })
  emergencyPhoneDisplay!: string;

  @ApiProperty({ example: 'Mamá' })
  emergencyRelationship!: string;

  @ApiProperty({ example: true, description: 'Algún sí u otras condiciones escritas: la lista muestra la marca.' })
  needsAttention!: boolean;

  @ApiProperty({ example: '2026-11-27T18:00:00.000Z', description: 'Cuándo dio su consentimiento expreso (ISO).' })
  consentedAt!: string;

  @ApiProperty({ example: '2026-11-27T18:00:00.000Z', description: 'Última actualización (ISO).' })
  updatedAt!: string;
}

export class MyHealthProfileResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ example: SENSITIVE_CONSENT_TEXT, description: 'El texto de la casilla de consentimiento.' })
  consentText!: string;

  @ApiProperty({ type: HealthProfileDto, nullable: true, description: 'null si aún no lo llena.' })
  profile!: HealthProfileDto | null;
}

export class HealthProfileResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({ type: HealthProfileDto })
  profile!: HealthProfileDto;
}

/** health-profiles/{userId}?classId=: the class whose roster it is read from (an instructor needs it). */
export class HealthProfileQueryDto {
  @ApiPropertyOptional({
    example: '31',
    description: 'La clase desde cuya lista se abre (obligatoria para instructores).',
  })
  @IsOptional()
  @Matches(/^[1-9][0-9]{0,9}$/, { message: 'La clase debe ser un número entero positivo.' })
  @IsString({ message: 'La clase debe ser un número entero positivo.' })
  classId?: string;
}

/** One reading of a questionnaire by staff. */
export class HealthProfileViewDto {
  @ApiProperty({ example: 3 })
  viewerId!: number;

  @ApiProperty({ example: 'Laura Instructora' })
  viewerName!: string;

  @ApiProperty({ example: '2026-11-27T18:00:00.000Z' })
  viewedAt!: string;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 31,
    description: 'La clase desde la que se abrió; null si no.',
  })
  classId!: number | null;
}

export class HealthProfileViewsResponseDto {
  @ApiProperty({ example: true })
  success!: boolean;

  @ApiProperty({
    type: [HealthProfileViewDto],
    description: 'Quién leyó el cuestionario y cuándo, lo más reciente primero.',
  })
  views!: HealthProfileViewDto[];
}
