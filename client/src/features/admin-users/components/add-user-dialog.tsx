import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useAddUser } from '@/api/generated/admin/admin';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useInvalidateAfter } from '@/api/invalidation';
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
  const invalidateAfter = useInvalidateAfter();
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
          void invalidateAfter('userAdded');
          onDone();
        },
        onError: (error) => showFormErrors(error, FIELDS, form.setError, CODE_FIELDS),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Nombre" autoComplete="off" required error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Correo electrónico"
        type="email"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <DateField
        label="Fecha de nacimiento"
        autoComplete="off"
        required
        error={errors.cumpleanos?.message}
        {...form.register('cumpleanos')}
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
