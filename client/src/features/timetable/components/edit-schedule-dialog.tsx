import { getChangeScheduleMutationOptions } from '@/api/generated/horario/horario';
import type { ChangeScheduleDto, ScheduleDto } from '@/api/generated/model';
import { FormDialog } from '@/components/forms/form-dialog';
import { scheduleSchema, type ScheduleValues } from '../schemas';
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
  return (
    <FormDialog
      subject={schedule}
      onClose={onClose}
      title="Editar clase"
      description={schedule ? `${schedule.dayName}, ${schedule.time}` : undefined}
      schema={scheduleSchema}
      defaultValues={(editing) => ({
        startTime: editing.startTime,
        capacity: String(editing.capacity),
        instructor: editing.instructor ?? '',
      })}
      mutation={getChangeScheduleMutationOptions()}
      toRequest={(values, editing) => {
        const changes = changesOf(editing, values);
        return Object.keys(changes).length === 1 ? null : { data: changes };
      }}
      fields={FIELDS}
      codeFields={SCHEDULE_CODE_FIELDS}
      submitLabel="Guardar cambios"
      pendingLabel="Guardando…"
    >
      {(form) => (
        <>
          <ScheduleFields register={form.register} control={form.control} errors={form.formState.errors} />
          <p className="text-sm text-ink-muted">Los cambios se aplican a las clases que aún no empiezan.</p>
        </>
      )}
    </FormDialog>
  );
}
