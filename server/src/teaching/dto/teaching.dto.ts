import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsVisibleText, NormalizeText } from '../../core/dto/text';
import { Trim } from '../../core/dto/transforms';
import { IsOnOrAfter, IsRequiredDate, IsRowId, WithinDaysOf } from '../../core/dto/validators';
import { AttendanceSummaryDto, EnrolledSpotDto, SlotSpotDto } from '../../reservations';

/** The longest period "Mis clases a impartir" reads at once. */
export const MAX_TEACHING_DAYS = 31;
/** A cover request's note, at most. */
export const COVER_NOTE_MAX = 200;

/** instructor/classes: the caller's classes between two dates. */
export class TeachingRangeDto {
  @ApiProperty({ example: '2026-11-24' })
  @IsRequiredDate()
  from!: string;

  @ApiProperty({ example: '2026-11-30', description: `Hasta ${MAX_TEACHING_DAYS} días contando from.` })
  @WithinDaysOf('from', MAX_TEACHING_DAYS, { message: `El periodo no puede pasar de ${MAX_TEACHING_DAYS} días.` })
  @IsOnOrAfter('from', { message: 'La fecha de término debe ser igual o posterior a la de inicio.' })
  @IsRequiredDate()
  to!: string;
}

/** Someone booked in a class the caller teaches, as the door needs them (no contact data). */
export class TeachingStudentDto {
  @ApiProperty({ description: 'La reserva: para marcar su asistencia.' })
  reservationId!: number;

  @ApiProperty({ description: 'Su cuenta: para leer su cuestionario de salud (GET /api/health-profiles/{userId}).' })
  userId!: number;

  @ApiProperty({ example: 'Ana López' })
  name!: string;

  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'Asistencia marcada en la puerta: true asistió, false no asistió, null sin marcar.',
  })
  attended!: boolean | null;

  @ApiProperty({ type: EnrolledSpotDto, nullable: true, description: 'Su reformer; null si no tiene uno asignado.' })
  spot!: EnrolledSpotDto | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 3,
    description: 'Clases que le quedan al plan con el que reservó; null si paga en el estudio.',
  })
  classesRemaining!: number | null;

  @ApiProperty({ description: 'Entró sin plan que cubriera la fecha: la clase se paga en el estudio.' })
  paidAtStudio!: boolean;

  @ApiProperty({ description: 'Primera vez: no tiene ninguna clase reservada antes de esta.' })
  firstTime!: boolean;

  @ApiProperty({ description: 'Cumple años el día de la clase.' })
  birthday!: boolean;

  @ApiProperty({
    description: 'Su cuestionario de salud tiene algo que saber: el detalle, a pedido (queda registrado).',
  })
  healthNote!: boolean;
}

export const COVER_REQUEST_STATES = ['open', 'approved', 'declined', 'withdrawn'] as const;

/** A request for a substitute, as its instructor sees it. */
export class CoverRequestDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({
    enum: COVER_REQUEST_STATES,
    enumName: 'CoverRequestState',
    description: 'open: abierta; approved: aprobada (hay suplente); declined: rechazada; withdrawn: retirada.',
  })
  status!: (typeof COVER_REQUEST_STATES)[number];

  @ApiProperty({ type: String, nullable: true, example: 'Cita médica' })
  note!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'El suplente que nombró el estudio al aprobarla.' })
  substitute!: string | null;
}

