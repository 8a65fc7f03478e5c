import { Controller } from 'react-hook-form';
import { getChangeDataPlanMutationOptions } from '@/api/generated/admin/admin';
import type { ChangeDataPlanDto, UserPlanDto } from '@/api/generated/model';
import { FormDialog } from '@/components/forms/form-dialog';
import { DateField } from '@/components/ui/date-field';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { PAID_OPTIONS } from '../format';
import { editPlanSchema, MAX_CLASSES, MIN_CLASSES, type EditPlanInput, type EditPlanValues } from '../schemas';

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
    <FormDialog
      subject={plan}
      onClose={onClose}
      title="Editar plan"
      description={plan ? `${plan.plan} #${plan.id}` : undefined}
      schema={editPlanSchema}
      defaultValues={(editing): EditPlanInput => ({
        clases: String(editing.classes_remaining),
        dateInit: editing.startDate,
        dateEnd: editing.endDate,
        paid: editing.is_paid === 1 ? '1' : '0',
      })}
      mutation={getChangeDataPlanMutationOptions()}
      toRequest={(values, editing) => {
        const changes = planChanges(editing, values);
        return Object.keys(changes).length === 1 ? null : { data: changes };
      }}
      fields={FIELDS}
      submitLabel="Guardar cambios"
      pendingLabel="Guardando…"
    >
      {(form, editing) => {
        const { errors } = form.formState;
        return (
          <>
            <TextField
              label="Clases restantes"
              type="number"
              inputMode="numeric"
              min={MIN_CLASSES}
              max={MAX_CLASSES}
              step={1}
              hint={`De ${MIN_CLASSES} a ${MAX_CLASSES}. Empezó con ${editing.classes_total} ${editing.classes_total === 1 ? 'clase' : 'clases'}.`}
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
          </>
        );
      }}
    </FormDialog>
  );
}
