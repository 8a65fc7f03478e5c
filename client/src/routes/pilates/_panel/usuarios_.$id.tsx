import { createFileRoute, notFound } from '@tanstack/react-router';
import { ClientPage } from '../../../features/admin-users';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';

/** /pilates/usuarios/12: one client whole, for the front desk. */
export const Route = createFileRoute('/pilates/_panel/usuarios_/$id')({
  params: {
    parse: ({ id }) => {
      const userId = Number(id);
      // Not a user id: the site's "not found" page, not a request the server refuses.
      if (!Number.isSafeInteger(userId) || userId < 1) throw notFound();
      return { id: userId };
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.UsersRead),
  head: titleHead('Cliente'),
  component: ClientePage,
});

function ClientePage() {
  const { id } = Route.useParams();
  return (
    <section aria-labelledby="cliente-titulo">
      <ClientPage key={id} userId={id} />
    </section>
  );
}
