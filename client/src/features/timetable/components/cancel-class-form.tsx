import { formatLongDateWithWeekday } from '@pilates/dates';
import { CalendarX2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useCancelClass } from '@/api/generated/horario/horario';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';
import { useStudioToday } from '@/lib/studio-clock';
import { ClassOnDateFields, useClassesOn } from './class-on-date-fields';

export const CANCEL_CLASS_WARNING =
  'Se cancelarán las reservas de esa clase, las clases volverán a los planes y se avisará a cada cliente por correo.';

const reservationsText = (count: number) =>
  count === 0 ? 'Sin reservas' : `${count} ${count === 1 ? 'reserva' : 'reservas'}`;

/** "Cancelar una clase": one class on one date (a holiday, an instructor away), without touching the timetable. */
export function CancelClassForm() {
  const titleId = useId();
  const toast = useToast();
  const today = useStudioToday();
  const [date, setDate] = useState(today);
  const [scheduleId, setScheduleId] = useState('');
  const [missingClass, setMissingClass] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const classes = useClassesOn(date);
  const mutation = useCancelClass();

  const selected = classes.slots.find((slot) => String(slot.scheduleId) === scheduleId) ?? null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) {
      setMissingClass(true);
      return;
    }
    setConfirming(true);
  };

  const closeConfirm = () => {
    mutation.reset();
    setConfirming(false);
  };

  const confirm = () => {
    if (!selected) return;
    mutation.mutate(
      { data: { date, scheduleId: selected.scheduleId } },
      {
        onSuccess: (res) => {
          toast.show(res.message);
          setScheduleId('');
          closeConfirm();
        },
      },
    );
  };

  return (
    <section aria-labelledby={titleId} className="rounded-card bg-surface p-5 shadow-soft sm:p-6">
      <div className="flex items-start gap-3">
        <CalendarX2 aria-hidden="true" className="mt-1 size-6 shrink-0 text-accent" />
        <div>
          <h2 id={titleId} className="font-display text-2xl leading-tight text-ink-strong sm:text-3xl">
            Cancelar una clase
          </h2>
          <p className="mt-1.5 text-ink-muted">
            Para un día festivo o un imprevisto: cancela una clase en una fecha sin cambiar el horario semanal.
          </p>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <ClassOnDateFields
            date={date}
            onDateChange={(next) => {
              setDate(next);
              setScheduleId('');
              setMissingClass(false);
            }}
            scheduleId={scheduleId}
            onClassChange={(value) => {
              setScheduleId(value);
              setMissingClass(false);
            }}
            classes={classes}
            describe={(slot) => ` · ${slot.reservedCount}/${slot.capacity} reservados`}
            classError={missingClass ? 'Elige la clase que quieres cancelar' : undefined}
          />
        </div>
        <ErrorMessage error={classes.query.error} />
        <Button type="submit" variant="danger">
          Cancelar clase
        </Button>
      </form>

      <Dialog
        open={confirming && selected !== null}
        onOpenChange={(open) => {
          if (!open) closeConfirm();
        }}
        title="¿Cancelar esta clase?"
        description={
          selected
            ? `${formatLongDateWithWeekday(date)}, ${selected.time} · ${reservationsText(selected.reservedCount)}`
            : undefined
        }
        footer={
          <>
            <Button variant="ghost" onClick={closeConfirm}>
              Volver
            </Button>
            <Button variant="danger" loading={mutation.isPending} loadingLabel="Cancelando…" onClick={confirm}>
              Sí, cancelar clase
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          <p className="text-ink">{CANCEL_CLASS_WARNING}</p>
          <ErrorMessage error={mutation.error} />
        </div>
      </Dialog>
    </section>
  );
}
