import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { PaginationDto } from '../../core/dto/pagination.dto';
import { IsDateOnly, IsOnOrAfter, IsRowId, MAX_PAGE } from '../../core/dto/validators';

/** Subscribing to a membership plan of the catalogue. */
export class SubscribeDto {
  @ApiProperty({ description: 'La membresía del catálogo (un plan de tipo «membership»).' })
  @IsRowId('El plan no es válido')
  planId!: number;
}

export class SubscribeResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({
    description: 'Donde el cliente autoriza su tarjeta en Mercado Pago (el primer cobro inicia la membresía).',
    example: 'https://www.mercadopago.com.mx/subscriptions/checkout?preapproval_id=2c9380847e9b451c017ea1d0b9ea0565',
  })
  url!: string;
}

export const MEMBERSHIP_STATUS_VALUES = ['pending', 'active', 'paused', 'past_due', 'cancelled'] as const;

/** The client's membership call: the studio week around `date` (default today). */
export class GetMembershipDto {
  @ApiPropertyOptional({ example: '2026-11-27', description: 'Un día de la semana a contar (por omisión, hoy).' })
  @IsOptional()
  @IsDateOnly({ message: 'La fecha no es válida (AAAA-MM-DD).' })
  date?: string;
}

export class MembershipPauseDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: '2026-12-01', description: 'Primer día de la pausa (incluido).' })
  from!: string;

  @ApiProperty({ example: '2026-12-07', description: 'Último día de la pausa (incluido).' })
  to!: string;
}

export class MembershipWeekDto {
  @ApiProperty({ example: '2026-11-23', description: 'Lunes de la semana del estudio.' })
  start!: string;

  @ApiProperty({ example: '2026-11-29', description: 'Domingo de la semana del estudio.' })
  end!: string;

  @ApiProperty({ example: 2, description: 'Clases reservadas con la membresía esa semana.' })
  used!: number;

  @ApiProperty({ type: Number, nullable: true, example: 3, description: 'Clases por semana; null: ilimitada.' })
  limit!: number | null;
}

export class MembershipDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Membresía 3 por semana' })
  planName!: string;

  @ApiProperty({ type: Number, nullable: true, example: 3, description: 'Clases por semana; null: ilimitada.' })
  weeklyLimit!: number | null;

  @ApiProperty({ example: 1, description: 'Clases por día (ajuste del estudio; aplica a las ilimitadas).' })
  dailyLimit!: number;

  @ApiProperty({ enum: MEMBERSHIP_STATUS_VALUES })
  status!: (typeof MEMBERSHIP_STATUS_VALUES)[number];

  @ApiProperty({ example: 180000, description: 'Cobro mensual en centavos.' })
  totalCents!: number;

  @ApiProperty({ type: String, nullable: true, example: '2026-12-26', description: 'Último día pagado.' })
  paidThrough!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '2027-01-26',
    description: 'Último día que se puede reservar (pagado más un periodo, nunca después de cancelsOn).',
  })
  bookableUntil!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'Cancelada: último día en que sigue vigente.',
  })
  cancelsOn!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601: desde cuándo tiene un pago pendiente.' })
  pastDueSince!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'ISO 8601: desde cuándo ya no puede reservar por el pago pendiente (pastDueSince + días de gracia).',
  })
  bookingBlockedFrom!: string | null;

  @ApiProperty({ type: [MembershipPauseDto], description: 'Pausas que no han terminado, de la más próxima.' })
  pauses!: MembershipPauseDto[];

  @ApiProperty({ example: 23, description: 'Días de pausa que aún puede tomar este año.' })
  pauseDaysLeftThisYear!: number;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Con pago pendiente: dónde actualizar la tarjeta (Mercado Pago o el simulador).',
  })
  updateCardUrl!: string | null;

  @ApiProperty({ type: MembershipWeekDto })
  week!: MembershipWeekDto;
}

