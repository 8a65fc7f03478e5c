import { keepPreviousData } from '@tanstack/react-query';
import { monthYearTitle } from '@pilates/dates';
import { useState } from 'react';
import { errorMessages } from '@/api/api-error';
import { getExportInvoicesUrl, useGetInvoices, useRetryInvoice } from '@/api/generated/admin/admin';
import { getDownloadInvoicePdfUrl, getDownloadInvoiceXmlUrl } from '@/api/generated/informacion/informacion';
import type { AdminInvoiceDto } from '@/api/generated/model';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { Select } from '@/components/ui/select';
import type { DataTableColumn } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { useStudioTimeZone, useStudioToday } from '@/lib/studio-clock';
import {
  canCancel,
  canCorrect,
  canRetry,
  canSubstitute,
  centsLabel,
  folioLabel,
  isIssued,
  purchaseLabel,
  relationNotices,
  retryNotice,
  STATUS_LABELS,
  studioDateLabel,
  type InvoiceStatus,
} from '../format';
import { CancelInvoiceDialog } from './cancel-invoice-dialog';
import { GlobalInvoicePreview } from './global-invoice-preview';
import { SubstituteInvoiceDialog } from './substitute-invoice-dialog';

export const INVOICES_EMPTY_MESSAGE = 'No hay facturas en este mes.';
export const INVOICES_NO_MATCH_MESSAGE = 'Ninguna factura de este mes tiene ese estado.';

const ALL = 'todas';
const MONTHS_BACK = 24;

/** The current studio month and the 23 before it, newest first: the invoices the accountant may still ask for. */
export function monthOptions(today: string): { value: string; label: string }[] {
  const [year, month] = today.split('-').map(Number);
  return Array.from({ length: MONTHS_BACK }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    const value = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    return { value, label: monthYearTitle(`${value}-01`) };
  });
}

const statusOptions = [
  { value: ALL, label: 'Todos los estados' },
  ...(Object.entries(STATUS_LABELS) as [InvoiceStatus, string][]).map(([value, label]) => ({ value, label })),
];

interface Actions {
  onRetry: (invoice: AdminInvoiceDto) => void;
  onCancel: (invoice: AdminInvoiceDto) => void;
  onSubstitute: (invoice: AdminInvoiceDto) => void;
  retrying: number | undefined;
  /** The month's invoices by id: a substitute and the one it replaces are named by folio. */
  known: ReadonlyMap<number, AdminInvoiceDto>;
}

/** 'factura F-15', or 'factura #8' before it has a folio. */
const invoiceName = (invoice: AdminInvoiceDto) =>
  invoice.folioNumber === null ? `factura #${invoice.id}` : `factura ${folioLabel(invoice)}`;

function StatusBadge({ invoice }: { invoice: AdminInvoiceDto }) {
  const tone =
    invoice.status === 'issued'
      ? 'bg-accent-soft text-accent-strong'
      : invoice.status === 'failed'
        ? 'bg-danger/10 text-danger'
        : 'bg-sand text-ink';
  return (
    <span className={`inline-block whitespace-nowrap rounded-pill px-2.5 py-0.5 text-sm font-medium ${tone}`}>
      {STATUS_LABELS[invoice.status]}
    </span>
  );
}

/** The PAC's error, a retry under way, the refund and the "Revisar" flag: what the admin has to act on. */
function Notices({
  invoice,
  timeZone,
  known,
  dash = true,
}: {
  invoice: AdminInvoiceDto;
  timeZone: string;
  known: ReadonlyMap<number, AdminInvoiceDto>;
  dash?: boolean;
}) {
  const notices: { key: string; text: string; danger?: boolean }[] = [];
  if (invoice.status === 'failed' && invoice.lastError)
    notices.push({ key: 'error', text: `Error del PAC: ${invoice.lastError}`, danger: true });
  const retry = retryNotice(invoice, timeZone);
  if (retry) notices.push({ key: 'retry', text: retry });
  if (invoice.purchaseRefunded && invoice.status === 'issued')
    notices.push({ key: 'refund', text: 'Reembolsada: cancela la factura', danger: true });
  else if (invoice.purchaseRefunded) notices.push({ key: 'refund', text: 'Compra reembolsada' });
  if (invoice.needsAccountant)
    notices.push({ key: 'review', text: 'Revisar: reembolsada o cancelada después de su mes (avisa a la contadora)' });
  relationNotices(invoice, known).forEach((text, index) =>
    notices.push({ key: `relation-${index}`, text, danger: invoice.cancellationStatus === 'rejected' && index === 0 }),
  );
  if (notices.length === 0) return dash ? <span className="text-ink-subtle">—</span> : null;
  return (
    <ul className="space-y-1 text-sm">
      {notices.map((notice) => (
        <li key={notice.key} className={notice.danger ? 'font-medium text-danger' : 'text-ink'}>
          {notice.text}
        </li>
      ))}
    </ul>
  );
}

