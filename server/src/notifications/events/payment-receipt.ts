import { formatLongDate } from '@pilates/dates';
import { greetingMail, MY_ACCOUNT_LINK, type Mail, type MailContext, type Recipient } from '../mail';

/** payment.receipt: an approved purchase created its plan. */
export interface PaymentReceipt {
  purchase: {
    id: number;
    planName: string;
    classCount: number;
    /** The price charged for the plan (after a promo code's discount). */
    priceCents: number;
    /** A promo code's discount off the catalogue price (absent in receipts queued before codes existed). */
    discountCents?: number;
    /** Paid from the gift balance ("Saldo de regalo"), when any. */
    balanceCents?: number;
    commissionCents: number;
    totalCents: number;
  };
  /** Null: paid in full with the gift balance. */
  providerPaymentId: string | null;
  plan: { startDate: string; endDate: string };
}

const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
export const pesos = (cents: number): string => money.format(cents / 100);

export function paymentReceiptMail(to: Recipient, event: PaymentReceipt, context: MailContext): Mail {
  const { purchase, plan } = event;
  const lines = [
    `¡Gracias por tu compra! Tu plan ${purchase.planName} (${purchase.classCount} ${purchase.classCount === 1 ? 'clase' : 'clases'}) ya está activo.`,
    `Válido del ${formatLongDate(plan.startDate)} al ${formatLongDate(plan.endDate)}.`,
    [
      `Precio: ${pesos(purchase.priceCents + (purchase.discountCents ?? 0) + (purchase.balanceCents ?? 0))}`,
      ...(purchase.discountCents ? [`Descuento: −${pesos(purchase.discountCents)}`] : []),
      ...(purchase.balanceCents ? [`Saldo de regalo: −${pesos(purchase.balanceCents)}`] : []),
      `Comisión: ${pesos(purchase.commissionCents)}`,
      `Total pagado: ${pesos(purchase.totalCents)}.`,
    ].join(' · '),
    event.providerPaymentId
      ? `Compra n.º ${purchase.id} · Pago de Mercado Pago n.º ${event.providerPaymentId}.`
      : `Compra n.º ${purchase.id} · Pagada con tu saldo de regalo.`,
    'Ya puedes reservar tus clases en el calendario.',
  ];
  return greetingMail(to, 'Recibo de tu plan de Pilates', lines, context, MY_ACCOUNT_LINK);
}
