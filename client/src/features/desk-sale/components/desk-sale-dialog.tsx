import { formatLongDate, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import { useState } from 'react';
import { useCatalogue, useDeskSale, useDeskSalePreview } from '@/api/generated/admin/admin';
import type { DeskGiftCardReceiptDto, DeskReceiptDto, DeskSalePreviewResponseDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { classesLabel, formatMoney } from '@/lib/format';
import { useStudioTimeZone } from '@/lib/studio-clock';
import { DeskGiftCardForm, DeskGiftCardReceipt } from './desk-gift-card-form';
import {
  DeskPaymentFields,
  DeskReceiptActions,
  DeskReceiptPayment,
  DeskSaleActions,
  useDeskPayment,
} from './desk-payment';

/** Who buys at the desk. */
export interface DeskClient {
  id: number;
  name: string;
  email: string;
}

export interface DeskSaleDialogProps {
  /** The client who buys; null keeps the dialog closed. */
  client: DeskClient | null;
  onClose: () => void;
}

/**
 * "Venta en mostrador": a plan of the catalogue (with an optional promo code) or a gift card sold at
 * the desk, paid in cash (change shown), by transfer or on the card terminal; the receipt follows,
 * to print.
 */
export function DeskSaleDialog({ client, onClose }: DeskSaleDialogProps) {
  const [kind, setKind] = useState<SaleKind>('plan');
  const [receipt, setReceipt] = useState<DeskReceiptDto | null>(null);
  const [giftReceipt, setGiftReceipt] = useState<DeskGiftCardReceiptDto | null>(null);
  const close = () => {
    setReceipt(null);
    setGiftReceipt(null);
    setKind('plan');
    onClose();
  };
  const sold = receipt !== null || giftReceipt !== null;
  return (
    <Dialog
      open={client !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={sold ? 'Recibo de venta' : 'Venta en mostrador'}
      description={client ? `Para ${client.name}` : undefined}
    >
      {client && receipt ? (
        <DeskReceipt receipt={receipt} onDone={close} />
      ) : client && giftReceipt ? (
        <DeskGiftCardReceipt receipt={giftReceipt} onDone={close} />
      ) : client ? (
        <div className="space-y-4">
          <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
            <legend className="mb-1 text-sm font-medium text-ink-strong">¿Qué vendes?</legend>
            {SALE_KINDS.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-ink">
                <input
                  type="radio"
                  name="desk-sale-kind"
                  value={option.value}
                  checked={kind === option.value}
                  onChange={() => setKind(option.value)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          {kind === 'plan' ? (
            <DeskSaleForm key={client.id} client={client} onSold={setReceipt} onCancel={close} />
          ) : (
            <DeskGiftCardForm key={client.id} client={client} onSold={setGiftReceipt} onCancel={close} />
          )}
        </div>
      ) : null}
    </Dialog>
  );
}

type SaleKind = 'plan' | 'gift';

const SALE_KINDS: { value: SaleKind; label: string }[] = [
  { value: 'plan', label: 'Plan' },
  { value: 'gift', label: 'Tarjeta de regalo' },
];

function DeskSaleForm({
  client,
  onSold,
  onCancel,
}: {
  client: DeskClient;
  onSold: (receipt: DeskReceiptDto) => void;
  onCancel: () => void;
}) {
  const catalogue = useCatalogue();
  const preview = useDeskSalePreview();
  const sale = useDeskSale();
  // One key for this dialog's sale: a double click or a retry records one sale.
  const [requestKey] = useState(() => crypto.randomUUID());
  const [planId, setPlanId] = useState('');
  const [codeText, setCodeText] = useState('');
  const [charge, setCharge] = useState<(DeskSalePreviewResponseDto & { code: string | null }) | null>(null);
  const [errors, setErrors] = useState<{ plan?: string; received?: string }>({});

  const plans = (catalogue.data?.planes ?? []).filter((plan) => plan.visible);
  const total = charge ? charge.totalCents / 100 : null;
  const payment = useDeskPayment(total);

  // The price (and a code's discount, checked for this client) comes from the server.
  const price = (id: string, code: string | null) => {
    setCharge(null);
    if (!id) return;
    preview.mutate(
      { data: { userId: client.id, planId: Number(id), ...(code ? { code } : {}) } },
      {
        onSuccess: (res) => {
          setCharge({ ...res, code });
          payment.totalChanged(res.totalCents / 100);
        },
      },
    );
  };

  const choosePlan = (id: string) => {
    setPlanId(id);
    setErrors((current) => ({ ...current, plan: undefined }));
    price(id, codeText.trim() || null);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (sale.isPending) return;
    const next = {
      plan: planId ? undefined : 'Elige un plan.',
      received: payment.error() ?? undefined,
    };
    setErrors(next);
    if (next.plan || next.received || !charge || total === null) return;
    sale.mutate(
      {
        data: {
          userId: client.id,
          planId: Number(planId),
          method: payment.method,
          received: payment.received(),
          requestKey,
          ...(charge.code ? { code: charge.code } : {}),
        },
      },
      { onSuccess: (res) => onSold(res.receipt) },
    );
  };

  const introRefused = charge !== null && !charge.introEligible;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Select
        label="Plan"
        required
        options={plans.map((plan) => ({
          value: String(plan.id),
          label: `${plan.name} · ${formatMoney(plan.price)}${plan.intro ? ' (solo primera vez)' : ''}`,
        }))}
        placeholder={catalogue.isPending ? 'Cargando planes…' : 'Elige un plan del catálogo'}
        disabled={catalogue.isPending}
        value={planId}
        onValueChange={choosePlan}
        error={errors.plan}
      />
      {catalogue.isError ? <ErrorMessage error={catalogue.error} /> : null}
      <div className="flex items-end gap-2">
        <TextField
          label="Código promocional (opcional)"
          autoComplete="off"
          spellCheck={false}
          maxLength={30}
          className="min-w-0 flex-1"
          value={codeText}
          onChange={(event) => setCodeText(event.target.value)}
        />
        <Button
          variant="secondary"
          disabled={!planId || preview.isPending}
          onClick={() => price(planId, codeText.trim() || null)}
        >
          Aplicar
        </Button>
      </div>
      {preview.isError ? <ErrorMessage error={preview.error} /> : null}

      {charge ? (
        <dl
          aria-label="Precio"
          className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 rounded-card bg-sand px-4 py-3 text-sm"
        >
          <dt className="text-ink-muted">Precio</dt>
          <dd className="text-right text-ink figures">{formatMoney(charge.priceCents / 100)}</dd>
          {charge.discountCents > 0 ? (
            <>
              <dt className="text-ink-muted">Descuento ({charge.code})</dt>
              <dd className="text-right text-ink figures">−{formatMoney(charge.discountCents / 100)}</dd>
            </>
          ) : null}
          <dt className="font-semibold text-ink-strong">Total</dt>
          <dd className="text-right font-semibold text-ink-strong figures">{formatMoney(charge.totalCents / 100)}</dd>
        </dl>
      ) : null}
      {introRefused ? (
        <p role="alert" className="text-sm text-danger">
          Este plan es solo para la primera vez de un cliente, y {client.name} ya tuvo un plan, una clase o una compra
          de este plan.
        </p>
      ) : null}

      <DeskPaymentFields payment={payment} name="desk-method" error={errors.received} />
      <ErrorMessage error={sale.error} />
      <DeskSaleActions total={total} pending={sale.isPending} disabled={!charge || introRefused} onCancel={onCancel} />
    </form>
  );
}

/** The sale's receipt, as printed for the client ("Imprimir") and as mailed. */
export function DeskReceipt({ receipt, onDone }: { receipt: DeskReceiptDto; onDone: () => void }) {
  const soldAt = new Date(receipt.soldAt);
  const zone = useStudioTimeZone();
  return (
    <div className="space-y-4">
      <div id="recibo-mostrador" className="space-y-3 rounded-card border border-line px-4 py-4 text-sm">
        <p className="font-semibold text-ink-strong">Venta en mostrador n.º {receipt.id}</p>
        <p className="text-ink-muted">
          {formatLongDate(studioToday(soldAt, zone))}, {to12Hour(studioTimeOfDay(soldAt, zone))}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-ink-muted">Cliente</dt>
          <dd className="text-ink [overflow-wrap:anywhere]">
            {receipt.clientName} · {receipt.clientEmail}
          </dd>
          <dt className="text-ink-muted">Plan</dt>
          <dd className="text-ink">
            {receipt.plan} ({classesLabel(receipt.classCount)})
          </dd>
          <dt className="text-ink-muted">Vigencia</dt>
          <dd className="text-ink">
            Del {formatLongDate(receipt.startDate)} al {formatLongDate(receipt.endDate)}
          </dd>
          <dt className="text-ink-muted">Precio</dt>
          <dd className="text-ink figures">{formatMoney(receipt.price)}</dd>
          {receipt.discount > 0 ? (
            <>
              <dt className="text-ink-muted">Descuento{receipt.code ? ` (${receipt.code})` : ''}</dt>
              <dd className="text-ink figures">−{formatMoney(receipt.discount)}</dd>
            </>
          ) : null}
          <dt className="font-semibold text-ink-strong">Total</dt>
          <dd className="font-semibold text-ink-strong figures">{formatMoney(receipt.total)}</dd>
          <DeskReceiptPayment receipt={receipt} />
        </dl>
      </div>
      <p role="status" className="text-sm text-ink-muted">
        {receipt.mailed
          ? `Enviamos el recibo por correo a ${receipt.clientEmail}.`
          : 'El cliente no tiene correo: entrégale el recibo impreso.'}
      </p>
      <DeskReceiptActions onDone={onDone} />
    </div>
  );
}
