import { createFileRoute, redirect } from '@tanstack/react-router';
import { MyPayReport } from '../../../features/instructor-pay';
import { isInstructor } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/mi-pago')({
  // Only instructors have a pay report (the server answers the others 403 anyway).
  beforeLoad: ({ context }) => {
    if (!isInstructor(context.user)) throw redirect({ to: '/pilates/informacion' });
  },
  head: titleHead('Mi pago'),
  component: MiPagoPage,
});

function MiPagoPage() {
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
      {/* This month first; the picker changes it. */}
      <MyPayReport />
    </section>
  );
}
