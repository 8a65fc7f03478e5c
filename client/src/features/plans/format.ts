import { formatMoney } from '@/lib/format';

/** What one class of a plan costs: '$187.50 por clase'. */
export function pricePerClass(price: number, classes: number): string {
  return `${formatMoney(classes > 0 ? price / classes : price)} por clase`;
}
