import { formatLongDate, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import type { AdminInvoiceDto, InvoiceDto } from '@/api/generated/model';
import { formatMoney } from '@/lib/format';

export type InvoiceStatus = InvoiceDto['status'];
export type CancelMotive = '02' | '03';

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

/**
 * The SAT's cancellation motives an admin chooses, each in one line. 01 (errors with a relation) is
 * the substitution's own: «Sustituir factura» stamps the corrected one and cancels this one with it.
 */
export const CANCEL_MOTIVES: readonly { value: CancelMotive; label: string; hint: string }[] = [
  {
    value: '02',
    label: '02 · Comprobante emitido con errores sin relación',
    hint: 'La factura tenía un error y no la reemplaza otra (también para una compra reembolsada).',
  },
  {
    value: '03',
    label: '03 · No se llevó a cabo la operación',
    hint: 'La venta no ocurrió: se facturó algo que el cliente no compró.',
  },
];

export const CANCELLATION_ASKED_MESSAGE =
  'Cancelación pedida: el receptor tiene hasta 72 horas para aceptarla ante el SAT.';

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

type Relations = Pick<
  InvoiceDto,
  'id' | 'status' | 'purchaseKind' | 'cancellationStatus' | 'cancelMotive' | 'replacesId' | 'replacedById'
>;
type Known = ReadonlyMap<number, Pick<InvoiceDto, 'status' | 'series' | 'folioNumber'>>;

/** Whether its substitute is queued or stamped (not known to have failed): the substitution cancels it, not the admin. */
const beingReplaced = (invoice: Relations, known: Known): boolean =>
  invoice.replacedById !== null && known.get(invoice.replacedById)?.status !== 'failed';

/**
 * «Cancelar factura»: an issued one whose cancellation is not awaiting the receiver nor left to its
 * substitute (unless the receiver rejected that cancellation: then the admin decides).
 */
export const canCancel = (invoice: Relations, known: Known = new Map()): boolean =>
  isIssued(invoice) &&
  invoice.cancellationStatus !== 'pending' &&
  (invoice.cancellationStatus === 'rejected' || !beingReplaced(invoice, known));

/** «Sustituir factura»: an issued client invoice (not the global one) with no substitute yet, not being cancelled. */
export const canSubstitute = (invoice: Relations): boolean =>
  isIssued(invoice) &&
  invoice.purchaseKind !== 'global' &&
  invoice.cancellationStatus !== 'pending' &&
  invoice.replacedById === null;

/** «Corregir datos»: a substitute the PAC refused, sent again (through the invoice it replaces) with new data. */
export const canCorrect = (invoice: Relations): boolean => invoice.status === 'failed' && invoice.replacesId !== null;

/** 'la F-12' when the list holds it, else 'otra factura' (the article included). */
const relatedName = (id: number, known: Known): string => {
  const other = known.get(id);
  return other && other.folioNumber !== null ? `la ${folioLabel(other)}` : 'otra factura';
};

/**
 * What the admin reads of a cancellation and a substitution: the cancellation awaiting the receiver
 * or refused by them, the substitute of this one, the one it replaces. `known`: the invoices of the
 * same list, by id, to name their folios.
 */
export function relationNotices(invoice: Relations, known: Known = new Map()): string[] {
  const notices: string[] = [];
  if (invoice.cancellationStatus === 'pending')
    notices.push(
      `Cancelación pedida (motivo ${invoice.cancelMotive ?? '02'}): espera la respuesta del receptor ante el SAT (hasta 72 horas).`,
    );
  if (invoice.cancellationStatus === 'rejected')
    notices.push('El receptor rechazó la cancelación: la factura sigue vigente.');
  if (invoice.replacedById !== null) {
    const substitute = known.get(invoice.replacedById);
    notices.push(
      substitute?.status === 'failed'
        ? 'Su sustituta fue rechazada por el PAC: corrige los datos.'
        : `Sustituida por ${relatedName(invoice.replacedById, known)}${invoice.status === 'issued' ? ': se cancela con el motivo 01 al timbrarse' : ''}`,
    );
  }
  if (invoice.replacesId !== null) notices.push(`Sustituye a ${relatedName(invoice.replacesId, known)}`);
  return notices;
}
