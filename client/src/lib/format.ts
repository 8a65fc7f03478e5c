const pesos = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** An amount in pesos as the studio shows it: '$1,500.00'. */
export function formatMoney(amount: number): string {
  return pesos.format(amount);
}

/** '1 clase', '8 clases'. */
export function classesLabel(classes: number): string {
  return classes === 1 ? '1 clase' : `${classes} clases`;
}
