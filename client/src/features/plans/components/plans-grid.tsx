import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { getGetPlanesQueryKey, getPlanes } from '@/api/generated/planes/planes';
import type { CataloguePlanDto } from '@/api/generated/model';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LoadError } from '@/components/ui/load-error';
import { MembershipPlans } from '@/features/memberships';
import { PurchaseDialog } from '@/features/purchase';
import { useSession, type SessionUser } from '@/features/session';
import { classesLabel, commissionNote, formatMoney } from '@/lib/format';
import { PageQueryBoundary, usePageQuery } from '@/lib/page-query';
import { pricePerClass } from '../format';

/** The plans on sale: the planes route's loader reads them, the grid shows them. */
export const catalogueQueryOptions = queryOptions({
  queryKey: getGetPlanesQueryKey(),
  queryFn: ({ signal }) => getPlanes({ signal }),
});

export const PLANS_NOTE = '*Planes válidos un mes';
/** The badge of an intro plan: only first-timers see it, and may buy it. */
export const INTRO_BADGE = 'Solo primera vez';
export const PLANS_LOAD_ERROR = 'No pudimos cargar los planes.';

// 300×400 px cards; on a phone, the full width up to 300 px, centred.
const cardSize = 'h-[400px] w-full max-w-[300px]';
const grid = 'grid grid-cols-1 justify-items-center gap-6 sm:grid-cols-[repeat(auto-fill,300px)] sm:justify-start';

/** Where "Comprar" leads a guest: logging in, then back to this plan's purchase. */
export const buyAfterLoginHref = (planId: number) => `/pilates/planes?comprar=${planId}`;

/**
 * One plan: its price (and, only when there is one, the commission and the total charged, as the
 * server's catalogue gives them), "Comprar" and the spec's "Reservar". `onBuy` for a logged-in
 * visitor; a guest's "Comprar" leads to logging in first.
 */
function PlanCard({ plan, onBuy }: { plan: CataloguePlanDto; onBuy?: (plan: CataloguePlanDto) => void }) {
  const titleId = `plan-${plan.id}`;
  const commission = commissionNote(plan.commission);
  const buyLabel = `Comprar el plan ${plan.name}`;
  return (
    <li className={cardSize}>
      <article
        aria-labelledby={titleId}
        className={cn(
          'flex h-full flex-col rounded-card border border-line bg-surface p-7 text-center shadow-soft',
          'transition-[box-shadow,border-color,transform] duration-300 ease-calm',
          // Hover and keyboard focus inside the card light it up; it only lifts when motion is welcome.
          'hover:border-accent hover:shadow-lift focus-within:border-accent focus-within:shadow-lift',
          'motion-safe:hover:-translate-y-1 motion-safe:focus-within:-translate-y-1',
        )}
      >
        {plan.intro ? (
          <p className="-mt-3 mb-2 self-center rounded-pill bg-accent px-3 py-0.5 text-xs font-semibold tracking-wide text-white">
            {INTRO_BADGE}
          </p>
        ) : null}
        <h2 id={titleId} className="font-display text-3xl leading-tight font-semibold text-ink-strong">
          {plan.name}
        </h2>
        {plan.classTypes.length > 0 ? (
          // A plan limited to some class types ("Solo Prenatal"): it books only those.
          <p className="mt-2 self-center rounded-pill bg-sand px-3 py-0.5 text-xs font-semibold text-ink">
            Solo {plan.classTypes.map((type) => type.name).join(', ')}
          </p>
        ) : null}
        <p className="mt-2 text-xs font-semibold tracking-[0.18em] text-accent uppercase">
          {classesLabel(plan.classes)}
        </p>
        <div className="my-auto py-4">
          <p className="font-display text-5xl leading-none font-semibold text-ink-strong">{formatMoney(plan.price)}</p>
          {commission ? (
            <>
              <p className="mt-2 text-sm text-ink-muted">{commission}</p>
              <p className="mt-1 text-sm font-medium text-ink">Total: {formatMoney(plan.total)}</p>
            </>
          ) : null}
        </div>
        <p className="border-t border-line pt-4 text-sm text-ink-muted">{pricePerClass(plan.price, plan.classes)}</p>
        <div className="mt-5 flex gap-2">
          {onBuy ? (
            <Button className="flex-1 px-4" aria-label={buyLabel} onClick={() => onBuy(plan)}>
              Comprar
            </Button>
          ) : (
            <Link
              to="/pilates/cuenta"
              search={{ redirect: buyAfterLoginHref(plan.id) }}
              aria-label={buyLabel}
              className={buttonClasses({ className: 'flex-1 px-4' })}
            >
              Comprar
            </Link>
          )}
          <Link
            to="/pilates/reservar"
            aria-label={`Reservar con el plan ${plan.name}`}
            className={buttonClasses({ variant: 'secondary', className: 'flex-1 px-4' })}
          >
            Reservar
          </Link>
        </div>
      </article>
    </li>
  );
}

