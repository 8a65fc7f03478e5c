import { useState } from 'react';
import { isApiError } from '@/api/api-error';
import { useAdminDeleteAccount } from '@/api/generated/informacion/informacion';
import type { AdminUserRowDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';

export const ADMIN_DELETE_TITLE = 'Eliminar cuenta (solicitud del titular)';
export const ADMIN_DELETE_WARNING =
  'No se puede deshacer: se borran su nombre, correo, teléfono, fecha de nacimiento y datos fiscales, se cierran sus sesiones y no podrá volver a entrar. Sus pagos y facturas se conservan sin sus datos, como pide la ley fiscal.';
export const WRITTEN_REQUEST_LABEL = 'Recibí la solicitud por escrito del titular de la cuenta';
export const ADMIN_FORFEIT_LABEL = 'Confirmo que pierde lo pendiente';

export interface AdminDeleteAccountDialogProps {
  /** Whose account; null keeps the dialog closed. */
  user: AdminUserRowDto | null;
  onClose: () => void;
}

/**
 * An account deleted by the admin on the holder's written request (POST /api/admin/delete-account):
 * anonymised at once. When something is pending (a plan with classes, classes booked, a payment, a
 * membership) the server lists it and the admin confirms the person forfeits it.
 */
export function AdminDeleteAccountDialog({ user, onClose }: AdminDeleteAccountDialogProps) {
  const toast = useToast();
  const mutation = useAdminDeleteAccount();
  const [written, setWritten] = useState(false);
  const [pending, setPending] = useState<string[] | null>(null);
  const [forfeit, setForfeit] = useState(false);
  const [missing, setMissing] = useState<'written' | 'forfeit' | null>(null);

  const close = () => {
    if (mutation.isPending) return;
    mutation.reset();
    setWritten(false);
    setPending(null);
    setForfeit(false);
    setMissing(null);
    onClose();
  };

  const confirm = () => {
    if (!user) return;
    if (!written) {
      setMissing('written');
      return;
    }
    if (pending && !forfeit) {
      setMissing('forfeit');
      return;
    }
    mutation.mutate(
      { data: { userId: user.id, ...(pending ? { confirmForfeit: true } : {}) } },
      {
        onSuccess: (answer) => {
          toast.show(
            answer.cancelledReservations > 0
              ? `${answer.message} Se cancelaron ${answer.cancelledReservations} ${answer.cancelledReservations === 1 ? 'clase' : 'clases'}.`
              : answer.message,
          );
          close();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'DELETION_PENDING_ITEMS') {
            setPending(error.messages);
            mutation.reset();
          }
        },
      },
    );
  };

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={ADMIN_DELETE_TITLE}
      description={user ? `${user.name} · ${user.email}` : undefined}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={mutation.isPending}>
            Volver
          </Button>
          <Button variant="danger" loading={mutation.isPending} loadingLabel="Eliminando…" onClick={confirm}>
            Eliminar cuenta
          </Button>
        </>
      }
    >
      {user ? (
        <div className="space-y-4">
          <p className="text-ink">
            ¿Eliminar la cuenta de <strong className="font-semibold">{user.name}</strong>? {ADMIN_DELETE_WARNING}
          </p>
          <Checkbox
            label={WRITTEN_REQUEST_LABEL}
            checked={written}
            onCheckedChange={(checked) => {
              setWritten(checked);
              setMissing(null);
            }}
            error={missing === 'written' ? 'Marca la casilla para confirmar.' : undefined}
          />
          {pending ? (
            <div className="space-y-3 rounded-card border border-danger/40 p-4">
              <p className="font-medium text-ink-strong">Si eliminas la cuenta, pierde:</p>
              <ul aria-label="Pendientes" className="list-disc space-y-1 pl-5 text-ink">
                {pending.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <Checkbox
                label={ADMIN_FORFEIT_LABEL}
                checked={forfeit}
                onCheckedChange={(checked) => {
                  setForfeit(checked);
                  setMissing(null);
                }}
                error={missing === 'forfeit' ? 'Marca la casilla para confirmar.' : undefined}
              />
            </div>
          ) : null}
          <ErrorMessage error={mutation.error} />
        </div>
      ) : null}
    </Dialog>
  );
}
