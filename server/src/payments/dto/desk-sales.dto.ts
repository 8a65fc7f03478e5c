import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { IsPesos, IsRowId } from '../../core/dto/validators';
import { BuyGiftCardDto } from '../../gift-cards';
import { DESK_METHODS, type DeskMethod } from '../entities/payment.entity';
import { IsPromoCode } from './checkout.dto';

const RECEIVED_MESSAGE = 'El monto recibido debe ser un número mayor que 0 con hasta dos decimales';
const METHOD_MESSAGE = 'La forma de pago debe ser efectivo, transferencia o terminal';

// class-validator runs a field's decorators bottom-up and the global pipe stops at the first
// failure, so each field's "required" rule is written last.

/** How the desk was paid: efectivo, transferencia or terminal (plans and gift cards alike). */
const DeskMethodField = () =>
  applyDecorators(
    ApiProperty({ enum: DESK_METHODS, description: 'Cómo pagó: efectivo, transferencia o terminal (tarjeta).' }),
    IsIn(DESK_METHODS, { message: METHOD_MESSAGE }),
    IsNotEmpty({ message: METHOD_MESSAGE }),
  );

/** The pesos the desk received for a total (`what`: "el total", "el monto de la tarjeta"). */
const ReceivedField = (what: string, example: number) =>
  applyDecorators(
    ApiProperty({
      description: `Pesos recibidos. Efectivo: al menos ${what} (la diferencia es el cambio). Transferencia y terminal: exactamente ${what}.`,
      minimum: 0.01,
      maximum: 100000,
      example,
    }),
    Max(100_000, { message: RECEIVED_MESSAGE }),
    Min(0.01, { message: RECEIVED_MESSAGE }),
    IsPesos({ message: RECEIVED_MESSAGE }) as PropertyDecorator,
    IsNotEmpty({ message: RECEIVED_MESSAGE }),
  );

/** The browser's key of one sale: the same request again answers the same sale. */
const RequestKeyField = () =>
  applyDecorators(
    ApiPropertyOptional({
      description:
        'Un UUID que el navegador crea al abrir el diálogo: repetir la solicitud con él (doble clic, reintento) registra una sola venta y responde la misma. Con otros datos se rechaza (409 DESK_SALE_KEY_REUSED).',
      example: '3f0e2a52-6a8e-4c3e-9a51-0d7f3c1b2a90',
    }),
    IsOptional(),
    IsUUID('4', { message: 'La clave de la solicitud no es válida' }),
  );

/** admin/desk-sales/preview: what a plan costs at the desk for a client, with a code when typed. */
export class DeskSalePreviewDto {
  @ApiProperty({ description: 'El cliente (su id).' })
  @IsRowId('El cliente no es válido')
  userId!: number;

  @ApiProperty({ description: 'El plan del catálogo (visible).' })
  @IsRowId('El plan no es válido')
  planId!: number;

  @ApiPropertyOptional({ description: 'Código promocional (letras y números).', example: 'BUENFIN' })
  @IsOptional()
  @IsPromoCode()
  code?: string;
}

export class DeskSalePreviewResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 150000, description: 'Precio del plan en el catálogo, en centavos.' })
  priceCents!: number;

  @ApiProperty({ example: 15000, description: 'Descuento del código, en centavos (0 sin código).' })
  discountCents!: number;

  @ApiProperty({ example: 135000, description: 'Total a cobrar en el estudio, en centavos (sin comisión).' })
  totalCents!: number;

  @ApiProperty({
    description: 'Si el cliente puede comprar este plan «Solo primera vez» (siempre true para los demás planes).',
  })
  introEligible!: boolean;
}

/** admin/desk-sales: a plan sold at the studio's desk ("Venta en mostrador"). */
export class DeskSaleDto extends DeskSalePreviewDto {
  @DeskMethodField()
  method!: DeskMethod;

  @ReceivedField('el total', 1500)
  received!: number;

  @RequestKeyField()
  requestKey?: string;
}

/** A desk sale's receipt. */
export class DeskReceiptDto {
  @ApiProperty({ description: 'Folio: el id del pago (aparece en las compras del usuario y en el export).' })
  id!: number;

  @ApiProperty({ description: 'Cuándo se registró, ISO 8601.' })
  soldAt!: string;

