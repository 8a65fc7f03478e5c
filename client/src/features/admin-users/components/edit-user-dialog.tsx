import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useChangeData } from '@/api/generated/admin/admin';
import type { AdminUserRowDto, ChangeDataDto } from '@/api/generated/model';
import { ClientIdentityFields } from '@/components/forms/client-identity-fields';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { sessionQueryOptions, setSessionUser } from '@/features/session';
import { ROLE_OPTIONS } from '../format';
import { editUserSchema, type EditUserInput, type EditUserValues } from '../schemas';
import { showFormErrors, shownUnderFields, type CodeFields } from '@/lib/server-field-errors';

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
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Editar usuario"
      description={user ? `${user.name} · Deja en blanco lo que no quieras cambiar.` : undefined}
    >
      {user ? <EditUserForm key={user.id} user={user} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditUserForm({ user, onDone }: { user: AdminUserRowDto; onDone: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const mutation = useChangeData();
  const form = useForm<EditUserInput, unknown, EditUserValues>({
    resolver: zodResolver(editUserSchema),
    defaultValues: { name: user.name, email: user.email, cumpleanos: user.cumpleanos, role: user.role },
  });
  const { errors } = form.formState;

  // Making someone an administrator gives them every user's data: it is asked once more.
  const [confirmingAdmin, setConfirmingAdmin] = useState<EditUserValues | null>(null);

  const save = (values: EditUserValues) => {
    const changes = userChanges(user, values);
    if (Object.keys(changes).length === 1) {
      onDone();
      return;
    }
    mutation.mutate(
      { data: changes },
      {
        onSuccess: (res) => {
          toast.show(res.message);
          // The admin changed their own name or email: the side menu shows the new one at once.
          if (queryClient.getQueryData(sessionQueryOptions.queryKey)?.id === res.user.id) {
            setSessionUser(queryClient, res.user);
          }
          onDone();
        },
        onError: (error) => {
          setConfirmingAdmin(null);
          showFormErrors(error, FIELDS, form.setError, CODE_FIELDS);
        },
      },
    );
  };

  const submit = form.handleSubmit((values) => {
    if (values.role === 'admin' && user.role !== 'admin') {
      setConfirmingAdmin(values);
      return;
    }
    save(values);
  });

  if (confirmingAdmin) {
    return (
      <div className="space-y-4">
        <p className="text-ink">
          ¿Dar el rol de administrador a <strong className="font-semibold">{user.name}</strong>? {ADMIN_ROLE_WARNING}
        </p>
        <ErrorMessage error={mutation.error} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setConfirmingAdmin(null)}>
            Volver
          </Button>
          <Button loading={mutation.isPending} loadingLabel="Guardando…" onClick={() => save(confirmingAdmin)}>
            Sí, hacerlo administrador
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <ClientIdentityFields
        required={false}
        fields={{ name: form.register('name'), email: form.register('email'), birthDate: form.register('cumpleanos') }}
        errors={{ name: errors.name?.message, email: errors.email?.message, birthDate: errors.cumpleanos?.message }}
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
            hint="Un administrador gestiona usuarios, planes y clases."
            error={errors.role?.message}
          />
        )}
      />
      {shownUnderFields(mutation.error, FIELDS, CODE_FIELDS) ? null : <ErrorMessage error={mutation.error} />}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" loading={mutation.isPending} loadingLabel="Guardando…">
          Guardar cambios
        </Button>
      </div>
    </form>
  );
}
