import { Controller, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { getAddInstructorMutationOptions, getChangeInstructorMutationOptions } from '@/api/generated/admin/admin';
import type { ChangeInstructorDto, InstructorProfileDto } from '@/api/generated/model';
import { FormDialog } from '@/components/forms/form-dialog';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/components/ui/cn';
import { controlClasses, describedBy, FieldError, FieldHint, FieldLabel, useFieldIds } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import {
  BIO_MAX,
  INSTRUCTOR_FIELDS,
  instructorSchema,
  NAME_MAX,
  PAY_ATTENDEE_THRESHOLD_MAX,
  pesosInput,
  SPECIALTIES_MAX,
  type InstructorInput,
  type InstructorValues,
} from '../schemas';

const CODE_FIELDS = {
  INSTRUCTOR_ACCOUNT_NOT_FOUND: 'accountEmail',
  INSTRUCTOR_ACCOUNT_TAKEN: 'accountEmail',
} as const;

const NEW_PROFILE: InstructorInput = {
  name: '',
  specialties: '',
  bio: '',
  sortOrder: '0',
  accountEmail: '',
  active: true,
  payPerClassCents: '0',
  payPerAttendeeCents: '0',
  payAttendeeThreshold: '0',
};

const inputOf = (profile: InstructorProfileDto): InstructorInput => ({
  name: profile.name,
  specialties: profile.specialties.join(', '),
  bio: profile.bio,
  sortOrder: String(profile.sortOrder),
  accountEmail: profile.accountEmail ?? '',
  active: profile.active,
  payPerClassCents: pesosInput(profile.payPerClassCents),
  payPerAttendeeCents: pesosInput(profile.payPerAttendeeCents),
  payAttendeeThreshold: String(profile.payAttendeeThreshold),
});

/** Only what changed (a rename reaches every class that names the profile: not sent when unchanged). */
function changesOf(profile: InstructorProfileDto, values: InstructorValues): ChangeInstructorDto {
  const changes: ChangeInstructorDto = { id: profile.id };
  if (values.name !== profile.name) changes.name = values.name;
  if (values.specialties.join('\n') !== profile.specialties.join('\n')) changes.specialties = values.specialties;
  if (values.bio !== profile.bio) changes.bio = values.bio;
  if (values.sortOrder !== profile.sortOrder) changes.sortOrder = values.sortOrder;
  if (values.accountEmail !== (profile.accountEmail ?? null)) changes.accountEmail = values.accountEmail;
  if (values.active !== profile.active) changes.active = values.active;
  if (values.payPerClassCents !== profile.payPerClassCents) changes.payPerClassCents = values.payPerClassCents;
  if (values.payPerAttendeeCents !== profile.payPerAttendeeCents) {
    changes.payPerAttendeeCents = values.payPerAttendeeCents;
  }
  if (values.payAttendeeThreshold !== profile.payAttendeeThreshold) {
    changes.payAttendeeThreshold = values.payAttendeeThreshold;
  }
  return changes;
}

/** A new profile: name, specialties, bio, order on the lists and, optionally, the account it belongs to. */
export function AddInstructorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      subject={open || null}
      onClose={() => onOpenChange(false)}
      title="Nuevo instructor"
      description='Su perfil aparece en "Nuestros instructores" y se elige en el horario.'
      schema={instructorSchema}
      defaultValues={() => NEW_PROFILE}
      mutation={getAddInstructorMutationOptions()}
      toRequest={({ active: _active, accountEmail, ...profile }) => ({
        data: { ...profile, ...(accountEmail ? { accountEmail } : {}) },
      })}
      fields={INSTRUCTOR_FIELDS}
      codeFields={CODE_FIELDS}
      submitLabel="Agregar instructor"
      pendingLabel="Agregando…"
    >
      {(form) => <InstructorFields form={form} withActive={false} />}
    </FormDialog>
  );
}

