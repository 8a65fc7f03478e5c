import { Link, useNavigate } from '@tanstack/react-router';
import { CalendarPlus, CircleCheck, CircleX, Clock, RotateCw } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { errorMessages } from '@/api/api-error';
import { formatLongDateWithWeekday } from '@pilates/dates';
import type { HeldClassDto, PurchaseDto } from '@/api/generated/model';
import { useConfirmPayment } from '@/api/generated/payments/payments';
import { usePushReservation } from '@/api/generated/reservations/reservations';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { bookedMessage } from '@/features/my-classes';
import { chosenClassText, forgetChosenClass, readChosenClass, type ChosenClass } from '../chosen-class';
import { formatDeadline, purchaseOutcome, type PurchaseOutcome } from '../format';

export const PAYMENT_FAILED_MESSAGE = 'El pago no se completó. No se hizo ningún cargo.';
export const CONFIRM_FAILED_MESSAGE = 'No pudimos confirmar tu pago. Si ya pagaste, tu plan aparecerá en unos minutos.';

export const approvedMessage = (plan: string) => `¡Listo! Tu plan ${plan} ya está activo.`;

export const PAID_WITH_BALANCE_MESSAGE = '¡Listo! Tu saldo de regalo pagó tu plan y ya está activo.';

/** 'Tu clase del martes 24 de noviembre de 2026 a las 7:00 AM quedó reservada en Reformer 4.' */
export const heldBookedMessage = (booked: HeldClassDto) =>
  `Tu clase del ${formatLongDateWithWeekday(booked.date)} a las ${booked.time} quedó reservada en ${booked.spot.label}.`;

const tone: Record<PurchaseOutcome, string> = {
  approved: 'border-success/30 bg-success-soft text-success',
  pending: 'border-line bg-sand/60 text-ink',
  failed: 'border-danger/30 bg-danger-soft text-danger',
};

const icons: Record<PurchaseOutcome, ReactNode> = {
  approved: <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />,
  pending: <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />,
  failed: <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0" />,
};

function Banner({ outcome, children, action }: { outcome: PurchaseOutcome; children: ReactNode; action?: ReactNode }) {
  return (
    <div
      role="status"
      data-outcome={outcome}
      className={cn(
        'flex flex-col gap-3 rounded-card border px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5',
        tone[outcome],
      )}
    >
      <div className="flex items-start gap-3">
        {icons[outcome]}
        <div className="space-y-1 text-sm sm:text-base">{children}</div>
      </div>
      {action ? <div className="shrink-0 pl-8 sm:pl-0">{action}</div> : null}
    </div>
  );
}

/** "Reservar esta clase": books the class chosen before the purchase, then shows its day. */
function BookChosenClass({ chosen }: { chosen: ChosenClass }) {
  const toast = useToast();
  const navigate = useNavigate();
  const booking = usePushReservation({
    mutation: {
      onSuccess: async (answer) => {
        forgetChosenClass();
        // With until when it may be cancelled, from the booking's own answer.
        toast.show(bookedMessage(answer));
        await navigate({ to: '/pilates/reservar', search: { fecha: chosen.date } });
      },
      onError: (error) => {
        // Full or started meanwhile: say why and show the day as it is now.
        forgetChosenClass();
        toast.show(errorMessages(error).join(' '), 'error');
        void navigate({ to: '/pilates/reservar', search: { fecha: chosen.date } });
      },
    },
  });
  return (
    <Button
      size="sm"
      icon={<CalendarPlus aria-hidden="true" className="size-4" />}
      loading={booking.isPending}
      loadingLabel="Reservando…"
      onClick={() => booking.mutate({ data: { date: chosen.date, classReservation: chosen.scheduleId } })}
    >
      Reservar esta clase
    </Button>
  );
}

/** The class the approved payment booked on the reformer held during the checkout. */
function BookedHeldClass({ purchase, booked }: { purchase: PurchaseDto; booked: HeldClassDto }) {
  // Booked already: nothing is left to offer on the return.
  useEffect(() => forgetChosenClass(), []);
  return (
    <Banner
      outcome="approved"
      action={
        <Link to="/pilates/reservar" search={{ fecha: booked.date }} className={buttonClasses({ size: 'sm' })}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          Ver mi clase
        </Link>
      }
    >
      <p className="font-semibold">{approvedMessage(purchase.plan)}</p>
      <p>{heldBookedMessage(booked)}</p>
    </Banner>
  );
}

