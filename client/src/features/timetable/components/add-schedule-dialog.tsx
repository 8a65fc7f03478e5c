import { WEEKDAY_NAMES } from '@pilates/dates';
import { Controller } from 'react-hook-form';
import { getAddScheduleMutationOptions } from '@/api/generated/horario/horario';
import { FormDialog } from '@/components/forms/form-dialog';
import { Select } from '@/components/ui/select';
import { DEFAULT_CAPACITY, newScheduleSchema, NO_INSTRUCTOR, type NewScheduleInput } from '../schemas';
import { SCHEDULE_CODE_FIELDS, ScheduleFields } from './schedule-fields';

const FIELDS = ['weekday', 'startTime', 'capacity', 'instructorId', 'classTypeId', 'durationMinutes'] as const;

export const WEEKDAY_OPTIONS = WEEKDAY_NAMES.slice(1).map((name, index) => ({ value: String(index + 1), label: name }));

const EMPTY: NewScheduleInput = {
  weekday: '',
  startTime: '',
  capacity: String(DEFAULT_CAPACITY),
  instructorId: NO_INSTRUCTOR,
  classTypeId: '',
  durationMinutes: '50',
};

/** Adds a recurring class to the weekly timetable. */
export function AddScheduleDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      subject={open || null}
      onClose={() => onOpenChange(false)}
      title="Agregar clase"
      description="Una clase que se repite cada semana."
      schema={newScheduleSchema}
      defaultValues={() => EMPTY}
      mutation={getAddScheduleMutationOptions()}
      toRequest={(values) => ({
        data: {
          weekday: values.weekday,
          startTime: values.startTime,
          capacity: values.capacity,
          classTypeId: values.classTypeId,
          durationMinutes: values.durationMinutes,
          ...(values.instructorId !== null ? { instructorId: values.instructorId } : {}),
        },
      })}
      fields={FIELDS}
      codeFields={SCHEDULE_CODE_FIELDS}
      submitLabel="Agregar clase"
      pendingLabel="Agregando…"
    >
      {(form) => (
        <>
          <Controller
            control={form.control}
            name="weekday"
            render={({ field }) => (
              <Select
                label="Día"
                required
                options={WEEKDAY_OPTIONS}
                placeholder="Selecciona un día"
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={form.formState.errors.weekday?.message}
              />
            )}
          />
          <ScheduleFields
            register={form.register}
            control={form.control}
            errors={form.formState.errors}
            setValue={form.setValue}
          />
        </>
      )}
    </FormDialog>
  );
}
