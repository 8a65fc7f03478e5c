import { createFileRoute, redirect } from '@tanstack/react-router';
import { MyPayReport, monthOf, payMonthSearchSchema } from '../../../features/instructor-pay';
import { isInstructor } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';
import { currentStudioDay } from '../../../lib/studio-time-zone';

export const Route = createFileRoute('/pilates/_panel/mi-pago')({
  // ?mes=2026-11; this month by default.
  validateSearch: payMonthSearchSchema,
  // Only instructors have a pay report (the server answers the others 403 anyway).
  beforeLoad: ({ context }) => {
    if (!isInstructor(context.user)) throw redirect({ to: '/pilates/informacion' });
  },
  head: titleHead('Mi pago'),
  component: MiPagoPage,
});

function MiPagoPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <section aria-labelledby="mi-pago-titulo" className="space-y-6">
      <div>
        <h1 id="mi-pago-titulo" className="text-title">
          Mi pago
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Las clases que diste en el mes y lo que te corresponde según tu tarifa en el estudio.
        </p>
      </div>
      <MyPayReport
        month={monthOf(search, currentStudioDay())}
        onMonthChange={(mes) => void navigate({ search: { mes }, replace: true })}
      />
    </section>
  );
}
