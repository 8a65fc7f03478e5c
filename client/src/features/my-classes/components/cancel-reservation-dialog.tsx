import { isApiError } from '@/api/api-error';
import { useCancelReservation, useReleaseSpot } from '@/api/generated/reservations/reservations';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';
import { useLateReleases } from '@/lib/cancellation-policy';
import { useStudioContact } from '@/lib/studio-contact';
import { cancelQuestion, formatDeadline, formatStudioInstant } from '../format';

export const CANCELLED_MESSAGE = 'Cancelaste tu clase. La clase volvió a tu plan.';
export const CANNOT_CANCEL_TITLE = 'Ya no puedes cancelar esta clase';
export const RELEASE_TITLE = '¿Liberar tu lugar?';
export const RELEASED_MESSAGE = 'Liberaste tu lugar. La clase no se devolvió a tu plan.';

// Answers after which the row on screen is stale (the window closed, or the reservation is gone).
const STALE_ROW_CODES = new Set(['CANCEL_WINDOW_CLOSED', 'RESERVATION_NOT_FOUND']);

/** The reservation the dialog is about, with the server's answer on cancelling it. */
export interface ReservationToCancel {
  id: number;
  date: string;
  time: string;
  /** The server still accepts cancelling it. */
  cancellable: boolean;
  /** Until when it could be cancelled for free (ISO). */
  cancellableUntil: string;
  /** The class has started: past the deadline, nothing is offered (no release either). */
  started?: boolean;
  /**
   * The server's word on "Liberar lugar" for this reservation (Mis clases rows carry it); when
   * absent, the studio's policy in force (GET /api/studio) and `started` decide.
   */
  releasable?: boolean;
}

export interface CancelReservationDialogProps {
  /** The class to cancel; null keeps the dialog closed. */
  reservation: ReservationToCancel | null;
  onClose: () => void;
  onCancelled?: () => void;
}

/**
 * Asks before a client cancels one of their classes, says until when it is free, and cancels it.
 * Past the deadline and before the class starts it offers "Liberar lugar" instead (when the studio
 * allows it), saying the class is not returned; otherwise, and once the class has started, nothing.
 */
export function CancelReservationDialog({ reservation, onClose, onCancelled }: CancelReservationDialogProps) {
  const toast = useToast();
  const mutation = useCancelReservation();
  const releasing = useReleaseSpot();
  // The owner's WhatsApp number in force (Ajustes), for a class nothing can be done with any more.
  const { whatsappUrl } = useStudioContact();

  const close = () => {
    mutation.reset();
    releasing.reset();
    onClose();
  };

  const release = () => {
    if (!reservation) return;
    releasing.mutate(
      { data: { id: reservation.id } },
      {
        onSuccess: () => {
          toast.show(RELEASED_MESSAGE);
          onCancelled?.();
          close();
        },
      },
    );
  };

  const confirm = () => {
    if (!reservation) return;
    mutation.mutate(
      { data: { id: reservation.id } },
      {
        onSuccess: () => {
          toast.show(CANCELLED_MESSAGE);
          onCancelled?.();
          close();
        },
      },
    );
  };

  const windowClosed = isApiError(mutation.error) && STALE_ROW_CODES.has(mutation.error.code);
  const offered = reservation?.cancellable === true;
  const lateReleases = useLateReleases();
  const releasable =
    reservation !== null && !offered && (reservation.releasable ?? (reservation.started !== true && lateReleases));
  const until = reservation ? (
    <strong className="font-semibold text-ink">{formatStudioInstant(reservation.cancellableUntil)}</strong>
  ) : null;

  return (
    <Dialog
      open={reservation !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={
        !reservation
          ? 'Cancelar clase'
          : offered
            ? cancelQuestion(reservation.date, reservation.time)
            : releasable
              ? RELEASE_TITLE
              : CANNOT_CANCEL_TITLE
      }
      description={
        !reservation ? undefined : offered ? (
          <>Cancela sin costo hasta el {until}. La clase vuelve a tu plan.</>
        ) : releasable ? (
          <>
            Ya pasó el límite para cancelar sin costo ({formatDeadline(reservation.cancellableUntil)}). Si liberas tu
            lugar, la clase no se devuelve a tu plan.
          </>
        ) : (
          <>
            El límite para cancelar era el {until}. Esta clase ya no se puede cancelar ni vuelve a tu plan. Si no puedes
            venir, avísanos por WhatsApp.
          </>
        )
      }
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Volver
          </Button>
          {offered && !windowClosed ? (
            <Button variant="danger" loading={mutation.isPending} loadingLabel="Cancelando…" onClick={confirm}>
              Sí, cancelar
            </Button>
          ) : null}
          {releasable ? (
            <Button variant="danger" loading={releasing.isPending} loadingLabel="Liberando…" onClick={release}>
              Liberar lugar
            </Button>
          ) : null}
          {!offered && !releasable ? (
            <a href={whatsappUrl} target="_blank" rel="noreferrer" className={buttonClasses({ variant: 'secondary' })}>
              Escribir por WhatsApp
            </a>
          ) : null}
        </>
      }
    >
      <ErrorMessage error={mutation.error ?? releasing.error} />
    </Dialog>
  );
}
