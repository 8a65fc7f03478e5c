import { useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '@/api/api-error';
import { useSaveMyHealthProfile } from '@/api/generated/informacion/informacion';
import type { HealthProfileDto, SaveHealthProfileDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorMessage } from '@/components/ui/error-message';
import { controlClasses, describedBy, FieldError, FieldHint, FieldLabel, useFieldIds } from '@/components/ui/field';
import { cn } from '@/components/ui/cn';
import { TextField } from '@/components/ui/text-field';

export const HEALTH_DIALOG_TITLE = 'Cuestionario de salud';
export const SENSITIVE_CONSENT_TEXT =
  'Autorizo expresamente al estudio a tratar estos datos de salud, que son datos personales sensibles, solo para cuidar mi seguridad en clase, conforme al aviso de privacidad.';
export const PRIVACY_NOTICE_URL = '/pilates/aviso-de-privacidad';
export const CONSENT_REQUIRED_MESSAGE =
  'Marca la casilla para darnos tu consentimiento: sin él no podemos guardar tus datos de salud.';
export const ANSWER_REQUIRED_MESSAGE = 'Responde sí o no.';

/** The yes/no questions, in the order the form asks them; a yes with a detail asks for it. */
export const HEALTH_QUESTIONS = [
  {
    key: 'hasInjuries',
    question: '¿Tienes alguna lesión o dolor (espalda, cuello, rodillas, hombros…)?',
    detail: {
      key: 'injuries',
      label: '¿Cuál? Cuéntanos dónde y desde cuándo.',
      required: 'Cuéntanos qué lesión o dolor tienes.',
    },
  },
  {
    key: 'recentSurgery',
    question: '¿Te operaron en los últimos 12 meses?',
    detail: { key: 'surgery', label: '¿De qué y cuándo?', required: 'Cuéntanos de qué te operaron y cuándo.' },
  },
  {
    key: 'pregnant',
    question: '¿Estás embarazada?',
    detail: {
      key: 'pregnancyWeeks',
      label: '¿Cuántas semanas?',
      required: 'Escribe las semanas de embarazo (de 1 a 42).',
    },
  },
  {
    key: 'heartOrBloodPressure',
    question: '¿Tienes algún problema del corazón o de presión arterial?',
    detail: null,
  },
] as const;

type YesNoKey = (typeof HEALTH_QUESTIONS)[number]['key'];

export interface HealthFormValues {
  hasInjuries: boolean | null;
  injuries: string;
  recentSurgery: boolean | null;
  surgery: string;
  pregnant: boolean | null;
  pregnancyWeeks: string;
  heartOrBloodPressure: boolean | null;
  otherConditions: string;
  emergencyName: string;
  emergencyPhone: string;
  emergencyRelationship: string;
  sensitiveDataConsent: boolean;
}

/** The form's starting values: the saved answers (the consent is given again at each save), or none. */
export const initialHealthValues = (profile: HealthProfileDto | null): HealthFormValues => ({
  hasInjuries: profile?.hasInjuries ?? null,
  injuries: profile?.injuries ?? '',
  recentSurgery: profile?.recentSurgery ?? null,
  surgery: profile?.surgery ?? '',
  pregnant: profile?.pregnant ?? null,
  pregnancyWeeks: profile?.pregnancyWeeks?.toString() ?? '',
  heartOrBloodPressure: profile?.heartOrBloodPressure ?? null,
  otherConditions: profile?.otherConditions ?? '',
  emergencyName: profile?.emergencyName ?? '',
  emergencyPhone: profile?.emergencyPhoneDisplay ?? '',
  emergencyRelationship: profile?.emergencyRelationship ?? '',
  sensitiveDataConsent: false,
});

/** What the form refuses before sending (the server checks it all again, in the same words). */
export function validateHealthForm(values: HealthFormValues): Partial<Record<keyof HealthFormValues, string>> {
  const errors: Partial<Record<keyof HealthFormValues, string>> = {};
  for (const { key, detail } of HEALTH_QUESTIONS) {
    if (values[key] === null) errors[key] = ANSWER_REQUIRED_MESSAGE;
    else if (values[key] && detail) {
      const text = values[detail.key].trim();
      const weeks = Number(text);
      const missing =
        detail.key === 'pregnancyWeeks' ? !/^\d{1,2}$/.test(text) || weeks < 1 || weeks > 42 : text === '';
      if (missing) errors[detail.key] = detail.required;
    }
  }
  if (values.emergencyName.trim() === '') errors.emergencyName = 'Escribe el nombre de tu contacto de emergencia.';
  if (values.emergencyPhone.trim() === '') errors.emergencyPhone = 'Escribe el teléfono de tu contacto de emergencia.';
  if (values.emergencyRelationship.trim() === '')
    errors.emergencyRelationship = 'Escribe qué es tuyo tu contacto de emergencia (mamá, pareja, amiga…).';
  if (!values.sensitiveDataConsent) errors.sensitiveDataConsent = CONSENT_REQUIRED_MESSAGE;
  return errors;
}

const toBody = (values: HealthFormValues): SaveHealthProfileDto => ({
  hasInjuries: values.hasInjuries === true,
  injuries: values.hasInjuries ? values.injuries : '',
  recentSurgery: values.recentSurgery === true,
  surgery: values.recentSurgery ? values.surgery : '',
  pregnant: values.pregnant === true,
  // Only under a yes: the API refuses null for a field it does not clear.
  ...(values.pregnant ? { pregnancyWeeks: Number(values.pregnancyWeeks) } : {}),
  heartOrBloodPressure: values.heartOrBloodPressure === true,
  otherConditions: values.otherConditions,
  emergencyName: values.emergencyName,
  emergencyPhone: values.emergencyPhone,
  emergencyRelationship: values.emergencyRelationship,
  sensitiveDataConsent: values.sensitiveDataConsent,
});

export interface HealthProfileFormProps {
  /** The saved answers to update, or null the first time. */
  profile: HealthProfileDto | null;
  /** After the server saved it. */
  onSaved: (profile: HealthProfileDto) => void;
  submitLabel?: string;
  /** Beside the submit button (a dialog's "Cancelar"). */
  secondary?: ReactNode;
}

/** The PAR-Q style questions, the emergency contact and the express consent to sensitive data. */
export function HealthProfileForm({ profile, onSaved, submitLabel = 'Guardar', secondary }: HealthProfileFormProps) {
  const save = useSaveMyHealthProfile();
  const [values, setValues] = useState(() => initialHealthValues(profile));
  const [errors, setErrors] = useState<Partial<Record<keyof HealthFormValues, string>>>({});
  const set = <K extends keyof HealthFormValues>(key: K, value: HealthFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const serverErrors = isApiError(save.error) ? save.error.fieldErrors : {};
  const errorOf = (key: keyof HealthFormValues): string | undefined => errors[key] ?? serverErrors[key]?.[0];
  const unnamed = isApiError(save.error) && Object.keys(serverErrors).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateHealthForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ data: toBody(values) }, { onSuccess: (answer) => onSaved(answer.profile) });
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate aria-label={HEALTH_DIALOG_TITLE}>
      <p className="text-sm text-ink-muted">
        Tu instructora lo consulta solo si hace falta, para cuidarte en clase. Puedes actualizarlo cuando quieras en Mi
        información.
      </p>
      {HEALTH_QUESTIONS.map(({ key, question, detail }) => (
        <div key={key} className="space-y-3">
          <YesNo
            name={key}
            question={question}
            value={values[key]}
            onChange={(answer) => set(key as YesNoKey, answer)}
            error={errorOf(key)}
          />
          {detail && values[key] ? (
            <TextField
              label={detail.label}
              value={values[detail.key]}
              onChange={(event) => set(detail.key, event.target.value)}
              error={errorOf(detail.key)}
              {...(detail.key === 'pregnancyWeeks'
                ? { inputMode: 'numeric' as const, maxLength: 2 }
                : { maxLength: 1000 })}
            />
          ) : null}
        </div>
      ))}
      <TextArea
        label="¿Algo más que tu instructora deba saber? (opcional)"
        hint="Por ejemplo: asma, diabetes, mareos, osteoporosis."
        value={values.otherConditions}
        onChange={(text) => set('otherConditions', text)}
        error={errorOf('otherConditions')}
      />
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-ink-strong">Contacto de emergencia</legend>
        <TextField
          label="Nombre"
          autoComplete="off"
          maxLength={120}
          value={values.emergencyName}
          onChange={(event) => set('emergencyName', event.target.value)}
          error={errorOf('emergencyName')}
        />
        <TextField
          label="Teléfono"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          hint="10 dígitos, por ejemplo 722 123 4567."
          maxLength={40}
          value={values.emergencyPhone}
          onChange={(event) => set('emergencyPhone', event.target.value)}
          error={errorOf('emergencyPhone')}
        />
        <TextField
          label="Parentesco"
          hint="Mamá, pareja, amiga…"
          maxLength={60}
          value={values.emergencyRelationship}
          onChange={(event) => set('emergencyRelationship', event.target.value)}
          error={errorOf('emergencyRelationship')}
        />
      </fieldset>
      <Checkbox
        label={
          <>
            {SENSITIVE_CONSENT_TEXT}{' '}
            <a href={PRIVACY_NOTICE_URL} target="_blank" rel="noreferrer" className="underline">
              Leer el aviso de privacidad
            </a>
          </>
        }
        checked={values.sensitiveDataConsent}
        onCheckedChange={(checked) => set('sensitiveDataConsent', checked)}
        error={errorOf('sensitiveDataConsent')}
      />
      {unnamed ? <ErrorMessage error={save.error} /> : null}
      <div className="flex flex-wrap justify-end gap-3">
        {secondary}
        <Button type="submit" loading={save.isPending} loadingLabel="Guardando…">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** A question answered with "Sí" or "No" (native radios: one tab stop, arrows between them). */
function YesNo({
  name,
  question,
  value,
  onChange,
  error,
}: {
  name: string;
  question: string;
  value: boolean | null;
  onChange: (answer: boolean) => void;
  error?: string;
}) {
  const { errorId } = useFieldIds();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-[0.9375rem] font-medium text-ink-strong">{question}</legend>
      <div className="mt-2 flex gap-6">
        {[
          { label: 'No', answer: false },
          { label: 'Sí', answer: true },
        ].map(({ label, answer }) => (
          <label key={label} className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-ink">
            <input
              type="radio"
              name={name}
              className="size-5 accent-accent"
              checked={value === answer}
              onChange={() => onChange(answer)}
            />
            {label}
          </label>
        ))}
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}

function TextArea({
  label,
  hint,
  value,
  onChange,
  error,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (text: string) => void;
  error?: string;
}) {
  const { controlId, hintId, errorId } = useFieldIds();
  return (
    <div>
      <FieldLabel htmlFor={controlId}>{label}</FieldLabel>
      <textarea
        id={controlId}
        rows={3}
        maxLength={1000}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error && errorId)}
        className={cn(controlClasses, 'h-auto py-2.5')}
      />
      <FieldHint id={hintId}>{hint}</FieldHint>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
