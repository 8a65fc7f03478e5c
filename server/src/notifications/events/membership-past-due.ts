import { formatLongDate } from '@pilates/dates';
import { greetingMail, type Mail, type MailContext, type Recipient } from '../mail';

/** membership.past_due: a monthly charge of a membership failed (once per charge). */
export interface MembershipPastDue {
  membershipId: number;
  planName: string;
  totalCents: number;
  /** The last day the membership is paid for. */
  paidThrough: string | null;
  /** Days after the failed charge during which the client may still book. */
  graceDays: number;
}

/** Where a Mercado Pago subscriber changes the card of a subscription. */
export const UPDATE_CARD_URL = 'https://www.mercadopago.com.mx/subscriptions';

const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** "Pago pendiente de tu membresía": the charge failed; update the card, Mercado Pago retries. */
export function membershipPastDueMail(to: Recipient, event: MembershipPastDue, context: MailContext): Mail {
  const subject = `Pago pendiente de tu membresía «${event.planName}»`;
  const lines = [
    `No pudimos cobrar ${money.format(event.totalCents / 100)} de tu membresía «${event.planName}» a tu tarjeta.`,
    'Mercado Pago volverá a intentar el cobro en los próximos días. Si tu tarjeta cambió o venció, actualízala en Mercado Pago con el botón de abajo.',
    ...(event.paidThrough ? [`Tu membresía está pagada hasta el ${formatLongDate(event.paidThrough)}.`] : []),
    `Puedes seguir reservando ${event.graceDays === 1 ? '1 día' : `${event.graceDays} días`} más; después, las reservas nuevas esperan a que el pago se complete. Tus clases ya reservadas no se cancelan.`,
    'Tu membresía está en «Mis planes».',
  ];
  return greetingMail(to, subject, lines, context, { href: UPDATE_CARD_URL, label: 'Actualizar mi tarjeta' });
}
