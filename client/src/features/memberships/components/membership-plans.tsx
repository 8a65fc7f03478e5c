import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CataloguePlanDto } from '@/api/generated/model';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { commissionNote, formatMoney } from '@/lib/format';
import { membershipLimitLabel, RENEWAL_NOTE } from '../format';
import { SubscribeDialog } from '../subscribe-dialog-on-demand';

export const MEMBERSHIPS_HEADING = 'Membresías';
export const MEMBERSHIPS_LEAD = 'Un precio cada mes y reservas cada semana, sin contar clases.';

/** Where a guest's «Suscribirme» leads: logging in, then back to this membership's dialog. */
export const subscribeAfterLoginHref = (planId: number) => `/pilates/planes?suscribir=${planId}`;

const grid = 'grid grid-cols-1 justify-items-center gap-6 sm:grid-cols-[repeat(auto-fill,300px)] sm:justify-start';

function MembershipCard({
  plan,
  onSubscribe,
}: {
  plan: CataloguePlanDto;
  onSubscribe?: (plan: CataloguePlanDto) => void;
}) {
  const titleId = `membresia-${plan.id}`;
  const commission = commissionNote(plan.commission);
  const label = `Suscribirme a la membresía ${plan.name}`;
  return (
    <li className="w-full max-w-[300px]">
      <article
        aria-labelledby={titleId}
        className={cn(
          'flex h-full min-h-[400px] flex-col rounded-card border border-accent/40 bg-surface p-7 text-center shadow-soft',
          'transition-[box-shadow,border-color,transform] duration-300 ease-calm',
          'hover:border-accent hover:shadow-lift focus-within:border-accent focus-within:shadow-lift',
          'motion-safe:hover:-translate-y-1 motion-safe:focus-within:-translate-y-1',
        )}
      >
        <p className="-mt-3 mb-2 self-center rounded-pill bg-sage-soft px-3 py-0.5 text-xs font-semibold tracking-wide text-ink">
          Membresía mensual
        </p>
        <h3 id={titleId} className="font-display text-3xl leading-tight font-semibold text-ink-strong">
          {plan.name}
        </h3>
        <p className="mt-2 text-xs font-semibold tracking-[0.18em] text-accent uppercase">
          {membershipLimitLabel(plan.weeklyLimit, plan.dailyLimit ?? 1)}
        </p>
        <div className="my-auto py-4">
          <p className="font-display text-5xl leading-none font-semibold text-ink-strong">
            {formatMoney(plan.price)} <span className="font-sans text-base font-normal text-ink-muted">al mes</span>
          </p>
          {commission ? (
            <>
              <p className="mt-2 text-sm text-ink-muted">{commission}</p>
              <p className="mt-1 text-sm font-medium text-ink">Total al mes: {formatMoney(plan.total)}</p>
            </>
          ) : null}
        </div>
        <p className="border-t border-line pt-4 text-sm text-ink">{RENEWAL_NOTE}</p>
        <div className="mt-5 flex">
          {onSubscribe ? (
            <Button className="flex-1 px-4" aria-label={label} onClick={() => onSubscribe(plan)}>
              Suscribirme
            </Button>
          ) : (
            <Link
              to="/pilates/cuenta"
              search={{ redirect: subscribeAfterLoginHref(plan.id) }}
              aria-label={label}
              className={buttonClasses({ className: 'flex-1 px-4' })}
            >
              Suscribirme
            </Link>
          )}
        </div>
      </article>
    </li>
  );
}

export interface MembershipPlansProps {
  /** The catalogue's memberships (kind `membership`). */
  plans: CataloguePlanDto[];
  /** A logged-in visitor subscribes here; a guest logs in first. */
  loggedIn: boolean;
  /** A membership whose dialog opens at once (a guest's «Suscribirme», back from logging in). */
  subscribePlanId?: number;
  /** The dialog closed: the page forgets the membership it was asked to open. */
  onSubscribeClosed?: () => void;
  /** «Ver paquetes» in the dialog: the page brings the packs into view. */
  onSeePacks: () => void;
}

/** Planes' memberships, as their own group beside the packs. */
export function MembershipPlans({
  plans,
  loggedIn,
  subscribePlanId,
  onSubscribeClosed,
  onSeePacks,
}: MembershipPlansProps) {
  const requested = loggedIn ? (plans.find((plan) => plan.id === subscribePlanId) ?? null) : null;
  const [state, setState] = useState<{ open: boolean; plan: CataloguePlanDto | null }>({
    open: requested !== null,
    plan: requested,
  });
  if (plans.length === 0) return null;
  return (
    <section aria-labelledby="membresias-titulo" className="mt-14">
      <h2 id="membresias-titulo" className="font-display text-3xl font-semibold text-ink-strong">
        {MEMBERSHIPS_HEADING}
      </h2>
      <p className="mt-2 mb-6 text-ink-muted">{MEMBERSHIPS_LEAD}</p>
      <ul aria-label={MEMBERSHIPS_HEADING} className={grid}>
        {plans.map((plan) => (
          <MembershipCard
            key={plan.id}
            plan={plan}
            onSubscribe={loggedIn ? (chosen) => setState({ open: true, plan: chosen }) : undefined}
          />
        ))}
      </ul>
      {loggedIn ? (
        <SubscribeDialog
          open={state.open}
          plan={state.plan}
          onSeePacks={onSeePacks}
          onOpenChange={(open) => {
            setState((current) => ({ ...current, open }));
            if (!open) onSubscribeClosed?.();
          }}
        />
      ) : null}
    </section>
  );
}
