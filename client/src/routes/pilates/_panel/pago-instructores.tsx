import { createFileRoute } from '@tanstack/react-router';
import { InstructorPayReport, monthOf, payMonthSearchSchema } from '../../../features/instructor-pay';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';
import { currentStudioDay } from '../../../lib/studio-time-zone';

export const Route = createFileRoute('/pilates/_panel/pago-instructores')({
  // ?mes=2026-11; this month by default.
  validateSearch: payMonthSearchSchema,
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.InstructorPayRead),
  head: titleHead('Pago a instructores'),
  component: PagoInstructoresPage,
});

function PagoInstructoresPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <section aria-labelledby="pago-instructores-titulo" className="space-y-6">
      <div>
        <h1 id="pago-instructores-titulo" className="text-title">
          Pago a instructores
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Lo que ganó cada instructor en el mes: sus clases, los asistentes y el monto según su tarifa. La tarifa se
          cambia en Instructores.
        </p>
      </div>
      <InstructorPayReport
        month={monthOf(search, currentStudioDay())}
        onMonthChange={(mes) => void navigate({ search: { mes }, replace: true })}
      />
    </section>
  );
}
