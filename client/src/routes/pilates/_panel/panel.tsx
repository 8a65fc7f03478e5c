import { createFileRoute } from '@tanstack/react-router';
import { getGetDashboardQueryOptions } from '../../../api/generated/admin/admin';
import { Dashboard, dashboardSearchSchema, periodFor } from '../../../features/dashboard';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';
import { pageRead } from '../../../lib/server-read';
import { currentStudioDay } from '../../../lib/studio-time-zone';

export const Route = createFileRoute('/pilates/_panel/panel')({
  // ?periodo=semana|mes|mes-pasado|rango (&desde=…&hasta=… for a range); this month by default.
  validateSearch: dashboardSearchSchema,
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.DashboardRead),
  loaderDeps: ({ search }) => search,
  // The figures come in the server's first HTML; the charts draw once the page is in the browser.
  loader: ({ context, deps }) =>
    pageRead(context.queryClient, getGetDashboardQueryOptions(periodFor(deps, currentStudioDay()))),
  head: titleHead('Panel'),
  component: PanelPage,
});

function PanelPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const period = periodFor(search, currentStudioDay());
  return (
    <section aria-labelledby="panel-titulo" className="space-y-6">
      <div>
        <h1 id="panel-titulo" className="text-title">
          Panel
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Cómo va el estudio: ocupación, asistencia, ingresos, clientes y listas de espera del periodo.
        </p>
      </div>
      <Dashboard search={search} period={period} onSearchChange={(next) => void navigate({ search: next })} />
    </section>
  );
}
