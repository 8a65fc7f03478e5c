import { getAddCataloguePlanMutationOptions } from '@/api/generated/admin/admin';
import { FormDialog } from '@/components/forms/form-dialog';
import { CATALOG_PLAN_FIELDS, catalogPlanSchema, type CatalogPlanInput } from '../schemas';
import { PlanFields } from './plan-fields';

const EMPTY: CatalogPlanInput = {
  name: '',
  price: '',
  kind: 'pack',
  classes: '',
  weeklyLimit: '',
  unlimited: false,
  intro: false,
  classTypeIds: [],
};

/** Adds a plan to the catalogue; it is visible to clients at once. */
export function AddPlanDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      subject={open || null}
      onClose={() => onOpenChange(false)}
      title="Agregar plan"
      description="Los clientes lo verán en la página de planes en cuanto lo guardes."
      schema={catalogPlanSchema}
      defaultValues={() => EMPTY}
      mutation={getAddCataloguePlanMutationOptions()}
      toRequest={(values) => ({
        data: {
          name: values.name,
          price: values.price,
          // A pack as before; a membership with its weekly limit (null: unlimited) and no class count.
          ...(values.kind === 'pack'
            ? { classes: values.classes, intro: values.intro }
            : { kind: values.kind, weeklyLimit: values.weeklyLimit }),
          ...(values.classTypeIds.length > 0 ? { classTypeIds: values.classTypeIds } : {}),
        },
      })}
      fields={CATALOG_PLAN_FIELDS}
      submitLabel="Agregar plan"
      pendingLabel="Agregando…"
    >
      {(form) => <PlanFields register={form.register} control={form.control} errors={form.formState.errors} />}
    </FormDialog>
  );
}
