import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatLongDate, formatLongDateWithWeekday } from '@pilates/dates';
import { CalendarPlus } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useGetClases } from '@/api/generated/informacion/informacion';
import type { GetClasesDtoPeriodo, MyClassDto, MyClassesResponseDto } from '@/api/generated/model';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { DataTableColumn } from '@/components/ui/table';
import { MyWaitlists } from '@/features/waitlist';
import { cancelTermsText, classOutcomeText } from '../format';
import { CancelReservationDialog } from './cancel-reservation-dialog';

export const MY_CLASSES_PAGE_SIZE = 10;

/** Attendance marked at the door, in words. */
export function attendanceText(attended: boolean | null): string {
  return attended === true ? 'Asistió' : attended === false ? 'No asistió' : 'Sin marcar';
}

/** What cancelling does now: the deadline, and whether it is still free (the server's answer). */
function CancelTerms({ row }: { row: MyClassDto }) {
  if (row.lateReleased) return <span className="text-sm font-medium text-ink">{classOutcomeText(row)}</span>;
  return (
    <span className={cn('text-sm', row.cancellable ? 'text-ink-muted' : 'font-medium text-accent-strong')}>
      {cancelTermsText({ cancellable: row.cancellable, cancelUntil: row.cancellableUntil }, row.releasable)}
    </span>
  );
}

/**
 * Cancelar while the server accepts it; past the deadline, until the class starts, "Liberar lugar"
 * when the studio allows it (the server says so per row).
 */
