import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useListClassTypes } from '@/api/generated/admin/admin';
import type { ClassTypeDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ErrorMessage } from '@/components/ui/error-message';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { DataTableColumn } from '@/components/ui/table';
import { AddClassTypeDialog, EditClassTypeDialog } from './class-type-dialog';

function StateBadge({ active }: { active: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-pill px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        active ? 'bg-success-soft text-success' : 'bg-sand text-ink-muted',
      )}
    >
      {active ? 'Activo' : 'Inactivo'}
    </span>
  );
}

/** The type's name beside its colour mark, as the booking page shows it. */
function TypeName({ type }: { type: ClassTypeDto }) {
  return (
    <span className="inline-flex items-center gap-2 font-medium text-ink-strong">
      <span aria-hidden="true" className="inline-block size-3 rounded-full" style={{ backgroundColor: type.colour }} />
      {type.name}
    </span>
  );
}

function EditButton({ type, onEdit }: { type: ClassTypeDto; onEdit: (type: ClassTypeDto) => void }) {
  return (
    <Button variant="secondary" size="sm" aria-label={`Editar ${type.name}`} onClick={() => onEdit(type)}>
      Editar
    </Button>
  );
}

const columnsWith = (onEdit: (type: ClassTypeDto) => void): DataTableColumn<ClassTypeDto>[] => [
  { key: 'nombre', header: 'Nombre', cell: (type) => <TypeName type={type} /> },
  { key: 'nivel', header: 'Nivel', cell: (type) => type.levelName },
  { key: 'duracion', header: 'Duración', cell: (type) => `${type.durationMinutes} min`, className: 'figures' },
  { key: 'estado', header: 'Estado', cell: (type) => <StateBadge active={type.active} /> },
  { key: 'acciones', header: 'Acciones', cell: (type) => <EditButton type={type} onEdit={onEdit} /> },
];

/** "Tipos de clase": every type (active or not), a new one, and each one's edit dialog. */
export function ClassTypesEditor() {
  const types = useListClassTypes();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ClassTypeDto | null>(null);

  return (
    <section aria-labelledby="tipos-titulo" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="tipos-titulo" className="font-display text-2xl leading-tight text-ink-strong sm:text-3xl">
            Tipos de clase
          </h2>
          <p className="mt-1 max-w-prose text-sm text-ink-muted">
            Cada clase del horario es de un tipo: su nombre, nivel y color se ven al reservar.
          </p>
        </div>
        <Button size="sm" onClick={() => setAdding(true)} icon={<Plus aria-hidden="true" className="size-4" />}>
          Nuevo tipo
        </Button>
      </div>
      {types.isError ? (
        <ErrorMessage error={types.error} />
      ) : (
        <div className="@container">
          <ResponsiveTable
            label="Tipos de clase"
            columns={columnsWith(setEditing)}
            rows={types.data?.tiposDeClase}
            getRowKey={(type) => type.id}
            cardClassName="space-y-2 px-4 py-4"
            renderCard={(type) => (
              <>
                <div className="flex items-start justify-between gap-3">
                  <TypeName type={type} />
                  <StateBadge active={type.active} />
                </div>
                <p className="text-sm text-ink">
                  {type.levelName} · {type.durationMinutes} min
                </p>
                <EditButton type={type} onEdit={setEditing} />
              </>
            )}
            emptyMessage="Aún no hay tipos de clase."
            loadingLabel="Cargando los tipos de clase…"
            onPageChange={() => undefined}
          />
        </div>
      )}
      <AddClassTypeDialog open={adding} onOpenChange={setAdding} />
      <EditClassTypeDialog type={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