/** Changes one profile; only what changed is sent. */
export function EditInstructorDialog({
  profile,
  onClose,
}: {
  profile: InstructorProfileDto | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      subject={profile}
      onClose={onClose}
      title="Editar instructor"
      description={
        profile ? `${profile.name} · Un cambio de nombre se ve en el horario y en todas sus clases.` : undefined
      }
      schema={instructorSchema}
      defaultValues={inputOf}
      mutation={getChangeInstructorMutationOptions()}
      toRequest={(values, editing) => {
        const changes = changesOf(editing, values);
        return Object.keys(changes).length === 1 ? null : { data: changes };
      }}
      fields={INSTRUCTOR_FIELDS}
      codeFields={CODE_FIELDS}
      submitLabel="Guardar cambios"
      pendingLabel="Guardando…"
    >
      {(form) => <InstructorFields form={form} withActive />}
    </FormDialog>
  );
}

function InstructorFields({
  form,
  withActive,
}: {
  form: UseFormReturn<InstructorInput, unknown, InstructorValues>;
  withActive: boolean;
}) {
  const errors = form.formState.errors;
  return (
    <>
      <TextField
        label="Nombre"
        autoComplete="off"
        required
        maxLength={NAME_MAX}
        hint="Como lo verán los clientes."
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label="Especialidades"
        autoComplete="off"
        hint={`Separadas por comas, hasta ${SPECIALTIES_MAX}. Por ejemplo: Prenatal y rehabilitación.`}
        error={errors.specialties?.message}
        {...form.register('specialties')}
      />
      <BioField error={errors.bio?.message} registration={form.register('bio')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Orden"
          type="number"
          inputMode="numeric"
          min={0}
          max={999}
          hint="Menor primero en las listas."
          error={errors.sortOrder?.message}
          {...form.register('sortOrder')}
        />
        <TextField
          label="Correo electrónico de su cuenta"
          type="email"
          autoComplete="off"
          hint="Opcional. La cuenta de cliente con ese correo pasa a tener el rol de instructor."
          error={errors.accountEmail?.message}
          {...form.register('accountEmail')}
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-ink-strong">Pago</legend>
        <p className="text-sm text-ink-muted">
          Se aplica al reporte de cualquier mes: por cada clase impartida, más un pago por cada asistente arriba de los
          incluidos.
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Por clase (MXN)"
            inputMode="decimal"
            autoComplete="off"
            hint="Por ejemplo: 150."
            error={errors.payPerClassCents?.message}
            {...form.register('payPerClassCents')}
          />
          <TextField
            label="Por asistente extra (MXN)"
            inputMode="decimal"
            autoComplete="off"
            hint="0: sin pago por asistente."
            error={errors.payPerAttendeeCents?.message}
            {...form.register('payPerAttendeeCents')}
          />
          <TextField
            label="Asistentes incluidos"
            type="number"
            inputMode="numeric"
            min={0}
            max={PAY_ATTENDEE_THRESHOLD_MAX}
            hint="El pago extra cuenta desde el siguiente."
            error={errors.payAttendeeThreshold?.message}
            {...form.register('payAttendeeThreshold')}
          />
        </div>
      </fieldset>
      {withActive ? (
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Checkbox
              label="Activo"
              hint="Inactivo: no aparece en el sitio ni se elige en el horario; sus clases conservan su nombre."
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      ) : null}
    </>
  );
}

function BioField({ error, registration }: { error: string | undefined; registration: UseFormRegisterReturn<'bio'> }) {
  const { controlId, hintId, errorId } = useFieldIds();
  const hint = `Hasta ${BIO_MAX} caracteres; en las tarjetas se ve el comienzo.`;
  return (
    <div>
      <FieldLabel htmlFor={controlId}>Semblanza</FieldLabel>
      <textarea
        id={controlId}
        rows={4}
        maxLength={BIO_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error && errorId)}
        className={cn(controlClasses, 'h-auto py-2.5 leading-6')}
        {...registration}
      />
      <FieldHint id={hintId}>{hint}</FieldHint>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
