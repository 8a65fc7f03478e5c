import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AdminMemberships, membershipsSearchSchema } from '../../../features/admin-memberships';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/membresias')({
  // ?estado=past_due&pagina=2: the filter and the page, in the URL (the dashboard links here).
  validateSearch: membershipsSearchSchema,
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.PaymentsRead),
  head: titleHead('Membresías'),
  component: MembresiasPage,
});

function MembresiasPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <section aria-labelledby="membresias-titulo" className="space-y-6">
      <div>
        <h1 id="membresias-titulo" className="text-title">
          Membresías
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Las membresías que se cobran cada mes con Mercado Pago. En el detalle de cada una ves sus cobros, puedes
          reembolsar un cobro o cancelarla (sigue vigente hasta el último día pagado).
        </p>
      </div>
      <AdminMemberships search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
    </section>
  );
}
