const pesos = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** A price in pesos as the studio shows it: '$1,500.00'. */
export function formatPrice(price: number): string {
  return pesos.format(price);
}

/** What one class of a plan costs: '$187.50 por clase'. */
export function pricePerClass(price: number, classes: number): string {
  return `${formatPrice(classes > 0 ? price / classes : price)} por clase`;
}

/** '1 clase', '8 clases'. */
export function classesLabel(classes: number): string {
  return classes === 1 ? '1 clase' : `${classes} clases`;
}
