import { Link } from '@tanstack/react-router';
import { CalendarPlus, CircleCheck, Clock } from 'lucide-react';
import { useState } from 'react';
import { useGetMembership } from '@/api/generated/informacion/informacion';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { membershipLimitLabel } from '../format';

/** How often the return asks again while the first charge is on its way, and for how long. */
export const RETURN_POLL_MS = 3_000;
export const RETURN_POLL_WINDOW_MS = 60_000;

export const activeMessage = (plan: string) => `¡Listo! Tu membresía ${plan} ya está activa.`;
export const WAITING_MESSAGE =
  'Estamos esperando que Mercado Pago apruebe el primer cobro a tu tarjeta. Tu membresía empieza en cuanto lo apruebe.';
export const NOT_STARTED_MESSAGE =
  'Mercado Pago no aprobó el primer cobro: tu membresía no empezó y no se hizo ningún cargo.';

/**
 * Back from Mercado Pago's subscription (`?membresia=<reference>` on Mis clases → Planes): the
 * membership's state, asked again every few seconds while the first charge is on its way.
 */
export function MembershipReturn() {
  // From the return on, the first charge is awaited for RETURN_POLL_WINDOW_MS.
  const [since] = useState(() => Date.now());
  const query = useGetMembership(
    {},
    {
      query: {
        refetchInterval: (current) =>
          current.state.data?.membership?.status === 'pending' &&
          current.state.dataUpdatedAt - since < RETURN_POLL_WINDOW_MS
            ? RETURN_POLL_MS
            : false,
      },
    },
  );
  const stillWaiting = query.dataUpdatedAt - since < RETURN_POLL_WINDOW_MS;

  const membership = query.data?.membership;
  if (query.isPending) {
    return (
      <div className="flex items-center gap-3 rounded-card border border-line bg-surface px-4 py-4">
        <Spinner size="sm" label="Revisando tu membresía…" />
        <p aria-hidden="true" className="text-sm text-ink">
          Revisando tu membresía…
        </p>
      </div>
    );
  }
  const active = membership && membership.status !== 'pending' && membership.paidThrough !== null;
  const waiting = membership?.status === 'pending' && stillWaiting;
  return (
    <div
      role="status"
      data-outcome={active ? 'approved' : waiting ? 'pending' : 'failed'}
      className={cn(
        'flex flex-col gap-3 rounded-card border px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5',
        active ? 'border-success/30 bg-success-soft text-success' : 'border-line bg-sand/60 text-ink',
      )}
    >
      <div className="flex items-start gap-3">
        {active ? (
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        ) : (
          <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        )}
        <div className="space-y-1 text-sm sm:text-base">
          {active ? (
            <>
              <p className="font-semibold">{activeMessage(membership.planName)}</p>
              <p>{membershipLimitLabel(membership.weeklyLimit, membership.dailyLimit)}.</p>
            </>
          ) : waiting ? (
            <p className="font-semibold text-ink-strong">{WAITING_MESSAGE}</p>
          ) : (
            <>
              <p className="font-semibold text-ink-strong">{NOT_STARTED_MESSAGE}</p>
              <p>Si tu tarjeta fue rechazada, intenta con otra o elige un paquete de clases en la página de planes.</p>
            </>
          )}
        </div>
      </div>
      {active ? (
        <Link to="/pilates/reservar" className={cn(buttonClasses({ size: 'sm' }), 'shrink-0')}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          Reservar una clase
        </Link>
      ) : null}
    </div>
  );
}
