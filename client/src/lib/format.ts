const pesos = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** An amount in pesos as the studio shows it: '$1,500.00'. */
export function formatMoney(amount: number): string {
  return pesos.format(amount);
}

/** '1 clase', '8 clases'. */
export function classesLabel(classes: number): string {
  return classes === 1 ? '1 clase' : `${classes} clases`;
}

/**
 * The spec's "plus Comisión", with its amount, for a plan whose charge carries one; null when the
 * commission is zero (the price stands alone: never announce a fee of $0).
 */
export function commissionNote(commission: number): string | null {
  return commission > 0 ? `plus Comisión de ${formatMoney(commission)}` : null;
}
