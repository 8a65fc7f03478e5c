import type { PaymentMethod } from '../payments/entities';

/**
 * The CFDI's forma de pago (c_FormaPago) of a purchase. Desk sales: cash 01, transfer 03, and the
 * card terminal 04 (the desk does not record whether the card was credit or debit; the studio's
 * accountant may correct a debit card with a substitute invoice). Mercado Pago: its payment type.
 */
export function paymentFormOf(method: PaymentMethod, mercadoPagoType: string | null | undefined): string {
  if (method === 'efectivo') return '01';
  if (method === 'transferencia') return '03';
  if (method === 'terminal') return '04';
  return MERCADO_PAGO_FORMS[mercadoPagoType ?? ''] ?? UNKNOWN_MERCADO_PAGO_FORM;
}

/** Mercado Pago's `payment_type_id` → c_FormaPago. */
const MERCADO_PAGO_FORMS: Record<string, string> = {
  credit_card: '04',
  debit_card: '28',
  prepaid_card: '28',
  // OXXO and other cash points.
  ticket: '01',
  atm: '01',
  bank_transfer: '03',
  // Mercado Pago's balance (dinero en cuenta): electronic money.
  account_money: '06',
  digital_wallet: '06',
};

/** A Mercado Pago payment whose type cannot be read: paid through an intermediary (31). */
export const UNKNOWN_MERCADO_PAGO_FORM = '31';