function InvoiceActions({ invoice, actions }: { invoice: AdminInvoiceDto; actions: Actions }) {
  const name = invoiceName(invoice);
  return (
    <div className="flex flex-wrap gap-2">
      {canRetry(invoice) ? (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Reintentar la ${name}`}
          loading={actions.retrying === invoice.id}
          loadingLabel="Reintentando…"
          onClick={() => actions.onRetry(invoice)}
        >
          {invoice.status === 'pending' ? 'Reintentar ahora' : 'Reintentar'}
        </Button>
      ) : null}
      {isIssued(invoice) ? (
        <>
          <a
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            href={getDownloadInvoicePdfUrl(invoice.id)}
            aria-label={`PDF de la ${name}`}
            download
          >
            PDF
          </a>
          <a
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            href={getDownloadInvoiceXmlUrl(invoice.id)}
            aria-label={`XML de la ${name}`}
            download
          >
            XML
          </a>
        </>
      ) : null}
      {canSubstitute(invoice) ? (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Sustituir ${name}`}
          onClick={() => actions.onSubstitute(invoice)}
        >
          Sustituir factura
        </Button>
      ) : null}
      {canCorrect(invoice) ? (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Corregir datos de la ${name}`}
          onClick={() => actions.onSubstitute(invoice)}
        >
          Corregir datos
        </Button>
      ) : null}
      {canCancel(invoice, actions.known) ? (
        <Button size="sm" variant="danger" aria-label={`Cancelar ${name}`} onClick={() => actions.onCancel(invoice)}>
          Cancelar factura
        </Button>
      ) : null}
    </div>
  );
}

function Purchase({ invoice, timeZone }: { invoice: AdminInvoiceDto; timeZone: string }) {
  return (
    <div className="space-y-0.5">
      <p className="font-medium text-ink-strong">{purchaseLabel(invoice)}</p>
      {invoice.purchaseDescription ? <p className="text-sm text-ink">{invoice.purchaseDescription}</p> : null}
      <p className="text-sm text-ink-muted">
        {invoice.purchaseApprovedAt ? `Pagada el ${studioDateLabel(invoice.purchaseApprovedAt, timeZone)} · ` : ''}
        <span className="figures">{centsLabel(invoice.totalCents)}</span>
      </p>
    </div>
  );
}

function Client({ invoice }: { invoice: AdminInvoiceDto }) {
  return (
    <div className="space-y-0.5">
      <p className="text-ink-strong">{invoice.clientName ?? 'Público en general'}</p>
      <p className="text-sm text-ink-muted">
        {invoice.legalName} · RFC {invoice.rfc}
      </p>
    </div>
  );
}

function Uuid({ invoice }: { invoice: AdminInvoiceDto }) {
  return invoice.uuid ? (
    <span className="font-mono text-xs break-all">{invoice.uuid}</span>
  ) : (
    <span className="text-ink-subtle">—</span>
  );
}

const columnsWith = (actions: Actions, timeZone: string): DataTableColumn<AdminInvoiceDto>[] => [
  { key: 'estado', header: 'Estado', cell: (invoice) => <StatusBadge invoice={invoice} />, className: 'align-top' },
  {
    key: 'compra',
    header: 'Compra',
    cell: (invoice) => <Purchase invoice={invoice} timeZone={timeZone} />,
    className: 'align-top min-w-48',
  },
  {
    key: 'cliente',
    header: 'Cliente',
    cell: (invoice) => <Client invoice={invoice} />,
    className: 'align-top min-w-40 [overflow-wrap:anywhere]',
  },
  {
    key: 'folio',
    header: 'Folio y UUID',
    cell: (invoice) => (
      <div className="space-y-0.5">
        <p className="whitespace-nowrap text-ink-strong">{folioLabel(invoice)}</p>
        {invoice.uuid ? <Uuid invoice={invoice} /> : null}
      </div>
    ),
    className: 'align-top min-w-36 max-w-44',
  },
  {
    key: 'avisos',
    header: 'Avisos',
    cell: (invoice) => <Notices invoice={invoice} timeZone={timeZone} known={actions.known} />,
    className: 'align-top min-w-48 whitespace-normal',
  },
  {
    key: 'acciones',
    header: 'Acciones',
    cell: (invoice) => <InvoiceActions invoice={invoice} actions={actions} />,
    className: 'align-top',
  },
];

function InvoiceCard({ invoice, actions, timeZone }: { invoice: AdminInvoiceDto; actions: Actions; timeZone: string }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <Purchase invoice={invoice} timeZone={timeZone} />
        <StatusBadge invoice={invoice} />
      </div>
      <Client invoice={invoice} />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">Serie y folio</dt>
        <dd className="text-ink">{folioLabel(invoice)}</dd>
        <dt className="text-ink-muted">UUID</dt>
        <dd className="text-ink">
          <Uuid invoice={invoice} />
        </dd>
      </dl>
      <Notices invoice={invoice} timeZone={timeZone} known={actions.known} dash={false} />
      <InvoiceActions invoice={invoice} actions={actions} />
    </>
  );
}

/**
 * "Facturas": every invoice of a studio month with its purchase, client and state; retry a failed
 * one, cancel or substitute an issued one, download its PDF and XML, the month's global invoice and
 * the CSV.
 */
export function AdminInvoices() {
  const toast = useToast();
  const timeZone = useStudioTimeZone();
  const today = useStudioToday();
  const [month, setMonth] = useState(() => today.slice(0, 7));
  const [status, setStatus] = useState<InvoiceStatus | undefined>(undefined);
  const [cancelling, setCancelling] = useState<AdminInvoiceDto | null>(null);
  const [substituting, setSubstituting] = useState<AdminInvoiceDto | null>(null);
  const query = useGetInvoices(
    { month, ...(status ? { status } : {}) },
    { query: { placeholderData: keepPreviousData } },
  );
  const retry = useRetryInvoice();
  const actions: Actions = {
    onRetry: (invoice) =>
      retry.mutate(
        { data: { id: invoice.id } },
        {
          // The list reloads by itself (`retryInvoice` in api/invalidation.ts).
          onSuccess: () => toast.show(`La ${invoiceName(invoice)} volvió a la cola: se emite en el próximo minuto.`),
          onError: (error) => toast.show(errorMessages(error).join(' '), 'error'),
        },
      ),
    onCancel: setCancelling,
    onSubstitute: setSubstituting,
    retrying: retry.isPending ? retry.variables?.data.id : undefined,
    known: new Map((query.data?.invoices ?? []).map((invoice) => [invoice.id, invoice])),
  };
  const invoices = query.data?.invoices;

  return (
    <div className="space-y-6">
      <form
        aria-label="Filtros"
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-3 rounded-card bg-surface p-4 shadow-soft sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
      >
        <Select label="Mes" options={monthOptions(today)} value={month} onValueChange={setMonth} />
        <Select
          label="Estado"
          options={statusOptions}
          value={status ?? ALL}
          onValueChange={(value) => setStatus(value === ALL ? undefined : (value as InvoiceStatus))}
        />
        <a
          className={buttonClasses({ variant: 'secondary' })}
          href={getExportInvoicesUrl({ month })}
          download={`facturas-${month}.csv`}
        >
          Descargar CSV del mes
        </a>
      </form>

      <GlobalInvoicePreview key={month} month={month} />

      <section aria-labelledby="facturas-del-mes" className="space-y-3">
        <h2 id="facturas-del-mes" className="text-lg font-semibold text-ink-strong">
          Facturas de {monthYearTitle(`${month}-01`).toLowerCase().replace(' ', ' de ')}
        </h2>
        {query.isError && !query.data ? (
          <ErrorMessage error={query.error} />
        ) : invoices && invoices.length === 0 ? (
          <p className="rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
            {status ? INVOICES_NO_MATCH_MESSAGE : INVOICES_EMPTY_MESSAGE}
          </p>
        ) : (
          <div className="@container">
            <ResponsiveTable
              label="Facturas del mes"
              tableLayout="fit"
              columns={columnsWith(actions, timeZone)}
              rows={invoices}
              getRowKey={(invoice) => invoice.id}
              cardClassName="space-y-2 px-4 py-4"
              renderCard={(invoice) => <InvoiceCard invoice={invoice} actions={actions} timeZone={timeZone} />}
              emptyMessage={INVOICES_EMPTY_MESSAGE}
              loadingLabel="Cargando las facturas…"
              onPageChange={() => undefined}
            />
          </div>
        )}
      </section>

      <CancelInvoiceDialog invoice={cancelling} onClose={() => setCancelling(null)} />
      <SubstituteInvoiceDialog invoice={substituting} onClose={() => setSubstituting(null)} />
    </div>
  );
}
