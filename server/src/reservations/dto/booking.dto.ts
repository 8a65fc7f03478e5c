import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional } from 'class-validator';
import { IsRowId, IsRequiredDate } from '../../core/dto/validators';
import { SpotRefDto } from '../../sala';

export class PushReservationDto {
  @ApiProperty({ description: 'Fecha de la clase, YYYY-MM-DD (calendario del estudio).', example: '2026-11-24' })
  @IsRequiredDate()
  date!: string;

  @ApiProperty({ description: 'El scheduleId de la clase elegida.', example: 1 })
  @IsRowId('La clase no es válida')
  classReservation!: number;

  @ApiPropertyOptional({ description: 'Quien reserva: el usuario de la sesión; solo un admin puede nombrar a otro.' })
  @IsOptional()
  @IsRowId('El usuario no es válido')
  userId?: number;

  @ApiPropertyOptional({ description: 'El reformer elegido (su id); sin él, «Cualquiera».', example: 4 })
  @IsOptional()
  @IsRowId('El reformer no es válido')
  spot?: number;
}

export class ReservationIdDto {
  @ApiProperty({ description: 'La reserva.', example: 12 })
  @IsRowId('La reserva no es válida')
  id!: number;
}

export class BookingResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: '¡Has reservado con éxito!' })
  message!: string;

  @ApiProperty({ description: 'La reserva creada.' })
  reservationId!: number;

  @ApiProperty({ type: SpotRefDto, description: 'El reformer de la reserva.' })
  spot!: SpotRefDto;

  @ApiProperty({ description: 'Hasta cuándo el cliente puede cancelarla sin costo (ISO 8601).' })
  cancelUntil!: string;

  @ApiProperty({
    description: 'false: reservada dentro del límite; si la cancela, la clase no se devuelve (ni puede cancelarla).',
  })
  cancellable!: boolean;
}

export class CancelResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Cancelaste tu clase. La clase volvió a tu plan.' })
  message!: string;
}

/** mark-attendance: whether the client of a reservation came. */
export class MarkAttendanceDto extends ReservationIdDto {
  @ApiProperty({ description: 'true: asistió; false: no asistió.', example: true })
  @IsBoolean({ message: 'Indica si asistió (true) o no (false)' })
  @IsNotEmpty({ message: 'Indica si asistió (true) o no (false)' })
  attended!: boolean;
}

export class MarkAttendanceResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Asistencia marcada.' })
  message!: string;

  @ApiProperty({ description: 'true: asistió; false: no asistió.' })
  attended!: boolean;

  @ApiProperty({ description: 'false cuando ya tenía ese valor: no cambió nada.' })
  changed!: boolean;
}

/** change-spot: another reformer for a reservation. */
export class ChangeSpotDto {
  @ApiProperty({ description: 'La reserva.', example: 12 })
  @IsRowId('La reserva no es válida')
  reservationId!: number;

  @ApiProperty({ description: 'El reformer nuevo (su id).', example: 4 })
  @IsRowId('El reformer no es válido')
  spot!: number;
}

export class ChangeSpotResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Tu lugar es ahora Reformer 4.' })
  message!: string;

  @ApiProperty({ type: SpotRefDto })
  spot!: SpotRefDto;
}

/** release-spot's answer: the place was given up after the deadline; the class was not returned. */
export class ReleaseSpotResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Liberaste tu lugar. La clase no se devolvió a tu plan.' })
  message!: string;

  @ApiProperty({ example: false, enum: [false], description: 'Siempre false: la clase no vuelve al plan.' })
  refunded!: false;
}
