import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOnOrAfter, IsRowId, IsRequiredDate, MAX_ID, WithinDaysOf } from '../../core/dto/validators';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { Clearable } from '../../core/dto/null-fields';
import { ClassTypeSummaryDto } from '../../class-types';

const INSTRUCTOR_MESSAGE = 'El instructor no es válido';

const TIME_24 = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIME_MESSAGE = 'La hora debe tener el formato HH:mm (24 horas)';
const CAPACITY_MESSAGE = 'La capacidad debe ser un número entero entre 1 y 50';
const CLASS_TYPE_MESSAGE = 'El tipo de clase no es válido';
const DURATION_MESSAGE = 'La duración debe ser un número entero de minutos entre 15 y 180';

export class ScheduleDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ description: '1 lunes … 7 domingo.', minimum: 1, maximum: 7 })
  weekday!: number;

  @ApiProperty({ example: 'Lunes' })
  dayName!: string;

  @ApiProperty({ example: '07:00', description: 'Hora del estudio, 24 horas.' })
  startTime!: string;

  @ApiProperty({ example: '7:00 AM' })
  time!: string;

  @ApiProperty({ example: 8 })
  capacity!: number;

  @ApiProperty({ example: 50 })
  durationMinutes!: number;

  @ApiProperty({ type: ClassTypeSummaryDto })
  classType!: ClassTypeSummaryDto;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'El perfil del instructor; null: sin instructor.' })
  instructorId!: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Su nombre.' })
  instructor!: string | null;

  @ApiProperty()
  active!: boolean;
}

export class TimetableResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [ScheduleDto] })
  horario!: ScheduleDto[];
}

export class ScheduleResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Clase agregada al horario' })
  message!: string;

  @ApiProperty({ type: ScheduleDto })
  schedule!: ScheduleDto;
}

export class AddScheduleDto {
  @ApiProperty({ description: '1 lunes … 7 domingo.', minimum: 1, maximum: 7 })
  @Max(7, { message: 'El día no es válido' })
  @Min(1, { message: 'El día no es válido' })
  @IsInt({ message: 'El día no es válido' })
  weekday!: number;

  @ApiProperty({ example: '07:00' })
  @Matches(TIME_24, { message: TIME_MESSAGE })
  @IsString({ message: TIME_MESSAGE })
  @IsNotEmpty({ message: 'La hora es obligatoria' })
  startTime!: string;

  @ApiProperty({ example: 8, minimum: 1, maximum: 50 })
  @Max(50, { message: CAPACITY_MESSAGE })
  @Min(1, { message: CAPACITY_MESSAGE })
  @IsInt({ message: CAPACITY_MESSAGE })
  capacity!: number;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'Un instructor activo (GET /api/instructores); null: sin instructor.',
  })
  @Clearable()
  @Max(MAX_ID, { message: INSTRUCTOR_MESSAGE })
  @Min(1, { message: INSTRUCTOR_MESSAGE })
  @IsInt({ message: INSTRUCTOR_MESSAGE })
  instructorId?: number | null;

  @ApiPropertyOptional({
    description: 'Un tipo de clase activo (GET /api/tipos-de-clase); sin él, el primero de la lista.',
  })
  @IsOptional()
  @IsRowId(CLASS_TYPE_MESSAGE)
  classTypeId?: number;

  @ApiPropertyOptional({ example: 50, minimum: 15, maximum: 180, description: 'Sin ella, la del tipo de clase.' })
  @IsOptional()
  @Max(180, { message: DURATION_MESSAGE })
  @Min(15, { message: DURATION_MESSAGE })
  @IsInt({ message: DURATION_MESSAGE })
  durationMinutes?: number;
}

/** Every field but the id is optional; a null instructor removes it. */
export class ChangeScheduleDto {
  @ApiProperty()
  @IsRowId('La clase del horario no es válida')
  id!: number;

  @ApiPropertyOptional({ example: '07:00' })
  @IsOptional()
  @Matches(TIME_24, { message: TIME_MESSAGE })
  @IsString({ message: TIME_MESSAGE })
  startTime?: string;

