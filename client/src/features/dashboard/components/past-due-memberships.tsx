import { Link } from '@tanstack/react-router';
import type { PastDueMembershipsDto } from '@/api/generated/model';
import { formatCount, whenOnStudioClock } from '../format';

const textLink = 'font-medium text-accent-strong underline underline-offset-2';

/**
 * «Membresías con pago pendiente»: how many, the oldest debts first, those past the grace days
 * marked «Reservas bloqueadas» (they cannot book new classes; nothing of theirs was cancelled).
 */
export function PastDueMemberships({ pastDue }: { pastDue: PastDueMembershipsDto }) {
  if (pastDue.count === 0) return <p className="text-sm text-ink-muted">Ninguna membresía tiene un pago pendiente.</p>;
  return (
    <div className="space-y-3">
      <p className="text-ink">
        <span className="figures font-semibold text-ink-strong">{formatCount(pastDue.count)}</span>{' '}
        {pastDue.count === 1 ? 'membresía con pago pendiente' : 'membresías con pago pendiente'}
      </p>
      <ul className="divide-y divide-line" aria-label="Membresías con pago pendiente">
        {pastDue.items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium text-ink-strong">{item.clientName}</p>
              <p className="text-sm text-ink-muted">
                {item.planName}: pago pendiente desde {whenOnStudioClock(item.pastDueSince)}
              </p>
            </div>
            {item.blocked ? (
              <span className="inline-flex items-center rounded-pill bg-danger-soft px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-danger">
                Reservas bloqueadas
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {pastDue.count > pastDue.items.length ? (
        <p className="text-sm text-ink-muted">Se muestran las {formatCount(pastDue.items.length)} más antiguas.</p>
      ) : null}
      <Link to="/pilates/membresias" search={{ estado: 'past_due' }} className={textLink}>
        Ver en Membresías
      </Link>
    </div>
  );
}
