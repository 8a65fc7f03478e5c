import { getChangeScheduleMutationOptions } from '@/api/generated/horario/horario';
import type { ChangeScheduleDto, ScheduleDto } from '@/api/generated/model';
import { FormDialog } from '@/components/forms/form-dialog';
import { NO_INSTRUCTOR, scheduleSchema, type ScheduleValues } from '../schemas';
import { SCHEDULE_CODE_FIELDS, ScheduleFields } from './schedule-fields';

const FIELDS = ['startTime', 'capacity', 'instructorId', 'classTypeId', 'durationMinutes'] as const;

/** Only what changed: an unchanged capacity or time is not re-checked by the server. */
function changesOf(schedule: ScheduleDto, values: ScheduleValues): ChangeScheduleDto {
  const changes: ChangeScheduleDto = { id: schedule.id };
  if (values.startTime !== schedule.startTime) changes.startTime = values.startTime;
  if (values.capacity !== schedule.capacity) changes.capacity = values.capacity;
  // "Sin instructor" (null) removes the instructor.
  if (values.instructorId !== (schedule.instructorId ?? null)) changes.instructorId = values.instructorId;
  if (values.classTypeId !== schedule.classType.id) changes.classTypeId = values.classTypeId;
  if (values.durationMinutes !== schedule.durationMinutes) changes.durationMinutes = values.durationMinutes;
  return changes;
}

export interface EditScheduleDialogProps {
  /** The class to edit; null keeps the dialog closed. */
  schedule: ScheduleDto | null;
  onClose: () => void;
}

/** Changes the time, capacity, instructor, type or duration of one class of the weekly timetable. */
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
        instructorId: typeof editing.instructorId === 'number' ? String(editing.instructorId) : NO_INSTRUCTOR,
        classTypeId: String(editing.classType.id),
        durationMinutes: String(editing.durationMinutes),
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
          <ScheduleFields
            register={form.register}
            control={form.control}
            errors={form.formState.errors}
            setValue={form.setValue}
            currentClassTypeId={schedule?.classType.id}
            current={
              typeof schedule?.instructorId === 'number'
                ? { id: schedule.instructorId, name: schedule.instructor ?? '' }
                : null
            }
          />
          <p className="text-sm text-ink-muted">Los cambios se aplican a las clases que aún no empiezan.</p>
        </>
      )}
    </FormDialog>
  );
}
