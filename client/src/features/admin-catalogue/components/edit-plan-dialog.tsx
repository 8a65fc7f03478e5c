import { getChangeCataloguePlanMutationOptions } from '@/api/generated/admin/admin';
import type { AdminCatalogPlanDto, ChangeCatalogPlanDto } from '@/api/generated/model';
import { FormDialog } from '@/components/forms/form-dialog';
import { CATALOG_PLAN_FIELDS, catalogPlanSchema, priceInput, type CatalogPlanValues } from '../schemas';
import { PlanFields } from './plan-fields';

const cents = (pesos: number) => Math.round(pesos * 100);

/** Only what changed: the audit log then records just that, and nothing else is rewritten. */
export function changesOf(plan: AdminCatalogPlanDto, values: CatalogPlanValues): ChangeCatalogPlanDto {
  const changes: ChangeCatalogPlanDto = { id: plan.id };
  if (values.name !== plan.name) changes.name = values.name;
  if (cents(values.price) !== cents(plan.price)) changes.price = values.price;
  if (values.kind === 'pack') {
    if (values.classes !== plan.classes) changes.classes = values.classes;
    if (values.intro !== plan.intro) changes.intro = values.intro;
  } else if (values.weeklyLimit !== plan.weeklyLimit) {
    changes.weeklyLimit = values.weeklyLimit;
  }
  const before = plan.classTypes.map((type) => type.id).sort((a, b) => a - b);
  if (values.classTypeIds.join(',') !== before.join(',')) changes.classTypeIds = values.classTypeIds;
  return changes;
}

export interface EditPlanDialogProps {
  /** The plan to edit; null keeps the dialog closed. */
  plan: AdminCatalogPlanDto | null;
  onClose: () => void;
}

/** Changes the name, price, classes (a pack) or weekly limit (a membership) of a catalogue plan. */
export function EditPlanDialog({ plan, onClose }: EditPlanDialogProps) {
  return (
    <FormDialog
      subject={plan}
      onClose={onClose}
      title="Editar plan"
      description={plan?.name}
      schema={catalogPlanSchema}
      defaultValues={(editing) => ({
        name: editing.name,
        price: priceInput(editing.price),
        kind: editing.kind,
        classes: editing.kind === 'pack' ? String(editing.classes) : '',
        weeklyLimit: editing.weeklyLimit === null ? '' : String(editing.weeklyLimit),
        unlimited: editing.kind === 'membership' && editing.weeklyLimit === null,
        intro: editing.intro,
        classTypeIds: editing.classTypes.map((type) => String(type.id)),
      })}
      mutation={getChangeCataloguePlanMutationOptions()}
      toRequest={(values, editing) => {
        const changes = changesOf(editing, values);
        return Object.keys(changes).length === 1 ? null : { data: changes };
      }}
      fields={CATALOG_PLAN_FIELDS}
      submitLabel="Guardar cambios"
      pendingLabel="Guardando…"
    >
      {(form, editing) => (
        <>
          <PlanFields register={form.register} control={form.control} errors={form.formState.errors} kindLocked />
          <p className="text-sm text-ink-muted">
            {editing.kind === 'pack'
              ? 'Los planes que ya tienen los clientes conservan su nombre, sus clases y sus tipos de clase; las compras en curso conservan su precio.'
              : 'Las membresías ya contratadas conservan sus clases por semana y el precio con que se suscribieron.'}
          </p>
        </>
      )}
    </FormDialog>
  );
}
