import { isDateOnly, planEndDate } from '@pilates/dates';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { getAddPlanAdminMutationOptions, useCatalogue } from '@/api/generated/admin/admin';
import type { AdminCatalogPlanDto, AdminUserRowDto } from '@/api/generated/model';
import { FormDialog } from '@/components/forms/form-dialog';
import { DateField } from '@/components/ui/date-field';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { defaultPlanDates, PAID_OPTIONS } from '../format';
import { addPlanSchema, MAX_CLASSES, MIN_CLASSES, type AddPlanInput, type AddPlanValues } from '../schemas';

const FIELDS = ['selectplan', 'number', 'startdate', 'enddate', 'pagado'] as const;

/** 'Ocho Clases (oculto)': hidden plans can still be given by the studio. */
export const catalogueLabel = (plan: AdminCatalogPlanDto): string =>
  plan.visible ? plan.name : `${plan.name} (oculto)`;

export interface AddPlanDialogProps {
  /** The user who receives the plan; null keeps the dialog closed. */
  user: AdminUserRowDto | null;
  onClose: () => void;
}

/** Gives a user a plan of the catalogue: classes, validity and whether it is paid. */
export function AddPlanDialog({ user, onClose }: AddPlanDialogProps) {
  return (
    <FormDialog
      subject={user}
      onClose={onClose}
      title="Agregar plan"
      description={user ? `Para ${user.name}` : undefined}
      schema={addPlanSchema}
      // Today in the studio, valid one month, paid ("Sí" by default).
      defaultValues={(): AddPlanInput => ({ selectplan: '', number: '', ...defaultPlanDates(), pagado: '1' })}
      mutation={getAddPlanAdminMutationOptions()}
      toRequest={(values, receiver) => ({ data: { ...values, id_user: receiver.id } })}
      fields={FIELDS}
      submitLabel="Agregar plan"
      pendingLabel="Agregando…"
    >
      {(form) => <AddPlanFields form={form} />}
    </FormDialog>
  );
}

function AddPlanFields({ form }: { form: UseFormReturn<AddPlanInput, unknown, AddPlanValues> }) {
  const catalogue = useCatalogue();
  const { errors } = form.formState;
  const plans = catalogue.data?.planes ?? [];

  // A chosen plan brings its class count; the admin may still change it.
  const choosePlan = (id: string) => {
    form.setValue('selectplan', id, { shouldValidate: form.formState.isSubmitted });
    const plan = plans.find((candidate) => String(candidate.id) === id);
    if (plan) form.setValue('number', String(plan.classes), { shouldValidate: form.formState.isSubmitted });
  };

  // Until the admin picks an end date, it follows the start date.
  const startField = form.register('startdate', {
    onChange: (event: { target: { value: string } }) => {
      const start = event.target.value;
      if (isDateOnly(start) && !form.getFieldState('enddate').isDirty) {
        form.setValue('enddate', planEndDate(start), { shouldValidate: form.formState.isSubmitted });
      }
    },
  });

  return (
    <>
      <Controller
        control={form.control}
        name="selectplan"
        render={({ field }) => (
          <Select
            label="Plan"
            required
            options={plans.map((plan) => ({ value: String(plan.id), label: catalogueLabel(plan) }))}
            placeholder={catalogue.isPending ? 'Cargando planes…' : 'Elige un plan del catálogo'}
            disabled={catalogue.isPending}
            value={field.value}
            onValueChange={choosePlan}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.selectplan?.message}
          />
        )}
      />
      {catalogue.isError ? <ErrorMessage error={catalogue.error} /> : null}
      <TextField
        label="Clases restantes"
        type="number"
        inputMode="numeric"
        min={MIN_CLASSES}
        max={MAX_CLASSES}
        step={1}
        required
        hint={`De ${MIN_CLASSES} a ${MAX_CLASSES}.`}
        error={errors.number?.message}
        {...form.register('number')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField label="Fecha de inicio" required error={errors.startdate?.message} {...startField} />
        <DateField
          label="Fecha de término"
          required
          hint="Un mes desde el inicio, menos un día."
          error={errors.enddate?.message}
          {...form.register('enddate')}
        />
      </div>
      <Controller
        control={form.control}
        name="pagado"
        render={({ field }) => (
          <Select
            label="Pagado"
            required
            options={PAID_OPTIONS}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.pagado?.message}
          />
        )}
      />
    </>
  );
}
