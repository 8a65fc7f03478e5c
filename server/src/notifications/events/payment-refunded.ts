import { greetingMail, MY_ACCOUNT_LINK, type Mail, type MailContext, type Recipient } from '../mail';
import { pesos } from './payment-receipt';

/** payment.refunded: the studio refunded (part of) a purchase; what happens to its plan. */
export interface PaymentRefunded {
  purchase: { id: number; planName: string; classCount: number; totalCents: number };
  /** This refund, in cents. */
  amountCents: number;
  /** All refunded of the purchase so far, in cents. */
  refundedCents: number;
  /** 'revoked': a full refund ended the plan; 'kept': a partial one left it as it was; 'none': no plan was made. */
  plan: 'revoked' | 'kept' | 'none';
  /** A desk sale's refund ("Venta en mostrador"): given back at the studio, not by Mercado Pago. */
  atDesk?: boolean;
  /** The part paid with the gift balance, given back to it (cents). */
  toBalanceCents?: number;
}

export function paymentRefundedMail(to: Recipient, event: PaymentRefunded, context: MailContext): Mail {
  const { purchase } = event;
  const classes = `${purchase.classCount} ${purchase.classCount === 1 ? 'clase' : 'clases'}`;
  const full = event.refundedCents >= purchase.totalCents;
  const balanceLine = event.toBalanceCents
    ? `Devolvimos ${pesos(event.toBalanceCents)} a tu saldo de regalo: lo ves en «Mis planes» y lo puedes usar en tu próxima compra.`
    : null;
  // Paid wholly with the gift balance: nothing was charged, the balance is all that comes back.
  if (balanceLine && purchase.totalCents === 0) {
    return greetingMail(
      to,
      'Devolvimos tu compra a tu saldo de regalo',
      [
        `Cancelamos tu plan ${purchase.planName} (${classes}), compra n.º ${purchase.id}, que pagaste con tu saldo de regalo.`,
        balanceLine,
        event.plan === 'revoked'
          ? 'Ya no puedes reservar clases con ese plan. Las clases que ya tenías reservadas se mantienen; si no vas a asistir, cancélalas desde «Mis clases».'
          : 'Esta compra no había activado ningún plan, así que tus clases no cambian.',
      ],
      context,
      MY_ACCOUNT_LINK,
    );
  }
  const planLine = {
    revoked:
      'Tu plan quedó cancelado: ya no puedes reservar clases con él. Las clases que ya tenías reservadas se mantienen; si no vas a asistir, cancélalas desde «Mis clases».',
    kept: 'Tu plan sigue activo con las clases que te quedan: puedes seguir reservando como siempre.',
    none: 'Esta compra no había activado ningún plan, así que tus clases no cambian.',
  }[event.plan];
  return greetingMail(
    to,
    full ? 'Te reembolsamos tu compra' : 'Te reembolsamos parte de tu compra',
    [
      `Te reembolsamos ${pesos(event.amountCents)} de tu plan ${purchase.planName} (${classes}), compra n.º ${purchase.id}.`,
      full
        ? `Reembolsamos el total pagado: ${pesos(purchase.totalCents)}.`
        : `Llevamos reembolsados ${pesos(event.refundedCents)} de ${pesos(purchase.totalCents)} pagados.`,
      planLine,
      ...(balanceLine ? [balanceLine] : []),
      event.atDesk
        ? 'Es una compra hecha en el estudio: el reembolso se entrega en el estudio.'
        : 'Mercado Pago devuelve el dinero al mismo medio de pago; puede tardar unos días hábiles en verse reflejado.',
    ],
    context,
    MY_ACCOUNT_LINK,
  );
}
