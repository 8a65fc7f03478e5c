import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PagedUserRequestDto } from '../../core/dto/paged-user-request.dto';
import { PaginationDto } from '../../core/dto/pagination.dto';
import { SpotRefDto } from '../../sala';
import { WaitlistPlaceDto } from './waitlist.dto';

/** Which of a client's classes a page lists: those that have not started, or those that have. */
export const MY_CLASSES_PERIODS = ['proximas', 'pasadas'] as const;
export type MyClassesPeriod = (typeof MY_CLASSES_PERIODS)[number];

export class GetClasesDto extends PagedUserRequestDto {
  @ApiPropertyOptional({
    enum: MY_CLASSES_PERIODS,
    description:
      'proximas: las que no han comenzado, la más próxima primero; pasadas: las que ya comenzaron, la más ' +
      'reciente primero. Por omisión, las dos: próximas y luego pasadas.',
  })
  @IsOptional()
  @IsIn(MY_CLASSES_PERIODS, { message: 'El periodo debe ser «proximas» o «pasadas»' })
  periodo?: MyClassesPeriod;
}

export class MyClassDto {
  @ApiProperty({ description: 'La reserva.' })
  id!: number;

  @ApiProperty({ example: '2026-11-24' })
  date!: string;

  @ApiProperty({ example: 'Martes' })
  dayOfWeek!: string;

  @ApiProperty({ example: '7:00 AM' })
  time!: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  instructor!: string | null;

  @ApiProperty({ example: 'Pilates Reformer · Básico', description: 'El tipo de la clase y su nivel.' })
  classType!: string;

  @ApiProperty({ description: 'La clase ya comenzó.' })
  isPast!: boolean;

  @ApiProperty({ description: 'Quien llama aún puede cancelarla.' })
  cancellable!: boolean;

  @ApiProperty({
    description:
      'Pasado el límite y antes de que empiece, el cliente puede «Liberar lugar» (si el estudio lo permite en Ajustes).',
  })
  releasable!: boolean;

  @ApiProperty({ description: 'Hasta cuándo el cliente puede cancelar sin costo (ISO 8601).' })
  cancellableUntil!: string;

  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'Asistencia marcada por el estudio: true asistió, false no asistió, null sin marcar.',
  })
  attended!: boolean | null;

  @ApiProperty({
    type: SpotRefDto,
    nullable: true,
    description: 'El reformer de la reserva; null en reservas hechas antes de dibujar la sala.',
  })
  spot!: SpotRefDto | null;

  @ApiProperty({
    description:
      'El cliente liberó su lugar después del límite para cancelar sin costo («Lugar liberado»): ya no está ' +
      'reservada y la clase no volvió a su plan (salvo que se perdone).',
  })
  lateReleased!: boolean;

  @ApiProperty({
    description:
      'Un administrador perdonó la liberación tardía o la inasistencia: la clase volvió a su plan si seguía vigente.',
  })
  forgiven!: boolean;
}

export class AttendanceCountsDto {
  @ApiProperty({ example: 7, description: 'Clases a las que asistió.' })
  attended!: number;

  @ApiProperty({ example: 1, description: 'Clases a las que no asistió.' })
  noShow!: number;
}

export class MyClassesResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [MyClassDto] })
  clases!: MyClassDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;

  @ApiProperty({
    type: [WaitlistPlaceDto],
    description: 'Las listas de espera en las que está, de clases que no han comenzado, la más próxima primero.',
  })
  listaEspera!: WaitlistPlaceDto[];

  @ApiProperty({ type: AttendanceCountsDto, description: 'Asistencias y faltas marcadas, de todas sus clases.' })
  asistencia!: AttendanceCountsDto;
}

export class CalendarFeedResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'http://127.0.0.1:3000/api/calendar/3f…9a.ics' })
  url!: string;
}
