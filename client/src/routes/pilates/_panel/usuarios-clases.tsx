import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { routerBreadcrumbLink } from '../../../features/booking/components/breadcrumb-link';
import { RosterDay } from '../../../features/booking/components/roster-day';
import { WeekCalendar } from '../../../features/booking/components/week-calendar';
import { useStudioToday } from '../../../features/booking/hooks/use-studio-today';
import { calendarSearchSchema, selectedDay } from '../../../features/booking/search';
import { requirePermission } from '../../../features/session/guards';
import { can, Permission } from '../../../lib/permissions';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/usuarios-clases')({
  beforeLoad: ({ context }) => requirePermission(context.user, Permission.RosterRead),
  validateSearch: calendarSearchSchema,
  head: titleHead('Ver clases'),
  component: UsuariosClasesPage,
});

function UsuariosClasesPage() {
  const { fecha } = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const today = useStudioToday();
  // Admins may look back at past rosters.
  const date = selectedDay(fecha, today, true);

  return (
    <WeekCalendar
      pageLabel="Ver clases"
      selectedDate={date}
      today={today}
      allowPast
      renderLink={routerBreadcrumbLink}
      onSelectDate={(next) => void navigate({ search: { fecha: next }, replace: true })}
    >
      <RosterDay date={date} canCancelClass={can(user, Permission.ClassesCancel)} />
    </WeekCalendar>
  );
}
