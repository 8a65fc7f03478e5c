import { Gift, Printer, Share2 } from 'lucide-react';
import { useState } from 'react';
import type { GiftCardPageDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { centsLabel } from '../format';

/** The printable, shareable card: who it is for and from, the message, the amount and the code. */
export function GiftCardView({ card }: { card: GiftCardPageDto }) {
  const [copied, setCopied] = useState(false);
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: 'Tarjeta de regalo', url }).catch(() => undefined);
      return;
    }
    await navigator.clipboard?.writeText(url);
    setCopied(true);
  };
  return (
    <article
      aria-label="Tarjeta de regalo"
      className="mx-auto max-w-md space-y-4 rounded-card border border-line bg-surface p-6 text-center shadow-soft"
    >
      <Gift aria-hidden="true" className="mx-auto size-8 text-accent" />
      <p className="eyebrow">Tarjeta de regalo</p>
      <h1 className="font-display text-3xl text-ink-strong">Para {card.recipientName}</h1>
      {card.fromName ? <p className="text-ink-muted">De parte de {card.fromName}</p> : null}
      {card.message ? <p className="text-ink italic">«{card.message}»</p> : null}
      <p className="figures text-2xl font-semibold text-ink-strong">{centsLabel(card.amountCents)}</p>
      <p className="text-sm text-ink-muted">Código</p>
      <p className="figures font-mono text-xl tracking-widest break-all text-ink-strong">{card.code}</p>
      {card.redeemed ? (
        <p className="text-sm font-semibold text-ink-muted">Esta tarjeta ya se canjeó.</p>
      ) : (
        <p className="text-sm text-ink-muted">
          Para usarla, inicia sesión (o crea tu cuenta), entra a «Mis clases» › «Planes» y canjea el código en «Saldo de
          regalo».
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-2 print:hidden">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => window.print()}
          icon={<Printer aria-hidden="true" className="size-4" />}
        >
          Imprimir
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void share()}
          icon={<Share2 aria-hidden="true" className="size-4" />}
        >
          Compartir
        </Button>
      </div>
      {copied ? (
        <p role="status" className="text-sm text-ink-muted">
          Copiamos el enlace de la tarjeta.
        </p>
      ) : null}
    </article>
  );
}
