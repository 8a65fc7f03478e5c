import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

/** No month before it (the studio has no classes before 2000), as the dashboard's periods. */
export const EARLIEST_PAY_MONTH = '2000-01';
export const MONTH_MESSAGE = 'El mes no es válido (AAAA-MM).';
export const EARLIEST_MONTH_MESSAGE = 'El mes no puede ser anterior a enero de 2000.';
export const FUTURE_MONTH_MESSAGE = 'El mes no puede ser posterior al mes en curso.';

/** A studio-calendar month. */
export class PayMonthDto {
  @ApiProperty({ example: '2026-11', description: 'Mes del estudio (AAAA-MM), a lo más el mes en curso.' })
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: MONTH_MESSAGE })
  @IsString({ message: MONTH_MESSAGE })
  month!: string;
}

/** The rate the report applied: the instructor's current one. */
export class PayRateDto {
  @ApiProperty({ example: 15000, description: 'Centavos por clase impartida.' })
  perClassCents!: number;

  @ApiProperty({ example: 2000, description: 'Centavos por asistente arriba de attendeeThreshold.' })
  perAttendeeCents!: number;

  @ApiProperty({ example: 4, description: 'Asistentes que cubre el pago por clase.' })
  attendeeThreshold!: number;
}

/** One class of the month an instructor taught, or that was cancelled (paid 0). */
export class PaidClassDto {
  @ApiProperty({ description: 'La clase de esa fecha (class_sessions.id).' })
  classId!: number;

  @ApiProperty({ example: '2026-11-03', description: 'Fecha del estudio.' })
  date!: string;

  @ApiProperty({ example: '07:00', description: 'Hora del estudio, 24 horas.' })
  startTime!: string;

  @ApiProperty({ example: '7:00 AM' })
  time!: string;

  @ApiProperty({ enum: ['held', 'cancelled'], description: 'cancelled: la canceló el estudio, se paga 0.' })
  status!: 'held' | 'cancelled';

  @ApiProperty({ description: 'La dio como suplente.' })
  substitute!: boolean;

  @ApiProperty({
    description:
      'Asistentes pagados: los marcados como asistió; si nunca se tomó asistencia, las reservas activas. 0 si se canceló.',
  })
  attendees!: number;

  @ApiProperty({ description: 'false: nadie fue marcado en esta clase y se contaron las reservas activas.' })
  attendanceTaken!: boolean;

  @ApiProperty({ example: 15000, description: 'Centavos.' })
  amountCents!: number;
}

/** One instructor's month. */
export class InstructorPayDto {
  @ApiProperty()
  instructorId!: number;

  @ApiProperty({ example: 'Ana López' })
  name!: string;

  @ApiProperty({ type: PayRateDto })
  rate!: PayRateDto;

  @ApiProperty({ type: [PaidClassDto], description: 'Por fecha y hora.' })
  classes!: PaidClassDto[];

  @ApiProperty({ description: 'Clases pagadas (sin las canceladas).' })
  classesTaught!: number;

  @ApiProperty({ description: 'Asistentes pagados en el mes.' })
  attendees!: number;

  @ApiProperty({ example: 61000, description: 'Centavos.' })
  totalCents!: number;
}

/** POST /api/admin/instructor-pay: every instructor who taught or had a class cancelled that month. */
export class InstructorPayReportResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: '2026-11' })
  month!: string;

  @ApiProperty({ type: [InstructorPayDto], description: 'Por nombre.' })
  instructors!: InstructorPayDto[];

  @ApiProperty({ example: 122000, description: 'La suma de todos, centavos.' })
  totalCents!: number;
}

/** POST /api/instructor/pay: the caller's own month. */
export class MyPayResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: '2026-11' })
  month!: string;

  @ApiProperty({ type: InstructorPayDto })
  report!: InstructorPayDto;
}
