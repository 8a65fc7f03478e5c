import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useListClassTypes } from '@/api/generated/admin/admin';
import { Checkbox } from '@/components/ui/checkbox';
import { TextField } from '@/components/ui/text-field';
import { MAX_CLASSES, MAX_NAME_LENGTH, MIN_CLASSES, type CatalogPlanInput, type CatalogPlanValues } from '../schemas';

/** Nombre, Precio, Clases, "Solo primera vez" and the class types: the fields shared by the add and edit dialogs. */
export function PlanFields({
  register,
  control,
  errors,
}: {
  register: UseFormRegister<CatalogPlanInput>;
  control: Control<CatalogPlanInput, unknown, CatalogPlanValues>;
  errors: FieldErrors<CatalogPlanInput>;
}) {
  const classTypes = useListClassTypes({ query: { staleTime: 60_000 } }).data?.tiposDeClase ?? [];
  return (
    <>
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
          label="Precio (MXN)"
          inputMode="decimal"
          autoComplete="off"
          required
          hint="En pesos, por ejemplo 1500 o 1750.50."
          error={errors.price?.message}
          {...register('price')}
        />
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
      </div>
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
