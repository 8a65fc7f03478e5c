import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatLongDate, formatLongDateWithWeekday } from '@pilates/dates';
import { CalendarPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useGetClases } from '@/api/generated/informacion/informacion';
import type { MyClassDto } from '@/api/generated/model';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { DataTableColumn } from '@/components/ui/table';
import { MyWaitlists } from '@/features/waitlist';
import { CancelReservationDialog } from './cancel-reservation-dialog';

export const MY_CLASSES_PAGE_SIZE = 10;
export const CLASS_NAME = 'Pilates Reformer';

/** Past classes stay in the list, in a quieter colour. */
function Muted({ row, children }: { row: MyClassDto; children: ReactNode }) {
  return <span className={cn(row.isPast && 'text-ink-subtle')}>{children}</span>;
}

/** Cancelar while the free-cancellation window is open; otherwise, why the class cannot be cancelled. */
function ClassAction({ row, onCancel }: { row: MyClassDto; onCancel: () => void }) {
  if (row.cancellable) {
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
  return <span className="text-sm text-ink-subtle">{row.isPast ? 'Pasada' : 'Ya no se puede cancelar'}</span>;
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

/** "Mis clases": the caller's reservations, upcoming first, ten per page, each cancellable while the window is open. */
export function MyClasses() {
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<MyClassDto | null>(null);
  const query = useGetClases(
    { pagination: page, limit: MY_CLASSES_PAGE_SIZE },
    // Keep the current page on screen while the next one loads.
    { query: { placeholderData: keepPreviousData } },
  );

  const action = (row: MyClassDto) => <ClassAction row={row} onCancel={() => setCancelling(row)} />;
  const columns: DataTableColumn<MyClassDto>[] = [
    {
      key: 'pilates',
      header: 'Pilates',
      cell: (row) => <Muted row={row}>{CLASS_NAME}</Muted>,
    },
    {
      key: 'fecha',
      header: 'Fecha',
      cell: (row) => <Muted row={row}>{formatLongDate(row.date)}</Muted>,
    },
    { key: 'dia', header: 'Día', cell: (row) => <Muted row={row}>{row.dayOfWeek}</Muted> },
    {
      key: 'hora',
      header: 'Hora',
      cell: (row) => <Muted row={row}>{row.time}</Muted>,
      className: 'whitespace-nowrap',
    },
    {
      key: 'acciones',
      header: <span className="sr-only">Acciones</span>,
      className: 'text-right',
      cell: action,
    },
  ];

  if (query.isError && !query.data) return <ErrorMessage error={query.error} />;
  const data = query.data;
  const waitlists = <MyWaitlists lines={data?.listaEspera ?? []} />;
  if (data && data.pagination.totalRecords === 0) {
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
      <ResponsiveTable
        label="Mis clases"
        columns={columns}
        rows={data?.clases}
        getRowKey={(row) => row.id}
        cardClassName="flex items-center justify-between gap-3 px-4 py-3"
        renderCard={(row) => (
          <>
            <div className={cn('min-w-0', row.isPast ? 'text-ink-subtle' : 'text-ink')}>
              <p className={cn('font-medium', !row.isPast && 'text-ink-strong')}>
                {row.dayOfWeek} {formatLongDate(row.date)}
              </p>
              <p className="text-sm">
                {row.time} · {CLASS_NAME}
              </p>
            </div>
            <div className="shrink-0 text-right">{action(row)}</div>
          </>
        )}
        emptyMessage="No hay clases en esta página."
        loadingLabel="Cargando tus clases…"
        pagination={data?.pagination}
        onPageChange={setPage}
      />
      <CancelReservationDialog
        reservation={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={() => {
          // The last class of a later page is gone: show the page before it.
          if (data && data.clases.length === 1 && page > 1) setPage(page - 1);
        }}
      />
    </div>
  );
}
