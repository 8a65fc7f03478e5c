import { Printer } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { formatMoney } from '@/lib/format';
import { changeFor, DESK_METHOD_LABELS, DESK_METHODS, type DeskMethod, parsePesos, receivedError } from '../format';

/**
 * How a desk sale is paid (cash, transfer, terminal) and what was received, for the sale's total in
 * pesos (null until it is known). Transfer and terminal receive exactly the total: written for the
 * admin when the method or the total changes.
 */
export function useDeskPayment(total: number | null) {
  const [method, setMethod] = useState<DeskMethod>('efectivo');
  const [receivedText, setReceivedText] = useState('');
  return {
    method,
    receivedText,
    setReceivedText,
    chooseMethod: (next: DeskMethod) => {
      setMethod(next);
      if (next !== 'efectivo' && total !== null) setReceivedText(String(total));
    },
    /** The sale's total changed to `next` pesos. */
    totalChanged: (next: number) => {
      if (method !== 'efectivo') setReceivedText(String(next));
    },
    /** What is wrong with the amount received (null: nothing, or no total yet). */
    error: () => (total === null ? null : receivedError(receivedText, method, total)),
    /** The amount received, in pesos; only once `error()` is null. */
    received: () => parsePesos(receivedText)!,
    change: total !== null && method === 'efectivo' ? changeFor(receivedText, total) : 0,
  };
}

export type DeskPayment = ReturnType<typeof useDeskPayment>;

/** "Forma de pago", "Monto recibido" and the change to give back in cash. */
export function DeskPaymentFields({ payment, name, error }: { payment: DeskPayment; name: string; error?: string }) {
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-ink-strong">Forma de pago</legend>
        {DESK_METHODS.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-ink">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={payment.method === option.value}
              onChange={() => payment.chooseMethod(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <TextField
        label="Monto recibido (MXN)"
        inputMode="decimal"
        required
        value={payment.receivedText}
        onChange={(event) => payment.setReceivedText(event.target.value)}
        hint={
          payment.method === 'efectivo'
            ? 'Lo que entregó el cliente; el cambio se calcula solo.'
            : 'Exactamente el total de la venta.'
        }
        error={error}
      />
      {payment.method === 'efectivo' && payment.change > 0 ? (
        <p role="status" className="text-ink">
          Cambio a entregar: <strong className="font-semibold figures">{formatMoney(payment.change)}</strong>
        </p>
      ) : null}
    </>
  );
}

/** The sale form's buttons: "Cancelar" and "Confirmar venta de $…". */
export function DeskSaleActions({
  total,
  pending,
  disabled = false,
  onCancel,
}: {
  total: number | null;
  pending: boolean;
  disabled?: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button variant="ghost" onClick={onCancel} disabled={pending}>
        Cancelar
      </Button>
      <Button type="submit" disabled={disabled} loading={pending} loadingLabel="Registrando…">
        {total === null ? 'Confirmar venta' : `Confirmar venta de ${formatMoney(total)}`}
      </Button>
    </div>
  );
}

/** A desk receipt's payment lines (inside its `<dl>`). */
export function DeskReceiptPayment({ receipt }: { receipt: { method: DeskMethod; received: number; change: number } }) {
  return (
    <>
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
    </>
  );
}

/** A desk receipt's buttons: "Cerrar" and "Imprimir". */
export function DeskReceiptActions({ onDone }: { onDone: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button variant="ghost" onClick={onDone}>
        Cerrar
      </Button>
      <Button icon={<Printer aria-hidden="true" className="size-4" />} onClick={() => window.print()}>
        Imprimir
      </Button>
    </div>
  );
}
