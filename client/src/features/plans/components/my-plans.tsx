import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatLongDate } from '@pilates/dates';
import { Tags } from 'lucide-react';
import { useState } from 'react';
import { useGetUserPlanes } from '@/api/generated/informacion/informacion';
import type { UserPlanDto } from '@/api/generated/model';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { DataTableColumn } from '@/components/ui/table';
import { FailedPurchases, PendingPurchases } from '@/features/purchase';
import { GiftBalance } from '@/features/gift-cards';
import { MyMembership } from '@/features/memberships';
import { useStudioToday } from '@/lib/studio-clock';
import { MyInvoices } from './my-invoices';
import { PlanHistoryButton } from './plan-history';

export const MY_PLANS_PAGE_SIZE = 5;
export const REVOKED_NOTE = 'Reembolsado: ya no se puede reservar con este plan';

/** No internal numbers for the client: the plan by its name and start. */
const historyLabel = (plan: UserPlanDto) => `Historial de ${plan.plan} (desde el ${formatLongDate(plan.startDate)})`;

/** A membership's plan counts no classes (it books by the week): it says so instead of "0 de 0". */
const remaining = (plan: UserPlanDto) =>
  plan.membership ? 'Membresía (por semana)' : `${plan.classes_remaining} de ${plan.classes_total}`;

function PaidBadge({ plan }: { plan: UserPlanDto }) {
  const paid = plan.is_paid === 1;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-pill px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        paid ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger',
      )}
    >
      {paid ? 'Pagado' : 'No Pagado'}
    </span>
  );
}

function PaidState({ plan }: { plan: UserPlanDto }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <PaidBadge plan={plan} />
      {plan.revoked ? <p className="max-w-56 text-xs text-danger">{REVOKED_NOTE}</p> : null}
    </div>
  );
}

function EmptyPlans() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center">
      <p className="text-ink-muted">Aún no tienes planes</p>
      <Link to="/pilates/planes" className={buttonClasses({ size: 'md' })}>
        <Tags aria-hidden="true" className="size-4" />
        Ver planes
      </Link>
    </div>
  );
}

const columns: DataTableColumn<UserPlanDto>[] = [
  { key: 'plan', header: 'Plan', cell: (plan) => <span className="font-medium text-ink-strong">{plan.plan}</span> },
  { key: 'restantes', header: 'Clases restantes', cell: remaining, className: 'whitespace-nowrap figures' },
  { key: 'inicio', header: 'Fecha de inicio', cell: (plan) => formatLongDate(plan.startDate) },
  { key: 'termino', header: 'Fecha de término', cell: (plan) => formatLongDate(plan.endDate) },
  { key: 'pagado', header: 'Pagado', cell: (plan) => <PaidState plan={plan} /> },
  {
    key: 'historial',
    header: <span className="sr-only">Historial</span>,
    cell: (plan) => <PlanHistoryButton userPlanId={plan.id} planName={plan.plan} label={historyLabel(plan)} />,
    className: 'text-right',
  },
];

/**
 * "Planes" of Mis clases: payments on their way (an OXXO payment not made yet…), the plans (the ones
 * to book with first), then, apart, the payments that did not go through.
 */
export function MyPlans() {
  return (
    <div className="space-y-4">
      <MyMembership />
      <PendingPurchases />
      <PlansList />
      <MyInvoices />
      <FailedPurchases />
      <GiftBalance />
    </div>
  );
}

/** A plan the client can still book with on or after `today`: paid for, not refunded, with classes left. */
export const isActivePlan = (plan: UserPlanDto, today: string): boolean =>
  !plan.revoked && plan.classes_remaining > 0 && plan.endDate >= today;

/** The page's plans with the ones still usable first; otherwise the server's order (newest first). */
export function activeFirst(plans: readonly UserPlanDto[], today: string): UserPlanDto[] {
  return [...plans].sort((a, b) => Number(isActivePlan(b, today)) - Number(isActivePlan(a, today)));
}

/** The caller's plans, newest first, five per page. */
function PlansList() {
  const [page, setPage] = useState(1);
  const today = useStudioToday();
  const query = useGetUserPlanes(
    { pagination: page, limit: MY_PLANS_PAGE_SIZE },
    // Keep the current page on screen while the next one loads.
    { query: { placeholderData: keepPreviousData } },
  );

  if (query.isError && !query.data) return <ErrorMessage error={query.error} />;
  const data = query.data;
  if (data && data.pagination.totalRecords === 0) return <EmptyPlans />;

  return (
    // A narrow column (phones, tablets beside the side menu) lists the plans as cards; a wide one as a table.
    <div className="@container">
      <ResponsiveTable
        label="Mis planes"
        columns={columns}
        rows={data ? activeFirst(data.planes, today) : undefined}
        getRowKey={(plan) => plan.id}
        cardClassName="space-y-2 px-4 py-4"
        renderCard={(plan) => (
          <>
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium text-ink-strong">{plan.plan}</p>
              <PaidBadge plan={plan} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-ink-muted">Clases restantes</dt>
              <dd className="text-ink figures">{remaining(plan)}</dd>
              <dt className="text-ink-muted">Inicio</dt>
              <dd className="text-ink">{formatLongDate(plan.startDate)}</dd>
              <dt className="text-ink-muted">Término</dt>
              <dd className="text-ink">{formatLongDate(plan.endDate)}</dd>
            </dl>
            {plan.revoked ? <p className="text-sm text-danger">{REVOKED_NOTE}</p> : null}
            <PlanHistoryButton userPlanId={plan.id} planName={plan.plan} label={historyLabel(plan)} />
          </>
        )}
        emptyMessage="No hay planes en esta página."
        loadingLabel="Cargando tus planes…"
        pagination={data?.pagination}
        onPageChange={setPage}
      />
    </div>
  );
}
