import { formatLongDate } from '@pilates/dates';
import { CircleAlert, CirclePause, CircleX, CreditCard } from 'lucide-react';
import { useState } from 'react';
import type { MembershipDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { formatMoney } from '@/lib/format';
import {
  membershipLimitLabel,
  membershipStatusLabel,
  pastDueBookingNote,
  weekUsageLabel,
  type MembershipStatusValue,
} from '../format';
import { CancelMembershipDialog, PauseMembershipDialog } from '../membership-dialogs-on-demand';

const tone: Record<MembershipStatusValue, string> = {
  active: 'bg-success-soft text-success',
  pending: 'bg-sand text-ink',
  paused: 'bg-sage-soft text-ink',
  past_due: 'bg-danger-soft text-danger',
  cancelled: 'bg-sand text-ink',
};

export function MembershipStatusBadge({
  membership,
}: {
  membership: Pick<MembershipDto, 'status' | 'cancelsOn' | 'paidThrough'>;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-pill px-2.5 py-0.5 text-xs font-semibold',
        tone[membership.status],
      )}
    >
      {membershipStatusLabel(membership.status, membership.cancelsOn ?? membership.paidThrough)}
    </span>
  );
}

/** A charge failed: the card to update, and when bookings stop (nothing booked is cancelled). */
function PastDueBanner({ membership, now }: { membership: MembershipDto; now: Date }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-control border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger"
    >
      <div className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="space-y-1">
          <p className="font-semibold">No pudimos cobrar tu membresía este mes.</p>
          <p>
            Actualiza tu tarjeta en Mercado Pago para que se haga el cobro.{' '}
            {pastDueBookingNote(membership.bookingBlockedFrom, now)}
          </p>
        </div>
      </div>
      {membership.updateCardUrl ? (
        <a href={membership.updateCardUrl} className={buttonClasses({ size: 'sm', className: 'self-start' })}>
          <CreditCard aria-hidden="true" className="size-4" />
          Actualizar tarjeta
        </a>
      ) : null}
    </div>
  );
}

export interface MembershipCardProps {
  membership: MembershipDto;
  /** Now, for the past-due note (tests fix it). */
  now?: Date;
}

/**
 * Mis planes' membership: its state, what is paid and until when it books, this week's classes, the
 * pauses, and «Pausar» / «Cancelar membresía»; a failed charge shows how to put it right.
 */
export function MembershipCard({ membership, now = new Date() }: MembershipCardProps) {
  const [dialog, setDialog] = useState<'pause' | 'cancel' | null>(null);
  const canPause = membership.status === 'active';
  const canCancel = membership.status !== 'cancelled';
  return (
    <section
      aria-labelledby="mi-membresia"
      className="space-y-4 rounded-card border border-line bg-surface p-5 shadow-soft"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Mi membresía</p>
          <h2 id="mi-membresia" className="mt-1 font-display text-2xl leading-tight text-ink-strong">
            {membership.planName}
          </h2>
          <p className="text-sm text-ink-muted">
            {membershipLimitLabel(membership.weeklyLimit, membership.dailyLimit)} ·{' '}
            {formatMoney(membership.totalCents / 100)} al mes
          </p>
        </div>
        <MembershipStatusBadge membership={membership} />
      </div>
      {membership.status === 'past_due' ? <PastDueBanner membership={membership} now={now} /> : null}
      {membership.status === 'pending' ? (
        <p className="rounded-control bg-sand/60 px-3 py-2 text-sm text-ink">
          Esperando el primer cobro de Mercado Pago: tu membresía empieza cuando se aprueba.
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {membership.paidThrough ? (
          <>
            <dt className="text-ink-muted">Pagada hasta</dt>
            <dd className="text-ink">{formatLongDate(membership.paidThrough)}</dd>
          </>
        ) : null}
        {membership.bookableUntil ? (
          <>
            <dt className="text-ink-muted">Reservas</dt>
            <dd className="text-ink">Puedes reservar hasta el {formatLongDate(membership.bookableUntil)}</dd>
          </>
        ) : null}
        {membership.status !== 'pending' ? (
          <>
            <dt className="text-ink-muted">Esta semana</dt>
            <dd className="text-ink figures">{weekUsageLabel(membership.week, membership.dailyLimit)}</dd>
          </>
        ) : null}
        {membership.pauses.length > 0 ? (
          <>
            <dt className="text-ink-muted">Pausas</dt>
            <dd className="text-ink">
              <ul>
                {membership.pauses.map((pause) => (
                  <li key={pause.id}>
                    Del {formatLongDate(pause.from)} al {formatLongDate(pause.to)}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        {membership.status !== 'pending' && membership.status !== 'cancelled' ? (
          <>
            <dt className="text-ink-muted">Días de pausa</dt>
            <dd className="text-ink">Te quedan {membership.pauseDaysLeftThisYear} este año</dd>
          </>
        ) : null}
      </dl>
      {canPause || canCancel ? (
        <div className="flex flex-wrap gap-2">
          {canPause ? (
            <Button
              size="sm"
              variant="secondary"
              icon={<CirclePause aria-hidden="true" className="size-4" />}
              onClick={() => setDialog('pause')}
            >
              Pausar
            </Button>
          ) : null}
          {canCancel ? (
            <Button
              size="sm"
              variant="ghost"
              icon={<CircleX aria-hidden="true" className="size-4" />}
              onClick={() => setDialog('cancel')}
            >
              Cancelar membresía
            </Button>
          ) : null}
        </div>
      ) : null}
      <PauseMembershipDialog
        open={dialog === 'pause'}
        onOpenChange={(open) => setDialog(open ? 'pause' : null)}
        membership={membership}
      />
      <CancelMembershipDialog
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        membership={membership}
      />
    </section>
  );
}
