import { createFileRoute } from '@tanstack/react-router';
import { SettingsEditor, settingsQueryOptions } from '../../../features/settings';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';
import { pageRead } from '../../../lib/server-read';

export const Route = createFileRoute('/pilates/_panel/ajustes')({
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.SettingsManage),
  // The settings come in the server's first HTML.
  loader: ({ context }) => pageRead(context.queryClient, settingsQueryOptions),
  head: titleHead('Ajustes'),
  component: AjustesPage,
});

function AjustesPage() {
  return (
    <section aria-labelledby="ajustes-titulo" className="space-y-6">
      <div>
        <h1 id="ajustes-titulo" className="text-title">
          Ajustes
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Las reglas del estudio y sus datos de contacto. Los cambios se aplican desde la siguiente reserva o visita;
          las reservas ya hechas conservan las condiciones con las que se hicieron.
        </p>
      </div>
      <SettingsEditor />
    </section>
  );
}
