import { formatLongDate } from '@pilates/dates';
import { greetingMail, MY_ACCOUNT_LINK, type Mail, type MailContext, type Recipient } from '../mail';
import { pesos } from './payment-receipt';

/** How a desk sale was paid, in the client's words. */
export const DESK_METHOD_LABELS = {
  efectivo: 'Efectivo',
  transferencia: 'Transferencia',
  terminal: 'Tarjeta en terminal',
} as const;

/** payment.desk_receipt: a plan sold at the studio's desk ("Venta en mostrador") was created. */
export interface PaymentDeskReceipt {
  purchase: {
    id: number;
    planName: string;
    classCount: number;
    /** The catalogue price. */
    listPriceCents: number;
    discountCents: number;
    /** What the plan cost at the desk (no commission). */
    totalCents: number;
    method: keyof typeof DESK_METHOD_LABELS;
    receivedCents: number;
    changeCents: number;
  };
  plan: { startDate: string; endDate: string };
}

export function paymentDeskReceiptMail(to: Recipient, event: PaymentDeskReceipt, context: MailContext): Mail {
  const { purchase, plan } = event;
  const lines = [
    `¡Gracias por tu compra en el estudio! Tu plan ${purchase.planName} (${purchase.classCount} ${purchase.classCount === 1 ? 'clase' : 'clases'}) ya está activo.`,
    `Válido del ${formatLongDate(plan.startDate)} al ${formatLongDate(plan.endDate)}.`,
    purchase.discountCents > 0
      ? `Precio: ${pesos(purchase.listPriceCents)} · Descuento: −${pesos(purchase.discountCents)} · Total: ${pesos(purchase.totalCents)}.`
      : `Total: ${pesos(purchase.totalCents)}.`,
    purchase.changeCents > 0
      ? `Pagado con ${DESK_METHOD_LABELS[purchase.method].toLowerCase()}: recibimos ${pesos(purchase.receivedCents)} y te dimos ${pesos(purchase.changeCents)} de cambio.`
      : `Pagado con ${DESK_METHOD_LABELS[purchase.method].toLowerCase()}: ${pesos(purchase.receivedCents)}.`,
    `Venta en mostrador n.º ${purchase.id}.`,
    'Ya puedes reservar tus clases en el calendario.',
  ];
  return greetingMail(to, 'Recibo de tu plan de Pilates', lines, context, MY_ACCOUNT_LINK);
}