/**
 * What the client sees once the payment is checked. `booked`: the class the payment booked on the
 * reformer its checkout held (null when none was held, or the hold lapsed: then "Reservar" is offered).
 */
export function PaymentResultBanner({
  purchase,
  booked = null,
  onRetry,
}: {
  purchase: PurchaseDto;
  booked?: HeldClassDto | null;
  onRetry: () => void;
}) {
  const outcome = purchaseOutcome(purchase.status);
  if (outcome === 'approved' && booked) return <BookedHeldClass purchase={purchase} booked={booked} />;
  if (outcome === 'approved') {
    const chosen = readChosenClass();
    return (
      <Banner
        outcome="approved"
        action={
          chosen ? (
            <BookChosenClass chosen={chosen} />
          ) : (
            <Link to="/pilates/reservar" className={buttonClasses({ size: 'sm' })}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              Reservar una clase
            </Link>
          )
        }
      >
        <p className="font-semibold">{approvedMessage(purchase.plan)}</p>
        {chosen ? <p>Tu clase del {chosenClassText(chosen)} te espera.</p> : null}
      </Banner>
    );
  }
  if (outcome === 'pending') {
    return (
      <Banner outcome="pending">
        <p className="font-semibold text-ink-strong">
          Tu pago está pendiente. Tu plan {purchase.plan} se activará en cuanto Mercado Pago lo apruebe.
        </p>
        {purchase.expiresAt ? (
          <p>Tienes hasta el {formatDeadline(purchase.expiresAt)} (hora del estudio) para pagar en OXXO.</p>
        ) : null}
      </Banner>
    );
  }
  return (
    <Banner
      outcome="failed"
      action={
        <Button
          size="sm"
          variant="secondary"
          icon={<RotateCw aria-hidden="true" className="size-4" />}
          onClick={onRetry}
        >
          Intentar de nuevo
        </Button>
      }
    >
      <p className="font-semibold">{PAYMENT_FAILED_MESSAGE}</p>
    </Banner>
  );
}

/**
 * Back from a plan the gift balance paid whole (`?pago=saldo`): approved at the checkout, nothing
 * to confirm. A class held while buying was booked by the server with it.
 */
export function PaidWithBalanceBanner() {
  useEffect(() => forgetChosenClass(), []);
  return (
    <Banner
      outcome="approved"
      action={
        <Link to="/pilates/reservar" className={buttonClasses({ size: 'sm' })}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          Reservar una clase
        </Link>
      }
    >
      <p className="font-semibold">{PAID_WITH_BALANCE_MESSAGE}</p>
      <p>Lo ves abajo, en tus planes, con lo que queda de tu saldo.</p>
    </Banner>
  );
}

export interface PaymentReturnProps {
  /** The `payment_id` Mercado Pago sent back; nothing shows without one. */
  paymentId: string | undefined;
  /** Once checked (or failed to check): the page drops the params from the URL, so a reload does not check again. */
  onConfirmed: () => void;
  /** "Intentar de nuevo" after a rejected payment. */
  onRetry: () => void;
}

/** Back from Mercado Pago on Mis clases: checks the payment once and says how it went. */
export function PaymentReturn({ paymentId, onConfirmed, onRetry }: PaymentReturnProps) {
  const confirm = useConfirmPayment();
  const { mutate } = confirm;
  const onConfirmedRef = useRef(onConfirmed);
  useEffect(() => {
    onConfirmedRef.current = onConfirmed;
  }, [onConfirmed]);
  const checked = useRef<string | null>(null);

  useEffect(() => {
    if (!paymentId || checked.current === paymentId) return;
    checked.current = paymentId;
    mutate({ data: { payment_id: paymentId } }, { onSettled: () => onConfirmedRef.current() });
  }, [paymentId, mutate]);

  if (confirm.isPending) {
    return (
      <div className="flex items-center gap-3 rounded-card border border-line bg-surface px-4 py-4">
        <Spinner size="sm" label="Confirmando tu pago…" />
        <p aria-hidden="true" className="text-sm text-ink">
          Confirmando tu pago…
        </p>
      </div>
    );
  }
  if (confirm.isError) {
    return <ErrorMessage messages={[CONFIRM_FAILED_MESSAGE, ...errorMessages(confirm.error)]} />;
  }
  if (confirm.isSuccess) {
    return <PaymentResultBanner purchase={confirm.data.purchase} booked={confirm.data.booked} onRetry={onRetry} />;
  }
  return null;
}
