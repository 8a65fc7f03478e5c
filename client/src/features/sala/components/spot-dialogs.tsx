import {
  getAddSpotMutationOptions,
  getMoveInstructorMutationOptions,
  getUpdateSpotMutationOptions,
} from '@/api/generated/admin/admin';
import type { CellDto, SpotDto, UpdateSpotDto } from '@/api/generated/model';
import { FormDialog } from '@/components/forms/form-dialog';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { cellSchema, MAX_LABEL_LENGTH, spotSchema, type SpotValues } from '../schemas';
import { CellFields } from './cell-fields';

const SPOT_FIELDS = ['label', 'row', 'column'] as const;
const CELL_FIELDS = ['row', 'column'] as const;
// The server's refusals that belong under one field.
const SPOT_CODE_FIELDS = { SPOT_LABEL_TAKEN: 'label', SPOT_CELL_TAKEN: 'row' } as const;
const CELL_CODE_FIELDS = { SPOT_CELL_TAKEN: 'row' } as const;

const cellInput = (cell: CellDto) => ({ row: String(cell.row), column: String(cell.column) });

/** Only what changed: the audit log then records just that. */
export function spotChanges(spot: SpotDto, values: SpotValues): UpdateSpotDto {
  const changes: UpdateSpotDto = { id: spot.id };
  if (values.label !== spot.label) changes.label = values.label;
  if (values.row !== spot.row) changes.row = values.row;
  if (values.column !== spot.column) changes.column = values.column;
  return changes;
}

/** A new reformer: its name and its place (the next "Reformer N" on the first free cell, to start with). */
export function AddSpotDialog({
  defaults,
  onClose,
}: {
  /** The suggested name and cell; null keeps the dialog closed. */
  defaults: { label: string; row: number; column: number } | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      subject={defaults}
      onClose={onClose}
      title="Agregar reformer"
      description="Las clases que aún no empiezan ganan un lugar, hasta su cupo del horario."
      schema={spotSchema}
      defaultValues={(initial) => ({ label: initial.label, ...cellInput(initial) })}
      mutation={getAddSpotMutationOptions()}
      toRequest={(values) => ({ data: { label: values.label, row: values.row, column: values.column } })}
      fields={SPOT_FIELDS}
      codeFields={SPOT_CODE_FIELDS}
      submitLabel="Agregar reformer"
      pendingLabel="Agregando…"
    >
      {(form) => (
        <>
          <TextField
            label="Nombre"
            maxLength={MAX_LABEL_LENGTH}
            autoComplete="off"
            {...form.register('label')}
            error={form.formState.errors.label?.message}
          />
          <CellFields control={form.control} errors={form.formState.errors} />
        </>
      )}
    </FormDialog>
  );
}

/** Renames or moves a reformer; "Marcar fuera de servicio" and "Retirar" hand over to their own dialogs. */
export function EditSpotDialog({
  spot,
  onClose,
  onRetire,
  onOutage,
}: {
  /** The reformer to edit; null keeps the dialog closed. */
  spot: SpotDto | null;
  onClose: () => void;
  onRetire: (spot: SpotDto) => void;
  onOutage: (spot: SpotDto) => void;
}) {
  return (
    <FormDialog
      subject={spot}
      onClose={onClose}
      title="Editar reformer"
      description={spot?.label}
      schema={spotSchema}
      defaultValues={(editing) => ({ label: editing.label, ...cellInput(editing) })}
      mutation={getUpdateSpotMutationOptions()}
      toRequest={(values, editing) => {
        const changes = spotChanges(editing, values);
        return Object.keys(changes).length === 1 ? null : { data: changes };
      }}
      fields={SPOT_FIELDS}
      codeFields={SPOT_CODE_FIELDS}
      submitLabel="Guardar cambios"
      pendingLabel="Guardando…"
    >
      {(form, editing) => (
        <>
          <TextField
            label="Nombre"
            maxLength={MAX_LABEL_LENGTH}
            autoComplete="off"
            {...form.register('label')}
            error={form.formState.errors.label?.message}
          />
          <CellFields control={form.control} errors={form.formState.errors} />
          <p className="text-sm text-ink-muted">Sus reservas se quedan con él: los clientes ven el nombre nuevo.</p>
          <div className="flex flex-wrap gap-2 border-t border-line pt-4">
            <Button variant="secondary" size="sm" onClick={() => onOutage(editing)}>
              Marcar fuera de servicio
            </Button>
            <Button variant="danger" size="sm" onClick={() => onRetire(editing)}>
              Retirar {editing.label}
            </Button>
          </div>
        </>
      )}
    </FormDialog>
  );
}

/** Where the instructor stands: a cell no reformer takes. */
export function InstructorDialog({ instructor, onClose }: { instructor: CellDto | null; onClose: () => void }) {
  return (
    <FormDialog
      subject={instructor}
      onClose={onClose}
      title="Mover instructora"
      description="Su lugar orienta el mapa: los clientes ven la sala como al entrar."
      schema={cellSchema}
      defaultValues={cellInput}
      mutation={getMoveInstructorMutationOptions()}
      toRequest={(values, current) =>
        values.row === current.row && values.column === current.column ? null : { data: values }
      }
      fields={CELL_FIELDS}
      codeFields={CELL_CODE_FIELDS}
      submitLabel="Mover instructora"
      pendingLabel="Moviendo…"
    >
      {(form) => <CellFields control={form.control} errors={form.formState.errors} />}
    </FormDialog>
  );
}