/** A class the caller teaches on a date, with its roster. */
export class TeachingClassDto {
  @ApiProperty({ description: 'La clase del horario semanal.' })
  scheduleId!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'La clase en esa fecha; null mientras nadie ha reservado.',
  })
  classId!: number | null;

  @ApiProperty({ example: '2026-11-24' })
  date!: string;

  @ApiProperty({ example: '7:00 AM', description: 'Hora del estudio, 12 horas.' })
  time!: string;

  @ApiProperty({ example: 50 })
  durationMinutes!: number;

  @ApiProperty({ example: 8 })
  capacity!: number;

  @ApiProperty({ example: 3 })
  reservedCount!: number;

  @ApiProperty({ description: 'La clase ya comenzó (hora del estudio).' })
  isPastClass!: boolean;

  @ApiProperty({ description: 'El estudio canceló la clase en esta fecha.' })
  isCancelled!: boolean;

  @ApiProperty({ description: 'Quien llama la da como suplente.' })
  substitute!: boolean;

  @ApiProperty({ type: [TeachingStudentDto] })
  students!: TeachingStudentDto[];

  @ApiProperty({
    type: [SlotSpotDto],
    description:
      'Los reformers de la sala en esta clase, del frente hacia atrás (el mapa de la puerta); vacío sin sala.',
  })
  spots!: SlotSpotDto[];

  @ApiProperty({ type: AttendanceSummaryDto })
  attendance!: AttendanceSummaryDto;

  @ApiProperty({
    description: 'Ahora se puede marcar la asistencia: desde el inicio de la clase y hasta 7 días después.',
  })
  canMarkAttendance!: boolean;

  @ApiProperty({ description: 'Ahora se puede agregar a un cliente sin reserva: hasta que la clase termina.' })
  canWalkIn!: boolean;

  @ApiProperty({
    type: CoverRequestDto,
    nullable: true,
    description: 'Su última petición de suplente para esta clase; null si no pidió ninguna.',
  })
  coverRequest!: CoverRequestDto | null;
}

export class TeachingClassesResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [TeachingClassDto], description: 'Por fecha y hora.' })
  data!: TeachingClassDto[];
}

/** instructor/cover-requests: ask for a substitute for one of one's classes. */
export class AskCoverDto {
  @ApiProperty({ description: 'La clase del horario.', example: 3 })
  @IsRowId('La clase no es válida')
  scheduleId!: number;

  @ApiProperty({ example: '2026-12-01' })
  @IsRequiredDate()
  date!: string;

  @ApiPropertyOptional({ example: 'Cita médica', maxLength: COVER_NOTE_MAX })
  @IsOptional()
  @Trim()
  @NormalizeText()
  @IsVisibleText({ message: 'La nota no puede tener caracteres invisibles ni de control.' })
  @MaxLength(COVER_NOTE_MAX, { message: `La nota no puede tener más de ${COVER_NOTE_MAX} caracteres` })
  @IsString({ message: 'La nota no es válida' })
  note?: string;
}

export class CoverRequestIdDto {
  @ApiProperty({ example: 4 })
  @IsRowId('La petición no es válida')
  id!: number;
}

export class ApproveCoverDto {
  @ApiProperty({ example: 4 })
  @IsRowId('La petición no es válida')
  id!: number;

  @ApiProperty({ description: 'El suplente: un instructor activo que no sea quien la pidió.', example: 2 })
  @IsRowId('Elige un suplente de la lista de instructores')
  substituteId!: number;
}

export class CoverRequestResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Pediste un suplente para tu clase.' })
  message!: string;

  @ApiProperty({ type: CoverRequestDto })
  coverRequest!: CoverRequestDto;
}

/** An open request, as the owner sees it. */
export class OpenCoverRequestDto {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  scheduleId!: number;

  @ApiProperty({ example: '2026-12-01' })
  date!: string;

  @ApiProperty({ example: '7:00 AM' })
  time!: string;

  @ApiProperty({ description: 'El perfil de quien la pidió.' })
  instructorId!: number;

  @ApiProperty({ example: 'Ana López' })
  instructor!: string;

  @ApiProperty({ type: String, nullable: true, example: 'Cita médica' })
  note!: string | null;

  @ApiProperty({ description: 'Cuándo la pidió (ISO 8601).' })
  requestedAt!: string;
}

export class OpenCoverRequestsResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [OpenCoverRequestDto], description: 'Las peticiones abiertas de clases por venir, por fecha.' })
  data!: OpenCoverRequestDto[];
}

export class CoverDecisionResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Aprobada: Luis da la clase. Avisamos a 3 clientes.' })
  message!: string;
}
