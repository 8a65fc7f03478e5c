import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetUserPlanes } from '@/api/generated/informacion/informacion';
import type { AdminUserRowDto, UserPlanDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { DataTableColumn } from '@/components/ui/table';
import { PlanHistoryButton } from '@/features/plans';
import { formatDate } from '../format';
import { EditPlanDialog } from './edit-plan-dialog';
import { UserPurchases } from './user-purchases';

export const USER_PLANS_PAGE_SIZE = 5;
export const REVOKED_LABEL = 'Reembolsado';

/** A membership's plan counts no classes (it books by the week): it says so instead of "0 de 0". */
const remaining = (plan: UserPlanDto) =>
  plan.membership ? 'Membresía (por semana)' : `${plan.classes_remaining} de ${plan.classes_total}`;

/** Green "Pagado", red "No Pagado"; a plan whose payment was refunded can no longer be used. */
export function PaidBadge({ plan }: { plan: UserPlanDto }) {
  const [label, tone] = plan.revoked
    ? [REVOKED_LABEL, 'bg-sand text-ink-muted']
    : plan.is_paid === 1
      ? ['Pagado', 'bg-success-soft text-success']
      : ['No Pagado', 'bg-danger-soft text-danger'];
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-pill px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tone,
      )}
    >
      {label}
    </span>
  );
}

/** A long date may take two lines, so that the table fits the dialog. */
const DateCell = ({ date }: { date: string }) => (
  <span className="block max-w-32 whitespace-normal">{formatDate(date)}</span>
);

export interface UserPlansDialogProps {
  /** Whose plans; null keeps the dialog closed. */
  user: AdminUserRowDto | null;
  onClose: () => void;
}

/** "Planes": one user's plans, five per page, each editable. */
export function UserPlansDialog({ user, onClose }: UserPlansDialogProps) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={user ? `Planes de ${user.name}` : 'Planes'}
      description="Clases restantes, vigencia y pago de cada plan, y sus pagos con Mercado Pago."
      className="sm:max-w-5xl"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Cerrar
        </Button>
      }
    >
      {user ? (
        <>
          <UserPlans key={user.id} user={user} />
          <UserPurchases key={`purchases-${user.id}`} user={user} />
        </>
      ) : null}
    </Dialog>
  );
}

/** One user's plans, five per page, each editable (in the dialog and on the client's page). */
export function UserPlans({ user }: { user: AdminUserRowDto }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<UserPlanDto | null>(null);
  const query = useGetUserPlanes(
    { id: user.id, pagination: page, limit: USER_PLANS_PAGE_SIZE },
    { query: { placeholderData: keepPreviousData } },
  );

  const editButton = (plan: UserPlanDto) => (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`Editar el plan ${plan.plan} #${plan.id}`}
      onClick={() => setEditing(plan)}
    >
      Editar
    </Button>
  );
  const columns: DataTableColumn<UserPlanDto>[] = [
    { key: 'id', header: 'ID', cell: (plan) => plan.id, className: 'figures' },
    { key: 'plan', header: 'Plan', cell: (plan) => <span className="font-medium text-ink-strong">{plan.plan}</span> },
    { key: 'restantes', header: 'Clases restantes', cell: remaining, className: 'whitespace-nowrap figures' },
    { key: 'inicio', header: 'Fecha de inicio', cell: (plan) => <DateCell date={plan.startDate} /> },
    { key: 'termino', header: 'Fecha de término', cell: (plan) => <DateCell date={plan.endDate} /> },
    { key: 'pagado', header: 'Pagado', cell: (plan) => <PaidBadge plan={plan} /> },
    {
      key: 'acciones',
      header: <span className="sr-only">Acciones</span>,
      cell: (plan) => (
        <div className="flex justify-end gap-2">
          <PlanHistoryButton userPlanId={plan.id} planName={plan.plan} />
          {editButton(plan)}
        </div>
      ),
      className: 'text-right',
    },
  ];

  if (query.isError && !query.data) return <ErrorMessage error={query.error} />;
  const data = query.data;
  if (data && data.pagination.totalRecords === 0) {
    return <p className="py-6 text-center text-ink-muted">{user.name} aún no tiene planes.</p>;
  }

  return (
    <div className="@container">
      <ResponsiveTable
        label={`Planes de ${user.name}`}
        columns={columns}
        rows={data?.planes}
        getRowKey={(plan) => plan.id}
        cardClassName="space-y-2 px-4 py-4"
        renderCard={(plan) => (
          <>
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium text-ink-strong">
                {plan.plan} <span className="text-sm font-normal text-ink-subtle">#{plan.id}</span>
              </p>
              <PaidBadge plan={plan} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-ink-muted">Clases restantes</dt>
              <dd className="text-ink figures">{remaining(plan)}</dd>
              <dt className="text-ink-muted">Inicio</dt>
              <dd className="text-ink">{formatDate(plan.startDate)}</dd>
              <dt className="text-ink-muted">Término</dt>
              <dd className="text-ink">{formatDate(plan.endDate)}</dd>
            </dl>
            <div className="flex flex-wrap gap-2">
              <PlanHistoryButton userPlanId={plan.id} planName={plan.plan} />
              {editButton(plan)}
            </div>
          </>
        )}
        emptyMessage="No hay planes en esta página."
        loadingLabel="Cargando los planes…"
        pagination={data?.pagination}
        onPageChange={setPage}
      />
      <EditPlanDialog plan={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
