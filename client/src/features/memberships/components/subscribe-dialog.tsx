import { CreditCard, Package } from 'lucide-react';
import type { CataloguePlanDto } from '@/api/generated/model';
import { useSubscribeMembership } from '@/api/generated/payments/payments';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { formatMoney } from '@/lib/format';
import { membershipLimitLabel, RENEWAL_NOTE } from '../format';

export const SUBSCRIBE_BUTTON_LABEL = 'Continuar a Mercado Pago';
export const CARDS_ONLY_NOTE =
  'Solo con tarjeta de crédito o débito: Mercado Pago cobra las membresías a tu tarjeta cada mes.';
export const STARTS_NOTE =
  'Tu membresía empieza cuando Mercado Pago aprueba el primer cobro; desde ese día puedes reservar.';
export const PACKS_OFFER = '¿Prefieres pagar en efectivo o en OXXO? Los paquetes de clases se pagan una sola vez.';

/** Sends the browser to Mercado Pago, where the client authorizes the card (a full page load). */
export const goToSubscription = (url: string): void => window.location.assign(url);

export interface SubscribeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The membership plan chosen on Planes. */
  plan: CataloguePlanDto | null;
  /** «Ver paquetes»: the dialog closes and the page shows the packs. */
  onSeePacks: () => void;
  /** Where the subscription's URL goes; tests pass a spy. */
  onSubscriptionUrl?: (url: string) => void;
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-2', strong && 'border-t border-line pt-3')}>
      <dt className={strong ? 'font-semibold text-ink-strong' : 'text-ink-muted'}>{label}</dt>
      <dd className={cn('figures', strong ? 'font-display text-2xl font-semibold text-ink-strong' : 'text-ink')}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Subscribing to a membership: what is charged every month (the catalogue's price and commission),
 * that only cards can pay it, when it starts, and the packs for those who pay cash. «Continuar a
 * Mercado Pago» creates the subscription and sends the browser to authorize the card.
 */
export function SubscribeDialog({
  open,
  onOpenChange,
  plan,
  onSeePacks,
  onSubscriptionUrl = goToSubscription,
}: SubscribeDialogProps) {
  const subscribe = useSubscribeMembership({ mutation: { onSuccess: ({ url }) => onSubscriptionUrl(url) } });
  // Once the URL is known the browser is leaving: the button keeps spinning.
  const leaving = subscribe.isPending || subscribe.isSuccess;
  const changeOpen = (next: boolean) => {
    if (!next) subscribe.reset();
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={plan ? `Membresía ${plan.name}` : 'Membresía'}
      description={RENEWAL_NOTE}
      className="max-w-xl"
      footer={
        <>
          <Button variant="secondary" onClick={() => changeOpen(false)}>
            Cerrar
          </Button>
          {plan ? (
            <Button
              loading={leaving}
              loadingLabel="Abriendo Mercado Pago…"
              icon={<CreditCard aria-hidden="true" className="size-4" />}
              onClick={() => subscribe.mutate({ data: { planId: plan.id } })}
            >
              {SUBSCRIBE_BUTTON_LABEL}
            </Button>
          ) : null}
        </>
      }
    >
      {plan ? (
        <div className="space-y-4">
          <section aria-labelledby="membresia-resumen" className="rounded-card border border-line bg-canvas p-4 sm:p-5">
            <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Cada mes</p>
            <h3 id="membresia-resumen" className="mt-1 font-display text-3xl leading-tight text-ink-strong">
              {plan.name}
            </h3>
            <p className="mt-1 text-sm text-ink-muted">
              {membershipLimitLabel(plan.weeklyLimit, plan.dailyLimit ?? 1)}
            </p>
            <dl className="mt-4 text-sm">
              <Row label="Precio mensual" value={formatMoney(plan.price)} />
              {/* No commission configured: no "Comisión $0.00" line. */}
              {plan.commission > 0 ? <Row label="Comisión" value={formatMoney(plan.commission)} /> : null}
              <Row label="Se cobra cada mes" value={formatMoney(plan.total)} strong />
            </dl>
          </section>
          <ul className="space-y-2 text-sm text-ink">
            <li className="flex items-start gap-2">
              <CreditCard aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
              <span>{CARDS_ONLY_NOTE}</span>
            </li>
            <li className="pl-6">{STARTS_NOTE}</li>
            <li className="pl-6">
              Puedes pausarla o cancelarla desde Mis clases → Planes; al cancelar, no se hace ningún cobro más y
              reservas hasta el final del mes pagado.
            </li>
          </ul>
          <div className="flex flex-col gap-3 rounded-control bg-sand/60 px-3 py-3 text-sm text-ink sm:flex-row sm:items-center sm:justify-between">
            <p>{PACKS_OFFER}</p>
            <Button
              size="sm"
              variant="secondary"
              className="shrink-0"
              icon={<Package aria-hidden="true" className="size-4" />}
              disabled={leaving}
              onClick={() => {
                changeOpen(false);
                onSeePacks();
              }}
            >
              Ver paquetes
            </Button>
          </div>
          <ErrorMessage error={subscribe.error} />
        </div>
      ) : null}
    </Dialog>
  );
}