function ClassAction({ row, onCancel }: { row: MyClassDto; onCancel: () => void }) {
  // Released already (the place is someone else's now), or nothing the client may do any more.
  if (row.lateReleased || (!row.cancellable && !row.releasable)) return null;
  if (!row.cancellable) {
    return (
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Liberar tu lugar en la clase del ${formatLongDateWithWeekday(row.date)} a las ${row.time}`}
        onClick={onCancel}
      >
        Liberar lugar
      </Button>
    );
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`Cancelar la clase del ${formatLongDateWithWeekday(row.date)} a las ${row.time}`}
      onClick={onCancel}
    >
      Cancelar
    </Button>
  );
}

function EmptyClasses() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center">
      <p className="text-ink-muted">Aún no tienes clases reservadas</p>
      <Link to="/pilates/reservar" className={buttonClasses({ size: 'md' })}>
        <CalendarPlus aria-hidden="true" className="size-4" />
        Reservar una clase
      </Link>
    </div>
  );
}

/** One period's page of classes, kept on screen while the next page loads. */
function usePeriod(periodo: GetClasesDtoPeriodo) {
  const [page, setPage] = useState(1);
  const query = useGetClases(
    { periodo, pagination: page, limit: MY_CLASSES_PAGE_SIZE },
    { query: { placeholderData: keepPreviousData } },
  );
  return { page, setPage, query };
}

const dateColumns: DataTableColumn<MyClassDto>[] = [
  { key: 'clase', header: 'Clase', cell: (row) => row.classType },
  { key: 'fecha', header: 'Fecha', cell: (row) => formatLongDate(row.date) },
  { key: 'dia', header: 'Día', cell: (row) => row.dayOfWeek },
  { key: 'hora', header: 'Hora', cell: (row) => row.time, className: 'whitespace-nowrap' },
  { key: 'reformer', header: 'Reformer', cell: (row) => row.spot?.label ?? '—' },
];

/** "7:00 AM · Pilates Reformer · Básico · Reformer 5" (a booking made before the room was drawn has no reformer). */
const classLine = (row: MyClassDto) => [row.time, row.classType, row.spot?.label].filter(Boolean).join(' · ');

function Section({
  title,
  data,
  children,
}: {
  title: string;
  data: MyClassesResponseDto | undefined;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-6 first:mt-0">
      <h2 id={id} className="mb-3 font-display text-xl text-ink-strong">
        {title}
        {data ? <span className="sr-only"> ({data.pagination.totalRecords})</span> : null}
      </h2>
      {children}
    </section>
  );
}

/**
 * "Mis clases": the caller's reservations in two lists, each paged on its own: "Próximas" (soonest
 * first, each with its cancellation deadline and what cancelling does now) and "Pasadas" (latest
 * first, with the attendance marked at the door).
 */
export function MyClasses() {
  const upcoming = usePeriod('proximas');
  const past = usePeriod('pasadas');
  const [cancelling, setCancelling] = useState<MyClassDto | null>(null);

  const upcomingColumns: DataTableColumn<MyClassDto>[] = [
    ...dateColumns,
    { key: 'cancelacion', header: 'Cancelación', cell: (row) => <CancelTerms row={row} /> },
    {
      key: 'acciones',
      header: <span className="sr-only">Acciones</span>,
      className: 'text-right',
      cell: (row) => <ClassAction row={row} onCancel={() => setCancelling(row)} />,
    },
  ];
  const pastColumns: DataTableColumn<MyClassDto>[] = [
    ...dateColumns.map((column) => ({
      ...column,
      cell: (row: MyClassDto) => <span className="text-ink-muted">{column.cell(row)}</span>,
    })),
    { key: 'asistencia', header: 'Asistencia', cell: (row) => classOutcomeText(row) },
  ];

  const error =
    (upcoming.query.isError && !upcoming.query.data && upcoming.query.error) ||
    (past.query.isError && !past.query.data && past.query.error);
  if (error) return <ErrorMessage error={error} />;
  const next = upcoming.query.data;
  const before = past.query.data;
  const waitlists = <MyWaitlists lines={next?.listaEspera ?? []} />;
  if (next && before && next.pagination.totalRecords === 0 && before.pagination.totalRecords === 0) {
    return (
      <>
        {waitlists}
        <EmptyClasses />
      </>
    );
  }

  return (
    // A narrow column (phones, tablets beside the side menu) lists the classes as cards; a wide one as a table.
    <div className="@container">
      {waitlists}
      <Section title="Próximas" data={next}>
        {next && next.pagination.totalRecords === 0 ? (
          <p className="rounded-card border border-dashed border-line bg-surface px-4 py-6 text-center text-ink-muted">
            No tienes clases próximas.{' '}
            <Link to="/pilates/reservar" className="font-medium text-accent-strong underline">
              Reservar una clase
            </Link>
          </p>
        ) : (
          <ResponsiveTable
            label="Próximas clases"
            columns={upcomingColumns}
            // The cancellation terms wrap instead of scrolling sideways.
            tableLayout="fit"
            rows={next?.clases}
            getRowKey={(row) => row.id}
            cardClassName="flex items-center justify-between gap-3 px-4 py-3"
            renderCard={(row) => (
              <>
                <div className="min-w-0 text-ink">
                  <p className="font-medium text-ink-strong">
                    {row.dayOfWeek} {formatLongDate(row.date)}
                  </p>
                  <p className="text-sm">{classLine(row)}</p>
                  <p>
                    <CancelTerms row={row} />
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <ClassAction row={row} onCancel={() => setCancelling(row)} />
                </div>
              </>
            )}
            emptyMessage="No hay clases en esta página."
            loadingLabel="Cargando tus clases…"
            pagination={next?.pagination}
            onPageChange={upcoming.setPage}
          />
        )}
      </Section>
      {before && before.pagination.totalRecords === 0 ? null : (
        <Section title="Pasadas" data={before}>
          <ResponsiveTable
            label="Clases pasadas"
            columns={pastColumns}
            rows={before?.clases}
            getRowKey={(row) => row.id}
            cardClassName="flex items-center justify-between gap-3 px-4 py-3"
            renderCard={(row) => (
              <>
                <div className="min-w-0 text-ink-muted">
                  <p className="font-medium">
                    {row.dayOfWeek} {formatLongDate(row.date)}
                  </p>
                  <p className="text-sm">{classLine(row)}</p>
                </div>
                <p className="shrink-0 text-right text-sm text-ink">{classOutcomeText(row)}</p>
              </>
            )}
            emptyMessage="No hay clases en esta página."
            loadingLabel="Cargando tus clases…"
            pagination={before?.pagination}
            onPageChange={past.setPage}
          />
        </Section>
      )}
      <CancelReservationDialog
        reservation={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={() => {
          // The last class of a later page is gone: show the page before it.
          if (next && next.clases.length === 1 && upcoming.page > 1) upcoming.setPage(upcoming.page - 1);
        }}
      />
    </div>
  );
}