function PlanSkeletons() {
  return (
    <div role="status" aria-label="Cargando planes…">
      <ul aria-hidden="true" className={grid}>
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className={cn(cardSize, 'animate-pulse rounded-card border border-line bg-sand/50')} />
        ))}
      </ul>
    </div>
  );
}

export interface PlansGridProps {
  /** A plan whose purchase opens at once (a guest's "Comprar", back from logging in). */
  buyPlanId?: number;
  /** The purchase dialog closed: the page forgets the plan it was asked to sell. */
  onPurchaseClosed?: () => void;
  /** A membership whose subscription dialog opens at once (a guest's «Suscribirme», back from logging in). */
  subscribePlanId?: number;
  /** The subscription dialog closed: the page forgets the membership it was asked to open. */
  onSubscribeClosed?: () => void;
}

const PACKS_ID = 'paquetes';

/** «Ver paquetes» of the subscription dialog: the packs come into view, the focus on their list. */
function showPacks() {
  const packs = document.getElementById(PACKS_ID);
  packs?.scrollIntoView({ block: 'start' });
  packs?.focus();
}

/**
 * The plan catalogue as cards, each leading to buying it and to the booking calendar; the
 * memberships (monthly subscriptions) after the packs, as their own group.
 */
export function PlansGrid(props: PlansGridProps = {}) {
  return (
    <PageQueryBoundary
      fallback={<PlanSkeletons />}
      error={(error, retry) => <LoadError lead={PLANS_LOAD_ERROR} error={error} retry={retry} />}
    >
      <PlansList {...props} />
    </PageQueryBoundary>
  );
}

function PlansList(props: PlansGridProps) {
  const { data } = usePageQuery(catalogueQueryOptions);
  // "Comprar" opens the purchase once the session says the visitor is logged in (a guest logs in first).
  const asGuest = <PlanCards plans={data.planes} user={null} />;
  return (
    <PageQueryBoundary fallback={asGuest} error={() => asGuest}>
      <SessionPlanCards plans={data.planes} {...props} />
    </PageQueryBoundary>
  );
}

function SessionPlanCards({ plans, ...props }: PlansGridProps & { plans: CataloguePlanDto[] }) {
  return <PlanCards plans={plans} user={useSession().user} {...props} />;
}

function PlanCards({
  plans,
  user,
  buyPlanId,
  onPurchaseClosed,
  subscribePlanId,
  onSubscribeClosed,
}: PlansGridProps & { plans: CataloguePlanDto[]; user: SessionUser | null }) {
  const packs = plans.filter((plan) => plan.kind !== 'membership');
  const memberships = plans.filter((plan) => plan.kind === 'membership');
  // Back from logging in to buy a plan on sale: its purchase is open from the start.
  const requested = user && packs.some((plan) => plan.id === buyPlanId) ? (buyPlanId ?? null) : null;
  const [buying, setBuying] = useState<{ open: boolean; planId: number | null }>({
    open: requested !== null,
    planId: requested,
  });

  return (
    <>
      <ul id={PACKS_ID} tabIndex={-1} aria-label="Planes" className={cn(grid, 'scroll-mt-20 focus:outline-none')}>
        {packs.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            onBuy={user ? (chosen) => setBuying({ open: true, planId: chosen.id }) : undefined}
          />
        ))}
      </ul>
      <p className="mt-10 text-sm text-ink-muted">{PLANS_NOTE}</p>
      <MembershipPlans
        plans={memberships}
        loggedIn={user !== null}
        subscribePlanId={subscribePlanId}
        onSubscribeClosed={onSubscribeClosed}
        onSeePacks={showPacks}
      />
      {user ? (
        <PurchaseDialog
          open={buying.open}
          initialPlanId={buying.planId}
          onOpenChange={(open) => {
            setBuying((current) => ({ ...current, open }));
            if (!open) onPurchaseClosed?.();
          }}
        />
      ) : null}
    </>
  );
}
