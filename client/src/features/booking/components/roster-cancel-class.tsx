import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
import { useCancelClass } from '@/api/generated/horario/horario';
import type { RosterSlotDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';
import { CANCEL_CLASS_WARNING } from '@/features/timetable';

const reservationsText = (count: number) =>
  count === 0 ? 'No tiene reservas.' : `Tiene ${count} ${count === 1 ? 'reserva' : 'reservas'}.`;

/**
 * "Cancelar clase" on the class's own roster: the same call and warning as Horario's form, asked
 * in place (a second dialog over the roster would hide whom the cancellation reaches).
 */
export function RosterCancelClass({ date, slot }: { date: string; slot: RosterSlotDto }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const mutation = useCancelClass({
    mutation: {
      onSuccess: (answer) => {
        setConfirming(false);
        toast.show(answer.message);
      },
    },
  });
  if (slot.isCancelled || slot.isPastClass) return null;

  return (
    <section aria-labelledby="roster-cancel-title" className="mt-4 border-t border-line pt-4">
      <h3 id="roster-cancel-title" className="sr-only">
        Cancelar clase
      </h3>
      {confirming ? (
        <div className="space-y-3 rounded-control bg-danger-soft/60 p-3">
          <p className="font-medium text-ink-strong">¿Cancelar esta clase? {reservationsText(slot.reservedCount)}</p>
          <p className="text-sm text-ink">{CANCEL_CLASS_WARNING}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              size="sm"
              autoFocus
              loading={mutation.isPending}
              loadingLabel="Cancelando…"
              onClick={() => mutation.mutate({ data: { date, scheduleId: slot.scheduleId } })}
            >
              Sí, cancelar clase
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={mutation.isPending}
              onClick={() => {
                setConfirming(false);
                mutation.reset();
              }}
            >
              Volver
            </Button>
          </div>
          <ErrorMessage error={mutation.error} />
        </div>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          icon={<CalendarX2 aria-hidden="true" className="size-4" />}
          onClick={() => setConfirming(true)}
        >
          Cancelar clase
        </Button>
      )}
    </section>
  );
}
