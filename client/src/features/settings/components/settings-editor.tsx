import { zodResolver } from '@hookform/resolvers/zod';
import { queryOptions } from '@tanstack/react-query';
import { useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { getGetSettingsQueryKey, getSettings, useChangeSettings } from '@/api/generated/admin/admin';
import type { SettingsResponseDto } from '@/api/generated/model';
import { isApiError } from '@/api/api-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/components/ui/cn';
import { ErrorMessage } from '@/components/ui/error-message';
import { FieldError, FieldHint, FieldLabel, controlClasses, describedBy, useFieldIds } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { LoadError } from '@/components/ui/load-error';
import { PageQueryBoundary, usePageQuery } from '@/lib/page-query';
import { InvoicingSettings } from './invoicing-settings';
import {
  changesOf,
  SERVER_FIELDS,
  settingsSchema,
  toFormInput,
  type SettingsInput,
  type SettingsValues,
} from '../schemas';
import { MembershipSettings } from './membership-settings';

/** The settings, as the route's loader prefetches them. */
export const settingsQueryOptions = queryOptions({
  queryKey: getGetSettingsQueryKey(),
  queryFn: ({ signal }) => getSettings({ signal }),
});

export const NOTHING_CHANGED = 'No hay cambios que guardar.';

/** "Ajustes": the studio's rules and contact, in sections, saved together. */
export function SettingsEditor() {
  return (
    <PageQueryBoundary
      fallback={<Spinner label="Cargando los ajustes…" />}
      error={(error, retry) => <LoadError error={error} retry={retry} />}
    >
      <LoadedSettings />
    </PageQueryBoundary>
  );
}

function LoadedSettings() {
  const { data } = usePageQuery(settingsQueryOptions);
  return <SettingsForm answer={data} />;
}

export function SettingsForm({ answer }: { answer: SettingsResponseDto }) {
  const toast = useToast();
  const change = useChangeSettings();
  // What the form was last filled from: the page's read, then each saved answer.
  const [saved, setSaved] = useState(answer);
  const [status, setStatus] = useState<string | null>(null);
  const form = useForm<SettingsInput, unknown, SettingsValues>({
    resolver: zodResolver(settingsSchema),
    defaultValues: toFormInput(answer.settings),
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    const changes = changesOf(saved.settings, values);
    if (Object.keys(changes).length === 0) {
      setStatus(NOTHING_CHANGED);
      return;
    }
    setStatus(null);
    change.mutate(
      { data: changes },
      {
        onSuccess: (result) => {
          setSaved(result);
          form.reset(toFormInput(result.settings));
          setStatus(result.message);
          toast.show(result.message);
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          for (const [field, messages] of Object.entries(error.fieldErrors)) {
            const name = SERVER_FIELDS[field];
            if (name && messages.length > 0) form.setError(name, { type: 'server', message: messages.join(' ') });
          }
        },
      },
    );
  });

  const allUnderFields =
    isApiError(change.error) &&
    Object.keys(change.error.fieldErrors).length > 0 &&
    Object.keys(change.error.fieldErrors).every((field) => field in SERVER_FIELDS);

  return (
    <form onSubmit={submit} noValidate className="max-w-2xl space-y-8">
      {saved.warnings.length > 0 ? (
        <div role="note" aria-label="Advertencias" className="rounded-card border border-accent/40 bg-accent-soft p-4">
          <p className="font-medium text-ink-strong">Revisa estos ajustes</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink">
            {saved.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <Section title="Cancelaciones" id="ajustes-cancelaciones">
        <NumberField
          form={form}
          name="cancelHours"
          label="Cancelar sin costo hasta (horas antes de la clase)"
          hint="Hasta entonces la clase vuelve al plan del cliente."
        />
        <CheckboxField
          form={form}
          name="lateCancelReleases"
          label="Permitir «Liberar lugar» después del límite"
          hint="El cliente libera su lugar para la lista de espera; la clase no vuelve a su plan."
        />
      </Section>

      <Section title="Lista de espera" id="ajustes-lista">
        <NumberField form={form} name="waitlistMax" label="Personas en espera por clase" />
        <NumberField
          form={form}
          name="waitlistCutoffHours"
          label="La lista cierra (horas antes de la clase)"
          hint="Después ya nadie pasa de la lista a la clase."
        />
        <NumberField
          form={form}
          name="waitlistGraceMinutes"
          label="Minutos para cancelar sin costo tras pasar de la lista"
          hint="Para quien entra después del límite para cancelar."
        />
      </Section>

      <Section title="Inasistencias y penalizaciones" id="ajustes-inasistencias">
        <CheckboxField
          form={form}
          name="autoNoShows"
          label="Marcar inasistencias automáticamente"
          hint="Al final del día, en las clases donde nadie pasó lista."
        />
        <CheckboxField
          form={form}
          name="strikeEnabled"
          label="Bloquear la reserva en línea por faltas"
          hint="Faltas: inasistencias y lugares liberados después del límite."
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <NumberField form={form} name="strikeCount" label="Faltas" />
          <NumberField form={form} name="strikeDays" label="En cuántos días" />
          <NumberField form={form} name="strikeBlockDays" label="Días de bloqueo" />
        </div>
      </Section>

      <Section title="Recordatorios" id="ajustes-recordatorios">
        <NumberField form={form} name="reminderHours" label="Recordatorio (horas antes de la clase)" />
        <NumberField
          form={form}
          name="secondReminderHours"
          label="Segundo recordatorio (horas antes de la clase)"
          hint="Déjalo vacío para enviar un solo recordatorio."
        />
      </Section>

      <Section title="Contacto del estudio" id="ajustes-contacto">
        <TextAreaField
          form={form}
          name="address"
          label="Dirección"
          hint="Una línea por renglón, como se muestra en el sitio (hasta 4)."
          rows={3}
        />
        <TextField label="Teléfono" autoComplete="off" error={errors.phone?.message} {...form.register('phone')} />
        <TextField
          label="Correo del estudio"
          type="email"
          autoComplete="off"
          hint="Las respuestas de los clientes a los correos del estudio llegan aquí."
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="WhatsApp"
          inputMode="numeric"
          hint="Clave del país y número, solo dígitos: 527221234567."
          error={errors.whatsapp?.message}
          {...form.register('whatsapp')}
        />
        <TextField
          label="Instagram"
          type="url"
          hint="La dirección de la página del estudio."
          error={errors.instagram?.message}
          {...form.register('instagram')}
        />
        <TextField
          label="Mapa"
          type="url"
          hint="Google Maps → Compartir → Insertar un mapa: la dirección que va en src."
          error={errors.mapUrl?.message}
          {...form.register('mapUrl')}
        />
        <TextAreaField
          form={form}
          name="openingHours"
          label="Horario de atención"
          hint="Una línea por renglón (hasta 7); vacío: no se muestra."
          rows={3}
        />
      </Section>

      <Section title="Tarjetas de regalo" id="ajustes-regalo">
        <TextAreaField
          form={form}
          name="giftCardAmounts"
          label="Montos (pesos)"
          hint="Uno por renglón, de $100 a $20,000, hasta 12. Se muestran de menor a mayor en «Tarjeta de regalo»."
          rows={6}
          inputMode="numeric"
        />
        <CheckboxField
          form={form}
          name="giftCardPlanPrices"
          label="También el precio de cada plan"
          hint="Además de estos montos, se puede regalar el precio de cualquier plan a la venta."
        />
      </Section>

      <InvoicingSettings form={form} />
      <Section title="Membresías" id="ajustes-membresias">
        <MembershipSettings form={form} />
      </Section>

      {allUnderFields ? null : <ErrorMessage error={change.error} />}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" loading={change.isPending} loadingLabel="Guardando…">
          Guardar cambios
        </Button>
        <p role="status" aria-live="polite" className="text-sm text-ink-muted">
          {status}
        </p>
      </div>
    </form>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-card border border-line bg-surface p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-ink-strong">
        {title}
      </h2>
      {children}
    </section>
  );
}

type Form = UseFormReturn<SettingsInput, unknown, SettingsValues>;
type NumberName =
  | 'cancelHours'
  | 'waitlistMax'
  | 'waitlistCutoffHours'
  | 'waitlistGraceMinutes'
  | 'strikeCount'
  | 'strikeDays'
  | 'strikeBlockDays'
  | 'reminderHours'
  | 'secondReminderHours';

const messageOf = (errors: FieldErrors<SettingsInput>, name: keyof SettingsInput) => errors[name]?.message;

function NumberField({ form, name, label, hint }: { form: Form; name: NumberName; label: string; hint?: string }) {
  return (
    <TextField
      label={label}
      hint={hint}
      type="text"
      inputMode="numeric"
      error={messageOf(form.formState.errors, name)}
      {...form.register(name)}
    />
  );
}

function CheckboxField({
  form,
  name,
  label,
  hint,
}: {
  form: Form;
  name: 'lateCancelReleases' | 'autoNoShows' | 'strikeEnabled' | 'giftCardPlanPrices';
  label: string;
  hint?: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Checkbox
          label={label}
          hint={hint}
          name={field.name}
          checked={field.value}
          onCheckedChange={field.onChange}
          ref={field.ref}
          error={messageOf(form.formState.errors, name)}
        />
      )}
    />
  );
}

function TextAreaField({
  form,
  name,
  label,
  hint,
  ...props
}: { form: Form; name: 'address' | 'openingHours' | 'giftCardAmounts'; label: string; hint?: string } & Omit<
  ComponentPropsWithRef<'textarea'>,
  'name' | 'form'
>) {
  const { controlId, hintId, errorId } = useFieldIds();
  const error = messageOf(form.formState.errors, name);
  return (
    <div>
      <FieldLabel htmlFor={controlId}>{label}</FieldLabel>
      <textarea
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && hintId, error && errorId)}
        className={cn(controlClasses, 'h-auto py-2.5 leading-6')}
        {...props}
        {...form.register(name)}
      />
      {hint !== undefined ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
