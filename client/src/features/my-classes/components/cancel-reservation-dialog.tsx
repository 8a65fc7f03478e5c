import { isApiError } from '@/api/api-error';
import type { MyClassDto } from '@/api/generated/model';
import { useCancelReservation } from '@/api/generated/reservations/reservations';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';
import { cancelQuestion, formatStudioInstant } from '../format';

export const CANCELLED_MESSAGE = 'Cancelaste tu clase. La clase volvió a tu plan.';

// Answers after which the row on screen is stale (the window closed, or the reservation is gone).
const STALE_ROW_CODES = new Set(['CANCEL_WINDOW_CLOSED', 'RESERVATION_NOT_FOUND']);

export interface CancelReservationDialogProps {
  /** The class to cancel; null keeps the dialog closed. */
  reservation: MyClassDto | null;
  onClose: () => void;
  onCancelled?: () => void;
}

/** Asks before a client cancels one of their classes, says until when it is free, and cancels it. */
export function CancelReservationDialog({ reservation, onClose, onCancelled }: CancelReservationDialogProps) {
  const toast = useToast();
  const mutation = useCancelReservation();

  const close = () => {
    mutation.reset();
    onClose();
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

  return (
    <Dialog
      open={reservation !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={reservation ? cancelQuestion(reservation.date, reservation.time) : 'Cancelar clase'}
      description={
        reservation ? (
          <>
            Cancela sin costo hasta{' '}
            <strong className="font-semibold text-ink">{formatStudioInstant(reservation.cancellableUntil)}</strong>. La
            clase vuelve a tu plan.
          </>
        ) : undefined
      }
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Volver
          </Button>
          {windowClosed ? null : (
            <Button variant="danger" loading={mutation.isPending} loadingLabel="Cancelando…" onClick={confirm}>
              Sí, cancelar
            </Button>
          )}
        </>
      }
    >
      <ErrorMessage error={mutation.error} />
    </Dialog>
  );
}
