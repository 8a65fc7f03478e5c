import { createFileRoute } from '@tanstack/react-router';
import { CatalogueEditor } from '../../../features/admin-catalogue';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/planes-admin')({
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.CatalogueManage),
  head: titleHead('Catálogo de planes'),
  component: PlanesAdminPage,
});

function PlanesAdminPage() {
  return (
    <section aria-labelledby="catalogo-titulo" className="space-y-6">
      <div>
        <h1 id="catalogo-titulo" className="text-title">
          Catálogo de planes
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Los cambios se ven al instante en la página de planes. Los planes que ya tienen los clientes conservan su
          nombre y sus clases, y las compras en curso conservan su precio.
        </p>
      </div>
      <CatalogueEditor />
    </section>
  );
}