export class MyMembershipResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: MembershipDto, nullable: true, description: 'null: no tiene una membresía vigente.' })
  membership!: MembershipDto | null;
}

export class PauseMembershipDto {
  @ApiProperty({ example: '2026-12-01', description: 'Primer día de la pausa (desde mañana).' })
  @IsDateOnly({ message: 'La fecha de inicio no es válida (AAAA-MM-DD).' })
  from!: string;

  @ApiProperty({ example: '2026-12-07', description: 'Último día de la pausa (incluido).' })
  @IsOnOrAfter('from', { message: 'La fecha de término debe ser igual o posterior a la de inicio.' })
  @IsDateOnly({ message: 'La fecha de término no es válida (AAAA-MM-DD).' })
  to!: string;
}

export class AdminMembershipsDto {
  @ApiPropertyOptional({ enum: MEMBERSHIP_STATUS_VALUES, description: 'Solo las de este estado.' })
  @IsOptional()
  @IsIn(MEMBERSHIP_STATUS_VALUES, { message: 'El estado no es válido' })
  status?: (typeof MEMBERSHIP_STATUS_VALUES)[number];

  @ApiPropertyOptional({ description: 'Página, desde 1 (20 por página).', default: 1 })
  @IsOptional()
  @Max(MAX_PAGE, { message: 'La página no es válida' })
  @Min(1, { message: 'La página no es válida' })
  @IsInt({ message: 'La página no es válida' })
  page?: number;
}

export class AdminMembershipLineDto {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  userId!: number;

  @ApiProperty({ example: 'Lucía Pérez' })
  clientName!: string;

  @ApiProperty({ example: 'lucia@example.com' })
  clientEmail!: string;

  @ApiProperty({ example: 'Membresía 3 por semana' })
  planName!: string;

  @ApiProperty({ enum: MEMBERSHIP_STATUS_VALUES })
  status!: (typeof MEMBERSHIP_STATUS_VALUES)[number];

  @ApiProperty({ type: String, nullable: true })
  paidThrough!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601.' })
  pastDueSince!: string | null;

  @ApiProperty({ example: 180000 })
  totalCents!: number;
}

export class AdminMembershipsResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [AdminMembershipLineDto], description: 'Las más recientes primero.' })
  memberships!: AdminMembershipLineDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}

export class MembershipIdDto {
  @ApiProperty({ description: 'La membresía.' })
  @IsRowId('La membresía no es válida')
  id!: number;
}

export class MembershipChargeIdDto {
  @ApiProperty({ description: 'El cobro mensual de la membresía (membership_charges.id).' })
  @IsRowId('El cobro no es válido')
  chargeId!: number;
}

export class MembershipClientDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Lucía Pérez' })
  name!: string;

  @ApiProperty({ example: 'lucia@example.com' })
  email!: string;
}

export class MembershipChargeDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ description: 'El id del cobro en Mercado Pago (authorized payment).' })
  providerChargeId!: string;

  @ApiProperty({ type: String, nullable: true, example: 'approved', description: 'Estado del pago en Mercado Pago.' })
  paymentStatus!: string | null;

  @ApiProperty({ type: Number, nullable: true, example: 180000 })
  amountCents!: number | null;

  @ApiProperty({ description: 'ISO 8601.' })
  createdAt!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Último día del periodo que pagó, si extendió la membresía.',
  })
  periodEnd!: string | null;

  @ApiProperty()
  refunded!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Por qué un cobro aprobado no extendió la membresía (amount_mismatch, currency_mismatch).',
  })
  issue!: string | null;
}

export class AdminMembershipDetailResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: MembershipDto })
  membership!: MembershipDto;

  @ApiProperty({ type: MembershipClientDto })
  client!: MembershipClientDto;

  @ApiProperty({ type: [MembershipChargeDto], description: 'Los cobros, el más reciente primero.' })
  charges!: MembershipChargeDto[];
}
