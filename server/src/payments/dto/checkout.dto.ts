import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { MAX_ID } from '../../core/dto/validators';

/** The checkout body the site has always sent; `price` and `user` are accepted for compatibility and ignored (catalogue and session win). */
export class CheckoutDto {
  @ApiProperty({ description: 'El plan del catálogo.' })
  @Max(MAX_ID, { message: 'El plan no es válido' })
  @Min(1, { message: 'El plan no es válido' })
  @IsInt({ message: 'El plan no es válido' })
  planId!: number;

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
