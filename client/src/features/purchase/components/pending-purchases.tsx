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

/**
 * The client's purchases of the last 30 days that did not create a plan (waiting for an OXXO
 * payment, in review, rejected or expired). Nothing shows when there are none or they cannot be read.
 */
export function PendingPurchases() {
  const query = useListPurchases({ query: { staleTime: 30_000 } });
  const purchases = query.data?.purchases ?? [];
  if (purchases.length === 0) return null;

  return (
    <ul aria-label="Compras sin plan" className="space-y-2">
      {purchases.map((purchase) => (
        <li
          key={purchase.id}
          className="flex flex-col gap-1 rounded-card border border-line bg-surface px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-4"
        >
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
      ))}
    </ul>
  );
}
