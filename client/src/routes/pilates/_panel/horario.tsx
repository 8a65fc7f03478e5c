import { createFileRoute, Link } from '@tanstack/react-router';
import { requirePermission } from '../../../features/session/guards';
import { Permission } from '../../../lib/permissions';
import { ClassTypesEditor } from '../../../features/admin-class-types';
import { CancelClassForm } from '../../../features/timetable/components/cancel-class-form';
import { SubstituteForm } from '../../../features/timetable/components/substitute-form';
import { TimetableEditor } from '../../../features/timetable/components/timetable-editor';
import { CoverRequestsPanel } from '../../../features/teaching';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/horario')({
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.TimetableManage),
  head: titleHead('Horario'),
  component: HorarioPage,
});

function HorarioPage() {
  return (
    <section aria-labelledby="horario-titulo" className="space-y-8">
      <div>
        <h1 id="horario-titulo" className="text-title">
          Horario
        </h1>
        <p className="mt-3 max-w-prose text-ink-muted">
          Las clases que se repiten cada semana. Los cambios se aplican a las clases que aún no empiezan.
        </p>
        <p className="mt-2 max-w-prose text-ink-muted">
          Para cancelar una clase en una fecha, ábrela en{' '}
          <Link
            to="/pilates/usuarios-clases"
            className="font-medium text-accent underline-offset-2 hover:text-accent-strong hover:underline"
          >
            Ver clases
          </Link>{' '}
          y elige «Cancelar clase», o usa el formulario al final de esta página.
        </p>
      </div>
      <CoverRequestsPanel />
      <TimetableEditor />
      <ClassTypesEditor />
      <SubstituteForm />
      <CancelClassForm />
    </section>
  );
}
