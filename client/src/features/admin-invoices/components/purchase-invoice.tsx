import { useGetUserInvoices } from '@/api/generated/admin/admin';
import type { AdminInvoiceDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { folioLabel, isIssued, STATUS_LABELS } from '../format';

/** A client's invoices of plan purchases (Usuarios → planes), by the purchase they invoice. */
export function usePurchaseInvoices(userId: number): Map<number, AdminInvoiceDto> {
  const query = useGetUserInvoices({ userId });
  const invoices = query.data?.invoices ?? [];
  return new Map(invoices.filter((i) => i.purchaseKind === 'payment').map((i) => [i.purchaseId, i]));
}

/**
 * A purchase's invoice beside it: its folio and state, the warning when the purchase was refunded
 * with the CFDI still in force, and «Cancelar factura» (the Facturas page's dialog).
 */
export function PurchaseInvoice({
  invoice,
  purchaseId,
  onCancel,
}: {
  invoice: AdminInvoiceDto;
  purchaseId: number;
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
          aria-label={`Cancelar la factura ${folioLabel(invoice)} de la compra #${purchaseId}`}
          onClick={() => onCancel(invoice)}
        >
          Cancelar factura
        </Button>
      ) : null}
    </div>
  );
}
