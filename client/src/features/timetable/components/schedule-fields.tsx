import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import type { CodeFields } from '@/lib/server-field-errors';
import { MAX_CAPACITY, MIN_CAPACITY, type ScheduleInput } from '../schemas';
import { roomLimitHint, useRoomReformers } from './room-limit';

/** Server refusals that belong under one field of the form rather than in the red box. */
export const SCHEDULE_CODE_FIELDS: CodeFields<ScheduleInput> = {
  SCHEDULE_TIME_TAKEN: 'startTime',
  CAPACITY_BELOW_RESERVED: 'capacity',
};

/** Hora, Capacidad and Instructor: the fields shared by the add and edit dialogs. */
export function ScheduleFields<T extends ScheduleInput, V>({
  register,
  control,
  errors,
}: {
  register: UseFormRegister<T>;
  control: Control<T, unknown, V>;
  errors: FieldErrors<ScheduleInput>;
}) {
  // The shared fields have the same names in both forms.
  const reg = register as unknown as UseFormRegister<ScheduleInput>;
  const reformers = useRoomReformers();
  const capacity = useWatch({ control: control as unknown as Control<ScheduleInput>, name: 'capacity' });
  // A capacity above the room's reformers is kept, but sells only as many places as there are reformers.
  const limit = /^\d+$/.test(capacity.trim()) ? roomLimitHint(Number(capacity), reformers) : null;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Hora"
          type="time"
          step={60}
          required
          error={errors.startTime?.message}
          {...reg('startTime')}
        />
        <TextField
          label="Capacidad"
          type="number"
          inputMode="numeric"
          min={MIN_CAPACITY}
          max={MAX_CAPACITY}
          required
          hint={
            limit ? (
              <>
                De {MIN_CAPACITY} a {MAX_CAPACITY} lugares. <strong className="font-medium text-ink">{limit}.</strong>
              </>
            ) : (
              `De ${MIN_CAPACITY} a ${MAX_CAPACITY} lugares.`
            )
          }
          error={errors.capacity?.message}
          {...reg('capacity')}
        />
      </div>
      <TextField
        label="Instructor"
        autoComplete="off"
        hint="Opcional."
        error={errors.instructor?.message}
        {...reg('instructor')}
      />
    </>
  );
}
