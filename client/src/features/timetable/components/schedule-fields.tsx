import type { FieldErrors, FieldPath, UseFormRegister, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../api/api-error';
import { TextField } from '../../../components/ui/text-field';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { MAX_CAPACITY, MIN_CAPACITY, type ScheduleInput } from '../schemas';

/** Server refusals that belong under one field of the form rather than in the red box. */
export const FIELD_OF_CODE: Record<string, 'startTime' | 'capacity'> = {
  SCHEDULE_TIME_TAKEN: 'startTime',
  CAPACITY_BELOW_RESERVED: 'capacity',
};

/** The field a server error belongs to, if any. */
export function fieldOfError(error: unknown): 'startTime' | 'capacity' | undefined {
  return isApiError(error) ? FIELD_OF_CODE[error.code] : undefined;
}

/** Shows a server refusal under its field: a timetable code (hour taken, capacity too low) or field messages. */
export function showScheduleErrors<T extends ScheduleInput>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): void {
  const field = fieldOfError(error);
  if (field && isApiError(error)) {
    setError(field as FieldPath<T>, { type: 'server', message: error.messages.join(' ') });
  } else {
    showServerFieldErrors(error, fields, setError);
  }
}

/** Hora, Capacidad and Instructor: the fields shared by the add and edit dialogs. */
export function ScheduleFields<T extends ScheduleInput>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<ScheduleInput>;
}) {
  // The shared fields have the same names in both forms.
  const reg = register as unknown as UseFormRegister<ScheduleInput>;
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
          hint={`De ${MIN_CAPACITY} a ${MAX_CAPACITY} lugares.`}
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
