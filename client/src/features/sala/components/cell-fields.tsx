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
  const gridSelect = (name: 'row' | 'column', label: string, hint: string) => (
    <Controller
      control={cellControl}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          hint={hint}
          options={GRID_OPTIONS}
          value={field.value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={errors[name]?.message}
        />
      )}
    />
  );
  return (
    <div className="grid grid-cols-2 gap-3">
      {gridSelect('row', 'Fila', '1 es el frente')}
      {gridSelect('column', 'Columna', '1 es la izquierda')}
    </div>
  );
}
