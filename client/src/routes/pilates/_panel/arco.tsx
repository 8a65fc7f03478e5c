import { createFileRoute } from '@tanstack/react-router';
import { AdminArco } from '../../../features/admin-arco';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/arco')({
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.ArcoManage),
  head: titleHead('Solicitudes ARCO'),
  component: ArcoPage,
});

function ArcoPage() {
  return (
    <section aria-labelledby="arco-titulo" className="space-y-6">
      <div>
        <h1 id="arco-titulo" className="text-title">
          Solicitudes ARCO
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Las solicitudes de acceso, rectificación, cancelación u oposición de datos personales. La ley pide responder
          en 20 días hábiles; las vencidas se marcan en rojo. Al responder o rechazar, anota lo que le contestaste.
        </p>
      </div>
      <AdminArco />
    </section>
  );
}
