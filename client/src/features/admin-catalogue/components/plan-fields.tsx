import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import { MAX_CLASSES, MAX_NAME_LENGTH, MIN_CLASSES, type CatalogPlanInput } from '../schemas';

/** Nombre, Precio and Clases: the fields shared by the add and edit dialogs. */
export function PlanFields({
  register,
  errors,
}: {
  register: UseFormRegister<CatalogPlanInput>;
  errors: FieldErrors<CatalogPlanInput>;
}) {
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
    </>
  );
}
