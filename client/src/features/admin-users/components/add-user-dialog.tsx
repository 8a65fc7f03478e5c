import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useAddUser } from '@/api/generated/admin/admin';
import { ClientIdentityFields } from '@/components/forms/client-identity-fields';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { PasswordField } from '@/components/ui/password-field';
import { useToast } from '@/components/ui/toast';
import { addUserSchema, type AddUserInput, type AddUserValues } from '../schemas';
import { showFormErrors, shownUnderFields, type CodeFields } from '@/lib/server-field-errors';

const FIELDS = ['name', 'email', 'cumpleanos', 'password', 'confirmPassword'] as const;
const CODE_FIELDS: CodeFields<AddUserInput> = { EMAIL_TAKEN: 'email' };
const EMPTY: AddUserInput = { name: '', email: '', cumpleanos: '', password: '', confirmPassword: '' };

export interface AddUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Agregar Usuario": a new client account, with the registration rules (no terms). */
export function AddUserDialog({ open, onOpenChange }: AddUserDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Agregar usuario"
      description="Una cuenta de cliente nueva. Podrá iniciar sesión con este correo y contraseña."
    >
      {/* Mounted only while open: every opening starts with an empty form. */}
      {open ? <AddUserForm onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function AddUserForm({ onDone }: { onDone: () => void }) {
  const toast = useToast();
  const mutation = useAddUser();
  const form = useForm<AddUserInput, unknown, AddUserValues>({
    resolver: zodResolver(addUserSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ name, email, cumpleanos, password, confirmPassword }) =>
    mutation.mutate(
      { data: { name, email, cumpleanos, password, confirmPassword } },
      {
        onSuccess: (res) => {
          toast.show(res.message);
          onDone();
        },
        onError: (error) => showFormErrors(error, FIELDS, form.setError, CODE_FIELDS),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <ClientIdentityFields
        fields={{ name: form.register('name'), email: form.register('email'), birthDate: form.register('cumpleanos') }}
        errors={{ name: errors.name?.message, email: errors.email?.message, birthDate: errors.cumpleanos?.message }}
      />
      <PasswordField
        label="Contraseña"
        autoComplete="new-password"
        hint="Al menos 8 caracteres."
        required
        error={errors.password?.message}
        {...form.register('password', { deps: ['confirmPassword'] })}
      />
      <PasswordField
        label="Confirmar contraseña"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      {shownUnderFields(mutation.error, FIELDS, CODE_FIELDS) ? null : <ErrorMessage error={mutation.error} />}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" loading={mutation.isPending} loadingLabel="Agregando…">
          Agregar usuario
        </Button>
      </div>
    </form>
  );
}
