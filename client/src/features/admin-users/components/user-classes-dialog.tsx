import { keepPreviousData } from '@tanstack/react-query';
import { formatLongDateWithWeekday } from '@pilates/dates';
import { useState, type ReactNode } from 'react';
import { useGetClases } from '@/api/generated/informacion/informacion';
import type { AdminUserRowDto, MyClassDto } from '@/api/generated/model';
import { useCancelReservation } from '@/api/generated/reservations/reservations';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { DataTableColumn } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { ForgiveDialog, type ForgiveTarget } from '@/features/forgive';
import { classOutcomeText } from '@/features/my-classes';
import { attendanceCounts, formatDate } from '../format';

export const USER_CLASSES_PAGE_SIZE = 10;

/** '¿Quitar a Ana López de la clase del martes 24 de noviembre de 2026 a las 7:00 AM?' */
export const removalQuestion = (name: string, row: MyClassDto): string =>
  `¿Quitar a ${name} de la clase del ${formatLongDateWithWeekday(row.date)} a las ${row.time}?`;

export interface UserClassesDialogProps {
  /** Whose classes; null keeps the dialog closed. */
  user: AdminUserRowDto | null;
  onClose: () => void;
}

/** "Ver": one user's reservations, upcoming first, ten per page; an upcoming one can be removed. */
export function UserClassesDialog({ user, onClose }: UserClassesDialogProps) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={user ? `Clases de ${user.name}` : 'Clases'}
      description="Sus reservaciones, las próximas primero."
      className="sm:max-w-4xl"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Cerrar
        </Button>
      }
    >
      {user ? <UserClasses key={user.id} user={user} /> : null}
    </Dialog>
  );
}

/** Past classes stay in the list, in a quieter colour. */
function Muted({ row, children }: { row: MyClassDto; children: ReactNode }) {
  return <span className={cn(row.isPast && 'text-ink-subtle')}>{children}</span>;
}

/** One user's reservations, upcoming first, with attendance (in the dialog and on the client's page). */
export function UserClasses({ user }: { user: AdminUserRowDto }) {
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<MyClassDto | null>(null);
  const query = useGetClases(
    { id: user.id, pagination: page, limit: USER_CLASSES_PAGE_SIZE },
    { query: { placeholderData: keepPreviousData } },
  );
  const data = query.data;

  const [forgiving, setForgiving] = useState<ForgiveTarget | null>(null);
  // A late release or a no-show not forgiven yet: "Perdonar" beside what happened.
  const forgivable = (row: MyClassDto): ForgiveTarget['kind'] | null =>
    row.forgiven ? null : row.lateReleased ? 'late_release' : row.attended === false ? 'no_show' : null;

  const action = (row: MyClassDto) => {
    const kind = forgivable(row);
    const outcome = (
      <span
        className={cn(
          'text-sm font-medium',
          row.lateReleased
            ? 'text-accent-strong'
            : row.attended === true
              ? 'text-success'
              : row.attended === false
                ? 'text-danger'
                : 'text-ink-subtle',
        )}
      >
        {classOutcomeText(row)}
      </span>
    );
    if (!row.isPast && !row.lateReleased) return removeButton(row);
    if (!kind) return outcome;
    return (
      <span className="inline-flex flex-wrap items-center justify-end gap-2">
        {outcome}
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Perdonar ${kind === 'late_release' ? 'la cancelación tardía' : 'la inasistencia'} del ${formatLongDateWithWeekday(row.date)} a las ${row.time}`}
          onClick={() =>
            setForgiving({
              reservationId: row.id,
              kind,
              name: user.name,
              classLabel: `${formatLongDateWithWeekday(row.date).replace(/ de \d{4}$/, '')}, ${row.time}`,
            })
          }
        >
          Perdonar
        </Button>
      </span>
    );
  };
  const removeButton = (row: MyClassDto) => (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`Quitar de la clase del ${formatLongDateWithWeekday(row.date)} a las ${row.time}`}
      onClick={() => setRemoving(row)}
    >
      Quitar
    </Button>
  );
  const columns: DataTableColumn<MyClassDto>[] = [
    { key: 'fecha', header: 'Fecha', cell: (row) => <Muted row={row}>{formatDate(row.date)}</Muted> },
    { key: 'dia', header: 'Día', cell: (row) => <Muted row={row}>{row.dayOfWeek}</Muted> },
    {
      key: 'hora',
      header: 'Hora',
      cell: (row) => <Muted row={row}>{row.time}</Muted>,
      className: 'whitespace-nowrap',
    },
    { key: 'instructor', header: 'Instructor', cell: (row) => <Muted row={row}>{row.instructor || '—'}</Muted> },
    { key: 'acciones', header: <span className="sr-only">Acciones</span>, cell: action, className: 'text-right' },
  ];

  if (query.isError && !data) return <ErrorMessage error={query.error} />;
  if (data && data.pagination.totalRecords === 0) {
    return <p className="py-6 text-center text-ink-muted">{user.name} aún no tiene clases reservadas.</p>;
  }

  return (
    <div className="@container space-y-3">
      {data ? (
        <p className="text-sm text-ink">
          <span className="font-medium">Asistencia:</span> {attendanceCounts(data.asistencia)}
        </p>
      ) : null}
      <ResponsiveTable
        label={`Clases de ${user.name}`}
        columns={columns}
        rows={data?.clases}
        getRowKey={(row) => row.id}
        cardClassName="flex items-center justify-between gap-3 px-4 py-3"
        renderCard={(row) => (
          <>
            <div className={cn('min-w-0', row.isPast ? 'text-ink-subtle' : 'text-ink')}>
              <p className={cn('font-medium', !row.isPast && 'text-ink-strong')}>
                {row.dayOfWeek} {formatDate(row.date)}
              </p>
              <p className="text-sm">
                {row.time}
                {row.instructor ? ` · ${row.instructor}` : ''}
              </p>
            </div>
            <div className="shrink-0 text-right">{action(row)}</div>
          </>
        )}
        emptyMessage="No hay clases en esta página."
        loadingLabel="Cargando las clases…"
        pagination={data?.pagination}
        onPageChange={setPage}
      />
      <ForgiveDialog target={forgiving} onClose={() => setForgiving(null)} />
      <RemoveReservationDialog
        user={user}
        reservation={removing}
        onClose={() => setRemoving(null)}
        onRemoved={() => {
          // The last class of a later page is gone: show the page before it.
          if (data && data.clases.length === 1 && page > 1) setPage(page - 1);
        }}
      />
    </div>
  );
}

function RemoveReservationDialog({
  user,
  reservation,
  onClose,
  onRemoved,
}: {
  user: AdminUserRowDto;
  reservation: MyClassDto | null;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const toast = useToast();
  const mutation = useCancelReservation();

  const close = () => {
    mutation.reset();
    onClose();
  };

  const confirm = () => {
    if (!reservation) return;
    mutation.mutate(
      { data: { id: reservation.id } },
      {
        onSuccess: (res) => {
          toast.show(res.message);
          onRemoved();
          close();
        },
      },
    );
  };

  return (
    <Dialog
      open={reservation !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="Quitar de la clase"
      description={reservation ? removalQuestion(user.name, reservation) : undefined}
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Volver
          </Button>
          <Button variant="danger" loading={mutation.isPending} loadingLabel="Quitando…" onClick={confirm}>
            Sí, quitar
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <p className="text-ink">La clase vuelve a su plan y su lugar queda libre.</p>
        <ErrorMessage error={mutation.error} />
      </div>
    </Dialog>
  );
}
