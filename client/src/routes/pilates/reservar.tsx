import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { getGetInformationQueryOptions } from '../../api/generated/reservations/reservations';
import { BookingDay } from '../../features/booking/components/booking-day';
import { ClassTypeFilter } from '../../features/booking/components/class-type-filter';
import { InstructorFilter } from '../../features/booking/components/instructor-filter';
import { routerBreadcrumbLink } from '../../features/booking/components/breadcrumb-link';
import { WeekCalendar } from '../../features/booking/components/week-calendar';
import { currentStudioDay, useStudioToday } from '../../features/booking/hooks/use-studio-today';
import { calendarSearchSchema, selectedDay } from '../../features/booking/search';
import { sessionQueryOptions, useSession, type SessionUser } from '../../features/session/session';
import { PLANS_LOOKED_AT, PlanSummary, readUntilOpeningDay, useOpeningDay } from '../../features/booking';
import { getGetUserPlanesQueryOptions } from '../../api/generated/informacion/informacion';
import { studioQueryOptions } from '../../lib/studio-clock';
import { publicPageHead } from '../../lib/page-title';
import { PageQueryBoundary } from '../../lib/page-query';
import { pageRead } from '../../lib/server-read';

export const Route = createFileRoute('/pilates/reservar')({
  validateSearch: calendarSearchSchema,
  loaderDeps: ({ search }) => ({ fecha: search.fecha }),
  // What the page shows before any interaction, in the server's first HTML so nothing moves once it
  // hydrates: the day's classes (without a chosen day, the days up to the first with a class to
  // book, where the calendar opens), the studio's cancellation window, and a client's plans.
  loader: async ({ context, deps }) => {
    const queryClient = context.queryClient;
    const readDay = (date: string) => pageRead(queryClient, getGetInformationQueryOptions({ date }));
    const signedIn = Boolean(queryClient.getQueryData(sessionQueryOptions.queryKey));
    await Promise.all([
      deps.fecha === undefined
        ? readUntilOpeningDay(queryClient, currentStudioDay(), readDay)
        : readDay(selectedDay(deps.fecha, currentStudioDay(), false)),
      pageRead(queryClient, studioQueryOptions),
      signedIn
        ? pageRead(queryClient, getGetUserPlanesQueryOptions({ pagination: 1, limit: PLANS_LOOKED_AT }))
        : undefined,
    ]);
  },
  head: publicPageHead('reservar'),
  component: ReservarPage,
});

function ReservarPage() {
  // Until the session is known, the page as a guest sees it with its booking buttons waiting; when
  // it cannot be read, as a guest.
  return (
    <PageQueryBoundary fallback={<Reservar user={undefined} />} error={() => <Reservar user={null} />}>
      <SessionReservar />
    </PageQueryBoundary>
  );
}

function SessionReservar() {
  return <Reservar user={useSession().user} />;
}

/** `user`: the visitor, null for a guest, undefined while the session is unknown. */
function Reservar({ user }: { user: SessionUser | null | undefined }) {
  const { fecha, instructor, tipo } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const today = useStudioToday();
  const sessionPending = user === undefined;
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
        onSelectDate={(next) => void navigate({ search: { fecha: next, instructor, tipo }, replace: true })}
      >
        <div className="flex flex-wrap gap-x-4">
          <ClassTypeFilter
            value={tipo}
            onChange={(next) => void navigate({ search: { fecha, instructor, tipo: next }, replace: true })}
          />
          <InstructorFilter
            value={instructor}
            onChange={(next) => void navigate({ search: { fecha, instructor: next, tipo }, replace: true })}
          />
        </div>
        <BookingDay
          date={date}
          instructorId={instructor}
          classTypeId={tipo}
          isGuest={user === null}
          sessionPending={sessionPending}
          // Back to this very day after logging in (the calendar's opening day may differ by then).
          onRequireLogin={() =>
            void navigate({ to: '/pilates/cuenta', search: { redirect: `/pilates/reservar?fecha=${date}` } })
          }
        />
      </WeekCalendar>
    </section>
  );
}
