import { createFileRoute } from '@tanstack/react-router';
import { InstructorsEditor } from '../../../features/admin-instructors';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/instructores')({
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.InstructorsManage),
  head: titleHead('Instructores'),
  component: InstructoresPage,
});

function InstructoresPage() {
  return (
    <section aria-labelledby="instructores-titulo" className="space-y-6">
      <div>
        <h1 id="instructores-titulo" className="text-title">
          Instructores
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Los perfiles que los clientes ven en «Nuestros instructores» y que se eligen en el horario. Un instructor con
          cuenta entra con su correo; a una cuenta se le da el rol de instructor desde Usuarios o ligándola aquí.
        </p>
      </div>
      <InstructorsEditor />
    </section>
  );
}
