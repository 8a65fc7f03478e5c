import { RosterWaitingDto } from './waitlist.dto';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsRequiredDate } from '../../core/dto/validators';
import { ClassTypeSummaryDto } from '../../class-types';

export class DateRequestDto {
  @ApiProperty({ description: 'Fecha del estudio, YYYY-MM-DD.', example: '2026-11-24' })
  @IsRequiredDate()
  date!: string;
}

export const SLOT_SPOT_STATES = ['free', 'taken', 'mine', 'out_of_service'] as const;
export type SlotSpotState = (typeof SLOT_SPOT_STATES)[number];

/** A reformer of the room as one class sees it. */
export class SlotSpotDto {
  @ApiProperty({ example: 4 })
  id!: number;

  @ApiProperty({ example: 'Reformer 4' })
  label!: string;

  @ApiProperty({ example: 1, description: 'Fila en el plano de la sala (0 al frente).' })
  row!: number;

  @ApiProperty({ example: 3, description: 'Columna en el plano de la sala (0 a la izquierda).' })
  column!: number;

  @ApiProperty({
    enum: SLOT_SPOT_STATES,
    enumName: 'SlotSpotState',
    description:
      'free: libre; taken: de otra persona; mine: de quien llama; out_of_service: fuera de servicio ese día.',
  })
  state!: SlotSpotState;
}

/** The reformer a roster's client holds. */
export class EnrolledSpotDto {
  @ApiProperty({ example: 4 })
  id!: number;

  @ApiProperty({ example: 'Reformer 4' })
  label!: string;
}

export class SlotDto {
  @ApiProperty({ description: 'La clase del horario semanal.' })
  scheduleId!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'La clase en esa fecha; null mientras nadie ha reservado.',
  })
  classId!: number | null;

  @ApiProperty({ example: '7:00 AM', description: 'Hora del estudio, 12 horas.' })
  time!: string;

  @ApiProperty({ example: 50, description: 'Duración de la clase, en minutos.' })
  durationMinutes!: number;

  @ApiProperty({ example: 8 })
  capacity!: number;

  @ApiProperty({ example: 3 })
  reservedCount!: number;

  @ApiProperty({ description: 'La clase ya comenzó (hora del estudio).' })
  isPastClass!: boolean;

  @ApiProperty({
    description:
      'Hasta cuándo se puede cancelar sin costo (ISO 8601): la reserva de quien llama, o una reserva hecha ahora.',
  })
  cancelUntil!: string;

  @ApiProperty({
    description:
      'Quien llama aún puede cancelar: su reserva, o una reserva hecha ahora (false: reservada dentro del límite, ' +
      'cancelarla ya no devuelve la clase).',
  })
  cancellable!: boolean;

  @ApiProperty({ description: 'El estudio canceló la clase en esta fecha.' })
  isCancelled!: boolean;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'El perfil del instructor (filtro por instructor).',
  })
  instructorId!: number | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  instructor!: string | null;

  @ApiProperty({ description: 'Un suplente da la clase en esta fecha (instructor es el suplente).' })
  substitute!: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '/api/fotos/instructores/7-3f2a9c0d1e4b5a69-480.webp',
    description: 'La foto de quien da la clase (como photoUrl de /api/instructores); null: sin foto.',
  })
  instructorPhotoUrl!: string | null;
  @ApiProperty({ type: ClassTypeSummaryDto, description: 'El tipo de clase (filtro por tipo).' })
  classType!: ClassTypeSummaryDto;

  @ApiProperty({
    example: '[{"id":null,"name":null}]',
    description:
      'JSON de [{id, name}]: para un admin, todos los inscritos; para un cliente, solo él mismo si está inscrito. ' +
      '[{"id":null,"name":null}] cuando no hay nadie que mostrar.',
  })
  users!: string;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'La reserva activa de quien llama en esta clase, si la tiene.',
  })
  myReservationId!: number | null;

  @ApiProperty({ description: 'Cuántos clientes esperan un lugar en la lista de espera.', example: 0 })
  waitlistCount!: number;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'El lugar de quien llama en la lista de espera (1 = el primero); null si no espera.',
  })
  myWaitlistPosition!: number | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'Su lugar en la lista de espera, para salir de ella; null si no espera.',
  })
  myWaitlistId!: number | null;

  @ApiProperty({
    type: [SlotSpotDto],
    description:
      'Los reformers de la sala en esta clase, del frente hacia atrás. Los lugares que se pueden reservar nunca ' +
      'son más que los reformers en servicio ese día (capacity ya lo cuenta).',
  })
  spots!: SlotSpotDto[];
}

