import { isDateOnly } from '@pilates/dates';
import { UserRoundCog } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useSetSubstitute, useSetSubstitutes } from '@/api/generated/horario/horario';
import { useListPublicInstructors } from '@/api/generated/instructores/instructores';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select, type SelectOption } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { useStudioToday } from '@/lib/studio-clock';
import { ClassOnDateFields, useClassesOn } from './class-on-date-fields';

/** The select's value for "back to the timetable's instructor". */
export const NO_SUBSTITUTE = 'ninguno';

export const SUBSTITUTE_NOTICE =
  'Los clientes con reserva reciben un correo con el cambio y pueden cancelar esa clase sin perderla durante 24 horas.';

/**
 * "Poner un suplente": another instructor gives one class on one date, or every date of that class
 * until a day (vacations), without changing the timetable. Clients booked are told by mail.
 */
export function SubstituteForm() {
  const titleId = useId();
  const toast = useToast();
  const today = useStudioToday();
  const [date, setDate] = useState(today);
  const [until, setUntil] = useState('');
  const [scheduleId, setScheduleId] = useState('');
  const [substitute, setSubstitute] = useState('');
  const [missing, setMissing] = useState<'class' | 'substitute' | null>(null);
  const classes = useClassesOn(date);
  const instructors = useListPublicInstructors({ query: { staleTime: 60_000 } });
  const one = useSetSubstitute();
  const range = useSetSubstitutes();
  const pending = one.isPending || range.isPending;

  const substitutes: SelectOption[] = [
    { value: NO_SUBSTITUTE, label: 'Sin suplente (el instructor del horario)' },
    ...(instructors.data ?? []).map((instructor) => ({
      value: String(instructor.id),
      label: instructor.name,
    })),
  ];
  const untilError =
    until !== '' && (!isDateOnly(until) || until < date) ? 'Debe ser la misma fecha o una posterior' : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (scheduleId === '') return setMissing('class');
    if (substitute === '') return setMissing('substitute');
    if (untilError) return;
    const chosen = substitute === NO_SUBSTITUTE ? null : Number(substitute);
    const done = {
      onSuccess: (res: { message: string }) => {
        toast.show(res.message);
        setScheduleId('');
        setSubstitute('');
        setUntil('');
      },
    };
    if (until === '' || until === date) {
      one.mutate({ data: { scheduleId: Number(scheduleId), date, instructorId: chosen } }, done);
    } else {
      range.mutate({ data: { scheduleId: Number(scheduleId), from: date, to: until, substituteId: chosen } }, done);
    }
  };

  return (
    <section aria-labelledby={titleId} className="rounded-card bg-surface p-5 shadow-soft sm:p-6">
      <div className="flex items-start gap-3">
        <UserRoundCog aria-hidden="true" className="mt-1 size-6 shrink-0 text-accent" />
        <div>
          <h2 id={titleId} className="font-display text-2xl leading-tight text-ink-strong sm:text-3xl">
            Poner un suplente
          </h2>
          <p className="mt-1.5 text-ink-muted">
            Otro instructor da una clase en una fecha, o en todas sus fechas hasta un día (vacaciones), sin cambiar el
            horario semanal. {SUBSTITUTE_NOTICE}
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
              setMissing(null);
            }}
            scheduleId={scheduleId}
            onClassChange={(value) => {
              setScheduleId(value);
              setMissing(null);
            }}
            classes={classes}
            describe={(slot) => (slot.instructor ? ` · ${slot.instructor}${slot.substitute ? ' (suplente)' : ''}` : '')}
            classError={missing === 'class' ? 'Elige la clase' : undefined}
          />
          <Select
            label="Suplente"
            required
            options={substitutes}
            value={substitute}
            onValueChange={(value) => {
              setSubstitute(value);
              setMissing(null);
            }}
            placeholder="Elige quién da la clase"
            error={missing === 'substitute' ? 'Elige al suplente' : undefined}
          />
          <DateField
            label="Hasta (opcional)"
            min={classes.validDate ? date : today}
            value={until}
            hint="Vacío: solo esa fecha. Con fecha: la misma clase cada semana hasta ese día."
            error={untilError}
            onChange={(event) => setUntil(event.target.value)}
          />
        </div>
        <ErrorMessage error={classes.query.error ?? one.error ?? range.error} />
        <Button type="submit" loading={pending} loadingLabel="Guardando…">
          Poner suplente
        </Button>
      </form>
    </section>
  );
}
