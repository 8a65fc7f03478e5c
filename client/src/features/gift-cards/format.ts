import { formatMoney } from '@/lib/format';
import type { GiftMovementDto } from '@/api/generated/model';

/** Centavos as the studio shows money: '$1,500.00'. */
export const centsLabel = (cents: number): string => formatMoney(cents / 100);

/** A movement of the gift balance, as the client reads it in "Saldo de regalo". */
export function movementLabel(movement: Pick<GiftMovementDto, 'kind' | 'planName'>): string {
  const plan = movement.planName ? ` (${movement.planName})` : '';
  switch (movement.kind) {
    case 'redeem':
      return 'Tarjeta de regalo canjeada';
    case 'hold':
      return `Usado en tu compra${plan}`;
    case 'spend':
      return `Pagado con saldo${plan}`;
    case 'release':
      return `Devuelto: el pago no se completó${plan}`;
    case 'refund_return':
      return `Devuelto por reembolso${plan}`;
    default:
      return 'Movimiento';
  }
}

/** '+$1,000.00' or '−$500.00'. */
export const deltaLabel = (cents: number): string => `${cents >= 0 ? '+' : '−'}${centsLabel(Math.abs(cents))}`;

/** How a card was paid: Mercado Pago, or at the desk ("Venta en mostrador"). */
export const GIFT_CARD_METHOD_LABELS: Record<string, string> = {
  mercado_pago: 'Mercado Pago',
  efectivo: 'Mostrador · Efectivo',
  transferencia: 'Mostrador · Transferencia',
  terminal: 'Mostrador · Tarjeta en terminal',
};

/** A card's state, as admins read it. */
export const GIFT_CARD_STATUS_LABELS: Record<string, string> = {
  paid: 'Pagada, por enviar',
  sent: 'Enviada',
  redeemed: 'Canjeada',
  voided: 'Anulada',
};

/** What a buyer types, checked before sending (the server checks again). */
export interface GiftOrderForm {
  amount: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first problem of each field, in Spanish; empty when the order can be sent. */
export function giftOrderErrors(form: GiftOrderForm, today: string): Partial<Record<keyof GiftOrderForm, string>> {
  const errors: Partial<Record<keyof GiftOrderForm, string>> = {};
  if (!form.amount) errors.amount = 'Elige el monto de la tarjeta';
  if (!form.recipientName.trim()) errors.recipientName = 'Escribe el nombre de quien recibe';
  else if (form.recipientName.trim().length > 100) errors.recipientName = 'El nombre puede tener hasta 100 caracteres';
  if (!EMAIL.test(form.recipientEmail.trim())) errors.recipientEmail = 'Escribe un correo válido';
  if (form.message.length > 500) errors.message = 'El mensaje puede tener hasta 500 caracteres';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.deliverOn)) errors.deliverOn = 'Elige la fecha de entrega';
  else if (form.deliverOn < today) errors.deliverOn = 'La fecha de entrega no puede ser antes de hoy';
  return errors;
}
