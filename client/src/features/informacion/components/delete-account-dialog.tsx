import { useState, type FormEvent } from 'react';
import { useDeleteAccount } from '@/api/generated/informacion/informacion';
import { isApiError } from '@/api/api-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { PasswordField } from '@/components/ui/password-field';

export const ACCOUNT_DELETED_MESSAGE =
  'Eliminamos tu cuenta y tus datos personales. Tus pagos y facturas se guardan sin tu nombre, como pide la ley.';
export const FORFEIT_LABEL = 'Confirmo que pierdo lo anterior y quiero eliminar mi cuenta.';

export interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The account is gone and the session with it. */
  onDeleted: () => void;
}

/**
 * «Eliminar mi cuenta»: the password first; when something is pending (a plan with classes, a
 * booking to come, a payment, a membership) the server lists it and the client confirms losing it.
 */
export function DeleteAccountDialog({ open, onOpenChange, onDeleted }: DeleteAccountDialogProps) {
  const mutation = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [missingPassword, setMissingPassword] = useState(false);
  const [pending, setPending] = useState<string[] | null>(null);
  const [forfeit, setForfeit] = useState(false);
  const [forfeitMissing, setForfeitMissing] = useState(false);

  const close = (next: boolean) => {
    if (!next) {
      mutation.reset();
      setPassword('');
      setPending(null);
      setForfeit(false);
      setMissingPassword(false);
      setForfeitMissing(false);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setMissingPassword(true);
      return;
    }
    if (pending && !forfeit) {
      setForfeitMissing(true);
      return;
    }
    mutation.mutate(
      { data: { password, confirmForfeit: pending ? true : undefined } },
      {
        onSuccess: () => onDeleted(),
        onError: (error) => {
          if (isApiError(error) && error.code === 'DELETION_PENDING_ITEMS') {
            setPending(error.messages);
            mutation.reset();
          }
        },
      },
    );
  };

  const wrongPassword = isApiError(mutation.error) && mutation.error.code.startsWith('CURRENT_PASSWORD');

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Eliminar mi cuenta"
      description="Borramos tu nombre, correo, teléfono, fecha de nacimiento y datos fiscales. No se puede deshacer."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <PasswordField
          label="Tu contraseña"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setMissingPassword(false);
          }}
          error={
            missingPassword
              ? 'Escribe tu contraseña actual'
              : wrongPassword && isApiError(mutation.error)
                ? mutation.error.messages[0]
                : undefined
          }
        />
        {pending ? (
          <div className="space-y-3 rounded-card border border-danger/40 p-4">
            <p className="font-medium text-ink-strong">Si eliminas tu cuenta, pierdes:</p>
            <ul className="list-disc space-y-1 pl-5 text-ink">
              {pending.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <Checkbox
              label={FORFEIT_LABEL}
              checked={forfeit}
              onCheckedChange={(checked) => {
                setForfeit(checked);
                setForfeitMissing(false);
              }}
              error={forfeitMissing ? 'Marca la casilla para confirmar.' : undefined}
            />
          </div>
        ) : null}
        {wrongPassword ? null : <ErrorMessage error={mutation.error} />}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => close(false)}>
            Cancelar
          </Button>
          <Button type="submit" variant="danger" loading={mutation.isPending}>
            Eliminar mi cuenta
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
