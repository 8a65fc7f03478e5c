import { Controller, type UseFormReturn } from 'react-hook-form';
import { getAddClassTypeMutationOptions, getChangeClassTypeMutationOptions } from '@/api/generated/admin/admin';
import type { AddClassTypeDto, ChangeClassTypeDto, ClassTypeDto } from '@/api/generated/model';
import { FormDialog } from '@/components/forms/form-dialog';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import {
  CLASS_TYPE_FIELDS,
  classTypeSchema,
  COLOUR_OPTIONS,
  DESCRIPTION_MAX,
  DURATION_MAX,
  DURATION_MIN,
  LEVEL_OPTIONS,
  NAME_MAX,
  type ClassTypeInput,
  type ClassTypeValues,
} from '../schemas';

const CODE_FIELDS = { CLASS_TYPE_NAME_TAKEN: 'name' } as const;

const NEW_TYPE: ClassTypeInput = {
  name: '',
  level: 'basico',
  description: '',
  durationMinutes: '50',
  colour: COLOUR_OPTIONS[0].value,
  active: true,
};

const inputOf = (type: ClassTypeDto): ClassTypeInput => ({
  name: type.name,
  level: type.level,
  description: type.description,
  durationMinutes: String(type.durationMinutes),
  colour: type.colour,
  active: type.active,
});

/** Only what changed. */
function changesOf(type: ClassTypeDto, values: ClassTypeValues): ChangeClassTypeDto {
  const changes: ChangeClassTypeDto = { id: type.id };
  if (values.name !== type.name) changes.name = values.name;
  if (values.level !== type.level) changes.level = values.level;
  if (values.description !== type.description) changes.description = values.description;
  if (values.durationMinutes !== type.durationMinutes) changes.durationMinutes = values.durationMinutes;
  if (values.colour !== type.colour) changes.colour = values.colour as ChangeClassTypeDto['colour'];
  if (values.active !== type.active) changes.active = values.active;
  return changes;
}

/** A new class type: name, level, description, duration and colour. */
export function AddClassTypeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      subject={open || null}
      onClose={() => onOpenChange(false)}
      title="Nuevo tipo de clase"
      description="Se elige al agregar una clase al horario; los clientes lo ven al reservar."
      schema={classTypeSchema}
      defaultValues={() => NEW_TYPE}
      mutation={getAddClassTypeMutationOptions()}
      toRequest={({ active: _active, ...type }) => ({ data: type as AddClassTypeDto })}
      fields={CLASS_TYPE_FIELDS}
      codeFields={CODE_FIELDS}
      submitLabel="Agregar tipo"
      pendingLabel="Agregando…"
    >
      {(form) => <ClassTypeFields form={form} withActive={false} />}
    </FormDialog>
  );
}

/** Changes one class type; only what changed is sent. */
export function EditClassTypeDialog({ type, onClose }: { type: ClassTypeDto | null; onClose: () => void }) {
  return (
    <FormDialog
      subject={type}
      onClose={onClose}
      title="Editar tipo de clase"
      description={type ? `${type.name} · El cambio se ve en todas las clases de este tipo.` : undefined}
      schema={classTypeSchema}
      defaultValues={inputOf}
      mutation={getChangeClassTypeMutationOptions()}
      toRequest={(values, editing) => {
        const changes = changesOf(editing, values);
        return Object.keys(changes).length === 1 ? null : { data: changes };
      }}
      fields={CLASS_TYPE_FIELDS}
      codeFields={CODE_FIELDS}
      submitLabel="Guardar cambios"
      pendingLabel="Guardando…"
    >
      {(form) => <ClassTypeFields form={form} withActive />}
    </FormDialog>
  );
}

function ClassTypeFields({
  form,
  withActive,
}: {
  form: UseFormReturn<ClassTypeInput, unknown, ClassTypeValues>;
  withActive: boolean;
}) {
  const errors = form.formState.errors;
  return (
    <>
      <TextField
        label="Nombre"
        autoComplete="off"
        required
        maxLength={NAME_MAX}
        hint="Como lo verán los clientes, por ejemplo: Prenatal."
        error={errors.name?.message}
        {...form.register('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="level"
          render={({ field }) => (
            <Select
              label="Nivel"
              required
              options={[...LEVEL_OPTIONS]}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.level?.message}
            />
          )}
        />
        <TextField
          label="Duración (minutos)"
          type="number"
          inputMode="numeric"
          min={DURATION_MIN}
          max={DURATION_MAX}
          required
          hint="La de las clases nuevas de este tipo."
          error={errors.durationMinutes?.message}
          {...form.register('durationMinutes')}
        />
      </div>
      <TextField
        label="Descripción"
        autoComplete="off"
        maxLength={DESCRIPTION_MAX}
        hint={`Opcional, hasta ${DESCRIPTION_MAX} caracteres.`}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <Controller
        control={form.control}
        name="colour"
        render={({ field }) => (
          <Select
            label="Color"
            required
            options={COLOUR_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
            hint="La marca de color junto al nombre en el calendario de reservas."
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.colour?.message}
          />
        )}
      />
      {withActive ? (
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Checkbox
              label="Activo"
              hint="Inactivo: no se elige para clases nuevas ni aparece en el filtro; sus clases lo conservan."
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      ) : null}
    </>
  );
}
