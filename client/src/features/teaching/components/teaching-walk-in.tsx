import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useWalkIn } from '@/api/generated/admin/admin';
import { ClientIdentityFields } from '@/components/forms/client-identity-fields';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';
import { walkInClientSchema } from '@/features/booking';
import { showFormErrors, shownUnderFields, type CodeFields } from '@/lib/server-field-errors';

type WalkInInput = z.input<typeof walkInClientSchema>;
type WalkInValues = z.output<typeof walkInClientSchema>;

const FIELDS = ['name', 'email', 'cumpleanos'] as const;
const CODE_FIELDS: CodeFields<WalkInInput> = { EMAIL_TAKEN: 'email' };

/**
 * "Agregar cliente" on the instructor's own class: someone new at the door, as the admin's roster
 * adds them (the same walk-in call; the class comes from a plan if one covers it, else it is paid at
 * the studio). Existing clients are found by the studio's desk: an instructor does not search users.
 */
export function TeachingWalkIn({ date, scheduleId, full }: { date: string; scheduleId: number; full: boolean }) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const walkIn = useWalkIn();
  const form = useForm<WalkInInput, unknown, WalkInValues>({
    resolver: zodResolver(walkInClientSchema),
    defaultValues: { name: '', email: '', cumpleanos: '' },
  });
  const { errors } = form.formState;

  if (!open) {
    return (
      <div className="border-t border-line pt-4">
        <Button
          variant="secondary"
          className="min-h-12 w-full"
          icon={<UserPlus aria-hidden="true" className="size-5" />}
          disabled={full}
          onClick={() => {
            walkIn.reset();
            form.reset();
            setOpen(true);
          }}
        >
          Agregar cliente
        </Button>
        {full ? <p className="mt-2 text-center text-sm text-ink-muted">La clase está llena.</p> : null}
      </div>
    );
  }

  const submit = form.handleSubmit((values) =>
    walkIn.mutate(
      { data: { date, classReservation: scheduleId, ...values } },
      {
        onSuccess: (answer) => {
          toast.show(`${answer.message} Su lugar: ${answer.spot.label}.`);
          setOpen(false);
        },
        onError: (failure) => showFormErrors(failure, FIELDS, form.setError, CODE_FIELDS),
      },
    ),
  );

  return (
    <section aria-label="Agregar cliente" className="space-y-3 border-t border-line pt-4">
      <h4 className="font-medium text-ink-strong">Agregar cliente nuevo a esta clase</h4>
      <form onSubmit={submit} noValidate className="space-y-4">
        <ClientIdentityFields
          fields={{
            name: form.register('name'),
            email: form.register('email'),
            birthDate: form.register('cumpleanos'),
          }}
          errors={{ name: errors.name?.message, email: errors.email?.message, birthDate: errors.cumpleanos?.message }}
        />
        <p className="text-sm text-ink-muted">
          Le enviaremos un correo para que elija su contraseña. Si ya tiene cuenta, pide a recepción que la agregue.
        </p>
        {shownUnderFields(walkIn.error, FIELDS, CODE_FIELDS) ? null : <ErrorMessage error={walkIn.error} />}
        <Button type="submit" className="min-h-12 w-full" loading={walkIn.isPending} loadingLabel="Agregando…">
          Crear y agregar
        </Button>
        <Button
          type="button"
          variant="ghost"
          className="min-h-12 w-full"
          disabled={walkIn.isPending}
          onClick={() => setOpen(false)}
        >
          Cancelar
        </Button>
      </form>
    </section>
  );
}
