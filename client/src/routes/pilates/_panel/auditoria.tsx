import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuditLog, auditSearchSchema } from '../../../features/audit';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/auditoria')({
  // ?usuario=12&accion=…&desde=…&hasta=…: the filters, in the URL.
  validateSearch: auditSearchSchema,
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.AuditRead),
  head: titleHead('Auditoría'),
  component: AuditoriaPage,
});

function AuditoriaPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
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
      {/* Another person starts again on the first page (the filters reset the page themselves). */}
      <AuditLog
        key={search.usuario ?? 'todos'}
        filters={search}
        onFiltersChange={(next) => void navigate({ search: next, replace: true })}
      />
    </section>
  );
}