/** The strike rule paused the caller's online booking: through `until`, and the sentence saying why. */
export class BookingBlockDto {
  @ApiProperty({ example: '2026-12-11', description: 'Último día pausado (fecha del estudio).' })
  until!: string;

  @ApiProperty({
    example:
      'Tu reserva en línea está pausada hasta el viernes 11 de diciembre de 2026 por 3 inasistencias en 30 días. Escríbenos por WhatsApp al 722 123 4567 si crees que es un error.',
  })
  message!: string;
}

export class SlotsResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: '2026-11-24' })
  date!: string;

  @ApiProperty({ type: [SlotDto] })
  data!: SlotDto[];

  @ApiPropertyOptional({
    type: BookingBlockDto,
    description: 'Solo cuando la regla de inasistencias pausó la reserva en línea de quien consulta.',
  })
  bloqueo?: BookingBlockDto;
}

export class EnrolledUserDto {
  @ApiProperty()
  reservationId!: number;

  @ApiProperty()
  id!: number;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'Asistencia marcada en la puerta: true asistió, false no asistió, null sin marcar.',
  })
  attended!: boolean | null;

  @ApiProperty({ description: 'Entró sin plan que cubriera la fecha: la clase se paga en el estudio.' })
  paidAtStudio!: boolean;

  @ApiProperty({
    type: EnrolledSpotDto,
    nullable: true,
    description: 'Su reformer; null en reservas hechas antes de dibujar la sala.',
  })
  spot!: EnrolledSpotDto | null;

  @ApiProperty({
    description: 'Un administrador perdonó su inasistencia: la clase volvió a su plan si seguía vigente.',
  })
  forgiven!: boolean;

  @ApiProperty({
    description:
      'Su cuestionario de salud tiene algo que saber (un sí u otras condiciones): el detalle, con GET /api/health-profiles/{id}.',
  })
  healthNote!: boolean;
}

/** A place released after the deadline ("Lugar liberado"): no longer booked, the class kept used. */
export class ReleasedPlaceDto {
  @ApiProperty()
  reservationId!: number;

  @ApiProperty()
  id!: number;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ description: 'Cuándo liberó su lugar (ISO 8601).' })
  releasedAt!: string;

  @ApiProperty({ description: 'Un administrador lo perdonó: la clase volvió a su plan si seguía vigente.' })
  forgiven!: boolean;
}

export class AttendanceSummaryDto {
  @ApiProperty({ example: 5 })
  attended!: number;

  @ApiProperty({ example: 1 })
  noShow!: number;

  @ApiProperty({ example: 2 })
  unmarked!: number;
}

export class RosterSlotDto extends SlotDto {
  @ApiProperty({ type: [EnrolledUserDto] })
  enrolled!: EnrolledUserDto[];

  @ApiProperty({
    type: [ReleasedPlaceDto],
    description: 'Quienes liberaron su lugar después del límite para cancelar sin costo («Lugar liberado»).',
  })
  released!: ReleasedPlaceDto[];

  @ApiProperty({ type: [RosterWaitingDto], description: 'La lista de espera, en orden.' })
  waitlist!: RosterWaitingDto[];

  @ApiProperty({ type: AttendanceSummaryDto, description: 'Asistieron, no asistieron y sin marcar, de los inscritos.' })
  attendance!: AttendanceSummaryDto;

  @ApiProperty({
    description: 'Ahora se puede marcar la asistencia: desde el inicio de la clase y hasta 7 días después.',
  })
  canMarkAttendance!: boolean;

  @ApiProperty({ description: 'Ahora se puede agregar a un cliente sin reserva: hasta que la clase termina.' })
  canWalkIn!: boolean;
}

export class RosterResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: '2026-11-24' })
  date!: string;

  @ApiProperty({ type: [RosterSlotDto] })
  data!: RosterSlotDto[];
}
