import { getAddUserMutationOptions } from '@/api/generated/admin/admin';
import { ClientIdentityFields } from '@/components/forms/client-identity-fields';
import { FormDialog } from '@/components/forms/form-dialog';
import { PasswordField } from '@/components/ui/password-field';
import type { CodeFields } from '@/lib/server-field-errors';
import { addUserSchema, type AddUserInput } from '../schemas';

const FIELDS = ['name', 'email', 'cumpleanos', 'password', 'confirmPassword'] as const;
const CODE_FIELDS: CodeFields<AddUserInput> = { EMAIL_TAKEN: 'email' };
const EMPTY: AddUserInput = { name: '', email: '', cumpleanos: '', password: '', confirmPassword: '' };

export interface AddUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Agregar usuario": a new client account, with the registration rules (no terms). */
export function AddUserDialog({ open, onOpenChange }: AddUserDialogProps) {
  return (
    <FormDialog
      subject={open || null}
      onClose={() => onOpenChange(false)}
      title="Agregar usuario"
      description="Una cuenta de cliente nueva. Podrá iniciar sesión con este correo y contraseña."
      schema={addUserSchema}
      defaultValues={() => EMPTY}
      mutation={getAddUserMutationOptions()}
      toRequest={({ name, email, cumpleanos, password, confirmPassword }) => ({
        data: { name, email, cumpleanos, password, confirmPassword },
      })}
      fields={FIELDS}
      codeFields={CODE_FIELDS}
      submitLabel="Agregar usuario"
      pendingLabel="Agregando…"
    >
      {(form) => {
        const { errors } = form.formState;
        return (
          <>
            <ClientIdentityFields
              fields={{
                name: form.register('name'),
                email: form.register('email'),
                birthDate: form.register('cumpleanos'),
              }}
              errors={{
                name: errors.name?.message,
                email: errors.email?.message,
                birthDate: errors.cumpleanos?.message,
              }}
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
          </>
        );
      }}
    </FormDialog>
  );
}
