import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useLogin } from '@/api/generated/auth/auth';
import type { UserDto } from '@/api/generated/model';
import { Button, ErrorMessage, PasswordField, TextField } from '@/components/ui';
import { setSessionUser } from '@/features/session';
import { loginRules } from '../rules';
import type { LoginValues } from '../schemas';
import { showServerFieldErrors, shownUnderFields } from '@/lib/server-field-errors';

const FIELDS = ['email', 'password'] as const;

export interface LoginFormProps {
  /** Called with the logged-in user, after it became the session user. */
  onSuccess: (user: UserDto) => void;
  /** The "¿Olvidaste tu contraseña?" link, rendered under the password (a router Link in the page). */
  forgotPasswordLink?: ReactNode;
}

/** Email and password; on success the answer's user becomes the session. */
export function LoginForm({ onSuccess, forgotPasswordLink }: LoginFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<LoginValues>({
    resolver: loginRules,
    defaultValues: { email: '', password: '' },
  });
  const mutation = useLogin();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    mutation.mutate(
      { data: values },
      {
        onSuccess: (res) => {
          setSessionUser(queryClient, res.user);
          onSuccess(res.user);
        },
        onError: (error) => showServerFieldErrors(error, FIELDS, form.setError),
      },
    ),
  );

  return (
    <form onSubmit={submit} onFocus={loginRules.preload} noValidate className="space-y-5">
      <TextField
        label="Correo Electrónico"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div>
        <PasswordField
          label="Contraseña"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        {forgotPasswordLink ? <div className="mt-2 text-right text-sm">{forgotPasswordLink}</div> : null}
      </div>
      {shownUnderFields(mutation.error, FIELDS) ? null : <ErrorMessage error={mutation.error} />}
      <Button type="submit" loading={mutation.isPending} loadingLabel="Iniciando sesión…" className="w-full">
        Iniciar Sesión
      </Button>
    </form>
  );
}
