import { formatLongDate, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import { useState, type FormEvent } from 'react';
import { useDeskGiftCardSale } from '@/api/generated/admin/admin';
import { useGiftCardOptions } from '@/api/generated/gift-cards/gift-cards';
import type { DeskGiftCardReceiptDto } from '@/api/generated/model';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/select';
import { giftOrderErrors, GiftRecipientFields, type GiftOrderForm } from '@/features/gift-cards';
import { formatMoney } from '@/lib/format';
import { useStudioTimeZone, useStudioToday } from '@/lib/studio-clock';
import {
  DeskPaymentFields,
  DeskReceiptActions,
  DeskReceiptPayment,
  DeskSaleActions,
  useDeskPayment,
} from './desk-payment';

interface DeskBuyer {
  id: number;
  name: string;
  email: string;
}

/**
 * A gift card sold at the desk to the client the dialog was opened for: an amount from the list
 * clients get, the recipient, a message and the delivery date (today by default). No commission and
 * no promo code: the total is the card's amount.
 */
export function DeskGiftCardForm({
  client,
  onSold,
  onCancel,
}: {
  client: DeskBuyer;
  onSold: (receipt: DeskGiftCardReceiptDto) => void;
  onCancel: () => void;
}) {
  const today = useStudioToday();
  const options = useGiftCardOptions();
  const sale = useDeskGiftCardSale();
  // One key for this dialog's sale: a double click or a retry records one sale.
  const [requestKey] = useState(() => crypto.randomUUID());
  const [form, setForm] = useState<GiftOrderForm>({
    amount: '',
    recipientName: '',
    recipientEmail: '',
    message: '',
    deliverOn: today,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof GiftOrderForm | 'received', string>>>({});
  const set = (field: keyof GiftOrderForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const total = form.amount ? Number(form.amount) : null;
  const payment = useDeskPayment(total);

  const chooseAmount = (value: string) => {
    set('amount')(value);
    setErrors((current) => ({ ...current, amount: undefined }));
    payment.totalChanged(Number(value));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sale.isPending) return;
    const found: Partial<Record<keyof GiftOrderForm | 'received', string>> = giftOrderErrors(form, today);
    const received = payment.error();
    if (received) found.received = received;
    setErrors(found);
    if (Object.keys(found).length > 0 || total === null) return;
    sale.mutate(
      {
        data: {
          userId: client.id,
          amount: total,
          recipientName: form.recipientName.trim(),
          recipientEmail: form.recipientEmail.trim(),
          message: form.message.trim(),
          deliverOn: form.deliverOn,
          method: payment.method,
          received: payment.received(),
          requestKey,
        },
      },
      { onSuccess: (res) => onSold(res.receipt) },
    );
  };

  const amounts = (options.data?.amounts ?? []).map((option) => ({
    value: String(option.amount),
    label: option.label.startsWith('$')
      ? formatMoney(option.amount)
      : `${option.label} · ${formatMoney(option.amount)}`,
  }));

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Vender una tarjeta de regalo">
      <Select
        label="Monto de la tarjeta"
        required
        options={amounts}
        placeholder={options.isPending ? 'Cargando montos…' : 'Elige un monto'}
        disabled={options.isPending}
        value={form.amount}
        onValueChange={chooseAmount}
        error={errors.amount}
        hint="Los mismos montos que en el sitio. Sin comisión en mostrador; los códigos promocionales son solo para planes."
      />
      {options.isError ? <ErrorMessage error={options.error} /> : null}
      <GiftRecipientFields
        form={form}
        errors={errors}
        set={set}
        today={today}
        deliveryHint="Hoy: el código sale por correo al registrar la venta. Otro día: sale ese día."
      />

      <DeskPaymentFields payment={payment} name="desk-gift-method" error={errors.received} />
      <ErrorMessage error={sale.error} />
      <DeskSaleActions total={total} pending={sale.isPending} onCancel={onCancel} />
    </form>
  );
}

/** A desk-sold gift card's receipt, as printed for the buyer ("Imprimir") and as mailed. */
export function DeskGiftCardReceipt({ receipt, onDone }: { receipt: DeskGiftCardReceiptDto; onDone: () => void }) {
  const soldAt = new Date(receipt.soldAt);
  const zone = useStudioTimeZone();
  return (
    <div className="space-y-4">
      <div id="recibo-mostrador" className="space-y-3 rounded-card border border-line px-4 py-4 text-sm">
        <p className="font-semibold text-ink-strong">Tarjeta de regalo n.º {receipt.id} · Venta en mostrador</p>
        <p className="text-ink-muted">
          {formatLongDate(studioToday(soldAt, zone))}, {to12Hour(studioTimeOfDay(soldAt, zone))}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-ink-muted">Compró</dt>
          <dd className="text-ink [overflow-wrap:anywhere]">
            {receipt.clientName} · {receipt.clientEmail}
          </dd>
          <dt className="text-ink-muted">Para</dt>
          <dd className="text-ink [overflow-wrap:anywhere]">
            {receipt.recipientName} · {receipt.recipientEmail}
          </dd>
          <dt className="text-ink-muted">Entrega</dt>
          <dd className="text-ink">
            {receipt.sent ? 'Enviada hoy por correo' : `Por correo el ${formatLongDate(receipt.deliverOn)}`}
          </dd>
          <dt className="font-semibold text-ink-strong">Total</dt>
          <dd className="font-semibold text-ink-strong figures">{formatMoney(receipt.total)}</dd>
          <DeskReceiptPayment receipt={receipt} />
        </dl>
      </div>
      <p role="status" className="text-sm text-ink-muted">
        {receipt.mailed
          ? `Enviamos el recibo por correo a ${receipt.clientEmail}.`
          : 'El cliente no tiene correo: entrégale el recibo impreso.'}{' '}
        <a className="underline" href={receipt.pageUrl} target="_blank" rel="noreferrer">
          Ver la tarjeta para imprimirla
        </a>
      </p>
      <DeskReceiptActions onDone={onDone} />
    </div>
  );
}
