import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { Select } from '@/components/ui/select';
import { GRID_OPTIONS, type CellInput } from '../schemas';

/** Row and column of the room's grid, side by side (1 is the front row and the left column). */
export function CellFields<T extends CellInput, V>({
  control,
  errors,
}: {
  control: Control<T, unknown, V>;
  errors: FieldErrors<CellInput>;
}) {
  // The form's own fields include row and column; only those two are used here.
  const cellControl = control as unknown as Control<CellInput>;
  return (
    <div className="grid grid-cols-2 gap-3">
      <Controller
        control={cellControl}
        name="row"
        render={({ field }) => (
          <Select
            label="Fila"
            hint="1 es el frente"
            options={GRID_OPTIONS}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.row?.message}
          />
        )}
      />
      <Controller
        control={cellControl}
        name="column"
        render={({ field }) => (
          <Select
            label="Columna"
            hint="1 es la izquierda"
            options={GRID_OPTIONS}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.column?.message}
          />
        )}
      />
    </div>
  );
}
