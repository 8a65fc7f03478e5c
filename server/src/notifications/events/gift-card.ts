import { formatLongDate } from '@pilates/dates';
import { greetingMail, type Mail, type MailContext, type Recipient } from '../mail';
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
  providerPaymentId: string;
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
      `Valor: ${pesos(card.amountCents)} · Comisión: ${pesos(card.commissionCents)} · Total pagado: ${pesos(card.totalCents)}.`,
      `Tarjeta n.º ${card.id} · Pago de Mercado Pago n.º ${event.providerPaymentId}.`,
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
