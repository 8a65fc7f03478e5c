import { useState } from 'react';
import { useListArcoRequests } from '@/api/generated/admin/admin';
import type { ArcoRequestDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { DataTableColumn } from '@/components/ui/table';
import { useStudioTimeZone } from '@/lib/studio-clock';
import { deadlineLabel, receivedLabel, RIGHT_LABELS, STATUS_LABELS } from '../format';
import { ArcoStatusDialog } from './arco-status-dialog';

export const ARCO_EMPTY_MESSAGE = 'Aún no hay solicitudes ARCO.';

function Deadline({ request, timeZone, wrap = false }: { request: ArcoRequestDto; timeZone: string; wrap?: boolean }) {
  const tone = request.overdue
    ? 'bg-danger-soft font-semibold text-danger'
    : request.answeredAt
      ? 'text-ink-muted'
      : 'bg-accent-soft text-accent-strong';
  return (
    <span className={`inline-block rounded-pill px-2.5 py-0.5 text-sm ${wrap ? '' : 'whitespace-nowrap'} ${tone}`}>
      {deadlineLabel(request, timeZone)}
    </span>
  );
}

function Requester({ request }: { request: ArcoRequestDto }) {
  return (
    <div className="space-y-0.5 [overflow-wrap:anywhere]">
      <p className="text-ink-strong">{request.name}</p>
      <p className="text-sm text-ink-muted">
        {request.email}
        {request.hasAccount ? ' · con cuenta' : ''}
      </p>
    </div>
  );
}

function ChangeButton({ request, onChange }: { request: ArcoRequestDto; onChange: (r: ArcoRequestDto) => void }) {
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`Cambiar estado de ${request.folio}`}
      onClick={() => onChange(request)}
    >
      Cambiar estado
    </Button>
  );
}

const columnsWith = (onChange: (r: ArcoRequestDto) => void, timeZone: string): DataTableColumn<ArcoRequestDto>[] => [
  {
    key: 'folio',
    header: 'Folio',
    cell: (r) => <span className="whitespace-nowrap">{r.folio}</span>,
    className: 'align-top',
  },
  {
    key: 'solicitante',
    header: 'Solicitante',
    cell: (r) => <Requester request={r} />,
    className: 'align-top min-w-40',
  },
  { key: 'derecho', header: 'Derecho', cell: (r) => RIGHT_LABELS[r.right], className: 'align-top' },
  { key: 'recibida', header: 'Recibida', cell: (r) => receivedLabel(r.receivedAt, timeZone), className: 'align-top' },
  {
    key: 'vence',
    header: 'Vence',
    cell: (r) => (
      <div className="space-y-1">
        <p className="text-ink">{receivedLabel(`${r.dueDate}T18:00:00Z`, timeZone)}</p>
        <Deadline request={r} timeZone={timeZone} />
      </div>
    ),
    className: 'align-top',
  },
  { key: 'estado', header: 'Estado', cell: (r) => STATUS_LABELS[r.status], className: 'align-top' },
  {
    key: 'acciones',
    header: 'Acciones',
    cell: (r) => <ChangeButton request={r} onChange={onChange} />,
    className: 'align-top',
  },
];

function ArcoCard({
  request,
  onChange,
  timeZone,
}: {
  request: ArcoRequestDto;
  onChange: (r: ArcoRequestDto) => void;
  timeZone: string;
}) {
  return (
    <>
      <div className="space-y-1">
        <p className="font-medium whitespace-nowrap text-ink-strong">{request.folio}</p>
        <Deadline request={request} timeZone={timeZone} wrap />
      </div>
      <Requester request={request} />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">Derecho</dt>
        <dd className="text-ink">{RIGHT_LABELS[request.right]}</dd>
        <dt className="text-ink-muted">Recibida</dt>
        <dd className="text-ink">{receivedLabel(request.receivedAt, timeZone)}</dd>
        <dt className="text-ink-muted">Vence</dt>
        <dd className="text-ink">{receivedLabel(`${request.dueDate}T18:00:00Z`, timeZone)}</dd>
        <dt className="text-ink-muted">Estado</dt>
        <dd className="text-ink">{STATUS_LABELS[request.status]}</dd>
      </dl>
      <ChangeButton request={request} onChange={onChange} />
    </>
  );
}

/** «Solicitudes ARCO»: every request, newest first, with its deadline (overdue ones highlighted) and status. */
export function AdminArco() {
  const timeZone = useStudioTimeZone();
  const query = useListArcoRequests();
  const [changing, setChanging] = useState<ArcoRequestDto | null>(null);
  const requests = query.data?.requests;
  return (
    <div className="space-y-6">
      {query.isError && !query.data ? (
        <ErrorMessage error={query.error} />
      ) : requests && requests.length === 0 ? (
        <p className="rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
          {ARCO_EMPTY_MESSAGE}
        </p>
      ) : (
        <div className="@container">
          <ResponsiveTable
            label="Solicitudes ARCO"
            tableLayout="fit"
            columns={columnsWith(setChanging, timeZone)}
            rows={requests}
            getRowKey={(r) => r.id}
            cardClassName="space-y-2 px-4 py-4"
            renderCard={(r) => <ArcoCard request={r} onChange={setChanging} timeZone={timeZone} />}
            emptyMessage={ARCO_EMPTY_MESSAGE}
            loadingLabel="Cargando las solicitudes…"
            onPageChange={() => undefined}
          />
        </div>
      )}
      <ArcoStatusDialog request={changing} onClose={() => setChanging(null)} />
    </div>
  );
}
