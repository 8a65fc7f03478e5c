import { formatLongDate, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import { Printer } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useDeskGiftCardSale } from '@/api/generated/admin/admin';
import { useGiftCardOptions } from '@/api/generated/gift-cards/gift-cards';
import type { DeskGiftCardReceiptDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { giftOrderErrors, type GiftOrderForm } from '@/features/gift-cards';
import { formatMoney } from '@/lib/format';
import { useStudioTimeZone, useStudioToday } from '@/lib/studio-clock';
import { changeFor, DESK_METHOD_LABELS, DESK_METHODS, type DeskMethod, parsePesos, receivedError } from '../format';

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
  const [method, setMethod] = useState<DeskMethod>('efectivo');
  const [receivedText, setReceivedText] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof GiftOrderForm | 'received', string>>>({});
  const set = (field: keyof GiftOrderForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const total = form.amount ? Number(form.amount) : null;

  const chooseAmount = (value: string) => {
    set('amount')(value);
    setErrors((current) => ({ ...current, amount: undefined }));
    // Transfer and terminal receive exactly the total: written for the admin.
    if (method !== 'efectivo') setReceivedText(value);
  };

  const chooseMethod = (next: DeskMethod) => {
    setMethod(next);
    if (next !== 'efectivo' && total !== null) setReceivedText(String(total));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sale.isPending) return;
    const found: Partial<Record<keyof GiftOrderForm | 'received', string>> = giftOrderErrors(form, today);
    const received = total === null ? null : receivedError(receivedText, method, total);
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
          method,
          received: parsePesos(receivedText)!,
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
  const change = total !== null && method === 'efectivo' ? changeFor(receivedText, total) : 0;

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
      <TextField
        label="Nombre de quien recibe"
        value={form.recipientName}
        onChange={(event) => set('recipientName')(event.target.value)}
        error={errors.recipientName}
        maxLength={100}
        required
      />
      <TextField
        label="Correo de quien recibe"
        type="email"
        value={form.recipientEmail}
        onChange={(event) => set('recipientEmail')(event.target.value)}
        error={errors.recipientEmail}
        autoComplete="off"
        required
      />
      <TextField
        label="Mensaje"
        value={form.message}
        onChange={(event) => set('message')(event.target.value)}
        error={errors.message}
        maxLength={500}
        hint="Opcional. Va en el correo y en la tarjeta."
      />
      <TextField
        label="Fecha de entrega"
        type="date"
        value={form.deliverOn}
        min={today}
        onChange={(event) => set('deliverOn')(event.target.value)}
        error={errors.deliverOn}
        hint="Hoy: el código sale por correo al registrar la venta. Otro día: sale ese día."
        required
      />

      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-ink-strong">Forma de pago</legend>
        {DESK_METHODS.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-ink">
            <input
              type="radio"
              name="desk-gift-method"
              value={option.value}
              checked={method === option.value}
              onChange={() => chooseMethod(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <TextField
        label="Monto recibido (MXN)"
        inputMode="decimal"
        required
        value={receivedText}
        onChange={(event) => setReceivedText(event.target.value)}
        hint={
          method === 'efectivo'
            ? 'Lo que entregó el cliente; el cambio se calcula solo.'
            : 'Exactamente el total de la venta.'
        }
        error={errors.received}
      />
      {method === 'efectivo' && change > 0 ? (
        <p role="status" className="text-ink">
          Cambio a entregar: <strong className="font-semibold figures">{formatMoney(change)}</strong>
        </p>
      ) : null}
      <ErrorMessage error={sale.error} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={sale.isPending}>
          Cancelar
        </Button>
        <Button type="submit" loading={sale.isPending} loadingLabel="Registrando…">
          {total === null ? 'Confirmar venta' : `Confirmar venta de ${formatMoney(total)}`}
        </Button>
      </div>
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
          <dt className="text-ink-muted">Forma de pago</dt>
          <dd className="text-ink">{DESK_METHOD_LABELS[receipt.method]}</dd>
          <dt className="text-ink-muted">Recibido</dt>
          <dd className="text-ink figures">{formatMoney(receipt.received)}</dd>
          {receipt.change > 0 ? (
            <>
              <dt className="text-ink-muted">Cambio</dt>
              <dd className="text-ink figures">{formatMoney(receipt.change)}</dd>
            </>
          ) : null}
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
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          Cerrar
        </Button>
        <Button icon={<Printer aria-hidden="true" className="size-4" />} onClick={() => window.print()}>
          Imprimir
        </Button>
      </div>
    </div>
  );
}
