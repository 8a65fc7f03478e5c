import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useChangeDataPlan } from '@/api/generated/admin/admin';
import type { ChangeDataPlanDto, UserPlanDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { PAID_OPTIONS } from '../format';
import { editPlanSchema, MAX_CLASSES, MIN_CLASSES, type EditPlanInput, type EditPlanValues } from '../schemas';
import { showFormErrors, shownUnderFields } from '@/lib/server-field-errors';

const FIELDS = ['clases', 'dateInit', 'dateEnd', 'paid'] as const;

/** Only what changed; a blank field keeps its value. */
export function planChanges(plan: UserPlanDto, values: EditPlanValues): ChangeDataPlanDto {
  const changes: ChangeDataPlanDto = { id_plan: plan.id };
  if (values.clases !== undefined && values.clases !== plan.classes_remaining) changes.clases = values.clases;
  if (values.dateInit !== '' && values.dateInit !== plan.startDate) changes.dateInit = values.dateInit;
  if (values.dateEnd !== '' && values.dateEnd !== plan.endDate) changes.dateEnd = values.dateEnd;
  if (values.paid !== plan.is_paid) changes.paid = values.paid;
  return changes;
}

export interface EditPlanDialogProps {
  /** The plan to edit; null keeps the dialog closed. */
  plan: UserPlanDto | null;
  onClose: () => void;
}

/** Classes remaining, dates and the paid flag of one of a user's plans. */
export function EditPlanDialog({ plan, onClose }: EditPlanDialogProps) {
  return (
    <Dialog
      open={plan !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Editar plan"
      description={plan ? `${plan.plan} #${plan.id}` : undefined}
    >
      {plan ? <EditPlanForm key={plan.id} plan={plan} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditPlanForm({ plan, onDone }: { plan: UserPlanDto; onDone: () => void }) {
  const toast = useToast();
  const mutation = useChangeDataPlan();
  const form = useForm<EditPlanInput, unknown, EditPlanValues>({
    resolver: zodResolver(editPlanSchema),
    defaultValues: {
      clases: String(plan.classes_remaining),
      dateInit: plan.startDate,
      dateEnd: plan.endDate,
      paid: plan.is_paid === 1 ? '1' : '0',
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    const changes = planChanges(plan, values);
    if (Object.keys(changes).length === 1) {
      onDone();
      return;
    }
    mutation.mutate(
      { data: changes },
      {
        onSuccess: (res) => {
          toast.show(res.message);
          onDone();
        },
        onError: (error) => showFormErrors(error, FIELDS, form.setError),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Clases restantes"
        type="number"
        inputMode="numeric"
        min={MIN_CLASSES}
        max={MAX_CLASSES}
        step={1}
        hint={`De ${MIN_CLASSES} a ${MAX_CLASSES}. Empezó con ${plan.classes_total} ${plan.classes_total === 1 ? 'clase' : 'clases'}.`}
        error={errors.clases?.message}
        {...form.register('clases')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          label="Fecha de inicio"
          error={errors.dateInit?.message}
          {...form.register('dateInit', { deps: ['dateEnd'] })}
        />
        <DateField label="Fecha de término" error={errors.dateEnd?.message} {...form.register('dateEnd')} />
      </div>
      <Controller
        control={form.control}
        name="paid"
        render={({ field }) => (
          <Select
            label="Pagado"
            options={PAID_OPTIONS}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.paid?.message}
          />
        )}
      />
      {shownUnderFields(mutation.error, FIELDS) ? null : <ErrorMessage error={mutation.error} />}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" loading={mutation.isPending} loadingLabel="Guardando…">
          Guardar cambios
        </Button>
      </div>
    </form>
  );
}
