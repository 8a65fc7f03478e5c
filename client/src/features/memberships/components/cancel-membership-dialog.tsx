import { formatLongDate } from '@pilates/dates';
import type { MembershipDto } from '@/api/generated/model';
import { useCancelMembership } from '@/api/generated/informacion/informacion';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';

export const CANCEL_DIALOG_TITLE = '¿Cancelar tu membresía?';

/** What cancelling means, from the membership's paid period. */
export function cancelConsequence(paidThrough: string | null): string {
  return paidThrough
    ? `La cancelación toma efecto el ${formatLongDate(paidThrough)}: hasta ese día sigues reservando con tu membresía, y después no se hace ningún cobro más.`
    : 'Tu membresía no ha tenido su primer cobro: se cancela y no se hace ningún cobro.';
}

export const cancelledMessage = (paidThrough: string | null) =>
  paidThrough
    ? `Cancelaste tu membresía. Sigue vigente hasta el ${formatLongDate(paidThrough)}.`
    : 'Cancelaste tu membresía.';

export interface CancelMembershipDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  membership: Pick<MembershipDto, 'planName' | 'paidThrough'>;
}

/** «Cancelar membresía»: says when it takes effect and that nothing more is charged, then cancels. */
export function CancelMembershipDialog({ open, onOpenChange, membership }: CancelMembershipDialogProps) {
  const toast = useToast();
  const cancel = useCancelMembership({
    mutation: {
      onSuccess: () => {
        toast.show(cancelledMessage(membership.paidThrough));
        onOpenChange(false);
      },
    },
  });
  const changeOpen = (next: boolean) => {
    if (!next) cancel.reset();
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={CANCEL_DIALOG_TITLE}
      description={`Membresía ${membership.planName}`}
      className="max-w-lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => changeOpen(false)}>
            Volver
          </Button>
          <Button
            variant="danger"
            loading={cancel.isPending}
            loadingLabel="Cancelando…"
            onClick={() => cancel.mutate()}
          >
            Sí, cancelar membresía
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <p className="text-ink">{cancelConsequence(membership.paidThrough)}</p>
        <ErrorMessage error={cancel.error} />
      </div>
    </Dialog>
  );
}
