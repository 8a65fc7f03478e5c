import { formatLongDate } from '@pilates/dates';
import { greetingMail, type Mail, type MailContext, type Recipient } from '../mail';
import { DESK_METHOD_LABELS } from './payment-desk-receipt';
import { pesos } from './payment-receipt';

/** gift_card.receipt: the buyer's payment of a gift card was approved. */
export interface GiftCardReceipt {
  giftCard: {
    id: number;
    amountCents: number;
    commissionCents: number;
    totalCents: number;
    recipientName: string;
    deliverOn: string;
    pageToken: string;
  };
  /** Null for a card sold at the desk. */
  providerPaymentId: string | null;
  /** A card sold at the studio's desk ("Venta en mostrador"): how it was paid. */
  desk?: { method: keyof typeof DESK_METHOD_LABELS; receivedCents: number; changeCents: number };
}

/** gift_card.refunded: the studio refunded a gift card and voided it (its code no longer works). */
export interface GiftCardRefunded {
  giftCard: { id: number; amountCents: number; totalCents: number; recipientName: string };
  refundedCents: number;
  /** Sold at the desk: the money is given back at the studio, not by Mercado Pago. */
  atDesk: boolean;
}

/** gift_card.delivered: the recipient's gift card, on its delivery date (or resent by the studio). */
export interface GiftCardDelivered {
  giftCard: { id: number; amountCents: number; code: string; fromName: string; message: string; pageToken: string };
}

const pageOf = (token: string) => `/pilates/regalo/${token}`;

export function giftCardReceiptMail(to: Recipient, event: GiftCardReceipt, context: MailContext): Mail {
  const card = event.giftCard;
  return greetingMail(
    to,
    'Recibo de tu tarjeta de regalo',
    [
      `¡Gracias! Tu tarjeta de regalo de ${pesos(card.amountCents)} para ${card.recipientName} está pagada.`,
      `Se la enviaremos por correo el ${formatLongDate(card.deliverOn)}. También puedes imprimirla o compartirla desde su página.`,
      ...(event.desk
        ? [
            `Valor: ${pesos(card.amountCents)} · Total pagado: ${pesos(card.totalCents)}.`,
            event.desk.changeCents > 0
              ? `Pagado con ${DESK_METHOD_LABELS[event.desk.method].toLowerCase()}: recibimos ${pesos(event.desk.receivedCents)} y te dimos ${pesos(event.desk.changeCents)} de cambio.`
              : `Pagado con ${DESK_METHOD_LABELS[event.desk.method].toLowerCase()}: ${pesos(event.desk.receivedCents)}.`,
            `Tarjeta n.º ${card.id} · Venta en mostrador.`,
          ]
        : [
            `Valor: ${pesos(card.amountCents)} · Comisión: ${pesos(card.commissionCents)} · Total pagado: ${pesos(card.totalCents)}.`,
            `Tarjeta n.º ${card.id} · Pago de Mercado Pago n.º ${event.providerPaymentId}.`,
          ]),
    ],
    context,
    { href: pageOf(card.pageToken), label: 'Ver la tarjeta' },
  );
}

export function giftCardDeliveredMail(to: Recipient, event: GiftCardDelivered, context: MailContext): Mail {
  const card = event.giftCard;
  return greetingMail(
    to,
    `${card.fromName} te regaló clases de Pilates`,
    [
      `${card.fromName} te envía una tarjeta de regalo de ${pesos(card.amountCents)} para clases de Pilates Reformer.`,
      ...(card.message ? [`«${card.message}»`] : []),
      `Tu código: ${card.code}`,
      'Para usarla, crea tu cuenta o inicia sesión en el sitio, entra a «Mis planes» y canjea el código en «Saldo de regalo». El saldo paga tus planes.',
    ],
    context,
    { href: pageOf(card.pageToken), label: 'Ver mi tarjeta de regalo' },
  );
}

export function giftCardRefundedMail(to: Recipient, event: GiftCardRefunded, context: MailContext): Mail {
  const card = event.giftCard;
  return greetingMail(
    to,
    'Te reembolsamos tu tarjeta de regalo',
    [
      `Te reembolsamos ${pesos(event.refundedCents)} de la tarjeta de regalo de ${pesos(card.amountCents)} para ${card.recipientName} (tarjeta n.º ${card.id}).`,
      'La tarjeta quedó anulada: su código ya no se puede canjear.',
      event.atDesk
        ? 'Es una compra hecha en el estudio: el reembolso se entrega en el estudio.'
        : 'Mercado Pago devuelve el dinero al mismo medio de pago; puede tardar unos días hábiles en verse reflejado.',
    ],
    context,
  );
}
