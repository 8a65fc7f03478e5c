import { formatLongDate, planEndDate } from '@pilates/dates';
import { ArrowLeft, CreditCard, Timer } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { errorMessages, isApiError } from '@/api/api-error';
import type { CataloguePlanDto } from '@/api/generated/model';
import { useGetGiftBalance } from '@/api/generated/gift-cards/gift-cards';
import { useStartCheckout } from '@/api/generated/payments/payments';
import { useGetPlanes } from '@/api/generated/planes/planes';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog, useEverOpened } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { classesLabel, formatMoney } from '@/lib/format';
import { useStudioToday } from '@/lib/studio-clock';
import { holdNotice, holdOf, type ChosenClass } from '../chosen-class';
import { PendingPaymentNotice } from './pending-purchases';
import { PromoCodeField, type AppliedPromo } from './promo-code-field';

export const PURCHASE_DIALOG_TITLE = 'Contrata un plan';
export const PAY_BUTTON_LABEL = 'Pagar con Mercado Pago';
/** The button when the gift balance pays the whole plan: no Mercado Pago step follows. */
export const PAY_WITH_BALANCE_LABEL = 'Pagar con mi saldo de regalo';

/** Sends the browser to Mercado Pago's checkout (a full page load: it leaves the site). */
export const goToCheckout = (url: string): void => window.location.assign(url);

export interface PurchaseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: ReactNode;
  description?: ReactNode;
  /** Opens straight on this plan's summary (the plans page's "Comprar"). */
  initialPlanId?: number | null;
  /** Where the checkout URL goes; tests pass a spy. */
  onCheckoutUrl?: (url: string) => void;
  /**
   * The class (and reformer) the client was booking when they ran out of classes: the checkout
   * holds it for 15 minutes and the approved payment books it.
   */
  chosenClass?: ChosenClass | null;
}

/** The checkout's refusals of a hold (the class or its reformer went meanwhile): buying goes on without it. */
const HOLD_REFUSALS = new Set([
  'CLASS_FULL',
  'CLASS_STARTED',
  'CLASS_CANCELLED',
  'CLASS_NOT_FOUND',
  'ALREADY_BOOKED',
  'SPOT_TAKEN',
  'SPOT_OUT_OF_SERVICE',
  'SPOT_UNKNOWN',
  'NO_SPOT_FREE',
]);

export const HOLD_LOST_MESSAGE = 'Puedes comprar el plan de todas formas y reservar otra clase después.';

/** "Válido del 24 de noviembre de 2026 al 23 de diciembre de 2026": a plan bought today. */
export function validityLabel(today: string): string {
  return `Válido del ${formatLongDate(today)} al ${formatLongDate(planEndDate(today))}`;
}

interface PlanChoicesProps {
  planes: CataloguePlanDto[];
  onChoose: (plan: CataloguePlanDto) => void;
  /** Back from a summary: focus returns to that plan's button. */
  focusPlanId: number | null;
}

function PlanChoices({ planes, onChoose, focusPlanId }: PlanChoicesProps) {
  const focusRef = useRef<HTMLButtonElement>(null);
  useEffect(() => focusRef.current?.focus(), []);
  return (
    <ul aria-label="Planes" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {planes.map((plan) => (
        <li key={plan.id} className="flex flex-col rounded-card border border-line bg-canvas p-4">
          <h3 id={`compra-plan-${plan.id}`} className="font-display text-2xl leading-tight text-ink-strong">
            {plan.name}
          </h3>
          <p className="mt-1 text-sm text-ink-muted">{classesLabel(plan.classes)}</p>
          {plan.intro ? (
            <p className="mt-2 self-start rounded-pill bg-accent px-2.5 py-0.5 text-xs font-semibold text-white">
              Solo primera vez
            </p>
          ) : null}
          <p className="mt-2 mb-4 text-ink">
            <span className="font-semibold text-ink-strong">{formatMoney(plan.price)}</span>
            {plan.commission > 0 ? ` más ${formatMoney(plan.commission)} de comisión` : null}
          </p>
          <Button
            size="sm"
            className="mt-auto"
            ref={plan.id === focusPlanId ? focusRef : undefined}
            aria-describedby={`compra-plan-${plan.id}`}
            onClick={() => onChoose(plan)}
          >
            Comprar Plan
          </Button>
        </li>
      ))}
    </ul>
  );
}

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-2', strong && 'border-t border-line pt-3')}>
      <dt className={strong ? 'font-semibold text-ink-strong' : 'text-ink-muted'}>{label}</dt>
      <dd className={cn('figures', strong ? 'font-display text-2xl font-semibold text-ink-strong' : 'text-ink')}>
        {value}
      </dd>
    </div>
  );
}

