import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { getChangeDataMutationOptions } from '@/api/generated/admin/admin';
import type { AdminUserRowDto, ChangeDataDto } from '@/api/generated/model';
import { ClientIdentityFields } from '@/components/forms/client-identity-fields';
import { FormDialog } from '@/components/forms/form-dialog';
import { Select } from '@/components/ui/select';
import { sessionQueryOptions, setSessionUser } from '@/features/session';
import type { CodeFields } from '@/lib/server-field-errors';
import { ROLE_OPTIONS } from '../format';
import { editUserSchema, type EditUserInput, type EditUserValues } from '../schemas';

const FIELDS = ['name', 'email', 'cumpleanos', 'role'] as const;
const CODE_FIELDS: CodeFields<EditUserInput> = {
  EMAIL_TAKEN: 'email',
  SELF_DEMOTION: 'role',
  LAST_ADMIN: 'role',
};

/** Only what changed; a blank field keeps its value (every field is optional). */
export function userChanges(user: AdminUserRowDto, values: EditUserValues): ChangeDataDto {
  const changes: ChangeDataDto = { id_user: user.id };
  if (values.name !== '' && values.name !== user.name) changes.name = values.name;
  if (values.email !== '' && values.email !== user.email.toLowerCase()) changes.email = values.email;
  if (values.cumpleanos !== '' && values.cumpleanos !== user.cumpleanos) changes.cumpleanos = values.cumpleanos;
  if (values.role !== user.role) changes.role = values.role;
  return changes;
}

export interface EditUserDialogProps {
  /** The user to edit; null keeps the dialog closed. */
  user: AdminUserRowDto | null;
  onClose: () => void;
}

export const ADMIN_ROLE_WARNING =
  'Podrá ver y cambiar los datos de todos los usuarios, sus planes, el horario y los pagos.';

/** Name, email, birth date and role of one user. */
export function EditUserDialog({ user, onClose }: EditUserDialogProps) {
  const queryClient = useQueryClient();
  return (
    <FormDialog
      subject={user}
      onClose={onClose}
      title="Editar usuario"
      description={
        user ? `${user.name} · Los campos muestran sus datos actuales: cambia solo lo que necesites.` : undefined
      }
      schema={editUserSchema}
      defaultValues={(editing) => ({
        name: editing.name,
        email: editing.email,
        cumpleanos: editing.cumpleanos,
        role: editing.role,
      })}
      mutation={getChangeDataMutationOptions()}
      toRequest={(values, editing) => {
        const changes = userChanges(editing, values);
        return Object.keys(changes).length === 1 ? null : { data: changes };
      }}
      fields={FIELDS}
      codeFields={CODE_FIELDS}
      submitLabel="Guardar cambios"
      pendingLabel="Guardando…"
      // Making someone an administrator gives them every user's data: it is asked once more.
      confirm={(values, editing) =>
        values.role === 'admin' && editing.role !== 'admin'
          ? {
              question: (
                <>
                  ¿Dar el rol de administrador a <strong className="font-semibold">{editing.name}</strong>?{' '}
                  {ADMIN_ROLE_WARNING}
                </>
              ),
              confirmLabel: 'Sí, hacerlo administrador',
            }
          : null
      }
      onSuccess={(answer) => {
        // The admin changed their own name or email: the side menu shows the new one at once.
        if (queryClient.getQueryData(sessionQueryOptions.queryKey)?.id === answer.user.id) {
          setSessionUser(queryClient, answer.user);
        }
      }}
    >
      {(form) => {
        const { errors } = form.formState;
        return (
          <>
            <ClientIdentityFields
              required={false}
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
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select
                  label="Rol"
                  options={ROLE_OPTIONS}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  hint="Un instructor tiene su perfil en Instructores; un administrador gestiona usuarios, planes y clases."
                  error={errors.role?.message}
                />
              )}
            />
          </>
        );
      }}
    </FormDialog>
  );
}
