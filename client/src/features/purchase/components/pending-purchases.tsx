import { CalendarX, CircleCheck, CircleX, Clock, Search } from 'lucide-react';
import { useListPurchases } from '@/api/generated/payments/payments';
import type { PurchaseDto } from '@/api/generated/model';
import { cn } from '@/components/ui/cn';
import { formatMoney } from '@/lib/format';
import { formatDeadline, purchaseOutcome, purchaseState, type PurchaseTone } from '../format';

const TONES: Record<PurchaseTone, string> = {
  waiting: 'bg-sand text-ink',
  review: 'bg-sage-soft text-olive',
  rejected: 'bg-danger-soft text-danger',
  expired: 'bg-line text-ink-muted',
  approved: 'bg-success-soft text-success',
};

const ICONS: Record<PurchaseTone, typeof Clock> = {
  waiting: Clock,
  review: Search,
  rejected: CircleX,
  expired: CalendarX,
  approved: CircleCheck,
};

function StateIcon({ purchase }: { purchase: PurchaseDto }) {
  const Icon = ICONS[purchaseState(purchase.status).tone];
  return <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />;
}

function StatusBadge({ purchase }: { purchase: PurchaseDto }) {
  const { label, tone } = purchaseState(purchase.status);
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-pill px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONES[tone],
      )}
    >
      {label}
    </span>
  );
}

function PurchaseRow({ purchase }: { purchase: PurchaseDto }) {
  return (
    <li className="flex flex-col gap-1 rounded-card border border-line bg-surface px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="flex min-w-0 items-start gap-3">
        <StateIcon purchase={purchase} />
        <div className="min-w-0">
          <p className="text-ink">
            <span className="font-medium text-ink-strong">{purchase.plan}</span> —{' '}
            <span className="figures">{formatMoney(purchase.total)}</span>
          </p>
          {purchase.expiresAt && purchaseOutcome(purchase.status) === 'pending' ? (
            <p className="text-ink-muted">Paga en OXXO antes del {formatDeadline(purchase.expiresAt)}.</p>
          ) : null}
        </div>
      </div>
      <div className="pl-7 sm:pl-0">
        <StatusBadge purchase={purchase} />
      </div>
    </li>
  );
}

/** The caller's purchases of the last 30 days that did not create a plan, read once for every part. */
function useOpenPurchases(enabled = true): PurchaseDto[] {
  const query = useListPurchases({ query: { staleTime: 30_000, enabled } });
  return query.data?.purchases ?? [];
}

export const FAILED_PURCHASES_TITLE = 'Pagos no completados';

/**
 * The client's purchases of the last 30 days still on their way to a plan (waiting for an OXXO
 * payment, in review). Nothing shows when there are none or they cannot be read.
 */
export function PendingPurchases() {
  const purchases = useOpenPurchases().filter((purchase) => purchaseOutcome(purchase.status) === 'pending');
  if (purchases.length === 0) return null;
  return (
    <ul aria-label="Pagos en curso" className="space-y-2">
      {purchases.map((purchase) => (
        <PurchaseRow key={purchase.id} purchase={purchase} />
      ))}
    </ul>
  );
}

/**
 * The purchases that will never make a plan (rejected, cancelled, expired): apart from the plans,
 * below them, under their own heading. Nothing shows when there are none.
 */
export function FailedPurchases() {
  const purchases = useOpenPurchases().filter((purchase) => purchaseOutcome(purchase.status) === 'failed');
  if (purchases.length === 0) return null;
  return (
    <section aria-labelledby="pagos-no-completados" className="space-y-2">
      <h3 id="pagos-no-completados" className="text-sm font-semibold text-ink-muted">
        {FAILED_PURCHASES_TITLE}
      </h3>
      <ul aria-labelledby="pagos-no-completados" className="space-y-2">
        {purchases.map((purchase) => (
          <PurchaseRow key={purchase.id} purchase={purchase} />
        ))}
      </ul>
    </section>
  );
}

/** "Tienes un pago pendiente en OXXO del plan Cuatro Clases ($831.84) hasta el …": before selling another plan. */
export function pendingPaymentText(purchase: PurchaseDto): string {
  const what = `del plan ${purchase.plan} (${formatMoney(purchase.total)})`;
  return purchase.expiresAt && purchaseState(purchase.status).tone === 'waiting'
    ? `Tienes un pago pendiente en OXXO ${what} hasta el ${formatDeadline(purchase.expiresAt)}.`
    : `Tienes un pago en revisión ${what}.`;
}

/**
 * Before another plan is offered (the booking page, the purchase dialog): the payments still on
 * their way, so a client does not pay twice. Nothing when there are none or they cannot be read.
 */
export function PendingPaymentNotice({ enabled = true, className }: { enabled?: boolean; className?: string }) {
  const pending = useOpenPurchases(enabled).filter((purchase) => purchaseOutcome(purchase.status) === 'pending');
  if (pending.length === 0) return null;
  return (
    <div
      role="status"
      className={cn(
        'flex items-start gap-3 rounded-card border border-line bg-sand px-4 py-3 text-sm text-ink',
        className,
      )}
    >
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
      <div className="space-y-1">
        {pending.map((purchase) => (
          <p key={purchase.id}>{pendingPaymentText(purchase)}</p>
        ))}
        <p className="text-ink-muted">Al acreditarse, tu plan queda activo solo: no necesitas comprarlo otra vez.</p>
      </div>
    </div>
  );
}
