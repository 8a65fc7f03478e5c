import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { RequiredEmail } from '../../auth';
import { IsVisibleText, NormalizeText } from '../../core/dto/text';
import { Trim } from '../../core/dto/transforms';
import { IsRequiredDate, IsRowId } from '../../core/dto/validators';

const AMOUNT_MESSAGE = 'Elige uno de los montos de la lista';
const NAME_MESSAGE = 'El nombre de quien recibe es obligatorio (hasta 100 caracteres)';
const MESSAGE_MESSAGE = 'El mensaje puede tener hasta 500 caracteres';
const CODE_MESSAGE = 'Escribe el código de tu tarjeta de regalo';

// The global pipe stops at a field's first failure and runs decorators bottom-up: "required" last.

/** gift-cards/buy. `amount` is in whole pesos, like promo codes' `value`; money is stored in centavos. */
export class BuyGiftCardDto {
  @ApiProperty({ example: 1000, description: 'Monto en pesos enteros: uno de los de /gift-cards/options.' })
  @Max(100_000, { message: AMOUNT_MESSAGE })
  @Min(1, { message: AMOUNT_MESSAGE })
  @IsInt({ message: AMOUNT_MESSAGE })
  amount!: number;

  @ApiProperty({ example: 'Lucía Pérez', maxLength: 100 })
  @IsVisibleText({ message: NAME_MESSAGE })
  @MaxLength(100, { message: NAME_MESSAGE })
  @IsNotEmpty({ message: NAME_MESSAGE })
  @IsString({ message: NAME_MESSAGE })
  @NormalizeText()
  @Trim()
  recipientName!: string;

  @RequiredEmail()
  recipientEmail!: string;

  @ApiProperty({ example: '¡Feliz cumpleaños!', maxLength: 500, description: 'Puede ir vacío.' })
  @MaxLength(500, { message: MESSAGE_MESSAGE })
  @IsString({ message: MESSAGE_MESSAGE })
  @NormalizeText()
  @Trim()
  message!: string;

  @ApiProperty({ example: '2026-12-24', description: 'Fecha de entrega (calendario del estudio), de hoy a un año.' })
  @IsRequiredDate()
  deliverOn!: string;
}

export class BuyGiftCardResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ description: 'A dónde va el navegador para pagar (Mercado Pago o el simulador).' })
  url!: string;
}

export class RedeemGiftCardDto {
  @ApiProperty({ example: 'ABCD-EFGH-JKMN-PQRS', description: 'Mayúsculas o minúsculas, con o sin guiones.' })
  @Matches(/^[A-Za-z0-9\s-]{1,40}$/, { message: 'El código solo lleva letras, números y guiones' })
  @IsNotEmpty({ message: CODE_MESSAGE })
  @IsString({ message: CODE_MESSAGE })
  @Trim()
  code!: string;
}

export class RedeemGiftCardResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 100000, description: 'El saldo de regalo después de canjear, en centavos.' })
  balanceCents!: number;
}

export class GiftAmountOptionDto {
  @ApiProperty({ example: 1000, description: 'Pesos.' })
  amount!: number;

  @ApiProperty({ example: '$1,000', description: 'El monto, o el plan cuyo precio es.' })
  label!: string;
}

export class GiftCardOptionsResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [GiftAmountOptionDto] })
  amounts!: GiftAmountOptionDto[];
}

export class GiftMovementDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ enum: ['redeem', 'hold', 'release', 'spend', 'refund_return'] })
  kind!: string;

  @ApiProperty({ example: -50000, description: 'Centavos: positivo entra, negativo sale.' })
  deltaCents!: number;

  @ApiProperty({ type: String, nullable: true, example: 'Ocho Clases' })
  planName!: string | null;

  @ApiProperty({ description: 'ISO 8601.' })
  createdAt!: string;
}

export class GiftBalanceResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 100000 })
  balanceCents!: number;

  @ApiProperty({ type: [GiftMovementDto], description: 'Los últimos 50 movimientos, del más reciente.' })
  movements!: GiftMovementDto[];
}

export class GiftCardPageDto {
  @ApiProperty({ example: 'Lucía Pérez' })
  recipientName!: string;

  @ApiProperty({ example: 'Ana' })
  fromName!: string;

  @ApiProperty()
  message!: string;

  @ApiProperty({ example: 100000 })
  amountCents!: number;

  @ApiProperty({ example: 'ABCD-EFGH-JKMN-PQRS' })
  code!: string;

  @ApiProperty({ example: false })
  redeemed!: boolean;
}

export class GiftCardPageResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: GiftCardPageDto })
  giftCard!: GiftCardPageDto;
}

export class AdminGiftCardDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ enum: ['paid', 'sent', 'redeemed', 'voided'] })
  status!: string;

  @ApiProperty({ example: 100000 })
  amountCents!: number;

  @ApiProperty()
  buyerName!: string;

  @ApiProperty()
  recipientName!: string;

  @ApiProperty()
  recipientEmail!: string;

  @ApiProperty({ example: '2026-12-24' })
  deliverOn!: string;

  @ApiProperty({ type: String, nullable: true })
  sentAt!: string | null;

  @ApiProperty({ type: String, nullable: true })
  redeemedBy!: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Saldo de regalo que le queda a quien la canjeó, en centavos.',
  })
  balanceLeftCents!: number | null;

  @ApiProperty({
    example: 'approved',
    description: 'Estado del pago en Mercado Pago (una venta en mostrador: approved, o refunded si se reembolsó).',
  })
  paymentStatus!: string;

  @ApiProperty({
    enum: ['mercado_pago', 'efectivo', 'transferencia', 'terminal'],
    description: 'Cómo se pagó: Mercado Pago, o en mostrador (efectivo, transferencia o terminal).',
  })
  method!: string;

  @ApiProperty({ example: 0 })
  refundedCents!: number;
}

export class AdminGiftCardsResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [AdminGiftCardDto] })
  giftCards!: AdminGiftCardDto[];
}

export class GiftCardIdDto {
  @ApiProperty()
  @IsRowId('La tarjeta no es válida')
  id!: number;
}

export class AdminGiftCardResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty()
  message!: string;
}
