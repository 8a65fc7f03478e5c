import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useListInstructors } from '@/api/generated/admin/admin';
import type { InstructorProfileDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ErrorMessage } from '@/components/ui/error-message';
import { formatMoney } from '@/lib/format';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { DataTableColumn } from '@/components/ui/table';
import { InstructorAvatar } from '@/features/instructors';
import { AddInstructorDialog, EditInstructorDialog } from './instructor-dialog';
import { InstructorPhotoDialog } from './instructor-photo-dialog';

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

/** The rate as one line: '$150.00 por clase + $20.00 por asistente arriba de 4'. */
const rateLabel = (profile: InstructorProfileDto): string => {
  if (profile.payPerClassCents === 0 && profile.payPerAttendeeCents === 0) return 'Sin tarifa';
  const perClass = `${formatMoney(profile.payPerClassCents / 100)} por clase`;
  if (profile.payPerAttendeeCents === 0) return perClass;
  return `${perClass} + ${formatMoney(profile.payPerAttendeeCents / 100)} por asistente arriba de ${profile.payAttendeeThreshold}`;
};

const specialtiesLabel = (profile: InstructorProfileDto) =>
  profile.specialties.length > 0 ? profile.specialties.join(' · ') : 'Sin especialidades';

type OnProfile = (profile: InstructorProfileDto) => void;

function Actions({
  profile,
  onEdit,
  onPhoto,
}: {
  profile: InstructorProfileDto;
  onEdit: OnProfile;
  onPhoto: OnProfile;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" aria-label={`Editar a ${profile.name}`} onClick={() => onEdit(profile)}>
        Editar
      </Button>
      <Button variant="secondary" size="sm" aria-label={`Foto de ${profile.name}`} onClick={() => onPhoto(profile)}>
        Foto
      </Button>
    </div>
  );
}

const columnsWith = (onEdit: OnProfile, onPhoto: OnProfile): DataTableColumn<InstructorProfileDto>[] => [
  {
    key: 'nombre',
    header: 'Nombre',
    cell: (profile) => (
      <span className="inline-flex items-center gap-3">
        {profile.photoUrl ? <InstructorAvatar name={profile.name} photoUrl={profile.photoUrl} size="sm" /> : null}
        <span className="font-medium text-ink-strong">{profile.name}</span>
      </span>
    ),
  },
  { key: 'especialidades', header: 'Especialidades', cell: specialtiesLabel },
  { key: 'cuenta', header: 'Correo de su cuenta', cell: (profile) => profile.accountEmail ?? 'Sin cuenta' },
  { key: 'orden', header: 'Orden', cell: (profile) => profile.sortOrder, className: 'figures' },
  { key: 'estado', header: 'Estado', cell: (profile) => <StateBadge active={profile.active} /> },
  { key: 'pago', header: 'Pago', cell: rateLabel },
  {
    key: 'acciones',
    header: 'Acciones',
    cell: (profile) => <Actions profile={profile} onEdit={onEdit} onPhoto={onPhoto} />,
  },
];

/** "Instructores": every profile (active or not), a new one, and each one's edit dialog. */
export function InstructorsEditor() {
  const profiles = useListInstructors();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<InstructorProfileDto | null>(null);
  const [photoOf, setPhotoOf] = useState<InstructorProfileDto | null>(null);

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button size="sm" onClick={() => setAdding(true)} icon={<Plus aria-hidden="true" className="size-4" />}>
          Nuevo instructor
        </Button>
      </div>
      {profiles.isError ? (
        <ErrorMessage error={profiles.error} />
      ) : (
        <div className="@container">
          <ResponsiveTable
            label="Instructores"
            columns={columnsWith(setEditing, setPhotoOf)}
            rows={profiles.data?.instructores}
            getRowKey={(profile) => profile.id}
            cardClassName="space-y-2 px-4 py-4"
            renderCard={(profile) => (
              <>
                <div className="flex items-start justify-between gap-3">
                  <p className="font-medium text-ink-strong">{profile.name}</p>
                  <StateBadge active={profile.active} />
                </div>
                <p className="text-sm text-ink">{specialtiesLabel(profile)}</p>
                <p className="text-sm text-ink-muted">Correo de su cuenta: {profile.accountEmail ?? 'sin cuenta'}</p>
                <p className="text-sm text-ink-muted">Pago: {rateLabel(profile)}</p>
                <Actions profile={profile} onEdit={setEditing} onPhoto={setPhotoOf} />
              </>
            )}
            emptyMessage="Aún no hay instructores."
            loadingLabel="Cargando los instructores…"
            onPageChange={() => undefined}
          />
        </div>
      )}
      <AddInstructorDialog open={adding} onOpenChange={setAdding} />
      <EditInstructorDialog profile={editing} onClose={() => setEditing(null)} />
      <InstructorPhotoDialog profile={photoOf} onClose={() => setPhotoOf(null)} />
    </div>
  );
}
