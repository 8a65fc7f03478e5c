import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { IsPesos, MAX_ID } from '../../core/dto/validators';
import { PAYMENT_ISSUES, PAYMENT_METHODS, type PaymentIssue, type PaymentMethod } from '../entities/payment.entity';

const PAYMENT_MESSAGE = 'El pago no es válido';
const AMOUNT_MESSAGE = 'El monto debe ser un número mayor que 0 con hasta dos decimales';
const USER_MESSAGE = 'El usuario no es válido';

// class-validator runs a field's decorators bottom-up and the global pipe stops at the first
// failure, so each field's "required" rule is written last.

/**
 * admin/refund-payment: a purchase refunded in full or in part: through Mercado Pago, or recorded
 * when it was a desk sale (the money is given back at the desk).
 */
export class RefundPaymentDto {
  @ApiProperty({ description: 'La compra (su id en la lista de compras del usuario).' })
  @Max(MAX_ID, { message: PAYMENT_MESSAGE })
  @Min(1, { message: PAYMENT_MESSAGE })
  @IsInt({ message: PAYMENT_MESSAGE })
  @IsNotEmpty({ message: PAYMENT_MESSAGE })
  paymentId!: number;

  @ApiPropertyOptional({
    description: 'Pesos a reembolsar; sin él, se reembolsa todo lo que queda.',
    minimum: 0.01,
    maximum: 100000,
    example: 500,
  })
  @IsOptional()
  @Max(100_000, { message: AMOUNT_MESSAGE })
  @Min(0.01, { message: AMOUNT_MESSAGE })
  @IsPesos({ message: AMOUNT_MESSAGE })
  amount?: number;

  @ApiPropertyOptional({
    description:
      'Un UUID que el navegador crea para cada monto del diálogo: repetir la solicitud con él (doble clic, reintento) reembolsa una sola vez. ' +
      'Queda ligado al pago y al monto de su primera solicitud: con otro pago u otro monto se rechaza (409 REFUND_KEY_REUSED).',
    example: '3f0e2a52-6a8e-4c3e-9a51-0d7f3c1b2a90',
  })
  @IsOptional()
  @IsUUID('4', { message: 'La clave de la solicitud no es válida' })
  idempotencyKey?: string;
}

export class UserPurchasesDto {
  @ApiProperty({ description: 'El usuario.' })
  @Max(MAX_ID, { message: USER_MESSAGE })
  @Min(1, { message: USER_MESSAGE })
  @IsInt({ message: USER_MESSAGE })
  @IsNotEmpty({ message: USER_MESSAGE })
  userId!: number;
}

/** A purchase as the admin sees it: what Mercado Pago charged, refunds and why it granted nothing. */
export class AdminPurchaseDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Ocho Clases' })
  plan!: string;

  @ApiProperty({ example: 'approved', description: 'El estado en Mercado Pago (approved, refunded, charged_back…).' })
  status!: string;

  @ApiProperty({ type: String, nullable: true, example: 'accredited', description: 'p. ej. partially_refunded.' })
  statusDetail!: string | null;

  @ApiProperty({ example: 1564, description: 'Total de la compra en pesos, con la comisión.' })
  total!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Lo que Mercado Pago cobró, en pesos.' })
  paid!: number | null;

  @ApiProperty({ example: 0, description: 'Pesos reembolsados hasta ahora.' })
  refunded!: number;

  @ApiProperty({ example: 1564, description: 'Pesos que aún se pueden reembolsar (0 si no se puede).' })
  refundable!: number;

  @ApiProperty({
    enum: PAYMENT_ISSUES,
    nullable: true,
    description:
      'Por qué no dio un plan: amount_mismatch (monto no coincide), currency_mismatch, not_live (pago de prueba), duplicate (a reembolsar), balance_missing (el saldo de regalo ya no estaba), promo_taken (pagado después de vencer, cuando el código ya no tenía usos), intro_taken (pagado después de vencer, cuando la persona ya había comprado su primera vez), account_deleted (pagado después de que la persona eliminó su cuenta: se reembolsa solo).',
  })
  issue!: PaymentIssue | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'La compra ya pagada de la que este pago es un duplicado.',
  })
  duplicateOf!: number | null;

  @ApiProperty({ type: String, nullable: true, description: 'El id del pago en Mercado Pago.' })
  providerPaymentId!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601.' })
  approvedAt!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'El plan que creó.' })
  userPlanId!: number | null;

  @ApiProperty({
    enum: PAYMENT_METHODS,
    description:
      'mercado_pago, o una venta en mostrador: efectivo, transferencia o terminal (su reembolso se registra, no pasa por Mercado Pago).',
  })
  method!: PaymentMethod;

  @ApiProperty({ type: Number, nullable: true, description: 'Venta en mostrador: pesos recibidos.' })
  received!: number | null;

  @ApiProperty({
    example: 0,
    description:
      'Pesos pagados con el saldo de regalo (0: nada). Con un reembolso total vuelven a ese saldo; un plan pagado solo con saldo se devuelve completo al saldo.',
  })
  balance!: number;
}

export class AdminPurchasesResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({
    type: [AdminPurchaseDto],
    description: 'Las compras del usuario con Mercado Pago, la más reciente primero.',
  })
  purchases!: AdminPurchaseDto[];
}

export class RefundPaymentResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Reembolso hecho' })
  message!: string;

  @ApiProperty({ type: AdminPurchaseDto })
  purchase!: AdminPurchaseDto;
}
