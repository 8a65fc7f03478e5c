import { formatLongDate, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import type { AdminInvoiceDto, InvoiceDto } from '@/api/generated/model';
import { formatMoney } from '@/lib/format';

export type InvoiceStatus = InvoiceDto['status'];
export type CancelMotive = '01' | '02' | '03';

export const STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: 'Pendiente',
  issued: 'Emitida',
  failed: 'Fallida',
  cancelled: 'Cancelada',
};

export const PURCHASE_KIND_LABELS: Record<InvoiceDto['purchaseKind'], string> = {
  payment: 'Plan',
  gift_card: 'Tarjeta de regalo',
  membership: 'Membresía',
  global: 'Factura global',
};

/** The SAT's cancellation motives, each in one line for the admin. */
export const CANCEL_MOTIVES: readonly { value: CancelMotive; label: string; hint: string }[] = [
  {
    value: '02',
    label: '02 · Comprobante emitido con errores sin relación',
    hint: 'La factura tenía un error y no la reemplaza otra (también para una compra reembolsada).',
  },
  {
    value: '01',
    label: '01 · Comprobante emitido con errores con relación',
    hint: 'Ya emitiste la factura corregida que la sustituye: escribe su UUID.',
  },
  {
    value: '03',
    label: '03 · No se llevó a cabo la operación',
    hint: 'La venta no ocurrió: se facturó algo que el cliente no compró.',
  },
];

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const CANCEL_MESSAGES = {
  substituteRequired: 'Con el motivo 01 escribe el UUID de la factura que sustituye a esta.',
  substituteFormat: 'El UUID son 32 letras y números en grupos separados por guiones (8-4-4-4-12).',
  substituteUnknown: 'No hay una factura emitida con ese UUID en el mes de esta factura ni en el actual.',
  substituteSelf: 'La factura sustituta debe ser otra, no la que vas a cancelar.',
} as const;

/** Centavos as the studio shows money: '$1,500.00'. */
export const centsLabel = (cents: number): string => formatMoney(cents / 100);

/** 'F-15', or '—' before the PAC stamps it. */
export const folioLabel = (invoice: Pick<InvoiceDto, 'series' | 'folioNumber'>): string =>
  invoice.folioNumber === null ? '—' : `${invoice.series ?? ''}${invoice.series ? '-' : ''}${invoice.folioNumber}`;

/** 'Plan #12', 'Tarjeta de regalo #3', 'Membresía #5', 'Factura global'. */
export const purchaseLabel = (invoice: Pick<InvoiceDto, 'purchaseKind' | 'purchaseId'>): string =>
  invoice.purchaseKind === 'global'
    ? PURCHASE_KIND_LABELS.global
    : `${PURCHASE_KIND_LABELS[invoice.purchaseKind]} #${invoice.purchaseId}`;

/** The studio month ('2026-11') of an instant. */
export const studioMonthOf = (at: Date, timeZone: string): string => studioToday(at, timeZone).slice(0, 7);

/** An instant as the studio's day: '23 de noviembre de 2026'. */
export const studioDateLabel = (iso: string | null, timeZone: string): string =>
  iso ? formatLongDate(studioToday(new Date(iso), timeZone)) : '—';

/** Whether the admin can retry it: the queue gave up, or is waiting to try again after a failure. */
export const canRetry = (invoice: AdminInvoiceDto): boolean =>
  invoice.status === 'failed' || (invoice.status === 'pending' && invoice.attempts > 0);

/**
 * "Reintentando: falló 2 veces (Servicio no disponible temporalmente.). Siguiente intento: 23 de
 * noviembre de 2026 a las 12:04 PM." for a pending invoice the queue failed to stamp; else null.
 */
export function retryNotice(invoice: AdminInvoiceDto, timeZone: string): string | null {
  if (invoice.status !== 'pending' || invoice.attempts === 0) return null;
  const times = invoice.attempts === 1 ? '1 vez' : `${invoice.attempts} veces`;
  const why = invoice.lastError ? ` (${invoice.lastError.replace(/\.$/, '')})` : '';
  const next = invoice.nextAttemptAt ? new Date(invoice.nextAttemptAt) : null;
  const when = next
    ? ` Siguiente intento: ${formatLongDate(studioToday(next, timeZone))} a las ${to12Hour(studioTimeOfDay(next, timeZone))}.`
    : '';
  return `Reintentando: falló ${times}${why}.${when}`;
}

/** Only a stamped invoice can be cancelled (and downloaded). */
export const isIssued = (invoice: Pick<InvoiceDto, 'status'>): boolean => invoice.status === 'issued';
