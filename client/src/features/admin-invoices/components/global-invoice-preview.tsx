import { monthYearTitle } from '@pilates/dates';
import { useId, useState } from 'react';
import { usePreviewGlobalInvoice } from '@/api/generated/admin/admin';
import { getDownloadInvoicePdfUrl, getDownloadInvoiceXmlUrl } from '@/api/generated/informacion/informacion';
import type { GlobalPurchaseDto } from '@/api/generated/model';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { DataTable, type DataTableColumn } from '@/components/ui/table';
import { useStudioTimeZone } from '@/lib/studio-clock';
import { centsLabel, folioLabel, PURCHASE_KIND_LABELS, STATUS_LABELS, studioDateLabel } from '../format';

/** c_FormaPago codes the studio's payments use. */
const PAYMENT_FORMS: Record<string, string> = {
  '01': '01 Efectivo',
  '03': '03 Transferencia',
  '04': '04 Tarjeta de crédito',
  '06': '06 Dinero electrónico',
  '28': '28 Tarjeta de débito',
  '31': '31 Intermediario pagos',
};

const columnsIn = (timeZone: string): DataTableColumn<GlobalPurchaseDto>[] => [
  {
    key: 'fecha',
    header: 'Fecha',
    cell: (p) => studioDateLabel(p.approvedAt, timeZone),
    className: 'whitespace-nowrap',
  },
  { key: 'compra', header: 'Compra', cell: (p) => `${PURCHASE_KIND_LABELS[p.kind]} #${p.id} · ${p.description}` },
  { key: 'forma', header: 'Forma de pago', cell: (p) => PAYMENT_FORMS[p.paymentForm] ?? p.paymentForm },
  { key: 'total', header: 'Total', cell: (p) => centsLabel(p.totalCents), className: 'figures whitespace-nowrap' },
];

function Preview({ month }: { month: string }) {
  const timeZone = useStudioTimeZone();
  const query = usePreviewGlobalInvoice({ month });
  if (query.isError) return <ErrorMessage error={query.error} />;
  if (!query.data) return <Spinner label="Cargando la vista previa…" />;
  const { purchases, totalCents, invoice } = query.data;
  return (
    <div className="space-y-3">
      <p className="text-ink">
        {purchases.length === 1 ? '1 compra' : `${purchases.length} compras`} sin factura propia · Total con IVA{' '}
        <span className="figures font-semibold text-ink-strong">{centsLabel(totalCents)}</span>
      </p>
      {invoice ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-ink">
            Factura global {folioLabel(invoice)}: {STATUS_LABELS[invoice.status].toLowerCase()}
            {invoice.uuid ? ` · UUID ${invoice.uuid}` : ''}
          </p>
          {invoice.status === 'issued' ? (
            <>
              <a
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                href={getDownloadInvoicePdfUrl(invoice.id)}
                download
              >
                PDF de la global
              </a>
              <a
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                href={getDownloadInvoiceXmlUrl(invoice.id)}
                download
              >
                XML de la global
              </a>
            </>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-ink-muted">
          Aún no se emite: se emite sola en las primeras horas después de que cierra el plazo para facturar el mes.
        </p>
      )}
      {purchases.length > 0 ? (
        <DataTable
          caption="Conceptos de la factura global"
          columns={columnsIn(timeZone)}
          rows={purchases}
          getRowKey={(p) => `${p.kind}-${p.id}`}
          emptyMessage="Sin compras."
        />
      ) : null}
    </div>
  );
}

/** «Vista previa de la factura global»: the month's purchases without their own invoice, and the issued one's files. */
export function GlobalInvoicePreview({ month }: { month: string }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const title = monthYearTitle(`${month}-01`).toLowerCase().replace(' ', ' de ');
  return (
    <section aria-labelledby={`${regionId}-titulo`} className="space-y-3 rounded-card bg-surface p-4 shadow-soft">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${regionId}-titulo`} className="text-lg font-semibold text-ink-strong">
          Factura global de {title}
        </h2>
        <Button variant="secondary" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
          {open ? 'Ocultar la vista previa' : 'Vista previa de la factura global'}
        </Button>
      </div>
      <div id={regionId} hidden={!open}>
        {open ? <Preview month={month} /> : null}
      </div>
    </section>
  );
}
