import { formatLongDate } from '@pilates/dates';
import { Ticket } from 'lucide-react';
import { useState } from 'react';
import { getGetUserPlanesSuspenseQueryOptions } from '@/api/generated/informacion/informacion';
import type { UserPlanDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { MembershipWeekLine, membershipCovers, useMembershipOfWeek } from '@/features/memberships';
import { PendingPaymentNotice, PurchaseDialog } from '@/features/purchase';
import { classesLabel } from '@/lib/format';
import { PageQueryBoundary, usePageQuery } from '@/lib/page-query';

/** Enough plans to find the one a booking takes from: a client rarely has more than two at once. */
export const PLANS_LOOKED_AT = 20;

/**
 * The plan a booking on `date` takes a class from, as the server chooses it: among the plans with
 * classes left that cover the date, the one that ends first.
 */
export function planForDate(plans: readonly UserPlanDto[], date: string): UserPlanDto | null {
  const usable = plans
    .filter((plan) => !plan.revoked && plan.classes_remaining > 0 && plan.startDate <= date && date <= plan.endDate)
    .sort((a, b) => a.endDate.localeCompare(b.endDate) || a.id - b.id);
  return usable[0] ?? null;
}

export const NO_PLAN_FOR_DAY = 'Ninguno de tus planes tiene clases para este día.';
export const NO_PLAN_YET = 'Aún no tienes un plan: elige uno para reservar tus clases.';
export const BUY_PLAN_LABEL = 'Comprar un plan';

/**
 * Above the calendar, for a logged-in client: a payment still on its way (so they do not pay twice),
 * and the plan they will book from on the chosen day — or, without one, a way to buy it. Nothing of
 * the plan while their plans load, or when they cannot be read (the booking itself says what is wrong).
 */
export function PlanSummary({ date }: { date: string }) {
  return (
    <>
      <PendingPaymentNotice className="mb-4" />
      <PageQueryBoundary fallback={null} error={() => null}>
        <PlanOfDay date={date} />
      </PageQueryBoundary>
    </>
  );
}

function PlanOfDay({ date }: { date: string }) {
  const plans = usePageQuery(getGetUserPlanesSuspenseQueryOptions({ pagination: 1, limit: PLANS_LOOKED_AT }));
  // One small read (by the week's Monday) besides the plans: a membership books by the week, first.
  const { membership, isPending } = useMembershipOfWeek(date);
  const [buying, setBuying] = useState(false);
  if (membership && membershipCovers(membership, date)) return <MembershipWeekLine membership={membership} />;
  const plan = planForDate(plans.data.planes, date);
  // Until the membership's answer arrives (it is not read on the server), no "buy a plan" for
  // someone who may hold one: the line keeps its place, unseen, so nothing below it moves.
  const waiting = !plan && isPending;
  return (
    <>
      <div
        aria-live="polite"
        aria-hidden={waiting || undefined}
        className={`mb-6 flex items-start gap-3 rounded-card border border-line bg-surface px-4 py-3 text-sm text-ink shadow-soft${waiting ? ' invisible' : ''}`}
      >
        <Ticket aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
        {plan ? (
          <p>
            Reservas con tu plan <strong className="font-semibold">{plan.plan}</strong>:{' '}
            {plan.classes_remaining === 1 ? 'te queda 1 clase' : `te quedan ${classesLabel(plan.classes_remaining)}`},
            vigente hasta el {formatLongDate(plan.endDate)}.
          </p>
        ) : (
          <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p>{plans.data.planes.length === 0 ? NO_PLAN_YET : NO_PLAN_FOR_DAY}</p>
            <Button size="sm" className="self-start sm:self-auto" onClick={() => setBuying(true)}>
              {BUY_PLAN_LABEL}
            </Button>
          </div>
        )}
      </div>
      <PurchaseDialog open={buying} onOpenChange={setBuying} />
    </>
  );
}
