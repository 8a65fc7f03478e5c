import { useActiveUser, useDeleteUser } from '@/api/generated/admin/admin';
import type { AdminUserRowDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';
import { deactivatedMessage } from '../format';

export const DEACTIVATE_WARNING =
  'Sus clases próximas se cancelarán y volverán a sus planes, y su sesión se cerrará. No podrá iniciar sesión mientras esté inactivo.';
export const DEACTIVATE_NOTE =
  'La cuenta no se borra: su historial y sus pagos se conservan y puedes reactivarla cuando quieras.';
export const ACTIVATE_NOTE = 'Podrá iniciar sesión y reservar clases otra vez.';

export interface UserStatusDialogProps {
  /** The user to deactivate (when active) or reactivate (when inactive); null keeps the dialog closed. */
  user: AdminUserRowDto | null;
  onClose: () => void;
}

/** Asks before deactivating an active user (reversible: nothing is deleted) or reactivating an inactive one. */
export function UserStatusDialog({ user, onClose }: UserStatusDialogProps) {
  const toast = useToast();
  const deactivate = useDeleteUser();
  const activate = useActiveUser();
  const active = user?.active === 1;
  const mutation = active ? deactivate : activate;

  const close = () => {
    deactivate.reset();
    activate.reset();
    onClose();
  };

  const confirm = () => {
    if (!user) return;
    if (active) {
      deactivate.mutate(
        { data: { id: user.id } },
        {
          onSuccess: (res) => {
            toast.show(deactivatedMessage(res.message, res.cancelledReservations));
            close();
          },
        },
      );
    } else {
      activate.mutate(
        { data: { id: user.id } },
        {
          onSuccess: (res) => {
            toast.show(res.message);
            close();
          },
        },
      );
    }
  };

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={active ? 'Desactivar usuario' : 'Reactivar usuario'}
      description={user ? `${user.name} · ${user.email}` : undefined}
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Volver
          </Button>
          <Button
            variant={active ? 'danger' : 'primary'}
            loading={mutation.isPending}
            loadingLabel={active ? 'Desactivando…' : 'Reactivando…'}
            onClick={confirm}
          >
            {active ? 'Desactivar' : 'Reactivar'}
          </Button>
        </>
      }
    >
      {user ? (
        <div className="space-y-4">
          {active ? (
            <>
              <p className="text-ink">
                ¿Desactivar la cuenta de <strong className="font-semibold">{user.name}</strong>? {DEACTIVATE_WARNING}
              </p>
              <p className="text-sm text-ink-muted">{DEACTIVATE_NOTE}</p>
            </>
          ) : (
            <p className="text-ink">
              ¿Reactivar la cuenta de <strong className="font-semibold">{user.name}</strong>? {ACTIVATE_NOTE}
            </p>
          )}
          <ErrorMessage error={mutation.error} />
        </div>
      ) : null}
    </Dialog>
  );
}
