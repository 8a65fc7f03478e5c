import { useState, type FormEvent } from 'react';
import { errorMessages } from '@/api/api-error';
import { useBuyGiftCard, useGiftCardOptions } from '@/api/generated/gift-cards/gift-cards';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/select';
import { formatMoney } from '@/lib/format';
import { useStudioToday } from '@/lib/studio-clock';
import { giftOrderErrors, type GiftOrderForm } from '../format';
import { GiftRecipientFields } from './gift-recipient-fields';

/** Where the browser goes to pay (Mercado Pago or the test checkout). */
export const goToCheckout = (url: string) => window.location.assign(url);

/**
 * "Tarjeta de regalo": a logged-in client buys a card for someone (amount from the studio's list or
 * the price of a plan, recipient, message, delivery date) and pays it with Mercado Pago like a plan.
 */
export function BuyGiftCard({ onCheckout = goToCheckout }: { onCheckout?: (url: string) => void }) {
  const today = useStudioToday();
  const options = useGiftCardOptions();
  const buy = useBuyGiftCard();
  const [form, setForm] = useState<GiftOrderForm>({
    amount: '',
    recipientName: '',
    recipientEmail: '',
    message: '',
    deliverOn: today,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof GiftOrderForm, string>>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const set = (field: keyof GiftOrderForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = giftOrderErrors(form, today);
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length > 0) return;
    buy.mutate(
      {
        data: {
          amount: Number(form.amount),
          recipientName: form.recipientName.trim(),
          recipientEmail: form.recipientEmail.trim(),
          message: form.message.trim(),
          deliverOn: form.deliverOn,
        },
      },
      {
        onSuccess: (answer) => onCheckout(answer.url),
        onError: (error) => setFailure(errorMessages(error).join(' ')),
      },
    );
  };

  if (options.isError) return <ErrorMessage error={options.error} />;
  // An option labelled with a plan's name is that plan's price (when the owner offers them).
  const isPlan = (option: { label: string }) => !option.label.startsWith('$');
  const offered = options.data?.amounts ?? [];
  const amounts = offered.map((option) => ({
    value: String(option.amount),
    label: isPlan(option) ? `${option.label} · ${formatMoney(option.amount)}` : formatMoney(option.amount),
  }));

  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-4" aria-label="Comprar una tarjeta de regalo">
      <Select
        label="Monto"
        options={amounts}
        value={form.amount}
        onValueChange={set('amount')}
        placeholder="Elige un monto"
        error={errors.amount}
        hint={`${offered.some(isPlan) ? 'Montos del estudio o el precio de un plan.' : 'Montos del estudio.'} Se agrega la comisión de pago, como al comprar un plan.`}
        required
      />
      <GiftRecipientFields
        form={form}
        errors={errors}
        set={set}
        today={today}
        deliveryHint="Ese día le enviamos la tarjeta por correo. Tú recibes tu recibo al aprobarse el pago."
      />
      {failure ? (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      ) : null}
      <Button type="submit" loading={buy.isPending} className="w-full sm:w-auto">
        Pagar con Mercado Pago
      </Button>
    </form>
  );
}