  @ApiPropertyOptional({ example: 8, minimum: 1, maximum: 50 })
  @IsOptional()
  @Max(50, { message: CAPACITY_MESSAGE })
  @Min(1, { message: CAPACITY_MESSAGE })
  @IsInt({ message: CAPACITY_MESSAGE })
  capacity?: number;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'Un instructor activo (GET /api/instructores); null quita al instructor.',
  })
  @Clearable()
  @Max(MAX_ID, { message: INSTRUCTOR_MESSAGE })
  @Min(1, { message: INSTRUCTOR_MESSAGE })
  @IsInt({ message: INSTRUCTOR_MESSAGE })
  instructorId?: number | null;

  @ApiPropertyOptional({ description: 'Un tipo de clase activo (GET /api/tipos-de-clase).' })
  @IsOptional()
  @IsRowId(CLASS_TYPE_MESSAGE)
  classTypeId?: number;

  @ApiPropertyOptional({ example: 50, minimum: 15, maximum: 180 })
  @IsOptional()
  @Max(180, { message: DURATION_MESSAGE })
  @Min(15, { message: DURATION_MESSAGE })
  @IsInt({ message: DURATION_MESSAGE })
  durationMinutes?: number;
}

export class ScheduleIdDto {
  @ApiProperty()
  @IsRowId('La clase del horario no es válida')
  id!: number;
}

export class CancelClassDto {
  @ApiProperty({ example: '2026-11-24' })
  @IsRequiredDate()
  date!: string;

  @ApiProperty({ description: 'La clase del horario.' })
  @IsRowId('La clase no es válida')
  scheduleId!: number;
}

export class CancelClassResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Clase cancelada. Se avisó a 3 clientes y sus clases volvieron a sus planes.' })
  message!: string;

  @ApiProperty({ description: 'Reservas canceladas por esta llamada.' })
  cancelledReservations!: number;
}

const SUBSTITUTE_MESSAGE = 'El suplente no es válido';
const MAX_SUBSTITUTE_DAYS = 92;

export class SetSubstituteDto {
  @ApiProperty({ example: '2026-11-30' })
  @IsRequiredDate()
  date!: string;

  @ApiProperty({ description: 'La clase del horario.' })
  @IsRowId('La clase no es válida')
  scheduleId!: number;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'El suplente: un instructor activo (GET /api/instructores); null quita al suplente.',
  })
  @Clearable()
  @Max(MAX_ID, { message: SUBSTITUTE_MESSAGE })
  @Min(1, { message: SUBSTITUTE_MESSAGE })
  @IsInt({ message: SUBSTITUTE_MESSAGE })
  instructorId?: number | null;
}

/** Vacations: every class of an instructor, or of one timetable class, between two dates. */
export class SetSubstitutesDto {
  @ApiProperty({ example: '2026-12-01' })
  @IsRequiredDate()
  from!: string;

  @ApiProperty({ example: '2026-12-15', description: `Hasta ${MAX_SUBSTITUTE_DAYS} días después de from.` })
  @WithinDaysOf('from', MAX_SUBSTITUTE_DAYS, {
    message: `El periodo no puede pasar de ${MAX_SUBSTITUTE_DAYS} días.`,
  })
  @IsOnOrAfter('from', { message: 'La fecha de término debe ser igual o posterior a la de inicio.' })
  @IsRequiredDate()
  to!: string;

  @ApiPropertyOptional({ description: 'El instructor del horario que falta: sus clases del periodo.' })
  @IsOptional()
  @Max(MAX_ID, { message: INSTRUCTOR_MESSAGE })
  @Min(1, { message: INSTRUCTOR_MESSAGE })
  @IsInt({ message: INSTRUCTOR_MESSAGE })
  instructorId?: number;

  @ApiPropertyOptional({ description: 'Solo esta clase del horario (con o sin instructorId).' })
  @IsOptional()
  @IsRowId('La clase no es válida')
  scheduleId?: number;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'El suplente: un instructor activo; null quita a los suplentes del periodo.',
  })
  @Clearable()
  @Max(MAX_ID, { message: SUBSTITUTE_MESSAGE })
  @Min(1, { message: SUBSTITUTE_MESSAGE })
  @IsInt({ message: SUBSTITUTE_MESSAGE })
  substituteId?: number | null;
}

export class SubstitutesResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Suplente asignado a 1 clase. Se avisó a 3 clientes.' })
  message!: string;

  @ApiProperty({ description: 'Clases cuyo instructor cambió con esta llamada.' })
  classes!: number;

  @ApiProperty({ description: 'Clientes avisados por correo.' })
  told!: number;
}
