import { useState } from 'react';
import { useRefundPayment } from '@/api/generated/admin/admin';
import type { AdminPurchaseDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { formatMoney } from '@/lib/format';
import { refundAmountError } from '../format';

export const FULL_REFUND_NOTE =
  'Un reembolso total quita el plan: sus clases ya reservadas se quedan, pero no podrá reservar más con él.';
export const PARTIAL_REFUND_NOTE = 'Con un reembolso parcial el plan se conserva.';

export interface RefundPaymentDialogProps {
  /** The purchase to refund; null keeps the dialog closed. */
  purchase: AdminPurchaseDto | null;
  /** Whose purchase, for the confirmation text. */
  userName: string;
  onClose: () => void;
}

/**
 * "Reembolsar": a purchase refunded in full or in part, after a confirmation: through Mercado Pago,
 * or, for a desk sale, recorded (the money is given back at the desk).
 */
export function RefundPaymentDialog({ purchase, userName, onClose }: RefundPaymentDialogProps) {
  return (
    <Dialog
      open={purchase !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Reembolsar pago"
      description={purchase ? `Compra #${purchase.id} · ${purchase.plan} · ${userName}` : undefined}
    >
      {purchase ? <RefundForm key={purchase.id} purchase={purchase} userName={userName} onDone={onClose} /> : null}
    </Dialog>
  );
}

type Kind = 'total' | 'partial';

function RefundForm({
  purchase,
  userName,
  onDone,
}: {
  purchase: AdminPurchaseDto;
  userName: string;
  onDone: () => void;
}) {
  const toast = useToast();
  const mutation = useRefundPayment();
  // One key per amount asked for in this dialog: a double click or a retry of the same refund is refunded
  // once by Mercado Pago, and another amount (after going back) is a new request (the server binds a key
  // to its amount and refuses it with another).
  const [keys] = useState(() => new Map<string, string>());
  const keyFor = (asked: string): string => {
    const known = keys.get(asked);
    if (known) return known;
    const key = crypto.randomUUID();
    keys.set(asked, key);
    return key;
  };
  const [kind, setKind] = useState<Kind>('total');
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const amount = kind === 'total' ? purchase.refundable : Number(amountText.trim().replace(',', '.'));

  const review = (event: React.FormEvent) => {
    event.preventDefault();
    if (kind === 'partial') {
      const error = refundAmountError(amountText, purchase.refundable);
      setAmountError(error);
      if (error) return;
    }
    setConfirming(true);
  };

  const confirm = () => {
    if (mutation.isPending) return;
    mutation.mutate(
      {
        data: {
          paymentId: purchase.id,
          idempotencyKey: keyFor(kind === 'partial' ? String(amount) : 'total'),
          ...(kind === 'partial' ? { amount } : {}),
        },
      },
      {
        onSuccess: (res) => {
          toast.show(`${res.message}: ${formatMoney(amount)}`);
          onDone();
        },
      },
    );
  };

  const atDesk = purchase.method !== 'mercado_pago';
  // Paid wholly with the gift balance: it goes back to that balance, whole (no partial refund).
  const balanceOnly = purchase.total === 0 && purchase.balance > 0;
  const full = kind === 'total' || amount >= purchase.refundable;
  if (confirming) {
    return (
      <div className="space-y-4">
        <p className="text-ink">
          {balanceOnly ? '¿Devolver ' : '¿Reembolsar '}
          <strong className="font-semibold">{formatMoney(amount)}</strong>
          {balanceOnly
            ? ` al saldo de regalo de ${userName}?`
            : ` a ${userName}${atDesk ? ' en el mostrador?' : ' por Mercado Pago?'}`}
        </p>
        <p className="text-sm text-ink-muted">
          {full ? FULL_REFUND_NOTE : PARTIAL_REFUND_NOTE}{' '}
          {balanceOnly
            ? 'Se pagó con saldo de regalo: vuelve a ese saldo y el cliente lo puede usar en otra compra; no se puede deshacer.'
            : atDesk
              ? 'Fue una venta en mostrador: se registra el reembolso y el dinero se entrega en el estudio; no se puede deshacer.'
              : 'El dinero vuelve al medio de pago del cliente; no se puede deshacer.'}
          {!balanceOnly && purchase.balance > 0
            ? full
              ? ` Además, ${formatMoney(purchase.balance)} pagados con saldo de regalo vuelven a su saldo.`
              : ` Los ${formatMoney(purchase.balance)} pagados con saldo de regalo solo vuelven con un reembolso total.`
            : null}
        </p>
        <ErrorMessage error={mutation.error} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setConfirming(false)} disabled={mutation.isPending}>
            Volver
          </Button>
          <Button variant="danger" loading={mutation.isPending} loadingLabel="Reembolsando…" onClick={confirm}>
            Confirmar reembolso de {formatMoney(amount)}
          </Button>
        </div>
      </div>
    );
  }

  if (balanceOnly) {
    return (
      <form onSubmit={review} noValidate className="space-y-4">
        <p className="text-sm text-ink-muted">
          Pagado con saldo de regalo: {formatMoney(purchase.balance)}. Se devuelve completo a ese saldo.
        </p>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit">Continuar</Button>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={review} noValidate className="space-y-4">
      <p className="text-sm text-ink-muted">
        Cobrado: {formatMoney(purchase.paid ?? purchase.total)}
        {purchase.balance > 0 ? ` · Con saldo de regalo: ${formatMoney(purchase.balance)}` : ''}
        {purchase.refunded > 0 ? ` · Ya reembolsado: ${formatMoney(purchase.refunded)}` : ''}
      </p>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-ink-strong">¿Cuánto reembolsar?</legend>
        <label className="flex items-center gap-2 text-ink">
          <input
            type="radio"
            name="refund-kind"
            value="total"
            checked={kind === 'total'}
            onChange={() => setKind('total')}
          />
          Todo lo que queda: {formatMoney(purchase.refundable)}
        </label>
        <label className="flex items-center gap-2 text-ink">
          <input
            type="radio"
            name="refund-kind"
            value="partial"
            checked={kind === 'partial'}
            onChange={() => setKind('partial')}
          />
          Una parte
        </label>
      </fieldset>
      {kind === 'partial' ? (
        <TextField
          label="Monto a reembolsar (MXN)"
          inputMode="decimal"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          hint={`Hasta ${formatMoney(purchase.refundable)}.`}
          error={amountError ?? undefined}
        />
      ) : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit">Continuar</Button>
      </div>
    </form>
  );
}
