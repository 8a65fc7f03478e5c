import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { birthDateError } from '@/lib/birth-date';
import { useChangeInfoUser } from '@/api/generated/informacion/informacion';
import type { UserDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { TextField } from '@/components/ui/text-field';
import { PasswordField } from '@/components/ui/password-field';
import { type CodeFields, showFormErrors, shownUnderFields } from '@/lib/server-field-errors';

// Every field is optional: a blank field keeps its value.
const changeInfoSchema = z.object({
  name: z.string().trim().max(120, 'El nombre no puede tener más de 120 caracteres'),
  email: z.union([z.literal(''), z.string().trim().email('El correo no es válido')]),
  cumpleanos: z.string().superRefine((value, ctx) => {
    const message = value === '' ? null : birthDateError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
  currentPassword: z.string().max(128, 'La contraseña no puede tener más de 128 caracteres'),
});

type ChangeInfoValues = z.infer<typeof changeInfoSchema>;
const FIELDS = ['name', 'email', 'cumpleanos', 'currentPassword'] as const;
const CODE_FIELDS: CodeFields<ChangeInfoValues> = {
  CURRENT_PASSWORD_WRONG: 'currentPassword',
  CURRENT_PASSWORD_REQUIRED: 'currentPassword',
};

/** A changed email, as the server compares them (trimmed, lower-case). */
const emailChanged = (typed: string, current: string): boolean =>
  typed.trim() !== '' && typed.trim().toLowerCase() !== current.toLowerCase();

export interface ChangeInfoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: UserDto;
  onChanged: (user: UserDto) => void;
  /** The caller's own account: a new email needs the current password (admins editing others do not). */
  ownAccount?: boolean;
}

/** The change-information modal for one user (the caller, or anyone for an admin). */
export function ChangeInfoDialog({ open, onOpenChange, user, onChanged, ownAccount = false }: ChangeInfoDialogProps) {
  const form = useForm<ChangeInfoValues>({
    resolver: zodResolver(changeInfoSchema),
    values: { name: user.name, email: user.email, cumpleanos: user.cumpleanos, currentPassword: '' },
  });
  const mutation = useChangeInfoUser();
  const { errors } = form.formState;
  const typedEmail = useWatch({ control: form.control, name: 'email' });
  const askPassword = ownAccount && emailChanged(typedEmail, user.email);

  const submit = form.handleSubmit(({ currentPassword, ...values }) => {
    if (askPassword && currentPassword === '') {
      form.setError('currentPassword', { type: 'required', message: 'Escribe tu contraseña actual' });
      return;
    }
    mutation.mutate(
      { data: { ...values, id_user: user.id, ...(askPassword ? { currentPassword } : {}) } },
      {
        onSuccess: (res) => onChanged(res.user),
        onError: (error) => showFormErrors(error, FIELDS, form.setError, CODE_FIELDS),
      },
    );
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) mutation.reset();
        onOpenChange(next);
      }}
      title="Cambiar información"
      description="Deja en blanco lo que no quieras cambiar."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label="Nombre" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <DateField
          label="Fecha de nacimiento"
          autoComplete="bday"
          error={errors.cumpleanos?.message}
          {...form.register('cumpleanos')}
        />
        {askPassword ? (
          <PasswordField
            label="Contraseña actual"
            autoComplete="current-password"
            hint="Para cambiar tu correo, confirma que eres tú. Avisaremos a tu correo anterior."
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
        ) : null}
        {shownUnderFields(mutation.error, FIELDS, CODE_FIELDS) ? null : <ErrorMessage error={mutation.error} />}
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Guardar cambios
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
