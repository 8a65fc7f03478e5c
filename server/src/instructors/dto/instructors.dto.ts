import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Transform } from 'class-transformer';
import { Clearable } from '../../core/dto/null-fields';
import { IsVisibleText, NormalizeText } from '../../core/dto/text';
import { NormalizeEmail, Trim } from '../../core/dto/transforms';
import { IsRowId } from '../../core/dto/validators';
import { INSTRUCTOR_NAME_MAX } from '../instructor-names';

export const BIO_MAX = 600;
export const SPECIALTIES_MAX = 6;
export const SPECIALTY_MAX = 40;

const NAME_MESSAGE = `El nombre del instructor debe tener entre 1 y ${INSTRUCTOR_NAME_MAX} caracteres`;
const CHARACTERS_MESSAGE =
  'El texto no puede tener caracteres invisibles, de control ni que cambien la dirección del texto.';
const BIO_MESSAGE = `La semblanza no puede tener más de ${BIO_MAX} caracteres`;
const SPECIALTIES_MESSAGE = `Hasta ${SPECIALTIES_MAX} especialidades, de 1 a ${SPECIALTY_MAX} caracteres cada una`;
const ORDER_MESSAGE = 'El orden debe ser un número entero entre 0 y 999';
const ACTIVE_MESSAGE = 'Activo debe ser verdadero o falso';
const EMAIL_MESSAGE = 'El email de la cuenta no es válido';

/** The pay rate's bounds: $10,000 a class, $1,000 an attendee, and a threshold no class reaches. */
export const PAY_PER_CLASS_MAX_CENTS = 1_000_000;
export const PAY_PER_ATTENDEE_MAX_CENTS = 100_000;
export const PAY_ATTENDEE_THRESHOLD_MAX = 50;
const PAY_PER_CLASS_MESSAGE = `El pago por clase debe ser un número entero de centavos entre 0 y ${PAY_PER_CLASS_MAX_CENTS}`;
const PAY_PER_ATTENDEE_MESSAGE = `El pago por asistente debe ser un número entero de centavos entre 0 y ${PAY_PER_ATTENDEE_MAX_CENTS}`;
const PAY_THRESHOLD_MESSAGE = `El número de asistentes incluidos debe ser un número entero entre 0 y ${PAY_ATTENDEE_THRESHOLD_MAX}`;
const PHOTO_URL_EXAMPLE = '/api/fotos/instructores/7-3f2a9c0d1e4b5a69-480.webp';
const PHOTO_URL_DESCRIPTION =
  'La foto (480 × 480, WebP); null: sin foto. Los mismos nombres con -96, -192 o -480 y .avif o .webp ' +
  'dan cada tamaño y formato.';

/** Each specialty trimmed and in composed form; other values pass to the rules. */
const TidySpecialties = () =>
  Transform(({ value }: { value: unknown }) =>
    Array.isArray(value)
      ? value.map((item) => (typeof item === 'string' ? item.normalize('NFC').trim() : item))
      : value,
  );

/** A profile as the admin's "Instructores" lists it. */
export class InstructorProfileDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Ana López' })
  name!: string;

  @ApiProperty({ example: 'ana-lopez', description: 'La dirección de su página: /pilates/instructores/<slug>.' })
  slug!: string;

  @ApiProperty({ example: 'Instructora certificada en Pilates Reformer desde 2015.' })
  bio!: string;

  @ApiProperty({ type: [String], example: ['Prenatal', 'Rehabilitación'] })
  specialties!: string[];

  @ApiProperty({ description: 'Inactivo: no aparece en el sitio ni en el horario para elegir.' })
  active!: boolean;

  @ApiProperty({ example: 0, description: 'Menor primero en las listas.' })
  sortOrder!: number;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'La cuenta ligada; null: sin cuenta.' })
  userId!: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'ana@example.com' })
  accountEmail!: string | null;

  @ApiProperty({ example: 15000, description: 'Pago por clase impartida, en centavos.' })
  payPerClassCents!: number;

  @ApiProperty({ example: 2000, description: 'Pago por asistente arriba del umbral, en centavos.' })
  payPerAttendeeCents!: number;

  @ApiProperty({ example: 4, description: 'Asistentes que cubre el pago por clase.' })
  payAttendeeThreshold!: number;
  @ApiPropertyOptional({ type: String, nullable: true, example: PHOTO_URL_EXAMPLE, description: PHOTO_URL_DESCRIPTION })
  photoUrl!: string | null;
}

export class InstructorProfilesResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [InstructorProfileDto] })
  instructores!: InstructorProfileDto[];
}

export class InstructorProfileResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Instructor guardado' })
  message!: string;

  @ApiProperty({ type: InstructorProfileDto })
  instructor!: InstructorProfileDto;
}

/** admin/instructores/add: a new profile; with an account's email, linked to it. */
export class AddInstructorDto {
  @ApiProperty({ example: 'Ana López', maxLength: INSTRUCTOR_NAME_MAX })
  @IsVisibleText({ message: CHARACTERS_MESSAGE })
  @MaxLength(INSTRUCTOR_NAME_MAX, { message: NAME_MESSAGE })
  @IsNotEmpty({ message: NAME_MESSAGE })
  @IsString({ message: NAME_MESSAGE })
  @Trim()
  @NormalizeText()
  name!: string;

