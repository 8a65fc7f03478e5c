/** A plan's charge: its price plus the payment commission ("plus Comisión"), in centavos. */
export interface Charge {
  priceCents: number;
  commissionCents: number;
  totalCents: number;
}

/**
 * PAYMENT_COMMISSION_PERCENT of the price plus PAYMENT_COMMISSION_FIXED_MXN, rounded to the centavo.
 * IVA on the commission is not modelled apart: fold it into the percentage and the fixed part
 * (e.g. 3.49% + $4 + 16% IVA → 4.05% + $4.64).
 */
export function chargeFor(priceCents: number, percent: number, fixedMxn: number): Charge {
  const commissionCents = Math.round((priceCents * percent) / 100 + fixedMxn * 100);
  return { priceCents, commissionCents, totalCents: priceCents + commissionCents };
}
