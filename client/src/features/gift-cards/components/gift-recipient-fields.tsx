import { TextField } from '@/components/ui/text-field';
import type { GiftOrderForm } from '../format';

type RecipientField = 'recipientName' | 'recipientEmail' | 'message' | 'deliverOn';

/**
 * Who receives a gift card, its message and the day it is mailed: the same fields online and at the
 * desk; only the delivery hint differs (`deliveryHint`).
 */
export function GiftRecipientFields({
  form,
  errors,
  set,
  today,
  deliveryHint,
}: {
  form: GiftOrderForm;
  errors: Partial<Record<keyof GiftOrderForm, string>>;
  set: (field: RecipientField) => (value: string) => void;
  today: string;
  deliveryHint: string;
}) {
  return (
    <>
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
        hint={deliveryHint}
        required
      />
    </>
  );
}
