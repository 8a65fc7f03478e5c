import { formatLongDateWithWeekday } from '@pilates/dates';
import { errorMessages, isApiError } from '@/api/api-error';
import { useJoinWaitlist, useLeaveWaitlist } from '@/api/generated/reservations/reservations';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';
import { JOIN_TITLE, LEAVE_TITLE, LEFT_MESSAGE } from '../format';

/** A class on a date, as the dialogs name it. */
export interface WaitlistClass {
  date: string;
  time: string;
  scheduleId: number;
  waitlistCount: number;
}

const when = (date: string, time: string) => `${formatLongDateWithWeekday(date)} a las ${time}`;

/** Codes the booking page answers with its plan dialogs instead of a message here. */
export type PlanProblem = 'DATE_OUT_OF_PLAN' | 'NO_CLASSES_LEFT';

export interface JoinWaitlistDialogProps {
  /** The full class to wait for; null keeps the dialog closed. */
  target: WaitlistClass | null;
  onClose: () => void;
  /** No plan covers the date, or no classes left: the page offers to buy one. */
  onPlanProblem?: (code: PlanProblem) => void;
}

/** Explains what waiting means (nothing is taken until a place frees) and joins the line. */
export function JoinWaitlistDialog({ target, onClose, onPlanProblem }: JoinWaitlistDialogProps) {
  const toast = useToast();
  const join = useJoinWaitlist();
  const close = () => {
    join.reset();
    onClose();
  };
  const confirm = () => {
    if (!target || join.isPending) return;
    join.mutate(
      { data: { date: target.date, classReservation: target.scheduleId } },
      {
        onSuccess: (answer) => {
          toast.show(answer.message);
          close();
        },
        // WAITLIST_FULL, CLASS_NOT_FULL…: the message stays here, and the day loads again as it is now.
        onError: (error) => {
          if (isApiError(error) && (error.code === 'DATE_OUT_OF_PLAN' || error.code === 'NO_CLASSES_LEFT')) {
            close();
            onPlanProblem?.(error.code);
          }
        },
      },
    );
  };
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={JOIN_TITLE}
      description={target ? `La clase del ${when(target.date, target.time)} está llena.` : undefined}
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Volver
          </Button>
          <Button loading={join.isPending} loadingLabel="Uniéndote…" onClick={confirm}>
            Unirme a la lista
          </Button>
        </>
      }
    >
      <ul className="list-disc space-y-1 pl-5 text-ink">
        <li>No se toma ninguna clase de tu plan mientras esperas.</li>
        <li>
          Si se libera un lugar, lo reservamos automáticamente para el primero de la lista y le avisamos por correo.
        </li>
        <li>Puedes salir de la lista cuando quieras.</li>
      </ul>
      {target && target.waitlistCount > 0 ? (
        <p className="mt-3 text-sm text-ink-muted">
          {target.waitlistCount === 1 ? 'Hay 1 persona esperando.' : `Hay ${target.waitlistCount} personas esperando.`}
        </p>
      ) : null}
      <ErrorMessage error={join.error} className="mt-3" />
    </Dialog>
  );
}

export interface LeaveWaitlistDialogProps {
  /** The place in the line to give up; null keeps the dialog closed. */
  entry: { id: number; date: string; time: string } | null;
  onClose: () => void;
}

/** Asks before the client gives up their place in a line. */
export function LeaveWaitlistDialog({ entry, onClose }: LeaveWaitlistDialogProps) {
  const toast = useToast();
  const leave = useLeaveWaitlist();
  const close = () => {
    leave.reset();
    onClose();
  };
  const confirm = () => {
    if (!entry || leave.isPending) return;
    leave.mutate(
      { data: { id: entry.id } },
      {
        onSuccess: () => {
          toast.show(LEFT_MESSAGE);
          close();
        },
        onError: (error) => toast.show(errorMessages(error).join(' '), 'error'),
      },
    );
  };
  return (
    <Dialog
      open={entry !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={LEAVE_TITLE}
      description={entry ? `Dejarás tu lugar en la lista de la clase del ${when(entry.date, entry.time)}.` : undefined}
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Volver
          </Button>
          <Button variant="danger" loading={leave.isPending} loadingLabel="Saliendo…" onClick={confirm}>
            Sí, salir
          </Button>
        </>
      }
    >
      <ErrorMessage error={leave.error} />
    </Dialog>
  );
}
