import { createFileRoute } from '@tanstack/react-router';
import { AdminGiftCards } from '../../../features/gift-cards';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/tarjetas-de-regalo')({
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.GiftCardsManage),
  head: titleHead('Tarjetas de regalo'),
  component: TarjetasDeRegaloPage,
});

function TarjetasDeRegaloPage() {
  return (
    <section aria-labelledby="tarjetas-titulo" className="space-y-6">
      <div>
        <h1 id="tarjetas-titulo" className="text-title">
          Tarjetas de regalo
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Las tarjetas pagadas: por enviar, enviadas, canjeadas (con el saldo que le queda a quien la canjeó) o
          anuladas. Puedes reenviar el correo de una tarjeta sin canjear, y anular una sin canjear cuando su pago ya se
          reembolsó en Mercado Pago.
        </p>
      </div>
      <AdminGiftCards />
    </section>
  );
}
