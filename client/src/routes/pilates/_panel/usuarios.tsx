import { createFileRoute } from '@tanstack/react-router';
import { UsersAdmin } from '../../../features/admin-users/components/users-admin';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/usuarios')({
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.UsersRead),
  head: titleHead('Usuarios'),
  component: UsuariosPage,
});

function UsuariosPage() {
  return (
    <section aria-labelledby="usuarios-titulo" className="space-y-6">
      <div>
        <h1 id="usuarios-titulo" className="text-title">
          Usuarios
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Las cuentas del estudio: sus datos, su rol, sus planes y sus clases.
        </p>
      </div>
      <UsersAdmin />
    </section>
  );
}
