import { useGetUserInvoices } from '@/api/generated/admin/admin';
import type { AdminInvoiceDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { folioLabel, isIssued, STATUS_LABELS } from '../format';

/** The purchases an invoice can be of (the global invoice aside). */
type InvoiceableKind = Exclude<AdminInvoiceDto['purchaseKind'], 'global'>;

/** A client's invoices of one kind of purchase (plans in Usuarios, charges in Membresías), by the purchase. */
export function usePurchaseInvoices(userId: number, kind: InvoiceableKind = 'payment'): Map<number, AdminInvoiceDto> {
  const query = useGetUserInvoices({ userId });
  const invoices = query.data?.invoices ?? [];
  return new Map(invoices.filter((i) => i.purchaseKind === kind).map((i) => [i.purchaseId, i]));
}

/**
 * A purchase's invoice beside it: its folio and state, the warning when the purchase was refunded
 * with the CFDI still in force, and «Cancelar factura» (the Facturas page's dialog).
 */
export function PurchaseInvoice({
  invoice,
  purchaseName,
  onCancel,
}: {
  invoice: AdminInvoiceDto;
  /** "de la compra #40", "del cobro del 23 de noviembre de 2026": the button's name ends with it. */
  purchaseName: string;
  onCancel: (invoice: AdminInvoiceDto) => void;
}) {
  const mustCancel = invoice.purchaseRefunded && isIssued(invoice);
  return (
    <div className="space-y-1">
      <p className="text-sm text-ink-muted">
        {invoice.folioNumber === null
          ? `Factura: ${STATUS_LABELS[invoice.status]}`
          : `Factura ${folioLabel(invoice)} · ${STATUS_LABELS[invoice.status]}`}
        {invoice.needsAccountant ? ' · Revisar con la contadora' : ''}
      </p>
      {mustCancel ? <p className="text-sm font-medium text-danger">Reembolsada: cancela su factura.</p> : null}
      {isIssued(invoice) ? (
        <Button
          variant={mustCancel ? 'danger' : 'secondary'}
          size="sm"
          aria-label={`Cancelar la factura ${folioLabel(invoice)} ${purchaseName}`}
          onClick={() => onCancel(invoice)}
        >
          Cancelar factura
        </Button>
      ) : null}
    </div>
  );
}
