import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useListClassTypes } from '@/api/generated/admin/admin';
import { Checkbox } from '@/components/ui/checkbox';
import { TextField } from '@/components/ui/text-field';
import {
  KIND_LABELS,
  MAX_CLASSES,
  MAX_NAME_LENGTH,
  MAX_WEEKLY,
  MIN_CLASSES,
  MIN_WEEKLY,
  PLAN_KINDS,
  type CatalogPlanInput,
  type CatalogPlanValues,
} from '../schemas';

const KIND_HINTS = {
  pack: 'Se paga una vez y da un número de clases.',
  membership: 'Se cobra cada mes a la tarjeta del cliente con Mercado Pago hasta que la cancele.',
} as const;

/**
 * The kind, Nombre, Precio, Clases (a pack) or Clases por semana / Ilimitado (a membership),
 * "Solo primera vez" (a pack) and the class types: the fields shared by the add and edit dialogs.
 * A saved plan keeps its kind (the server changes everything else), so editing only names it.
 */
export function PlanFields({
  register,
  control,
  errors,
  kindLocked = false,
}: {
  register: UseFormRegister<CatalogPlanInput>;
  control: Control<CatalogPlanInput, unknown, CatalogPlanValues>;
  errors: FieldErrors<CatalogPlanInput>;
  kindLocked?: boolean;
}) {
  const classTypes = useListClassTypes({ query: { staleTime: 60_000 } }).data?.tiposDeClase ?? [];
  const kind = useWatch({ control, name: 'kind' });
  const unlimited = useWatch({ control, name: 'unlimited' });
  return (
    <>
      {kindLocked ? (
        <p className="text-sm text-ink">
          <span className="font-medium text-ink-strong">Tipo:</span> {KIND_LABELS[kind]}
        </p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-ink-strong">Tipo de plan</legend>
          {PLAN_KINDS.map((value) => (
            <label key={value} className="flex items-start gap-2 text-ink">
              <input type="radio" value={value} className="mt-1 size-4 accent-accent" {...register('kind')} />
              <span>
                <span className="block font-medium">{KIND_LABELS[value]}</span>
                <span className="block text-sm text-ink-muted">{KIND_HINTS[value]}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <TextField
        label="Nombre"
        autoComplete="off"
        required
        maxLength={MAX_NAME_LENGTH}
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={kind === 'pack' ? 'Precio (MXN)' : 'Precio al mes (MXN)'}
          inputMode="decimal"
          autoComplete="off"
          required
          hint="En pesos, por ejemplo 1500 o 1750.50."
          error={errors.price?.message}
          {...register('price')}
        />
        {kind === 'pack' ? (
          <TextField
            label="Clases"
            type="number"
            inputMode="numeric"
            min={MIN_CLASSES}
            max={MAX_CLASSES}
            required
            hint={`De ${MIN_CLASSES} a ${MAX_CLASSES}.`}
            error={errors.classes?.message}
            {...register('classes')}
          />
        ) : unlimited ? null : (
          <TextField
            label="Clases por semana"
            type="number"
            inputMode="numeric"
            min={MIN_WEEKLY}
            max={MAX_WEEKLY}
            required
            hint={`De ${MIN_WEEKLY} a ${MAX_WEEKLY}, de lunes a domingo.`}
            error={errors.weeklyLimit?.message}
            {...register('weeklyLimit')}
          />
        )}
      </div>
      {kind === 'pack' ? (
        <Controller
          control={control}
          name="intro"
          render={({ field }) => (
            <Checkbox
              name={field.name}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={field.disabled}
              label="Solo primera vez"
              hint="Solo lo ven y lo compran quienes nunca tuvieron un plan ni tomaron una clase en el estudio."
              error={errors.intro?.message}
            />
          )}
        />
      ) : (
        <Controller
          control={control}
          name="unlimited"
          render={({ field }) => (
            <Checkbox
              name={field.name}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              label="Ilimitado"
              hint="Sin límite por semana: el cliente reserva hasta el límite diario de Ajustes (una clase al día si no lo cambias)."
            />
          )}
        />
      )}
      {classTypes.length > 1 ? (
        <Controller
          control={control}
          name="classTypeIds"
          render={({ field }) => (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-ink">Tipos de clase que incluye</legend>
              <p className="text-sm text-ink-muted">
                Ninguno marcado: todos los tipos. Los planes ya vendidos conservan los tipos con que se vendieron.
              </p>
              {classTypes.map((type) => {
                const id = String(type.id);
                return (
                  <Checkbox
                    key={type.id}
                    label={`${type.name} · ${type.levelName}${type.active ? '' : ' (inactivo)'}`}
                    checked={field.value.includes(id)}
                    onCheckedChange={(checked) =>
                      field.onChange(checked ? [...field.value, id] : field.value.filter((value) => value !== id))
                    }
                    onBlur={field.onBlur}
                  />
                );
              })}
              {errors.classTypeIds?.message ? (
                <p className="text-sm text-danger">{errors.classTypeIds.message}</p>
              ) : null}
            </fieldset>
          )}
        />
      ) : null}
    </>
  );
}
