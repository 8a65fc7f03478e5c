import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useChangeSchedule } from '@/api/generated/horario/horario';
import type { ChangeScheduleDto, ScheduleDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';
import { scheduleSchema, type ScheduleInput, type ScheduleValues } from '../schemas';
import { showFormErrors, shownUnderFields } from '@/lib/server-field-errors';
import { SCHEDULE_CODE_FIELDS, ScheduleFields } from './schedule-fields';

const FIELDS = ['startTime', 'capacity', 'instructor'] as const;

/** Only what changed: an unchanged capacity or time is not re-checked by the server. */
function changesOf(schedule: ScheduleDto, values: ScheduleValues): ChangeScheduleDto {
  const changes: ChangeScheduleDto = { id: schedule.id };
  if (values.startTime !== schedule.startTime) changes.startTime = values.startTime;
  if (values.capacity !== schedule.capacity) changes.capacity = values.capacity;
  // An empty instructor removes the instructor.
  if (values.instructor !== (schedule.instructor ?? '')) changes.instructor = values.instructor;
  return changes;
}

export interface EditScheduleDialogProps {
  /** The class to edit; null keeps the dialog closed. */
  schedule: ScheduleDto | null;
  onClose: () => void;
}

/** Changes the time, capacity or instructor of one class of the weekly timetable. */
export function EditScheduleDialog({ schedule, onClose }: EditScheduleDialogProps) {
  const toast = useToast();
  const mutation = useChangeSchedule();
  const form = useForm<ScheduleInput, unknown, ScheduleValues>({
    resolver: zodResolver(scheduleSchema),
    values: schedule
      ? { startTime: schedule.startTime, capacity: String(schedule.capacity), instructor: schedule.instructor ?? '' }
      : undefined,
  });
  const { errors } = form.formState;

  const close = () => {
    mutation.reset();
    form.clearErrors();
    onClose();
  };

  const submit = form.handleSubmit((values) => {
    if (!schedule) return;
    const changes = changesOf(schedule, values);
    if (Object.keys(changes).length === 1) {
      close();
      return;
    }
    mutation.mutate(
      { data: changes },
      {
        onSuccess: (res) => {
          toast.show(res.message);
          close();
        },
        onError: (error) => showFormErrors(error, FIELDS, form.setError, SCHEDULE_CODE_FIELDS),
      },
    );
  });

  return (
    <Dialog
      open={schedule !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="Editar clase"
      description={schedule ? `${schedule.dayName}, ${schedule.time}` : undefined}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <ScheduleFields register={form.register} errors={errors} />
        <p className="text-sm text-ink-muted">Los cambios se aplican a las clases que aún no empiezan.</p>
        {shownUnderFields(mutation.error, FIELDS, SCHEDULE_CODE_FIELDS) ? null : (
          <ErrorMessage error={mutation.error} />
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={close}>
            Cancelar
          </Button>
          <Button type="submit" loading={mutation.isPending} loadingLabel="Guardando…">
            Guardar cambios
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
