import { zodResolver } from '@hookform/resolvers/zod';
import { WEEKDAY_NAMES } from '@pilates/dates';
import { Controller, useForm } from 'react-hook-form';
import { useAddSchedule } from '@/api/generated/horario/horario';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { DEFAULT_CAPACITY, newScheduleSchema, type NewScheduleInput, type NewScheduleValues } from '../schemas';
import { showFormErrors, shownUnderFields } from '@/lib/server-field-errors';
import { SCHEDULE_CODE_FIELDS, ScheduleFields } from './schedule-fields';

const FIELDS = ['weekday', 'startTime', 'capacity', 'instructor'] as const;

export const WEEKDAY_OPTIONS = WEEKDAY_NAMES.slice(1).map((name, index) => ({ value: String(index + 1), label: name }));

const EMPTY: NewScheduleInput = { weekday: '', startTime: '', capacity: String(DEFAULT_CAPACITY), instructor: '' };

/** Adds a recurring class to the weekly timetable. */
export function AddScheduleDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const toast = useToast();
  const mutation = useAddSchedule();
  const form = useForm<NewScheduleInput, unknown, NewScheduleValues>({
    resolver: zodResolver(newScheduleSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const close = () => {
    mutation.reset();
    form.reset(EMPTY);
    onOpenChange(false);
  };

  const submit = form.handleSubmit((values) =>
    mutation.mutate(
      {
        data: {
          weekday: values.weekday,
          startTime: values.startTime,
          capacity: values.capacity,
          ...(values.instructor ? { instructor: values.instructor } : {}),
        },
      },
      {
        onSuccess: (res) => {
          toast.show(res.message);
          close();
        },
        onError: (error) => showFormErrors(error, FIELDS, form.setError, SCHEDULE_CODE_FIELDS),
      },
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
        else onOpenChange(true);
      }}
      title="Agregar clase"
      description="Una clase que se repite cada semana."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
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
              error={errors.weekday?.message}
            />
          )}
        />
        <ScheduleFields register={form.register} errors={errors} />
        {shownUnderFields(mutation.error, FIELDS, SCHEDULE_CODE_FIELDS) ? null : (
          <ErrorMessage error={mutation.error} />
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={close}>
            Cancelar
          </Button>
          <Button type="submit" loading={mutation.isPending} loadingLabel="Agregando…">
            Agregar clase
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
