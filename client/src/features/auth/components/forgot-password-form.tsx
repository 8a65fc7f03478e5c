import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useForgotPassword } from '@/api/generated/auth/auth';
import { Button, ErrorMessage, TextField } from '@/components/ui';
import { forgotPasswordRules } from '../rules';
import type { ForgotPasswordValues } from '../schemas';
import { showServerFieldErrors, shownUnderFields } from '@/lib/server-field-errors';

const FIELDS = ['email'] as const;

/**
 * Asks for the reset link. Once sent, the form gives way to a confirmation; the server answers
 * the same whether the email has an account or not, so the panel never says which.
 */
export function ForgotPasswordForm() {
  const form = useForm<ForgotPasswordValues>({
    resolver: forgotPasswordRules,
    defaultValues: { email: '' },
  });
  const mutation = useForgotPassword();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    mutation.mutate({ data: values }, { onError: (error) => showServerFieldErrors(error, FIELDS, form.setError) }),
  );

  if (mutation.isSuccess) {
    return (
      <div role="status" className="flex items-start gap-3 rounded-control bg-success-soft px-4 py-4 text-success">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="space-y-1">
          <p className="font-medium">Te enviamos un correo</p>
          <p className="text-sm">El enlace para cambiar tu contraseña es válido durante una hora.</p>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} onFocus={forgotPasswordRules.preload} noValidate className="space-y-5">
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
      {shownUnderFields(mutation.error, FIELDS) ? null : <ErrorMessage error={mutation.error} />}
      <Button type="submit" loading={mutation.isPending} loadingLabel="Enviando…" className="w-full">
        Enviar enlace
      </Button>
    </form>
  );
}
