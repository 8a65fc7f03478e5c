import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useChangeCataloguePlan } from '@/api/generated/admin/admin';
import type { AdminCatalogPlanDto, ChangeCatalogPlanDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import {
  CATALOG_PLAN_FIELDS,
  catalogPlanSchema,
  priceInput,
  type CatalogPlanInput,
  type CatalogPlanValues,
} from '../schemas';
import { FormError, PlanFields } from './plan-fields';

const cents = (pesos: number) => Math.round(pesos * 100);

/** Only what changed: the audit log then records just that, and nothing else is rewritten. */
export function changesOf(plan: AdminCatalogPlanDto, values: CatalogPlanValues): ChangeCatalogPlanDto {
  const changes: ChangeCatalogPlanDto = { id: plan.id };
  if (values.name !== plan.name) changes.name = values.name;
  if (cents(values.price) !== cents(plan.price)) changes.price = values.price;
  if (values.classes !== plan.classes) changes.classes = values.classes;
  return changes;
}

export interface EditPlanDialogProps {
  /** The plan to edit; null keeps the dialog closed. */
  plan: AdminCatalogPlanDto | null;
  onClose: () => void;
}

/** Changes the name, price or classes of a catalogue plan. */
export function EditPlanDialog({ plan, onClose }: EditPlanDialogProps) {
  const toast = useToast();
  const mutation = useChangeCataloguePlan();
  const form = useForm<CatalogPlanInput, unknown, CatalogPlanValues>({
    resolver: zodResolver(catalogPlanSchema),
    values: plan ? { name: plan.name, price: priceInput(plan.price), classes: String(plan.classes) } : undefined,
  });
  const { errors } = form.formState;

  const close = () => {
    mutation.reset();
    form.clearErrors();
    onClose();
  };

  const submit = form.handleSubmit((values) => {
    if (!plan) return;
    const changes = changesOf(plan, values);
    if (Object.keys(changes).length === 1) {
      close();
      return;
    }
    mutation.mutate(
      { data: changes },
      {
        onSuccess: (res) => {
          toast.show(res.message);
          close();
        },
        onError: (error) => showServerFieldErrors(error, CATALOG_PLAN_FIELDS, form.setError),
      },
    );
  });

  return (
    <Dialog
      open={plan !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="Editar plan"
      description={plan?.name}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <PlanFields register={form.register} errors={errors} />
        <p className="text-sm text-ink-muted">
          Los planes que ya tienen los clientes conservan su nombre y sus clases; las compras en curso conservan su
          precio.
        </p>
        <FormError error={mutation.error} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={close}>
            Cancelar
          </Button>
          <Button type="submit" loading={mutation.isPending} loadingLabel="Guardando…">
            Guardar cambios
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
