import { formatLongDate } from '@pilates/dates';
import { useForm } from 'react-hook-form';
import { useSubmitArcoRequest } from '@/api/generated/informacion/informacion';
import type { SubmitArcoRequestDtoRight } from '@/api/generated/model';
import { Button, ErrorMessage, TextField } from '@/components/ui';
import { cn } from '@/components/ui/cn';
import { controlClasses, describedBy, FieldError, FieldHint, FieldLabel, useFieldIds } from '@/components/ui/field';
import { showServerFieldErrors, shownUnderFields } from '@/lib/server-field-errors';

const FIELDS = ['name', 'email', 'right', 'detail'] as const;
const DETAIL_MAX = 2000;

/** The four rights, one plain line each. */
export const ARCO_RIGHTS: { value: SubmitArcoRequestDtoRight; label: string; line: string }[] = [
  { value: 'acceso', label: 'Acceso', line: 'Saber qué datos tuyos tenemos y para qué los usamos.' },
  { value: 'rectificacion', label: 'Rectificación', line: 'Corregir tus datos si están mal o incompletos.' },
  { value: 'cancelacion', label: 'Cancelación', line: 'Pedir que borremos tus datos cuando ya no sean necesarios.' },
  { value: 'oposicion', label: 'Oposición', line: 'Pedir que dejemos de usar tus datos para algún fin.' },
];

export const ARCO_FORM_MESSAGES = {
  name: 'Escribe tu nombre',
  email: 'Escribe tu correo electrónico',
  emailFormat: 'El correo no es válido',
  right: 'Elige qué derecho quieres ejercer',
  detail: 'Cuéntanos qué nos pides',
  detailMax: `El detalle no puede tener más de ${DETAIL_MAX} caracteres`,
};

interface ArcoValues {
  name: string;
  email: string;
  right: SubmitArcoRequestDtoRight | '';
  detail: string;
}

/** «Ejercer mis derechos ARCO»: name, e-mail, the right and what is asked; then the folio and the deadline. */
export function ArcoRequestForm({ name = '', email = '' }: { name?: string; email?: string }) {
  const form = useForm<ArcoValues>({ defaultValues: { name, email, right: '', detail: '' } });
  const mutation = useSubmitArcoRequest();
  const { errors } = form.formState;
  const detail = useFieldIds();
  const rightIds = useFieldIds();

  const submit = form.handleSubmit((values) =>
    mutation.mutate(
      { data: { ...values, right: values.right as SubmitArcoRequestDtoRight } },
      { onError: (error) => showServerFieldErrors(error, FIELDS, form.setError) },
    ),
  );

  if (mutation.isSuccess) {
    return (
      <div role="status" className="space-y-2 rounded-control bg-success-soft px-4 py-4 text-success">
        <p className="font-medium">Recibimos tu solicitud. Tu folio es {mutation.data.folio}.</p>
        <p className="text-sm">Te responderemos a más tardar el {formatLongDate(mutation.data.dueDate)}.</p>
        <p className="text-sm">Te enviamos una copia con el folio a tu correo electrónico.</p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Solicitud ARCO">
      <TextField
        label="Nombre"
        autoComplete="name"
        required
        error={errors.name?.message}
        {...form.register('name', { validate: (v) => v.trim() !== '' || ARCO_FORM_MESSAGES.name })}
      />
      <TextField
        label="Correo electrónico"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errors.email?.message}
        {...form.register('email', {
          validate: (v) =>
            v.trim() === ''
              ? ARCO_FORM_MESSAGES.email
              : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) || ARCO_FORM_MESSAGES.emailFormat,
        })}
      />
      <fieldset aria-describedby={describedBy(errors.right && rightIds.errorId)}>
        <legend className="mb-1.5 block text-sm font-medium text-ink">Derecho que quieres ejercer</legend>
        <div className="space-y-2">
          {ARCO_RIGHTS.map((right) => (
            <label key={right.value} className="flex items-start gap-3 text-ink">
              <input
                type="radio"
                value={right.value}
                className="mt-1 size-4 accent-accent"
                aria-invalid={errors.right ? true : undefined}
                {...form.register('right', { validate: (v) => v !== '' || ARCO_FORM_MESSAGES.right })}
              />
              <span>
                <span className="font-medium">{right.label}</span>: {right.line}
              </span>
            </label>
          ))}
        </div>
        {errors.right?.message ? <FieldError id={rightIds.errorId}>{errors.right.message}</FieldError> : null}
      </fieldset>
      <div>
        <FieldLabel htmlFor={detail.controlId} required>
          Detalle
        </FieldLabel>
        <textarea
          id={detail.controlId}
          rows={5}
          maxLength={DETAIL_MAX}
          aria-invalid={errors.detail ? true : undefined}
          aria-describedby={describedBy(detail.hintId, errors.detail && detail.errorId)}
          className={cn(controlClasses, 'h-auto py-2.5 leading-6')}
          {...form.register('detail', {
            validate: (v) =>
              v.trim() === '' ? ARCO_FORM_MESSAGES.detail : v.length <= DETAIL_MAX || ARCO_FORM_MESSAGES.detailMax,
          })}
        />
        <FieldHint id={detail.hintId}>
          Qué nos pides: por ejemplo, qué dato corregir o qué uso quieres que paremos.
        </FieldHint>
        {errors.detail?.message ? <FieldError id={detail.errorId}>{errors.detail.message}</FieldError> : null}
      </div>
      {shownUnderFields(mutation.error, FIELDS) ? null : <ErrorMessage error={mutation.error} />}
      <Button type="submit" loading={mutation.isPending} loadingLabel="Enviando…" className="w-full sm:w-auto">
        Enviar solicitud
      </Button>
    </form>
  );
}
