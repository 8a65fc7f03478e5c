import { Plus, Presentation } from 'lucide-react';
import { useState } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { getAdminSala, getGetAdminSalaQueryKey, useRetireSpot } from '@/api/generated/admin/admin';
import type { AdminSalaResponseDto, SpotDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { RoomMap } from '@/features/booking';
import { LoadError } from '@/components/ui/load-error';
import { PageQueryBoundary, usePageQuery } from '@/lib/page-query';
import { useStudioToday } from '@/lib/studio-clock';
import { currentStudioDay } from '@/lib/studio-time-zone';
import { formatLongDate } from '@pilates/dates';
import { firstFreeCell, nextSpotLabel } from '../layout';
import { OutageDialog, OutageSection, outOfServiceOn, type OutageSubject } from './outage-section';
import { AddSpotDialog, EditSpotDialog, InstructorDialog } from './spot-dialogs';

/** The admin's room read, as the route's loader prefetches it. */
export const adminSalaQueryOptions = queryOptions({
  queryKey: getGetAdminSalaQueryKey(),
  queryFn: ({ signal }) => getAdminSala({ signal }),
});

export const RETIRE_WARNING =
  'Deja de aparecer en el mapa y ya no se puede reservar. Sus clases próximas pierden ese lugar.';

/** "Sala": the room drawn as clients see it; choosing a reformer edits it. */
export function SalaEditor() {
  return (
    <PageQueryBoundary
      fallback={<Spinner label="Cargando la sala…" />}
      error={(error, retry) => <LoadError error={error} retry={retry} />}
    >
      <SalaRoom />
    </PageQueryBoundary>
  );
}

function SalaRoom() {
  const { data } = usePageQuery(adminSalaQueryOptions);
  return <SalaRoomView sala={data} />;
}

function SalaRoomView({ sala }: { sala: AdminSalaResponseDto }) {
  const toast = useToast();
  const retire = useRetireSpot();
  const [adding, setAdding] = useState<{ label: string; row: number; column: number } | null>(null);
  const [editing, setEditing] = useState<SpotDto | null>(null);
  const [retiring, setRetiring] = useState<SpotDto | null>(null);
  const [movingInstructor, setMovingInstructor] = useState(false);
  const [marking, setMarking] = useState<OutageSubject | null>(null);
  const today = useStudioToday();
  const outOfService = outOfServiceOn(sala.outages, today);
  const mapSpots = sala.spots.map((spot) =>
    outOfService.has(spot.id) ? { ...spot, state: 'out_of_service' as const } : spot,
  );

  const closeRetire = () => {
    retire.reset();
    setRetiring(null);
  };
  const confirmRetire = () => {
    if (!retiring) return;
    retire.mutate(
      { data: { id: retiring.id } },
      {
        onSuccess: (answer) => {
          toast.show(answer.message);
          closeRetire();
        },
      },
    );
  };

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          icon={<Plus aria-hidden="true" className="size-4" />}
          onClick={() =>
            setAdding({
              label: nextSpotLabel([...sala.spots, ...sala.retired]),
              ...firstFreeCell(sala.spots, sala.instructor),
            })
          }
        >
          Agregar reformer
        </Button>
        <Button
          variant="secondary"
          size="sm"
          icon={<Presentation aria-hidden="true" className="size-4" />}
          onClick={() => setMovingInstructor(true)}
        >
          Mover instructora
        </Button>
      </div>

      <section aria-labelledby="sala-mapa" className="rounded-card bg-surface p-4 shadow-soft sm:p-6">
        <h2 id="sala-mapa" className="text-lg font-semibold text-ink-strong">
          La sala
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          {sala.spots.length === 1 ? '1 reformer' : `${sala.spots.length} reformers`}. Elige uno para cambiarle el
          nombre, moverlo, marcarlo fuera de servicio o retirarlo.
        </p>
        {sala.spots.length > 0 ? (
          <RoomMap
            mode="room"
            anyChoice={false}
            label="Reformers de la sala"
            spots={mapSpots}
            instructor={sala.instructor}
            selected={editing?.id ?? null}
            onSelect={(id) => setEditing(sala.spots.find((spot) => spot.id === id) ?? null)}
            className="mt-5 max-w-xl"
          />
        ) : (
          <p className="mt-5 text-ink">Aún no hay reformers en la sala.</p>
        )}
      </section>

      <OutageSection spots={sala.spots} outages={sala.outages} onMark={() => setMarking({ spotId: null })} />

      {sala.retired.length > 0 ? (
        <section aria-labelledby="sala-retirados">
          <h2 id="sala-retirados" className="text-lg font-semibold text-ink-strong">
            Retirados
          </h2>
          <ul className="mt-3 divide-y divide-line rounded-card border border-line bg-surface">
            {sala.retired.map((spot) => (
              <li key={spot.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
                <span className="font-medium text-ink-strong">{spot.label}</span>
                <span className="text-ink-muted">
                  Retirado el {formatLongDate(currentStudioDay(new Date(spot.retiredAt)))}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <AddSpotDialog defaults={adding} onClose={() => setAdding(null)} />
      <EditSpotDialog
        spot={editing}
        onClose={() => setEditing(null)}
        onRetire={(spot) => {
          setEditing(null);
          setRetiring(spot);
        }}
        onOutage={(spot) => {
          setEditing(null);
          setMarking({ spotId: spot.id });
        }}
      />
      <OutageDialog subject={marking} spots={sala.spots} onClose={() => setMarking(null)} />
      <InstructorDialog
        instructor={movingInstructor ? sala.instructor : null}
        onClose={() => setMovingInstructor(false)}
      />
      <Dialog
        open={retiring !== null}
        onOpenChange={(open) => {
          if (!open) closeRetire();
        }}
        title={retiring ? `Retirar ${retiring.label}` : 'Retirar reformer'}
        footer={
          <>
            <Button variant="ghost" onClick={closeRetire}>
              Volver
            </Button>
            <Button variant="danger" loading={retire.isPending} loadingLabel="Retirando…" onClick={confirmRetire}>
              Retirar
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          <p className="text-ink">{RETIRE_WARNING}</p>
          <ErrorMessage error={retire.error} />
        </div>
      </Dialog>
    </div>
  );
}