  @ApiPropertyOptional({ maxLength: BIO_MAX })
  @IsOptional()
  @IsVisibleText({ message: CHARACTERS_MESSAGE })
  @MaxLength(BIO_MAX, { message: BIO_MESSAGE })
  @IsString({ message: BIO_MESSAGE })
  @Trim()
  @NormalizeText()
  bio?: string;

  @ApiPropertyOptional({ type: [String], maxItems: SPECIALTIES_MAX, example: ['Prenatal'] })
  @IsOptional()
  @IsVisibleText({ each: true, message: CHARACTERS_MESSAGE })
  @MaxLength(SPECIALTY_MAX, { each: true, message: SPECIALTIES_MESSAGE })
  @IsNotEmpty({ each: true, message: SPECIALTIES_MESSAGE })
  @IsString({ each: true, message: SPECIALTIES_MESSAGE })
  @ArrayMaxSize(SPECIALTIES_MAX, { message: SPECIALTIES_MESSAGE })
  @IsArray({ message: SPECIALTIES_MESSAGE })
  @TidySpecialties()
  specialties?: string[];

  @ApiPropertyOptional({ example: 0, minimum: 0, maximum: 999 })
  @IsOptional()
  @Max(999, { message: ORDER_MESSAGE })
  @Min(0, { message: ORDER_MESSAGE })
  @IsInt({ message: ORDER_MESSAGE })
  sortOrder?: number;

  @ApiPropertyOptional({
    example: 15000,
    minimum: 0,
    maximum: PAY_PER_CLASS_MAX_CENTS,
    description: 'Centavos por clase impartida.',
  })
  @IsOptional()
  @Max(PAY_PER_CLASS_MAX_CENTS, { message: PAY_PER_CLASS_MESSAGE })
  @Min(0, { message: PAY_PER_CLASS_MESSAGE })
  @IsInt({ message: PAY_PER_CLASS_MESSAGE })
  payPerClassCents?: number;

  @ApiPropertyOptional({
    example: 2000,
    minimum: 0,
    maximum: PAY_PER_ATTENDEE_MAX_CENTS,
    description: 'Centavos por cada asistente arriba de payAttendeeThreshold.',
  })
  @IsOptional()
  @Max(PAY_PER_ATTENDEE_MAX_CENTS, { message: PAY_PER_ATTENDEE_MESSAGE })
  @Min(0, { message: PAY_PER_ATTENDEE_MESSAGE })
  @IsInt({ message: PAY_PER_ATTENDEE_MESSAGE })
  payPerAttendeeCents?: number;

  @ApiPropertyOptional({
    example: 4,
    minimum: 0,
    maximum: PAY_ATTENDEE_THRESHOLD_MAX,
    description: 'Asistentes que cubre el pago por clase: 4 paga por asistente desde el quinto.',
  })
  @IsOptional()
  @Max(PAY_ATTENDEE_THRESHOLD_MAX, { message: PAY_THRESHOLD_MESSAGE })
  @Min(0, { message: PAY_THRESHOLD_MESSAGE })
  @IsInt({ message: PAY_THRESHOLD_MESSAGE })
  payAttendeeThreshold?: number;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'El email de la cuenta a ligar; null: sin cuenta.',
  })
  @Clearable()
  @IsEmail({}, { message: EMAIL_MESSAGE })
  @IsString({ message: EMAIL_MESSAGE })
  @NormalizeEmail()
  accountEmail?: string | null;
}

/** admin/instructores/change: the fields given change (those of add, each optional); `accountEmail: null` unlinks the account. */
export class ChangeInstructorDto extends PartialType(AddInstructorDto) {
  @ApiProperty()
  @IsRowId('El instructor no es válido')
  id!: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: ACTIVE_MESSAGE })
  active?: boolean;
}

/** What the public sees of a profile (GET /api/instructores). */
export class PublicInstructorDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Ana López' })
  name!: string;

  @ApiProperty({ example: 'ana-lopez' })
  slug!: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: PHOTO_URL_EXAMPLE, description: PHOTO_URL_DESCRIPTION })
  photoUrl!: string | null;

  @ApiProperty()
  bio!: string;

  @ApiProperty({ type: [String] })
  specialties!: string[];
}

/** One upcoming class of an instructor's page. */
export class InstructorClassDto {
  @ApiProperty({ example: '2026-11-30', description: 'Fecha del estudio.' })
  date!: string;

  @ApiProperty({ example: '07:00', description: 'Hora del estudio, 24 horas.' })
  startTime!: string;

  @ApiProperty({ example: '7:00 AM' })
  time!: string;

  @ApiProperty({ example: 50 })
  durationMinutes!: number;
}

/** GET /api/instructores/{slug}: the profile and its classes of the next 14 days. */
export class InstructorPageResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: PublicInstructorDto })
  instructor!: PublicInstructorDto;

  @ApiProperty({ type: [InstructorClassDto] })
  clases!: InstructorClassDto[];
}

/** admin/instructores/remove-photo: the profile whose photo goes. */
export class RemoveInstructorPhotoDto {
  @ApiProperty()
  @IsRowId('El instructor no es válido')
  id!: number;
}
