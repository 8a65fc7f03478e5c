import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useAddCataloguePlan } from '@/api/generated/admin/admin';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { CATALOG_PLAN_FIELDS, catalogPlanSchema, type CatalogPlanInput, type CatalogPlanValues } from '../schemas';
import { FormError, PlanFields } from './plan-fields';

const EMPTY: CatalogPlanInput = { name: '', price: '', classes: '' };

/** Adds a plan to the catalogue; it is visible to clients at once. */
export function AddPlanDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const toast = useToast();
  const mutation = useAddCataloguePlan();
  const form = useForm<CatalogPlanInput, unknown, CatalogPlanValues>({
    resolver: zodResolver(catalogPlanSchema),
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
      { data: { name: values.name, price: values.price, classes: values.classes } },
      {
        onSuccess: (res) => {
          toast.show(res.message);
          close();
        },
        onError: (error) => showServerFieldErrors(error, CATALOG_PLAN_FIELDS, form.setError),
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
      title="Agregar plan"
      description="Los clientes lo verán en la página de planes en cuanto lo guardes."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <PlanFields register={form.register} errors={errors} />
        <FormError error={mutation.error} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={close}>
            Cancelar
          </Button>
          <Button type="submit" loading={mutation.isPending} loadingLabel="Agregando…">
            Agregar plan
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