interface PlanSummaryProps {
  plan: CataloguePlanDto;
  today: string;
  /** Why the checkout did not open (none: nothing shown). */
  errors: string[];
  /** The reformer held while paying, if any. */
  holding: ChosenClass | null;
  /** The promo code applied, and what the server previewed with it. */
  promo: AppliedPromo | null;
  onPromo: (promo: AppliedPromo | null) => void;
  paying: boolean;
  /** The gift balance pays it all: the plan is active at once, without Mercado Pago. */
  coveredByBalance: boolean;
}

const pesos = (cents: number) => formatMoney(cents / 100);

/** The client's gift balance pays first: said before paying (the preview with a code shows the amount). */
function GiftBalanceNote() {
  const balance = useGetGiftBalance({ query: { staleTime: 60_000 } });
  const cents = balance.data?.balanceCents ?? 0;
  if (cents <= 0) return null;
  return (
    <p className="mt-3 rounded-control bg-sand/60 px-3 py-2 text-sm text-ink">
      Tu saldo de regalo de {pesos(cents)} paga primero: se descuenta del precio y la comisión se cobra solo sobre el
      resto. Si cubre todo, tu plan queda activo sin pasar por Mercado Pago.
    </p>
  );
}

function PlanSummary({ plan, today, errors, holding, promo, onPromo, paying, coveredByBalance }: PlanSummaryProps) {
  // The plan's button is gone: focus (and the scroll) move to the summary's title.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <div className="space-y-4">
      <section aria-labelledby="resumen-plan" className="rounded-card border border-line bg-canvas p-4 sm:p-5">
        <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Resumen de tu compra</p>
        <h3
          id="resumen-plan"
          ref={titleRef}
          tabIndex={-1}
          className="mt-1 scroll-mt-16 font-display text-3xl leading-tight text-ink-strong focus:outline-none"
        >
          {plan.name}
        </h3>
        <p className="mt-1 text-sm text-ink-muted">{classesLabel(plan.classes)}</p>
        {promo ? (
          // The server's preview: the commission is on the discounted price.
          <dl className="mt-4 text-sm">
            <SummaryRow label="Precio" value={pesos(promo.preview.priceCents)} />
            <SummaryRow label="Descuento" value={`−${pesos(promo.preview.discountCents)}`} />
            {promo.preview.balanceCents > 0 ? (
              <SummaryRow label="Saldo de regalo" value={`−${pesos(promo.preview.balanceCents)}`} />
            ) : null}
            {promo.preview.commissionCents > 0 ? (
              <SummaryRow label="Comisión" value={pesos(promo.preview.commissionCents)} />
            ) : null}
            <SummaryRow label="Total" value={pesos(promo.preview.totalCents)} strong />
          </dl>
        ) : (
          <dl className="mt-4 text-sm">
            <SummaryRow label="Precio" value={formatMoney(plan.price)} />
            {/* No commission configured: no "Comisión $0.00" line. */}
            {plan.commission > 0 ? <SummaryRow label="Comisión" value={formatMoney(plan.commission)} /> : null}
            <SummaryRow label="Total" value={formatMoney(plan.total)} strong />
          </dl>
        )}
        {promo ? null : <GiftBalanceNote />}
        <div className="mt-4">
          <PromoCodeField planId={plan.id} applied={promo} onApplied={onPromo} disabled={paying} />
        </div>
        <p className="mt-3 rounded-control bg-sage-soft px-3 py-2 text-sm text-ink">{validityLabel(today)}</p>
      </section>
      {holding ? (
        <p className="flex items-start gap-2 rounded-control border border-line bg-sand/60 px-3 py-2 text-sm text-ink">
          <Timer aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{holdNotice(holding)} Al aprobarse el pago, tu clase queda reservada.</span>
        </p>
      ) : null}
      <p className="text-sm text-ink-muted">
        {coveredByBalance
          ? 'Tu saldo de regalo paga todo el plan: queda activo al instante, sin pasar por Mercado Pago.'
          : 'Pagarás en la página segura de Mercado Pago (tarjeta, OXXO u otros medios). Al aprobarse el pago, tu plan queda activo y vuelves a Mis clases.'}
      </p>
      <ErrorMessage messages={errors} />
    </div>
  );
}

/**
 * Buying a plan: the catalogue, then the chosen plan's summary (price, commission, total and the
 * dates it covers), then Mercado Pago's checkout. Used by the booking calendar (no classes left),
 * the plans page and the return from a failed payment.
 */
export function PurchaseDialog(props: PurchaseDialogProps) {
  return useEverOpened(props.open) ? <OpenedPurchaseDialog {...props} /> : null;
}

