import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { getGetInformationQueryOptions } from '../../api/generated/reservations/reservations';
import { BookingDay } from '../../features/booking/components/booking-day';
import { routerBreadcrumbLink } from '../../features/booking/components/breadcrumb-link';
import { WeekCalendar } from '../../features/booking/components/week-calendar';
import { currentStudioDay, useStudioToday } from '../../features/booking/hooks/use-studio-today';
import { calendarSearchSchema, selectedDay } from '../../features/booking/search';
import { useSession } from '../../features/session/session';
import { PlanSummary, useOpeningDay } from '../../features/booking';
import { publicPageHead } from '../../lib/page-title';
import { pageRead } from '../../lib/server-read';

export const Route = createFileRoute('/pilates/reservar')({
  validateSearch: calendarSearchSchema,
  loaderDeps: ({ search }) => ({ fecha: search.fecha }),
  // The day's classes: in the server's first HTML; in the browser fetched while the page's code loads.
  loader: ({ context, deps }) => {
    const date = selectedDay(deps.fecha, currentStudioDay(), false);
    return pageRead(context.queryClient, getGetInformationQueryOptions({ date }));
  },
  head: publicPageHead('reservar'),
  component: ReservarPage,
});

function ReservarPage() {
  const { fecha } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const location = useLocation();
  const today = useStudioToday();
  const { user, isPending } = useSession();
  // Without a chosen day, the calendar opens on the first day that still has a class to book.
  const openingDay = useOpeningDay(today, fecha === undefined);
  const date = fecha === undefined ? openingDay : selectedDay(fecha, today, false);

  return (
    <section className="container-page py-8 md:py-12">
      {user ? <PlanSummary date={date} /> : null}
      <WeekCalendar
        pageLabel="Reservar"
        selectedDate={date}
        today={today}
        renderLink={routerBreadcrumbLink}
        onSelectDate={(next) => void navigate({ search: { fecha: next }, replace: true })}
      >
        <BookingDay
          date={date}
          isGuest={!isPending && user === null}
          sessionPending={isPending}
          onRequireLogin={() => void navigate({ to: '/pilates/cuenta', search: { redirect: location.href } })}
        />
      </WeekCalendar>
    </section>
  );
}
