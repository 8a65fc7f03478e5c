import { createFileRoute } from '@tanstack/react-router';
import { adminSalaQueryOptions, SalaEditor } from '../../../features/sala';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';
import { pageRead } from '../../../lib/server-read';

export const Route = createFileRoute('/pilates/_panel/sala')({
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.RoomManage),
  // The room comes in the server's first HTML.
  loader: ({ context }) => pageRead(context.queryClient, adminSalaQueryOptions),
  head: titleHead('Sala'),
  component: SalaPage,
});

function SalaPage() {
  return (
    <section aria-labelledby="sala-titulo" className="space-y-6">
      <div>
        <h1 id="sala-titulo" className="text-title">
          Sala
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Los reformers como los ven los clientes al entrar, con el lugar de la instructora al frente. Las clases tienen
          tantos lugares como reformers, hasta su cupo del horario.
        </p>
      </div>
      <SalaEditor />
    </section>
  );
}
