import { addDays, formatLongDate } from '@pilates/dates';
import { useState, type FormEvent } from 'react';
import { isApiError } from '@/api/api-error';
import type { MembershipDto } from '@/api/generated/model';
import { usePauseMembership } from '@/api/generated/informacion/informacion';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';
import { useStudioToday } from '@/lib/studio-clock';
import { MIN_PAUSE_DAYS, pauseProblems, type PauseFieldErrors } from '../format';

export const PAUSE_DIALOG_TITLE = 'Pausar tu membresía';

/** The server's refusals that belong under a date rather than above the buttons. */
const UNDER_FROM = new Set(['PAUSE_TOO_SOON']);
const UNDER_TO = new Set(['PAUSE_TOO_SHORT', 'PAUSE_LIMIT_REACHED', 'PAUSE_OVERLAPS']);

export const pausedMessage = (from: string, to: string) =>
  `Tu membresía queda en pausa del ${formatLongDate(from)} al ${formatLongDate(to)}.`;

export interface PauseMembershipDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  membership: Pick<MembershipDto, 'pauseDaysLeftThisYear'>;
}

/**
 * «Pausar»: from and to (both included, from tomorrow, at least seven days, within the days left this
 * year). The server decides again; its refusals show under the date they are about.
 */
export function PauseMembershipDialog({ open, onOpenChange, membership }: PauseMembershipDialogProps) {
  const today = useStudioToday();
  const toast = useToast();
  const [from, setFrom] = useState(() => addDays(today, 1));
  const [to, setTo] = useState(() => addDays(today, MIN_PAUSE_DAYS));
  const [problems, setProblems] = useState<PauseFieldErrors>({});
  const pause = usePauseMembership({
    mutation: {
      onSuccess: (_answer, { data }) => {
        toast.show(pausedMessage(data.from, data.to));
        onOpenChange(false);
      },
    },
  });
  const error = pause.error;
  const code = isApiError(error) ? error.code : undefined;
  const serverFrom =
    (code && UNDER_FROM.has(code) ? error?.messages.join(' ') : undefined) ??
    (isApiError(error) ? error.fieldErrors.from?.join(' ') : undefined);
  const serverTo =
    (code && UNDER_TO.has(code) ? error?.messages.join(' ') : undefined) ??
    (isApiError(error) ? error.fieldErrors.to?.join(' ') : undefined);
  const elsewhere = error && !serverFrom && !serverTo ? error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    pause.reset();
    const found = pauseProblems(from, to, today, membership.pauseDaysLeftThisYear);
    setProblems(found);
    if (found.from || found.to) return;
    pause.mutate({ data: { from, to } });
  };
  const changeOpen = (next: boolean) => {
    if (!next) {
      pause.reset();
      setProblems({});
    }
    onOpenChange(next);
  };
  const days = membership.pauseDaysLeftThisYear;

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={PAUSE_DIALOG_TITLE}
      description={`Mínimo ${MIN_PAUSE_DAYS} días. ${days === 1 ? 'Te queda 1 día' : `Te quedan ${days} días`} de pausa este año.`}
      className="max-w-lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => changeOpen(false)}>
            Volver
          </Button>
          <Button type="submit" form="pausar-membresia" loading={pause.isPending} loadingLabel="Pausando…">
            Pausar
          </Button>
        </>
      }
    >
      <form id="pausar-membresia" noValidate onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField
            label="Desde"
            required
            value={from}
            min={addDays(today, 1)}
            onChange={(event) => setFrom(event.target.value)}
            error={problems.from ?? serverFrom}
          />
          <DateField
            label="Hasta"
            required
            value={to}
            min={from || addDays(today, 1)}
            onChange={(event) => setTo(event.target.value)}
            error={problems.to ?? serverTo}
          />
        </div>
        <p className="text-sm text-ink-muted">
          Mientras tu membresía está en pausa no puedes reservar, y las clases que ya tenías reservadas en esas fechas
          se cancelan y te avisamos por correo. Los días en pausa se suman al final de tu periodo pagado.
        </p>
        <ErrorMessage error={elsewhere} />
      </form>
    </Dialog>
  );
}
