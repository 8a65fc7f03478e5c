import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useChangePassword } from '@/api/generated/auth/auth';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { PasswordField } from '@/components/ui/password-field';
import { PASSWORD_MESSAGES, newPasswordSchema } from '@/lib/password-rule';
import { type CodeFields, showFormErrors, shownUnderFields } from '@/lib/server-field-errors';

export const PASSWORD_CHANGED_MESSAGE = 'Tu contraseña cambió. Cerramos tu sesión en los demás dispositivos.';

const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Escribe tu contraseña actual'),
    newPassword: newPasswordSchema('La nueva contraseña es obligatoria'),
    confirmPassword: z.string().min(1, 'Confirma tu contraseña'),
  })
  .refine((values) => values.newPassword === '' || values.newPassword !== values.currentPassword, {
    path: ['newPassword'],
    message: PASSWORD_MESSAGES.sameAsCurrent,
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Las contraseñas no coinciden',
  });

type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
// A wrong current password belongs under its field; a lock (429) stays in the red box.
const CODE_FIELDS: CodeFields<ChangePasswordValues> = {
  CURRENT_PASSWORD_WRONG: 'currentPassword',
  CURRENT_PASSWORD_REQUIRED: 'currentPassword',
};
const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged: () => void;
}

/** Mi información → Cambiar contraseña: the current one, the new one twice; other sessions end. */
export function ChangePasswordDialog({ open, onOpenChange, onChanged }: ChangePasswordDialogProps) {
  const form = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const mutation = useChangePassword();
  const { errors } = form.formState;

  const close = (next: boolean) => {
    if (!next) {
      mutation.reset();
      form.reset(EMPTY);
    }
    onOpenChange(next);
  };

  const submit = form.handleSubmit((values) =>
    mutation.mutate(
      { data: values },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          onChanged();
        },
        onError: (error) => showFormErrors(error, FIELDS, form.setError, CODE_FIELDS),
      },
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Cambiar contraseña"
      description="Al cambiarla se cierra tu sesión en los demás dispositivos."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <PasswordField
          label="Contraseña actual"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <PasswordField
          label="Nueva contraseña"
          autoComplete="new-password"
          hint="Al menos 8 caracteres."
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <PasswordField
          label="Confirmar nueva contraseña"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        {shownUnderFields(mutation.error, FIELDS, CODE_FIELDS) ? null : <ErrorMessage error={mutation.error} />}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => close(false)}>
            Cancelar
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Cambiar contraseña
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
