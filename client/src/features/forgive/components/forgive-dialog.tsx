import { useState, type FormEvent } from 'react';
import { useForgive } from '@/api/generated/admin/admin';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';

/** What is forgiven: a place released after the deadline, or a class not attended. */
export type ForgivenKind = 'late_release' | 'no_show';

export interface ForgiveTarget {
  reservationId: number;
  kind: ForgivenKind;
  /** The client's name, for the question. */
  name: string;
  /** The class, in words: 'martes 24 de noviembre, 7:00 AM'. */
  classLabel: string;
}

export const FORGIVE_TITLE = 'Perdonar';
export const REASON_REQUIRED = 'Escribe el motivo.';
export const REASON_TOO_LONG = 'El motivo no puede tener más de 200 caracteres.';
const REASON_MAX = 200;

const WHAT: Record<ForgivenKind, string> = {
  late_release: 'la cancelación tardía',
  no_show: 'la inasistencia',
};

/** The toast after forgiving: whether the class went back to the client's plan (the server's answer). */
export function forgivenMessage(kind: ForgivenKind, classReturned: boolean): string {
  return classReturned
    ? `Se perdonó ${WHAT[kind]}; la clase volvió a su plan.`
    : `Se perdonó ${WHAT[kind]}; la clase no volvió a su plan porque ya no está vigente o pagó en el estudio.`;
}

/** The reason's field error, or null when it can be sent. */
export function reasonError(reason: string): string | null {
  const trimmed = reason.trim();
  if (trimmed === '') return REASON_REQUIRED;
  if (trimmed.length > REASON_MAX) return REASON_TOO_LONG;
  return null;
}

export interface ForgiveDialogProps {
  /** What to forgive; null keeps the dialog closed. */
  target: ForgiveTarget | null;
  onClose: () => void;
}

/**
 * "Perdonar" (admin): forgives a late release or a no-show with a required reason. The class goes
 * back to the client's plan while the plan is valid, the client is mailed and the change audited
 * (server); the lists refresh through the mutation's staleness (api/invalidation.ts).
 */
export function ForgiveDialog({ target, onClose }: ForgiveDialogProps) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={FORGIVE_TITLE}
      description={
        target
          ? `¿Perdonar ${WHAT[target.kind]} de ${target.name} en la clase del ${target.classLabel}? La clase vuelve a su plan si sigue vigente y le avisamos por correo.`
          : undefined
      }
    >
      {target ? <ForgiveForm key={target.reservationId} target={target} onDone={onClose} /> : null}
    </Dialog>
  );
}

function ForgiveForm({ target, onDone }: { target: ForgiveTarget; onDone: () => void }) {
  const toast = useToast();
  const mutation = useForgive();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const problem = reasonError(reason);
    setError(problem);
    if (problem) return;
    mutation.mutate(
      { data: { reservationId: target.reservationId, reason: reason.trim() } },
      {
        onSuccess: (answer) => {
          toast.show(forgivenMessage(target.kind, answer.classReturned));
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Motivo"
        value={reason}
        maxLength={REASON_MAX + 50}
        autoComplete="off"
        onChange={(event) => setReason(event.target.value)}
        hint="Queda en la bitácora, p. ej. «Avisó por WhatsApp: emergencia familiar»."
        error={error ?? undefined}
        required
      />
      <ErrorMessage error={mutation.error} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone} disabled={mutation.isPending}>
          Volver
        </Button>
        <Button type="submit" loading={mutation.isPending} loadingLabel="Perdonando…">
          Perdonar
        </Button>
      </div>
    </form>
  );
}
