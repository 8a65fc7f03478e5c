import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useRegister } from '@/api/generated/auth/auth';
import type { UserDto } from '@/api/generated/model';
import { Button, Checkbox, DateField, ErrorMessage, PasswordField, TextField } from '@/components/ui';
import { setSessionUser } from '@/features/session';
import { registerRules } from '../rules';
import { WHATSAPP_CONSENT_LABEL, type RegisterValues } from '../schemas';
import { showServerFieldErrors, shownUnderFields } from '@/lib/server-field-errors';

const FIELDS = ['name', 'email', 'cumpleanos', 'password', 'confirmPassword', 'terms', 'whatsapp'] as const;

export const MARKETING_CONSENT_LABEL = 'Quiero recibir promociones y novedades del estudio';

const legalLink = 'font-medium text-accent underline underline-offset-2 hover:text-accent-strong';

export interface RegisterFormProps {
  /** Called with the new user, after it became the session user (registering logs in). */
  onSuccess: (user: UserDto) => void;
  /** Where the terms open, in a new tab so that the form keeps what was typed. */
  termsHref?: string;
  /** The published versions in force (null: not published yet): the terms checkbox names them. */
  versionsInForce?: { terms: number | null; privacy: number | null };
  /** Shown under the button: the short privacy notice. */
  notice?: ReactNode;
}

/** The sign-up form: name, email, birth date, password twice and the terms accepted. */
export function RegisterForm({
  onSuccess,
  termsHref = '/pilates/terminos',
  versionsInForce = { terms: null, privacy: null },
  notice,
}: RegisterFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<RegisterValues>({
    resolver: registerRules,
    defaultValues: {
      name: '',
      email: '',
      cumpleanos: '',
      password: '',
      confirmPassword: '',
      terms: false,
      whatsappConsent: false,
      whatsapp: '',
      marketingConsent: false,
    },
  });
  const mutation = useRegister();
  const { errors } = form.formState;
  const wantsWhatsApp = useWatch({ control: form.control, name: 'whatsappConsent' });

  const submit = form.handleSubmit(({ whatsappConsent, whatsapp, ...account }) =>
    mutation.mutate(
      // The number goes only with the consent.
      { data: whatsappConsent ? { ...account, whatsappConsent: true, whatsapp } : account },
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
    <form onSubmit={submit} onFocus={registerRules.preload} noValidate className="space-y-5">
      <TextField label="Nombre" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
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
      <DateField
        label="Fecha de nacimiento"
        autoComplete="bday"
        error={errors.cumpleanos?.message}
        {...form.register('cumpleanos')}
      />
      <PasswordField
        label="Contraseña"
        autoComplete="new-password"
        hint="Al menos 8 caracteres."
        error={errors.password?.message}
        {...form.register('password', { deps: ['confirmPassword'] })}
      />
      <PasswordField
        label="Confirmar Contraseña"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Controller
        control={form.control}
        name="terms"
        render={({ field }) => (
          <Checkbox
            name={field.name}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            disabled={field.disabled}
            error={errors.terms?.message}
            label={
              <>
                Acepto los{' '}
                <a
                  href={versionsInForce.terms ? `${termsHref}?version=${versionsInForce.terms}` : termsHref}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={legalLink}
                >
                  términos y condiciones{versionsInForce.terms ? ` (versión ${versionsInForce.terms})` : ''}
                </a>
                {versionsInForce.privacy ? (
                  <>
                    {' '}
                    y el{' '}
                    <a
                      href={`/pilates/aviso-de-privacidad?version=${versionsInForce.privacy}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={legalLink}
                    >
                      aviso de privacidad (versión {versionsInForce.privacy})
                    </a>
                  </>
                ) : null}
              </>
            }
          />
        )}
      />
      <Controller
        control={form.control}
        name="whatsappConsent"
        render={({ field }) => (
          <Checkbox
            name={field.name}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            disabled={field.disabled}
            label={`${WHATSAPP_CONSENT_LABEL} (opcional)`}
          />
        )}
      />
      {wantsWhatsApp ? (
        <TextField
          label="Tu celular"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          hint="10 dígitos, por ejemplo 722 123 4567. Puedes darte de baja cuando quieras."
          maxLength={40}
          error={errors.whatsapp?.message}
          {...form.register('whatsapp')}
        />
      ) : null}
      <Controller
        control={form.control}
        name="marketingConsent"
        render={({ field }) => (
          <Checkbox
            name={field.name}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            disabled={field.disabled}
            label={`${MARKETING_CONSENT_LABEL} (opcional)`}
            hint="Solo promociones; los avisos de tus clases te llegan siempre. Puedes darte de baja en un clic."
          />
        )}
      />
      {shownUnderFields(mutation.error, FIELDS) ? null : <ErrorMessage error={mutation.error} />}
      <Button type="submit" loading={mutation.isPending} loadingLabel="Creando tu cuenta…" className="w-full">
        Registrarse
      </Button>
      {notice}
    </form>
  );
}
