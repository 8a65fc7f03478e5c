import { createFileRoute } from '@tanstack/react-router';
import { BuyGiftCard } from '../../../features/gift-cards';
import { titleHead } from '../../../lib/page-title';

const RESULTS = {
  aprobado:
    'Recibimos tu pago. Te enviamos el recibo por correo y la tarjeta llegará a su destinatario en la fecha de entrega.',
  pendiente: 'Tu pago está pendiente. En cuanto Mercado Pago lo apruebe te enviaremos el recibo.',
  rechazado: 'El pago no se completó y no se hizo ningún cargo. Puedes intentarlo de nuevo.',
} as const;

export const Route = createFileRoute('/pilates/_panel/tarjeta-de-regalo')({
  // Mercado Pago sends the buyer back here with the payment's result.
  validateSearch: (search: Record<string, unknown>): { pago?: keyof typeof RESULTS } =>
    typeof search.pago === 'string' && search.pago in RESULTS ? { pago: search.pago as keyof typeof RESULTS } : {},
  head: titleHead('Tarjeta de regalo'),
  component: TarjetaDeRegaloPage,
});

function TarjetaDeRegaloPage() {
  const { pago } = Route.useSearch();
  return (
    <section aria-labelledby="regalo-titulo" className="space-y-6">
      <div>
        <h1 id="regalo-titulo" className="text-title">
          Tarjeta de regalo
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Regala clases de Pilates Reformer: elige el monto, a quién se la envías y cuándo. Le llegará por correo con su
          código en la fecha de entrega, y también podrás imprimirla o compartirla.
        </p>
      </div>
      {pago ? (
        <p role="status" className="max-w-prose rounded-card border border-line bg-surface p-4 text-ink">
          {RESULTS[pago]}
        </p>
      ) : null}
      <BuyGiftCard />
    </section>
  );
}
