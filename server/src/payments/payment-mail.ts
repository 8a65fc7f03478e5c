import { formatLongDate } from '@pilates/dates';
import { escapeHtml, mailLayout } from '../core/mail/mail-layout';
import type { Mail } from '../core/mail/mail.service';
import type { Payment } from './entities/payment.entity';

const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
const pesos = (cents: number): string => money.format(cents / 100);

/** The receipt of an approved purchase. */
export function receiptMail(
  to: { email: string; name: string },
  payment: Pick<Payment, 'id' | 'planName' | 'classCount' | 'priceCents' | 'commissionCents' | 'totalCents'>,
  providerPaymentId: string,
  plan: { startDate: string; endDate: string },
): Mail {
  const lines = [
    `¡Gracias por tu compra! Tu plan ${payment.planName} (${payment.classCount} ${payment.classCount === 1 ? 'clase' : 'clases'}) ya está activo.`,
    `Válido del ${formatLongDate(plan.startDate)} al ${formatLongDate(plan.endDate)}.`,
    `Precio: ${pesos(payment.priceCents)} · Comisión: ${pesos(payment.commissionCents)} · Total pagado: ${pesos(payment.totalCents)}.`,
    `Compra n.º ${payment.id} · Pago de Mercado Pago n.º ${providerPaymentId}.`,
    'Ya puedes reservar tus clases en el calendario.',
  ];
  return {
    to: to.email,
    subject: 'Recibo de tu plan de Pilates',
    text: [`Hola, ${to.name}:`, '', ...lines].join('\n'),
    html: mailLayout(
      'Recibo de tu plan',
      [`Hola, ${to.name}:`, ...lines].map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
    ),
  };
}
