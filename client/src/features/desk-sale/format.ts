import type { DeskSaleDtoMethod } from '@/api/generated/model';

export type DeskMethod = DeskSaleDtoMethod;

/** The desk's ways to pay, in the order the dialog offers them. */
export const DESK_METHODS: { value: DeskMethod; label: string }[] = [
  { value: 'efectivo', label: 'Efectivo' },
  { value: 'transferencia', label: 'Transferencia' },
  { value: 'terminal', label: 'Tarjeta en terminal' },
];

export const DESK_METHOD_LABELS: Record<string, string> = {
  mercado_pago: 'Mercado Pago',
  efectivo: 'Efectivo',
  transferencia: 'Transferencia',
  terminal: 'Tarjeta en terminal',
};

/** '1,500.50', '1500,5', ' 200 ' → pesos; null when it is not an amount with at most two decimals. */
export function parsePesos(text: string): number | null {
  const clean = text.trim().replace(/[$\s]/g, '');
  // A comma before exactly one or two final digits is a decimal comma; other commas group thousands.
  const normalized =
    /,\d{1,2}$/.test(clean) && !clean.includes('.') ? clean.replace(',', '.') : clean.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return Number(normalized);
}

/**
 * Why the amount received cannot close the sale, in the server's words; null when it can. Cash: at
 * least the total (the rest is change). Transfer and terminal: exactly the total.
 */
export function receivedError(text: string, method: DeskMethod, total: number): string | null {
  const received = parsePesos(text);
  if (received === null || received <= 0) return 'Escribe el monto recibido, p. ej. 1500 o 1500.50.';
  if (received > 100_000) return 'El monto recibido no puede pasar de $100,000.00.';
  const cents = Math.round(received * 100);
  const totalCents = Math.round(total * 100);
  if (method === 'efectivo') return cents < totalCents ? 'El monto recibido es menor que el total de la venta.' : null;
  return cents !== totalCents
    ? 'Con transferencia o terminal, el monto recibido debe ser exactamente el total de la venta.'
    : null;
}

/** The change to give back in cash, in pesos (0 when none or the amount is not valid yet). */
export function changeFor(text: string, total: number): number {
  const received = parsePesos(text);
  if (received === null) return 0;
  return Math.max(0, Math.round(received * 100) - Math.round(total * 100)) / 100;
}