function OpenedPurchaseDialog({
  open,
  onOpenChange,
  title = PURCHASE_DIALOG_TITLE,
  description,
  initialPlanId = null,
  onCheckoutUrl = goToCheckout,
  chosenClass = null,
}: PurchaseDialogProps) {
  // undefined: nothing picked in this opening yet, so the caller's plan (if any) is shown.
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  const chosenId = picked === undefined ? initialPlanId : picked;
  // The catalogue is only fetched once the dialog opens.
  const planes = useGetPlanes({ query: { enabled: open, staleTime: 5 * 60_000 } });
  const checkout = useStartCheckout({ mutation: { onSuccess: ({ url }) => onCheckoutUrl(url) } });
  const today = useStudioToday();

  // Memberships are subscribed to on Planes (a monthly card charge), never bought here.
  const packs = planes.data?.planes.filter((plan) => plan.kind !== 'membership');
  const chosen = packs?.find((plan) => plan.id === chosenId) ?? null;
  // The gift balance (the same query the summary's note reads): when it pays the whole plan, the
  // button says so and no Mercado Pago step follows.
  const giftBalance = useGetGiftBalance({ query: { staleTime: 60_000, enabled: chosen !== null } });
  // Once the checkout URL is known the browser is leaving: the button keeps spinning.
  const paying = checkout.isPending || checkout.isSuccess;
  // The class could not be held (taken or full meanwhile): the error says why, and paying again buys
  // the plan alone.
  const [holdLost, setHoldLost] = useState(false);
  const holdRefused = isApiError(checkout.error) && HOLD_REFUSALS.has(checkout.error.code);
  const holding = chosenClass && !holdLost && !holdRefused ? chosenClass : null;
  const balanceCents = giftBalance.data?.balanceCents ?? 0;

  // A code applies to the plan it was checked for: choosing another plan drops it.
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [lastChosenId, setLastChosenId] = useState<number | null>(null);
  const choose = (id: number | null) => {
    checkout.reset();
    setPromo(null);
    if (chosenId !== null) setLastChosenId(chosenId);
    setPicked(id);
  };
  // As the server decides (payments' balancePart): the balance covers the (discounted) price.
  const coveredByBalance =
    chosen !== null &&
    (promo
      ? promo.preview.balanceCents > 0 && promo.preview.totalCents === 0
      : balanceCents > 0 && balanceCents >= Math.round(chosen.price * 100));
  const changeOpen = (next: boolean) => {
    if (!next) {
      setPicked(undefined);
      setLastChosenId(null);
      setHoldLost(false);
      setPromo(null);
      checkout.reset();
    }
    onOpenChange(next);
  };

  const close = (
    <Button variant="secondary" onClick={() => changeOpen(false)}>
      Cerrar
    </Button>
  );
  const footer = chosen ? (
    <>
      {close}
      <Button
        variant="ghost"
        className="sm:mr-auto"
        icon={<ArrowLeft aria-hidden="true" className="size-4" />}
        disabled={paying}
        onClick={() => choose(null)}
      >
        Elegir otro plan
      </Button>
      <Button
        loading={paying}
        loadingLabel={coveredByBalance ? 'Activando tu plan…' : 'Abriendo Mercado Pago…'}
        icon={<CreditCard aria-hidden="true" className="size-4" />}
        onClick={() => {
          if (holdRefused) setHoldLost(true);
          checkout.mutate({
            data: {
              planId: chosen.id,
              ...(holding ? { hold: holdOf(holding) } : {}),
              ...(promo ? { code: promo.code } : {}),
            },
          });
        }}
      >
        {coveredByBalance ? PAY_WITH_BALANCE_LABEL : PAY_BUTTON_LABEL}
      </Button>
    </>
  ) : (
    close
  );

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={title}
      description={description}
      className={chosen ? 'max-w-2xl' : 'max-w-3xl'}
      footer={footer}
    >
      {/* A payment still on its way comes first: the client may not need another plan. */}
      <PendingPaymentNotice enabled={open} className="mb-4" />
      {planes.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner size="lg" label="Cargando los planes…" />
        </div>
      ) : planes.isError ? (
        <ErrorMessage error={planes.error} />
      ) : chosen ? (
        <PlanSummary
          plan={chosen}
          today={today}
          errors={holdRefused ? [...errorMessages(checkout.error), HOLD_LOST_MESSAGE] : errorMessages(checkout.error)}
          holding={holding}
          promo={promo}
          onPromo={(next) => {
            checkout.reset();
            setPromo(next);
          }}
          paying={paying}
          coveredByBalance={coveredByBalance}
        />
      ) : (
        <PlanChoices planes={packs ?? []} onChoose={(plan) => choose(plan.id)} focusPlanId={lastChosenId} />
      )}
    </Dialog>
  );
}
