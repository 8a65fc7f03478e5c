import { useState } from 'react';
import { useGetAdminMemberships } from '@/api/generated/admin/admin';
import type { AdminMembershipLineDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { Select } from '@/components/ui/select';
import type { DataTableColumn } from '@/components/ui/table';
import {
  MEMBERSHIP_STATUSES,
  MEMBERSHIP_STATUS_LABELS,
  centsLabel,
  dateLabel,
  instantDateLabel,
  type MembershipStatus,
} from '../format';
import type { MembershipsSearch } from '../search';
import { MembershipDetailDialog } from './membership-detail-dialog';

const ALL = 'todas';

const STATUS_OPTIONS = [
  { value: ALL, label: 'Todas' },
  ...MEMBERSHIP_STATUSES.map((status) => ({ value: status, label: MEMBERSHIP_STATUS_LABELS[status] })),
];

export function StatusBadge({ status }: { status: MembershipStatus }) {
  const tone: Record<MembershipStatus, string> = {
    active: 'bg-success-soft text-success',
    past_due: 'bg-danger-soft text-danger',
    paused: 'bg-accent-soft text-accent-strong',
    cancelled: 'bg-sand text-ink-muted',
    pending: 'bg-sand text-ink',
  };
  return (
    <span
      className={`inline-flex items-center rounded-pill px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone[status]}`}
    >
      {MEMBERSHIP_STATUS_LABELS[status]}
    </span>
  );
}

function DetailButton({ line, onOpen }: { line: AdminMembershipLineDto; onOpen: (id: number) => void }) {
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`Ver detalle de la membresía de ${line.clientName}`}
      onClick={() => onOpen(line.id)}
    >
      Ver detalle
    </Button>
  );
}

const columnsWith = (onOpen: (id: number) => void): DataTableColumn<AdminMembershipLineDto>[] => [
  {
    key: 'cliente',
    header: 'Cliente',
    cell: (line) => (
      <span className="block">
        <span className="block font-medium text-ink-strong">{line.clientName}</span>
        <span className="block text-ink-muted">{line.clientEmail}</span>
      </span>
    ),
  },
  { key: 'plan', header: 'Plan', cell: (line) => line.planName },
  { key: 'estado', header: 'Estado', cell: (line) => <StatusBadge status={line.status} /> },
  { key: 'pagada', header: 'Pagada hasta', cell: (line) => dateLabel(line.paidThrough) },
  { key: 'pendiente', header: 'Pago pendiente desde', cell: (line) => instantDateLabel(line.pastDueSince) },
  {
    key: 'cobro',
    header: 'Cobro mensual',
    cell: (line) => centsLabel(line.totalCents),
    className: 'figures whitespace-nowrap',
  },
  { key: 'acciones', header: 'Acciones', cell: (line) => <DetailButton line={line} onOpen={onOpen} /> },
];

export interface AdminMembershipsProps {
  search: MembershipsSearch;
  onSearchChange: (next: MembershipsSearch) => void;
}

/** «Membresías»: every membership by status, with a detail of its charges, cancel and refund. */
export function AdminMemberships({ search, onSearchChange }: AdminMembershipsProps) {
  const list = useGetAdminMemberships({
    ...(search.estado ? { status: search.estado } : {}),
    ...(search.pagina ? { page: search.pagina } : {}),
  });
  const [openId, setOpenId] = useState<number | null>(null);
  const filtered = search.estado !== undefined;

  return (
    <div className="space-y-4">
      <form
        aria-label="Filtros"
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-3 rounded-card bg-surface p-4 shadow-soft sm:grid-cols-[minmax(0,18rem)_auto] sm:items-end"
      >
        <Select
          label="Estado"
          options={STATUS_OPTIONS}
          value={search.estado ?? ALL}
          // Another filter starts again on the first page.
          onValueChange={(value) => onSearchChange({ estado: value === ALL ? undefined : (value as MembershipStatus) })}
        />
        {filtered ? (
          <Button variant="ghost" onClick={() => onSearchChange({})} className="justify-self-start">
            Quitar filtro
          </Button>
        ) : null}
      </form>

      {list.isError ? (
        <ErrorMessage error={list.error} />
      ) : (
        <div className="@container">
          <ResponsiveTable
            label="Membresías"
            columns={columnsWith(setOpenId)}
            rows={list.data?.memberships}
            getRowKey={(line) => line.id}
            cardClassName="space-y-2 px-4 py-4"
            renderCard={(line) => (
              <>
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 font-medium text-ink-strong">{line.clientName}</p>
                  <StatusBadge status={line.status} />
                </div>
                <p className="text-sm break-all text-ink-muted">{line.clientEmail}</p>
                <p className="text-sm text-ink">
                  {line.planName} · <span className="figures">{centsLabel(line.totalCents)}</span> al mes
                </p>
                <p className="text-sm text-ink-muted">
                  Pagada hasta {dateLabel(line.paidThrough)}
                  {line.pastDueSince ? ` · Pago pendiente desde ${instantDateLabel(line.pastDueSince)}` : ''}
                </p>
                <DetailButton line={line} onOpen={setOpenId} />
              </>
            )}
            emptyMessage={
              search.estado
                ? `No hay membresías con el estado «${MEMBERSHIP_STATUS_LABELS[search.estado]}».`
                : 'Aún no hay membresías.'
            }
            loadingLabel="Cargando las membresías…"
            pagination={list.data?.pagination}
            onPageChange={(page) => onSearchChange({ ...search, pagina: page > 1 ? page : undefined })}
          />
        </div>
      )}

      <MembershipDetailDialog membershipId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
