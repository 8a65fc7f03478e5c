import { createFileRoute } from '@tanstack/react-router';
import { AdminLegalTexts } from '../../../features/legal';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/textos-legales')({
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.SettingsManage),
  head: titleHead('Textos legales'),
  component: TextosLegalesPage,
});

function TextosLegalesPage() {
  return (
    <section aria-labelledby="textos-legales-titulo" className="space-y-6">
      <div>
        <h1 id="textos-legales-titulo" className="text-title">
          Textos legales
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Los términos y condiciones, el aviso de privacidad y el aviso corto que se muestra donde se piden datos. Cada
          versión que publicas entra en vigor al momento y las anteriores siguen disponibles. Revisa los textos con tu
          abogado antes de publicarlos.
        </p>
      </div>
      <AdminLegalTexts />
    </section>
  );
}
