import { useState } from 'react';
import { useGetUserInvoices } from '@/api/generated/admin/admin';
import type { AdminInvoiceDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { canCancel, canCorrect, canSubstitute, folioLabel, isIssued, relationNotices, STATUS_LABELS } from '../format';
import { SubstituteInvoiceDialog } from './substitute-invoice-dialog';

/** The purchases an invoice can be of (the global invoice aside). */
type InvoiceableKind = Exclude<AdminInvoiceDto['purchaseKind'], 'global'>;

/**
 * Each purchase's newest invoice (its substitute once there is one) from a newest-first list: the
 * first seen of each purchase.
 */
export function newestByPurchase(
  invoices: readonly AdminInvoiceDto[],
  kind: InvoiceableKind,
): Map<number, AdminInvoiceDto> {
  const newest = new Map<number, AdminInvoiceDto>();
  for (const invoice of invoices)
    if (invoice.purchaseKind === kind && !newest.has(invoice.purchaseId)) newest.set(invoice.purchaseId, invoice);
  return newest;
}

/** A client's invoices of one kind of purchase (plans in Usuarios, charges in Membresías), by the purchase. */
export function usePurchaseInvoices(userId: number, kind: InvoiceableKind = 'payment'): Map<number, AdminInvoiceDto> {
  const query = useGetUserInvoices({ userId });
  return newestByPurchase(query.data?.invoices ?? [], kind);
}

/**
 * A purchase's invoice beside it: its folio and state, the warning when the purchase was refunded
 * with the CFDI still in force, a cancellation awaiting the receiver or a substitution under way,
 * «Cancelar factura» (the Facturas page's dialog) and «Sustituir factura» with corrected data.
 */
export function PurchaseInvoice({
  invoice,
  purchaseName,
  onCancel,
}: {
  invoice: AdminInvoiceDto;
  /** "de la compra #40", "del cobro del 23 de noviembre de 2026": the buttons' names end with it. */
  purchaseName: string;
  onCancel: (invoice: AdminInvoiceDto) => void;
}) {
  const [substituting, setSubstituting] = useState<AdminInvoiceDto | null>(null);
  const mustCancel = invoice.purchaseRefunded && isIssued(invoice) && invoice.cancellationStatus !== 'pending';
  return (
    <div className="space-y-1">
      <p className="text-sm text-ink-muted">
        {invoice.folioNumber === null
          ? `Factura: ${STATUS_LABELS[invoice.status]}`
          : `Factura ${folioLabel(invoice)} · ${STATUS_LABELS[invoice.status]}`}
        {invoice.needsAccountant ? ' · Revisar con la contadora' : ''}
      </p>
      {relationNotices(invoice).map((notice) => (
        <p key={notice} className="text-sm text-ink">
          {notice}
        </p>
      ))}
      {mustCancel ? <p className="text-sm font-medium text-danger">Reembolsada: cancela su factura.</p> : null}
      <div className="flex flex-wrap gap-2">
        {canCancel(invoice) ? (
          <Button
            variant={mustCancel ? 'danger' : 'secondary'}
            size="sm"
            aria-label={`Cancelar la factura ${folioLabel(invoice)} ${purchaseName}`}
            onClick={() => onCancel(invoice)}
          >
            Cancelar factura
          </Button>
        ) : null}
        {canSubstitute(invoice) && !invoice.purchaseRefunded ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Sustituir factura ${folioLabel(invoice)} ${purchaseName}`}
            onClick={() => setSubstituting(invoice)}
          >
            Sustituir factura
          </Button>
        ) : null}
        {canCorrect(invoice) ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Corregir datos de la factura ${purchaseName}`}
            onClick={() => setSubstituting(invoice)}
          >
            Corregir datos
          </Button>
        ) : null}
      </div>
      <SubstituteInvoiceDialog invoice={substituting} onClose={() => setSubstituting(null)} />
    </div>
  );
}
