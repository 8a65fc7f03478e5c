import { createFileRoute } from '@tanstack/react-router';
import { PromoCodesEditor } from '../../../features/admin-promos';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/promociones')({
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.PromosManage),
  head: titleHead('Promociones'),
  component: PromocionesPage,
});

function PromocionesPage() {
  return (
    <section aria-labelledby="promociones-titulo" className="space-y-6">
      <div>
        <h1 id="promociones-titulo" className="text-title">
          Promociones
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Códigos de descuento que los clientes escriben al comprar un plan. Un uso queda apartado mientras el cliente
          paga y se cuenta al aprobarse el pago; si el pago se rechaza, vence o se reembolsa, el uso se libera.
        </p>
      </div>
      <PromoCodesEditor />
    </section>
  );
}
