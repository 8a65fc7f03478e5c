import { useEffect } from 'react';
import {
  Controller,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { useListClassTypes } from '@/api/generated/admin/admin';
import { useListPublicInstructors } from '@/api/generated/instructores/instructores';
import type { ClassTypeDto } from '@/api/generated/model';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import type { CodeFields } from '@/lib/server-field-errors';
import { MAX_CAPACITY, MAX_DURATION, MIN_CAPACITY, MIN_DURATION, NO_INSTRUCTOR, type ScheduleInput } from '../schemas';
import { roomLimitHint, useRoomReformers } from './room-limit';

/** Server refusals that belong under one field of the form rather than in the red box. */
export const SCHEDULE_CODE_FIELDS: CodeFields<ScheduleInput> = {
  SCHEDULE_TIME_TAKEN: 'startTime',
  CAPACITY_BELOW_RESERVED: 'capacity',
  INSTRUCTOR_NOT_AVAILABLE: 'instructorId',
  CLASS_TYPE_NOT_AVAILABLE: 'classTypeId',
};

/** The active class types, "Name · Level"; the class's own type stays a choice when inactive. */
export function classTypeOptions(types: ClassTypeDto[], currentId?: number) {
  return types
    .filter((type) => type.active || type.id === currentId)
    .map((type) => ({
      value: String(type.id),
      label: `${type.name} · ${type.levelName}${type.active ? '' : ' (inactivo)'}`,
    }));
}

/** The instructor a class has now, kept as a choice even when the profile is no longer active. */
export interface CurrentInstructor {
  id: number;
  name: string;
}

/**
 * "Sin instructor" and the active instructors ("Instructores"), in their order; the class's own
 * instructor stays a choice when inactive, so other changes keep them.
 */
export function instructorOptions(active: { id: number; name: string }[], current?: CurrentInstructor | null) {
  const options = [
    { value: NO_INSTRUCTOR, label: 'Sin instructor' },
    ...active.map((instructor) => ({ value: String(instructor.id), label: instructor.name })),
  ];
  if (current && !active.some((instructor) => instructor.id === current.id)) {
    options.push({ value: String(current.id), label: `${current.name} (inactivo)` });
  }
  return options;
}

/** Hora, Capacidad and Instructor: the fields shared by the add and edit dialogs. */
export function ScheduleFields<T extends ScheduleInput, V>({
  register,
  control,
  errors,
  current,
  currentClassTypeId,
  setValue,
}: {
  register: UseFormRegister<T>;
  control: Control<T, unknown, V>;
  errors: FieldErrors<ScheduleInput>;
  current?: CurrentInstructor | null;
  /** The class's own type (kept as a choice when inactive). */
  currentClassTypeId?: number;
  /** Choosing a type sets the duration to the type's (the admin may change it after). */
  setValue: UseFormSetValue<T>;
}) {
  const instructors = useListPublicInstructors({ query: { staleTime: 60_000 } });
  const classTypes = useListClassTypes({ query: { staleTime: 60_000 } });
  const types = classTypes.data?.tiposDeClase ?? [];
  const set = setValue as unknown as UseFormSetValue<ScheduleInput>;
  const chosenType = useWatch({ control: control as unknown as Control<ScheduleInput>, name: 'classTypeId' });
  // A new class starts as the studio's first active type, with its duration.
  const firstActive = types.find((type) => type.active);
  useEffect(() => {
    if (chosenType === '' && firstActive) {
      set('classTypeId', String(firstActive.id));
      set('durationMinutes', String(firstActive.durationMinutes));
    }
  }, [chosenType, firstActive, set]);
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
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control as unknown as Control<ScheduleInput>}
          name="classTypeId"
          render={({ field }) => (
            <Select
              label="Tipo de clase"
              required
              placeholder="Selecciona un tipo"
              options={classTypeOptions(types, currentClassTypeId)}
              hint={
                classTypes.isError
                  ? 'No pudimos cargar los tipos de clase. Cierra y vuelve a abrir para intentarlo de nuevo.'
                  : 'Los tipos se editan en «Tipos de clase», más abajo.'
              }
              value={field.value}
              onValueChange={(value) => {
                field.onChange(value);
                const chosen = types.find((type) => String(type.id) === value);
                if (chosen) set('durationMinutes', String(chosen.durationMinutes), { shouldValidate: true });
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.classTypeId?.message}
            />
          )}
        />
        <TextField
          label="Duración (minutos)"
          type="number"
          inputMode="numeric"
          min={MIN_DURATION}
          max={MAX_DURATION}
          required
          hint="La del tipo de clase, salvo que la cambies."
          error={errors.durationMinutes?.message}
          {...reg('durationMinutes')}
        />
      </div>
      <Controller
        control={control as unknown as Control<ScheduleInput>}
        name="instructorId"
        render={({ field }) => (
          <Select
            label="Instructor"
            options={instructorOptions(instructors.data ?? [], current)}
            hint={
              instructors.isError
                ? 'No pudimos cargar los instructores. Cierra y vuelve a abrir para intentarlo de nuevo.'
                : 'Los perfiles se editan en Instructores.'
            }
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.instructorId?.message}
          />
        )}
      />
    </>
  );
}
