import {
  useGetMyInvoices,
  getDownloadInvoicePdfUrl,
  getDownloadInvoiceXmlUrl,
  useRequestInvoice,
} from '@/api/generated/informacion/informacion';
import type { InvoiceablePurchaseDto, InvoiceDto } from '@/api/generated/model';
import { Link } from '@tanstack/react-router';
import { Receipt } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { formatMoney } from '@/lib/format';

const STATUS_TEXT: Record<InvoiceDto['status'], string> = {
  pending: 'Factura en proceso',
  issued: 'Factura emitida',
  failed: 'No se pudo emitir',
  cancelled: 'Factura cancelada',
};

/** Which of "Datos de facturación" the SAT refused, in the form's words. */
const FIELD_NAMES: Record<string, string> = {
  rfc: 'el RFC',
  legalName: 'el nombre o razón social',
  taxSystem: 'el régimen fiscal',
  zip: 'el código postal',
  cfdiUse: 'el uso del CFDI',
};

function PurchaseInvoice({ purchase }: { purchase: InvoiceablePurchaseDto }) {
  const request = useRequestInvoice();
  const invoice = purchase.invoice;
  return (
    <li className="flex flex-col gap-2 border-b border-line py-3 last:border-0 md:flex-row md:items-center md:justify-between">
      <div>
        <p className="font-medium text-ink-strong">{purchase.description}</p>
        <p className="text-sm text-ink-muted">
          {formatMoney(purchase.totalCents / 100)}
          {invoice ? ` · ${STATUS_TEXT[invoice.status]}` : ''}
          {invoice?.replacesId ? ' (con datos corregidos; la anterior se cancela)' : ''}
          {invoice?.cancellationStatus === 'pending' ? ' · Cancelación en proceso ante el SAT' : ''}
        </p>
        {invoice?.status === 'failed' && invoice.errorField ? (
          <p className="text-sm text-danger" role="alert">
            {invoice.lastError} Corrige {FIELD_NAMES[invoice.errorField] ?? 'tus datos'} en{' '}
            <Link to="/pilates/informacion" className="underline">
              Mi información
            </Link>{' '}
            y vuelve a solicitarla.
          </p>
        ) : null}
        <ErrorMessage error={request.error} />
      </div>
      <div className="flex gap-2">
        {purchase.canRequest ? (
          <Button
            variant="secondary"
            loading={request.isPending}
            loadingLabel="Solicitando…"
            onClick={() => request.mutate({ data: { purchaseId: purchase.id, kind: purchase.kind } })}
          >
            Solicitar factura
          </Button>
        ) : null}
        {invoice?.status === 'issued' ? (
          <>
            <a className={buttonClasses({ variant: 'secondary' })} href={getDownloadInvoicePdfUrl(invoice.id)} download>
              Descargar PDF
            </a>
            <a className={buttonClasses({ variant: 'secondary' })} href={getDownloadInvoiceXmlUrl(invoice.id)} download>
              Descargar XML
            </a>
          </>
        ) : null}
      </div>
    </li>
  );
}

/** "Facturas" in Mis planes: this month's and last month's purchases, their invoice and the downloads. */
export function MyInvoices() {
  const query = useGetMyInvoices({
    query: {
      refetchInterval: (q) => (q.state.data?.purchases.some((p) => p.invoice?.status === 'pending') ? 5000 : false),
    },
  });
  if (query.error) return <ErrorMessage error={query.error} />;
  const purchases = query.data?.purchases ?? [];
  if (purchases.length === 0) return null;
  return (
    <section aria-labelledby="mis-facturas" className="rounded-card bg-surface p-6 shadow-soft">
      <h2 id="mis-facturas" className="flex items-center gap-2 text-lg font-semibold text-ink-strong">
        <Receipt aria-hidden="true" className="size-5 text-accent" />
        Facturas
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Puedes pedir la factura de una compra hasta el último día del mes en que pagaste.
      </p>
      <ul className="mt-3">
        {purchases.map((purchase) => (
          <PurchaseInvoice key={`${purchase.kind}-${purchase.id}`} purchase={purchase} />
        ))}
      </ul>
    </section>
  );
}