  @ApiProperty({ example: 'Ana López' })
  clientName!: string;

  @ApiProperty({ example: 'ana@example.com' })
  clientEmail!: string;

  @ApiProperty({ example: 'Ocho Clases' })
  plan!: string;

  @ApiProperty({ example: 8 })
  classCount!: number;

  @ApiProperty({ example: '2026-11-24', description: 'Inicio del plan, YYYY-MM-DD.' })
  startDate!: string;

  @ApiProperty({ example: '2026-12-23', description: 'Fin del plan, YYYY-MM-DD.' })
  endDate!: string;

  @ApiProperty({ example: 1500, description: 'Precio de catálogo en pesos.' })
  price!: number;

  @ApiProperty({ type: String, nullable: true, example: 'BUENFIN' })
  code!: string | null;

  @ApiProperty({ example: 150, description: 'Descuento en pesos.' })
  discount!: number;

  @ApiProperty({ example: 1350, description: 'Total cobrado en pesos.' })
  total!: number;

  @ApiProperty({ enum: DESK_METHODS })
  method!: DeskMethod;

  @ApiProperty({ example: 1400, description: 'Pesos recibidos.' })
  received!: number;

  @ApiProperty({ example: 50, description: 'Cambio entregado en pesos (0 con transferencia o terminal).' })
  change!: number;

  @ApiProperty({ description: 'Si el recibo se envió por correo al cliente.' })
  mailed!: boolean;
}

export class DeskSaleResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Venta registrada' })
  message!: string;

  @ApiProperty({ type: DeskReceiptDto })
  receipt!: DeskReceiptDto;
}

/**
 * admin/desk-sales/gift-card: a gift card sold at the desk to the client the dialog was opened for.
 * No promo code (codes are for plans) and no commission: the total is the card's amount.
 */
export class DeskGiftCardSaleDto extends BuyGiftCardDto {
  @ApiProperty({ description: 'Quien compra la tarjeta (su id).' })
  @IsRowId('El cliente no es válido')
  userId!: number;

  @DeskMethodField()
  method!: DeskMethod;

  @ReceivedField('el monto de la tarjeta', 1000)
  received!: number;

  @RequestKeyField()
  requestKey?: string;
}

/** A desk-sold gift card's receipt. */
export class DeskGiftCardReceiptDto {
  @ApiProperty({ description: 'Folio: el número de la tarjeta (aparece en «Tarjetas de regalo»).' })
  id!: number;

  @ApiProperty({ description: 'Cuándo se registró, ISO 8601.' })
  soldAt!: string;

  @ApiProperty({ example: 'Ana López' })
  clientName!: string;

  @ApiProperty({ example: 'ana@example.com' })
  clientEmail!: string;

  @ApiProperty({ example: 'Lucía Pérez' })
  recipientName!: string;

  @ApiProperty({ example: 'lucia@example.com' })
  recipientEmail!: string;

  @ApiProperty({ example: '2026-11-24', description: 'Fecha de entrega, YYYY-MM-DD.' })
  deliverOn!: string;

  @ApiProperty({ description: 'Si el correo con el código ya salió a quien la recibe (entrega hoy).' })
  sent!: boolean;

  @ApiProperty({ example: 1000, description: 'Monto de la tarjeta en pesos (también el total: sin comisión).' })
  amount!: number;

  @ApiProperty({ example: 1000, description: 'Total cobrado en pesos.' })
  total!: number;

  @ApiProperty({ enum: DESK_METHODS })
  method!: DeskMethod;

  @ApiProperty({ example: 1000, description: 'Pesos recibidos.' })
  received!: number;

  @ApiProperty({ example: 0, description: 'Cambio entregado en pesos (0 con transferencia o terminal).' })
  change!: number;

  @ApiProperty({
    example: '/pilates/regalo/0123456789abcdef0123456789abcdef',
    description: 'La página imprimible de la tarjeta (con su código).',
  })
  pageUrl!: string;

  @ApiProperty({ description: 'Si el recibo se envió por correo a quien compró.' })
  mailed!: boolean;
}

export class DeskGiftCardSaleResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Tarjeta de regalo vendida' })
  message!: string;

  @ApiProperty({ type: DeskGiftCardReceiptDto })
  receipt!: DeskGiftCardReceiptDto;
}
