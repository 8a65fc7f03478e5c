import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { Trim } from '../../core/dto/transforms';
import { IsRowId, IsRequiredDate } from '../../core/dto/validators';
import { SpotRefDto } from '../../sala';

/** The class (and reformer) the client was booking when the booking dialog opened "Contrata un plan". */
export class CheckoutHoldDto {
  @ApiProperty({ description: 'Fecha de la clase, YYYY-MM-DD (calendario del estudio).', example: '2026-11-24' })
  @IsRequiredDate()
  date!: string;

  @ApiProperty({ description: 'El scheduleId de la clase.', example: 1 })
  @IsRowId('La clase no es válida')
  scheduleId!: number;

  @ApiPropertyOptional({ description: 'El reformer elegido (su id); sin él, «Cualquiera».', example: 4 })
  @IsOptional()
  @IsRowId('El reformer no es válido')
  spot?: number;
}

const PROMO_CODE_MESSAGE = 'El código solo lleva letras y números';

/** A promo code as typed: letters and digits, any case (the server compares upper-case). */
export function IsPromoCode(): PropertyDecorator {
  return (target, key) => {
    Matches(/^[A-Za-z0-9]+$/, { message: PROMO_CODE_MESSAGE })(target, key);
    MaxLength(30, { message: 'El código es demasiado largo' })(target, key);
    IsString({ message: PROMO_CODE_MESSAGE })(target, key);
    Trim()(target, key);
  };
}

/** The purchase dialog's preview: what the plan costs, with a code when the client typed one. */
export class CheckoutPreviewDto {
  @ApiProperty({ description: 'El plan del catálogo.' })
  @IsRowId('El plan no es válido')
  planId!: number;

  @ApiPropertyOptional({
    description: 'Código promocional (letras y números; mayúsculas o minúsculas).',
    example: 'BUENFIN',
  })
  @IsOptional()
  @IsPromoCode()
  code?: string;
}

export class CheckoutPreviewResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 150000, description: 'Precio del plan en el catálogo, en centavos.' })
  priceCents!: number;

  @ApiProperty({ example: 15000, description: 'Descuento del código, en centavos (0 sin código).' })
  discountCents!: number;

  @ApiProperty({
    example: 0,
    description: 'Pagado con el saldo de regalo del cliente, en centavos: se resta antes de la comisión (0 sin saldo).',
  })
  balanceCents!: number;

  @ApiProperty({ example: 5860, description: 'Comisión de pago sobre lo que cobra Mercado Pago, en centavos.' })
  commissionCents!: number;

  @ApiProperty({ example: 140860, description: 'Total a pagar en Mercado Pago, en centavos.' })
  totalCents!: number;
}

/** The checkout body the site has always sent; `price` and `user` are accepted for compatibility and ignored (catalogue and session win). */
export class CheckoutDto {
  @ApiProperty({ description: 'El plan del catálogo.' })
  @IsRowId('El plan no es válido')
  planId!: number;

  @ApiPropertyOptional({
    type: CheckoutHoldDto,
    description:
      'La clase que el cliente estaba reservando: su reformer (o «Cualquiera») queda guardado 15 minutos mientras paga, y el pago aprobado lo reserva. Se rechaza como push-reservation (CLASS_FULL, SPOT_TAKEN, …) y entonces no se crea la compra.',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => CheckoutHoldDto)
  @IsObject({ message: 'La clase no es válida' })
  hold?: CheckoutHoldDto;

  @ApiPropertyOptional({
    description:
      'Código promocional: el descuento se resta del precio antes de la comisión; se rechaza con PROMO_INVALID, PROMO_EXPIRED, PROMO_EXHAUSTED, PROMO_NOT_APPLICABLE o PROMO_ONLY_NEW_CLIENTS y entonces no se crea la compra.',
    example: 'BUENFIN',
  })
  @IsOptional()
  @IsPromoCode()
  code?: string;

  @ApiPropertyOptional({ type: Number, description: 'Ignorado: el precio sale del catálogo.' })
  @IsOptional()
  price?: unknown;

  @ApiPropertyOptional({ type: Object, description: 'Ignorado: compra el usuario de la sesión.' })
  @IsOptional()
  user?: unknown;
}

export class CheckoutResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ description: 'A dónde va el navegador para pagar.' })
  url!: string;

  @ApiProperty({
    type: SpotRefDto,
    nullable: true,
    description: 'El reformer guardado 15 minutos mientras paga (con `hold`); null sin `hold`.',
  })
  held!: SpotRefDto | null;

  @ApiProperty({
    example: false,
    description:
      'true: el saldo de regalo pagó todo, el plan ya está activo (y la clase de `hold` reservada); no hay pago en Mercado Pago.',
  })
  paidWithBalance!: boolean;
}

/** The class the approved purchase booked on the reformer held for it. */
export class HeldClassDto {
  @ApiProperty({ example: 31 })
  reservationId!: number;

  @ApiProperty({ example: '2026-11-24', description: 'YYYY-MM-DD (calendario del estudio).' })
  date!: string;

  @ApiProperty({ example: '7:00 AM' })
  time!: string;

  @ApiProperty({ type: SpotRefDto })
  spot!: SpotRefDto;
}

export class ConfirmPaymentDto {
  @ApiProperty({ description: 'El payment_id con el que Mercado Pago devolvió al cliente.', example: '1234567890' })
  @Matches(/^\d{1,20}$/, { message: 'El pago no es válido' })
  @IsString({ message: 'El pago no es válido' })
  @IsNotEmpty({ message: 'El pago no es válido' })
  payment_id!: string;
}

export class PurchaseDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Ocho Clases' })
  plan!: string;

  @ApiProperty({
    example: 'approved',
    description: 'created, pending, in_process, approved, rejected, cancelled, refunded, charged_back, expired…',
  })
  status!: string;

  @ApiProperty({ example: 1575.5, description: 'Total en pesos, con la comisión.' })
  total!: number;

  @ApiProperty({ type: String, nullable: true, description: 'Fecha límite de un pago en efectivo (OXXO), ISO 8601.' })
  expiresAt!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'El plan que creó, si fue aprobado.' })
  userPlanId!: number | null;
}

export class ConfirmPaymentResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: PurchaseDto })
  purchase!: PurchaseDto;

  @ApiProperty({
    type: HeldClassDto,
    nullable: true,
    description:
      'La clase que el pago aprobado reservó en el reformer guardado durante el checkout; null si no había uno o el guardado venció (15 minutos).',
  })
  booked!: HeldClassDto | null;
}

export class PurchasesResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({
    type: [PurchaseDto],
    description: 'Compras de los últimos 30 días que no crearon un plan: pendientes, rechazadas o vencidas.',
  })
  purchases!: PurchaseDto[];
}
