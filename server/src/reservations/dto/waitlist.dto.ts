import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsRowId } from '../../core/dto/validators';
import { PushReservationDto } from './booking.dto';

/** join-waitlist: the class, as push-reservation names it. */
export class JoinWaitlistDto extends PickType(PushReservationDto, ['date', 'classReservation'] as const) {}

export class WaitlistIdDto {
  @ApiProperty({ description: 'El lugar en la lista de espera.', example: 3 })
  @IsRowId('El lugar en la lista de espera no es válido')
  id!: number;
}

export class JoinWaitlistResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Te uniste a la lista de espera. Eres el 2.º en la lista.' })
  message!: string;

  @ApiProperty({ description: 'El lugar en la lista (para salir de ella).' })
  waitlistId!: number;

  @ApiProperty({ description: '1 para el primero de la lista.', example: 2 })
  position!: number;
}

export class WaitlistActionResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Saliste de la lista de espera.' })
  message!: string;
}

export class PromoteWaitlistResponseDto extends WaitlistActionResponseDto {
  @ApiProperty({ description: 'La reserva creada.' })
  reservationId!: number;
}

/** A client's place in the line of one class ("Mis clases"). */
export class WaitlistPlaceDto {
  @ApiProperty({ description: 'El lugar en la lista de espera.' })
  id!: number;

  @ApiProperty({ example: '2026-11-24' })
  date!: string;

  @ApiProperty({ example: '7:00 AM' })
  time!: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  instructor!: string | null;

  @ApiProperty({ description: '1 para el primero de la lista.', example: 2 })
  position!: number;
}

/** Someone waiting, as the roster lists them (admin). */
export class RosterWaitingDto {
  @ApiProperty({ description: 'El lugar en la lista de espera.' })
  id!: number;

  @ApiProperty()
  userId!: number;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ example: 1 })
  position!: number;
}
