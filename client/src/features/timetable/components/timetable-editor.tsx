import { WEEKDAY_NAMES } from '@pilates/dates';
import { Info, Plus, UserRound, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { useActivateSchedule, useDeactivateSchedule, useListTimetable } from '@/api/generated/horario/horario';
import type { ScheduleDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { PageSpinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessages } from '@/api/api-error';
import { AddScheduleDialog } from './add-schedule-dialog';
import { EditScheduleDialog } from './edit-schedule-dialog';
import { roomLimitHint, useRoomReformers } from './room-limit';

export const DEACTIVATE_WARNING = 'Las clases próximas con reservas se cancelarán y se avisará a los clientes.';

/** 'la clase del lunes a las 7:00 AM', for button names and dialogs. */
const className = (schedule: ScheduleDto) => `la clase del ${schedule.dayName.toLowerCase()} a las ${schedule.time}`;

function StateBadge({ active }: { active: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-pill px-2.5 py-0.5 text-xs font-semibold',
        active ? 'bg-success-soft text-success' : 'bg-sand text-ink-muted',
      )}
    >
      {active ? 'Activa' : 'Inactiva'}
    </span>
  );
}

function ScheduleRow({
  schedule,
  reformers,
  onEdit,
  onDeactivate,
  onActivate,
  activating,
}: {
  schedule: ScheduleDto;
  /** The reformers in service, once known: a capacity above them sells fewer places. */
  reformers: number | undefined;
  onEdit: () => void;
  onDeactivate: () => void;
  onActivate: () => void;
  activating: boolean;
}) {
  const name = className(schedule);
  const limit = roomLimitHint(schedule.capacity, reformers);
  // Time and state, then places and instructor; the actions beside them, or below them in a narrow day column.
  return (
    <li
      className={cn(
        'grid grid-cols-[4.75rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 py-2.5',
        '@sm/day:grid-cols-[4.75rem_minmax(0,1fr)_auto]',
      )}
    >
      <div className="flex flex-col items-start gap-1">
        <span className={cn('font-semibold', schedule.active ? 'text-ink-strong' : 'text-ink-subtle')}>
          {schedule.time}
        </span>
        <StateBadge active={schedule.active} />
      </div>
      <div className={cn('min-w-0 space-y-1 text-sm', schedule.active ? 'text-ink' : 'text-ink-subtle')}>
        <p className="flex items-center gap-1.5" title={`${schedule.classType.name} · ${schedule.classType.levelName}`}>
          <span
            aria-hidden="true"
            className="ml-1 mr-0.5 inline-block size-2.5 shrink-0 rounded-full"
            style={{ backgroundColor: schedule.classType.colour }}
          />
          <span className="truncate">
            <span className="sr-only">Tipo de clase: </span>
            {schedule.classType.name} · {schedule.classType.levelName} · {schedule.durationMinutes} min
          </span>
        </p>
        <p className="flex items-center gap-1.5">
          <Users aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
          {schedule.capacity} {schedule.capacity === 1 ? 'lugar' : 'lugares'}
        </p>
        {limit ? (
          <p className="flex items-start gap-1.5 text-ink-muted">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{limit}</span>
          </p>
        ) : null}
        {/* Most classes have no instructor: say it only when there is one. */}
        {schedule.instructor ? (
          <p className="flex items-center gap-1.5" title={schedule.instructor}>
            <UserRound aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
            <span className="truncate">
              <span className="sr-only">Instructor: </span>
              {schedule.instructor}
            </span>
          </p>
        ) : null}
      </div>
      <div className="col-start-2 flex gap-1 @sm/day:col-start-3">
        <Button variant="secondary" size="sm" aria-label={`Editar ${name}`} onClick={onEdit}>
          Editar
        </Button>
        {schedule.active ? (
          <Button variant="ghost" size="sm" aria-label={`Desactivar ${name}`} onClick={onDeactivate}>
            Desactivar
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Activar ${name}`}
            loading={activating}
            loadingLabel="Activando…"
            onClick={onActivate}
          >
            Activar
          </Button>
        )}
      </div>
    </li>
  );
}

/** The weekly timetable grouped by day, with editing, (de)activation and new classes. */
export function TimetableEditor() {
  const titleId = useId();
  const toast = useToast();
  const timetable = useListTimetable();
  const [editing, setEditing] = useState<ScheduleDto | null>(null);
  const [deactivating, setDeactivating] = useState<ScheduleDto | null>(null);
  const [adding, setAdding] = useState(false);
  const deactivate = useDeactivateSchedule();
  const activate = useActivateSchedule();
  const reformers = useRoomReformers();

  const closeDeactivate = () => {
    deactivate.reset();
    setDeactivating(null);
  };

  const confirmDeactivate = () => {
    if (!deactivating) return;
    deactivate.mutate(
      { data: { id: deactivating.id } },
      {
        onSuccess: (res) => {
          toast.show(res.message);
          closeDeactivate();
        },
      },
    );
  };

  const onActivate = (schedule: ScheduleDto) =>
    activate.mutate(
      { data: { id: schedule.id } },
      {
        onSuccess: (res) => toast.show(res.message),
        onError: (error) => toast.show(errorMessages(error).join(' '), 'error'),
      },
    );

  const classes = timetable.data?.horario ?? [];
  const days = WEEKDAY_NAMES.slice(1).map((dayName, index) => ({
    weekday: index + 1,
    dayName,
    classes: classes.filter((schedule) => schedule.weekday === index + 1),
  }));

  return (
    <section aria-labelledby={titleId} className="rounded-card bg-surface p-5 shadow-soft sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="font-display text-2xl leading-tight text-ink-strong sm:text-3xl">
          Horario semanal
        </h2>
        <Button size="sm" onClick={() => setAdding(true)} icon={<Plus aria-hidden="true" className="size-4" />}>
          Agregar clase
        </Button>
      </div>

      {timetable.isPending ? (
        <PageSpinner label="Cargando el horario…" />
      ) : timetable.isError ? (
        <ErrorMessage error={timetable.error} className="mt-5" />
      ) : (
        // Two day columns when the panel is wide enough, one otherwise.
        <div className="@container">
          <div className="mt-4 grid gap-x-8 @3xl:grid-cols-2">
            {days.map((day) => (
              <section
                key={day.weekday}
                aria-labelledby={`${titleId}-${day.weekday}`}
                className="@container/day border-t border-line pt-4 pb-3"
              >
                <h3 id={`${titleId}-${day.weekday}`} className="eyebrow text-accent-strong">
                  {day.dayName}
                </h3>
                {day.classes.length === 0 ? (
                  <p className="pt-2 text-sm text-ink-subtle">Sin clases</p>
                ) : (
                  <ul className="divide-y divide-line/70">
                    {day.classes.map((schedule) => (
                      <ScheduleRow
                        key={schedule.id}
                        schedule={schedule}
                        reformers={reformers}
                        onEdit={() => setEditing(schedule)}
                        onDeactivate={() => setDeactivating(schedule)}
                        onActivate={() => onActivate(schedule)}
                        activating={activate.isPending && activate.variables?.data.id === schedule.id}
                      />
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
        </div>
      )}

      <EditScheduleDialog schedule={editing} onClose={() => setEditing(null)} />
      <AddScheduleDialog open={adding} onOpenChange={setAdding} />
      <Dialog
        open={deactivating !== null}
        onOpenChange={(open) => {
          if (!open) closeDeactivate();
        }}
        title="Desactivar clase"
        description={deactivating ? `${deactivating.dayName}, ${deactivating.time}` : undefined}
        footer={
          <>
            <Button variant="ghost" onClick={closeDeactivate}>
              Volver
            </Button>
            <Button
              variant="danger"
              loading={deactivate.isPending}
              loadingLabel="Desactivando…"
              onClick={confirmDeactivate}
            >
              Desactivar
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          <p className="text-ink">{DEACTIVATE_WARNING}</p>
          <p className="text-sm text-ink-muted">Podrás activarla de nuevo cuando quieras.</p>
          <ErrorMessage error={deactivate.error} />
        </div>
      </Dialog>
    </section>
  );
}
