import { Link } from '@tanstack/react-router';
import { Gift } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorMessages } from '@/api/api-error';
import { useGetGiftBalance, useRedeemGiftCard } from '@/api/generated/gift-cards/gift-cards';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { formatLongDate } from '@pilates/dates';
import { studioToday } from '@pilates/dates/studio';
import { useStudioTimeZone } from '@/lib/studio-clock';
import { centsLabel, deltaLabel, movementLabel } from '../format';

/**
 * "Saldo de regalo" in Mis planes: the balance, a form to redeem a card's code, and the latest
 * movements. The balance pays first at checkout (the purchase dialog shows how much).
 */
export function GiftBalance() {
  const toast = useToast();
  const balance = useGetGiftBalance();
  const redeem = useRedeemGiftCard();
  const timeZone = useStudioTimeZone();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Escribe el código de tu tarjeta de regalo');
      return;
    }
    setError(undefined);
    redeem.mutate(
      { data: { code: code.trim() } },
      {
        onSuccess: (answer) => {
          setCode('');
          // The balance and its movements reload by themselves (`redeemGiftCard` in api/invalidation.ts).
          toast.show(`Canjeaste tu tarjeta de regalo. Tu saldo es de ${centsLabel(answer.balanceCents)}.`);
        },
        onError: (failure) => setError(errorMessages(failure).join(' ')),
      },
    );
  };

  return (
    <section aria-labelledby="saldo-regalo-titulo" className="space-y-4 rounded-card border border-line bg-surface p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="saldo-regalo-titulo" className="font-display text-2xl text-ink-strong">
          Saldo de regalo
        </h2>
        {balance.data ? (
          <p className="figures text-lg font-semibold text-ink-strong" aria-label="Tu saldo de regalo">
            {centsLabel(balance.data.balanceCents)}
          </p>
        ) : null}
      </div>
      <p className="text-sm text-ink-muted">
        Tu saldo paga primero cuando compras un plan; si no alcanza, pagas el resto con Mercado Pago.
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label="Código de tu tarjeta de regalo"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          className="min-w-0 flex-1"
        />
        <Button type="submit" loading={redeem.isPending}>
          Canjear
        </Button>
      </form>
      {balance.isError ? <ErrorMessage error={balance.error} /> : null}
      {balance.data && balance.data.movements.length > 0 ? (
        <ul aria-label="Movimientos del saldo de regalo" className="divide-y divide-line text-sm">
          {balance.data.movements.map((movement) => (
            <li key={movement.id} className="flex items-start justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block text-ink">{movementLabel(movement)}</span>
                <span className="block text-ink-muted">
                  {formatLongDate(studioToday(new Date(movement.createdAt), timeZone))}
                </span>
              </span>
              <span className="figures whitespace-nowrap text-ink-strong">{deltaLabel(movement.deltaCents)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="/pilates/tarjeta-de-regalo" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        <Gift aria-hidden="true" className="size-4" />
        Regalar una tarjeta de regalo
      </Link>
    </section>
  );
}
