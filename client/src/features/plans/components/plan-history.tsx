import { formatLongDate, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import { History } from 'lucide-react';
import { useState } from 'react';
import { usePlanHistory } from '@/api/generated/informacion/informacion';
import type { PlanHistoryPlanDto, PlanMovementDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { studioTimeZone } from '@/lib/studio-time-zone';

/** "Total 8 · usadas 3 · quedan 5". */
export const historySummary = (plan: PlanHistoryPlanDto): string =>
  `Total ${plan.classesTotal} · usadas ${plan.used} · quedan ${plan.classesRemaining}`;

/** When a movement happened, in the studio's time zone whatever the browser's: "23 de noviembre de 2026, 9:15 AM". */
export function formatMovementInstant(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const timeZone = studioTimeZone();
  return `${formatLongDate(studioToday(at, timeZone))}, ${to12Hour(studioTimeOfDay(at, timeZone))}`;
}

const deltaText = (delta: number): string => (delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '0');

function MovementRow({ movement }: { movement: PlanMovementDto }) {
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium text-ink-strong">{movement.label}</p>
        {movement.date ? (
          <p className="text-sm text-ink">
            Clase del {formatLongDate(movement.date)}
            {movement.time ? `, ${movement.time}` : ''}
          </p>
        ) : null}
        {movement.note ? <p className="text-sm break-words text-ink-muted">{movement.note}</p> : null}
        <p className="text-xs text-ink-subtle">{formatMovementInstant(movement.at)}</p>
      </div>
      <span
        className={cn(
          'shrink-0 rounded-pill px-2 py-0.5 text-sm font-semibold figures',
          movement.classDelta < 0 && 'bg-danger-soft text-danger',
          movement.classDelta > 0 && 'bg-success-soft text-success',
          movement.classDelta === 0 && 'text-ink-subtle',
        )}
        aria-label={
          movement.classDelta === 0
            ? 'Sin cambio en tus clases'
            : `${movement.classDelta > 0 ? 'Devuelve' : 'Usa'} ${Math.abs(movement.classDelta)} ${Math.abs(movement.classDelta) === 1 ? 'clase' : 'clases'}`
        }
      >
        {deltaText(movement.classDelta)}
      </span>
    </li>
  );
}

/** One plan's movements, newest first, with the summary line. */
export function PlanHistoryList({ userPlanId }: { userPlanId: number }) {
  const query = usePlanHistory({ userPlanId });
  if (query.isError && !query.data) return <ErrorMessage error={query.error} />;
  if (!query.data) {
    return (
      <p role="status" className="py-6 text-center text-ink-muted">
        Cargando el historial…
      </p>
    );
  }
  const { plan, movements } = query.data;
  return (
    <div className="space-y-3">
      <p className="font-semibold text-ink-strong figures">{historySummary(plan)}</p>
      <ol aria-label={`Historial de ${plan.name}`} className="divide-y divide-line">
        {movements.map((movement, index) => (
          <MovementRow key={`${movement.at}-${movement.kind}-${index}`} movement={movement} />
        ))}
      </ol>
    </div>
  );
}

/** "Historial" beside a plan: opens its movements in a dialog (Mis clases and Usuarios → Planes). */
export function PlanHistoryButton({
  userPlanId,
  planName,
  label = `Historial del plan ${planName} #${userPlanId}`,
}: {
  userPlanId: number;
  planName: string;
  /** The button's accessible name (a client sees no internal numbers). */
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" aria-label={label} onClick={() => setOpen(true)}>
        <History aria-hidden="true" className="size-4" />
        Historial
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Historial de ${planName}`}
        description="Cada clase de este plan: reservada, cancelada, liberada, asistida, perdonada… Lo más reciente primero."
        footer={
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cerrar
          </Button>
        }
      >
        {open ? <PlanHistoryList userPlanId={userPlanId} /> : null}
      </Dialog>
    </>
  );
}
