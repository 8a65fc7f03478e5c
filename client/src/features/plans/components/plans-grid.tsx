import { Link } from '@tanstack/react-router';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { errorMessages } from '@/api/api-error';
import { queryOptions } from '@tanstack/react-query';
import { getGetPlanesQueryKey, getPlanes } from '@/api/generated/planes/planes';
import type { CataloguePlanDto } from '@/api/generated/model';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ErrorMessage } from '@/components/ui/error-message';
import { PurchaseDialog } from '@/features/purchase';
import { useSession, type SessionUser } from '@/features/session';
import { classesLabel, formatMoney } from '@/lib/format';
import { PageQueryBoundary, usePageQuery } from '@/lib/page-query';
import { pricePerClass } from '../format';

/** The plans on sale: the planes route's loader reads them, the grid shows them. */
export const catalogueQueryOptions = queryOptions({
  queryKey: getGetPlanesQueryKey(),
  queryFn: ({ signal }) => getPlanes({ signal }),
});

export const PLANS_NOTE = '*Planes válidos un mes';
export const PLANS_LOAD_ERROR = 'No pudimos cargar los planes.';

// 300×400 px cards; on a phone, the full width up to 300 px, centred.
const cardSize = 'h-[400px] w-full max-w-[300px]';
const grid = 'grid grid-cols-1 justify-items-center gap-6 sm:grid-cols-[repeat(auto-fill,300px)] sm:justify-start';

/** `onBuy` (logged-in visitors only) adds "Comprar" beside "Reservar". */
function PlanCard({ plan, onBuy }: { plan: CataloguePlanDto; onBuy?: (plan: CataloguePlanDto) => void }) {
  const titleId = `plan-${plan.id}`;
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
        <h2 id={titleId} className="font-display text-3xl leading-tight font-semibold text-ink-strong">
          {plan.name}
        </h2>
        <p className="mt-2 text-xs font-semibold tracking-[0.18em] text-accent uppercase">
          {classesLabel(plan.classes)}
        </p>
        <div className="my-auto py-4">
          <p className="font-display text-5xl leading-none font-semibold text-ink-strong">{formatMoney(plan.price)}</p>
          <p className="mt-2 text-sm text-ink-muted">plus Comisión</p>
        </div>
        <p className="border-t border-line pt-4 text-sm text-ink-muted">{pricePerClass(plan.price, plan.classes)}</p>
        <div className="mt-5 flex gap-2">
          {onBuy ? (
            <Button className="flex-1 px-4" aria-label={`Comprar el plan ${plan.name}`} onClick={() => onBuy(plan)}>
              Comprar
            </Button>
          ) : null}
          <Link
            to="/pilates/reservar"
            aria-label={`Reservar con el plan ${plan.name}`}
            className={buttonClasses({ variant: onBuy ? 'secondary' : 'primary', className: 'flex-1 px-4' })}
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

function PlansLoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const [retrying, setRetrying] = useState(false);
  return (
    <div className="flex max-w-prose flex-col items-start gap-4">
      <ErrorMessage messages={[PLANS_LOAD_ERROR, ...errorMessages(error)]} className="w-full" />
      <Button
        variant="secondary"
        loading={retrying}
        loadingLabel="Reintentando…"
        icon={<RotateCw aria-hidden="true" className="size-4" />}
        onClick={() => {
          setRetrying(true);
          retry();
        }}
      >
        Reintentar
      </Button>
    </div>
  );
}

/** The plan catalogue as cards, each leading to the booking calendar (and, logged in, to buying it). */
export function PlansGrid() {
  return (
    <PageQueryBoundary
      fallback={<PlanSkeletons />}
      error={(error, retry) => <PlansLoadError error={error} retry={retry} />}
    >
      <PlansList />
    </PageQueryBoundary>
  );
}

function PlansList() {
  const { data } = usePageQuery(catalogueQueryOptions);
  // "Comprar" beside "Reservar" once the session says the visitor is logged in.
  const asGuest = <PlanCards plans={data.planes} user={null} />;
  return (
    <PageQueryBoundary fallback={asGuest} error={() => asGuest}>
      <SessionPlanCards plans={data.planes} />
    </PageQueryBoundary>
  );
}

function SessionPlanCards({ plans }: { plans: CataloguePlanDto[] }) {
  return <PlanCards plans={plans} user={useSession().user} />;
}

function PlanCards({ plans, user }: { plans: CataloguePlanDto[]; user: SessionUser | null }) {
  const [buying, setBuying] = useState<{ open: boolean; planId: number | null }>({ open: false, planId: null });

  return (
    <>
      <ul aria-label="Planes" className={grid}>
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            onBuy={user ? (chosen) => setBuying({ open: true, planId: chosen.id }) : undefined}
          />
        ))}
      </ul>
      <p className="mt-10 text-sm text-ink-muted">{PLANS_NOTE}</p>
      {user ? (
        <PurchaseDialog
          open={buying.open}
          initialPlanId={buying.planId}
          onOpenChange={(open) => setBuying((current) => ({ ...current, open }))}
        />
      ) : null}
    </>
  );
}
