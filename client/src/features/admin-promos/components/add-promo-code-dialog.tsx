import { Controller } from 'react-hook-form';
import { getAddPromoCodeMutationOptions, useCatalogue } from '@/api/generated/admin/admin';
import { FormDialog } from '@/components/forms/form-dialog';
import { Checkbox } from '@/components/ui/checkbox';
import { DateField } from '@/components/ui/date-field';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useStudioToday } from '@/lib/studio-clock';
import { MAX_USES, MAX_USES_PER_CLIENT, PROMO_CODE_FIELDS, promoCodeSchema, type PromoCodeInput } from '../schemas';

const KIND_OPTIONS = [
  { value: 'percent', label: 'Porcentaje del precio' },
  { value: 'fixed', label: 'Pesos de descuento' },
];

/** A new promo code: what it takes off, when, how often, on which plans and for whom. */
export function AddPromoCodeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const today = useStudioToday();
  const catalogue = useCatalogue({ query: { enabled: open } });
  const plans = catalogue.data?.planes ?? [];
  return (
    <FormDialog
      subject={open || null}
      onClose={() => onOpenChange(false)}
      title="Nuevo código"
      description="Los clientes lo escriben al comprar un plan. El descuento se resta del precio antes de la comisión."
      schema={promoCodeSchema}
      defaultValues={(): PromoCodeInput => ({
        code: '',
        kind: 'percent',
        value: '',
        validFrom: today,
        validTo: today,
        maxUses: '',
        maxUsesPerClient: '1',
        planIds: [],
        newClientsOnly: false,
      })}
      mutation={getAddPromoCodeMutationOptions()}
      toRequest={(values) => ({ data: values })}
      fields={PROMO_CODE_FIELDS}
      codeFields={{ PROMO_CODE_TAKEN: 'code' }}
      submitLabel="Crear código"
      pendingLabel="Creando…"
    >
      {(form) => {
        const errors = form.formState.errors;
        const kind = form.watch('kind');
        return (
          <>
            <TextField
              label="Código"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              maxLength={30}
              hint="Letras y números, por ejemplo BUENFIN. Da igual si el cliente lo escribe en minúsculas."
              error={errors.code?.message}
              {...form.register('code')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Controller
                control={form.control}
                name="kind"
                render={({ field }) => (
                  <Select
                    label="Tipo de descuento"
                    required
                    options={KIND_OPTIONS}
                    value={field.value}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors.kind?.message}
                  />
                )}
              />
              <TextField
                label={kind === 'percent' ? 'Descuento (%)' : 'Descuento (MXN)'}
                inputMode="decimal"
                autoComplete="off"
                required
                hint={kind === 'percent' ? 'De 1 a 100.' : 'En pesos, por ejemplo 200 o 150.50.'}
                error={errors.value?.message}
                {...form.register('value')}
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <DateField
                label="Válido desde"
                required
                error={errors.validFrom?.message}
                {...form.register('validFrom')}
              />
              <DateField
                label="Válido hasta"
                required
                hint="Incluido, en el calendario del estudio."
                error={errors.validTo?.message}
                {...form.register('validTo')}
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Usos en total"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_USES}
                required
                error={errors.maxUses?.message}
                {...form.register('maxUses')}
              />
              <TextField
                label="Usos por cliente"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_USES_PER_CLIENT}
                required
                error={errors.maxUsesPerClient?.message}
                {...form.register('maxUsesPerClient')}
              />
            </div>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-ink-strong">Planes</legend>
              <p className="text-sm text-ink-muted">Sin ninguno marcado, aplica a todos los planes.</p>
              <Controller
                control={form.control}
                name="planIds"
                render={({ field }) => (
                  <div className="grid gap-2 sm:grid-cols-2">
                    {plans.map((plan) => (
                      <Checkbox
                        key={plan.id}
                        label={plan.name}
                        checked={field.value.includes(String(plan.id))}
                        onCheckedChange={(checked) =>
                          field.onChange(
                            checked
                              ? [...field.value, String(plan.id)]
                              : field.value.filter((id) => id !== String(plan.id)),
                          )
                        }
                      />
                    ))}
                  </div>
                )}
              />
            </fieldset>
            <Controller
              control={form.control}
              name="newClientsOnly"
              render={({ field }) => (
                <Checkbox
                  label="Solo clientes nuevos"
                  hint="Solo para quien nunca ha tenido un plan en el estudio."
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  ref={field.ref}
                />
              )}
            />
          </>
        );
      }}
    </FormDialog>
  );
}
