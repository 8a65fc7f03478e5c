import { createFileRoute } from '@tanstack/react-router';
import { AuditLog, auditSearchSchema } from '../../../features/audit';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/auditoria')({
  // ?usuario=12: only the changes about that user or made by them.
  validateSearch: auditSearchSchema,
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.AuditRead),
  head: titleHead('Auditoría'),
  component: AuditoriaPage,
});

function AuditoriaPage() {
  const { usuario } = Route.useSearch();
  return (
    <section aria-labelledby="auditoria-titulo" className="space-y-6">
      <div>
        <h1 id="auditoria-titulo" className="text-title">
          Auditoría
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Quién cambió qué y cuándo: usuarios, planes, catálogo, horario y clases. Lo más reciente primero.
        </p>
      </div>
      {/* A new filter starts again on the first page. */}
      <AuditLog key={usuario ?? 'todos'} userId={usuario} />
    </section>
  );
}
