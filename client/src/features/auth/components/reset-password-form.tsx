import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '@/api/api-error';
import { useResetPassword } from '@/api/generated/auth/auth';
import { Button, ErrorMessage, PasswordField } from '@/components/ui';
import { resetPasswordRules } from '../rules';
import type { ResetPasswordValues } from '../schemas';
import { showServerFieldErrors, shownUnderFields } from '@/lib/server-field-errors';

/** The server's code for an unknown, used or expired reset link. */
export const RESET_TOKEN_INVALID = 'RESET_TOKEN_INVALID';

/** The toast the page shows after the change, on its way to the login form. */
export const PASSWORD_CHANGED_MESSAGE = 'Tu contraseña cambió. Inicia sesión con la nueva.';

export interface ResetPasswordFormProps {
  /** The token of the emailed link (the route param). */
  token: string;
  /** Called once the password changed. */
  onSuccess: () => void;
  /** Shown under the error when the link is invalid or expired: "Solicitar un nuevo enlace". */
  requestNewLink?: ReactNode;
}

/** Sets a new password with the token of the emailed link; the confirmation is checked here only. */
export function ResetPasswordForm({ token, onSuccess, requestNewLink }: ResetPasswordFormProps) {
  const form = useForm<ResetPasswordValues>({
    resolver: resetPasswordRules,
    defaultValues: { password: '', confirmPassword: '' },
  });
  const mutation = useResetPassword();
  const { errors } = form.formState;
  const tokenInvalid = isApiError(mutation.error) && mutation.error.code === RESET_TOKEN_INVALID;

  const submit = form.handleSubmit(({ password }) =>
    mutation.mutate(
      { data: { token, password } },
      {
        onSuccess: () => onSuccess(),
        onError: (error) => showServerFieldErrors(error, ['password'], form.setError),
      },
    ),
  );

  return (
    <form onSubmit={submit} onFocus={resetPasswordRules.preload} noValidate className="space-y-5">
      <PasswordField
        label="Nueva contraseña"
        autoComplete="new-password"
        hint="Al menos 8 caracteres."
        error={errors.password?.message}
        {...form.register('password', { deps: ['confirmPassword'] })}
      />
      <PasswordField
        label="Confirmar contraseña"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      {mutation.error ? (
        <div className="space-y-2">
          {shownUnderFields(mutation.error, ['password']) ? null : <ErrorMessage error={mutation.error} />}
          {tokenInvalid && requestNewLink ? <p className="text-sm">{requestNewLink}</p> : null}
        </div>
      ) : null}
      <Button type="submit" loading={mutation.isPending} loadingLabel="Guardando…" className="w-full">
        Cambiar contraseña
      </Button>
    </form>
  );
}
