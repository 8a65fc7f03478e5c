import { useState } from 'react';
import { useChangeArcoRequestStatus } from '@/api/generated/admin/admin';
import type { ArcoRequestDto } from '@/api/generated/model';
import { isApiError } from '@/api/api-error';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { controlClasses, describedBy, FieldError, FieldHint, FieldLabel, useFieldIds } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { isAnswer, RIGHT_LABELS, STATUS_LABELS, type ArcoStatus } from '../format';

export const NOTE_REQUIRED = 'Escribe la respuesta o el motivo del rechazo';
const NOTE_MAX = 2000;

const statusOptions = (Object.entries(STATUS_LABELS) as [ArcoStatus, string][]).map(([value, label]) => ({
  value,
  label,
}));

function StatusForm({ request, onClose }: { request: ArcoRequestDto; onClose: () => void }) {
  const toast = useToast();
  const change = useChangeArcoRequestStatus();
  const [status, setStatus] = useState<ArcoStatus>(request.status === 'recibida' ? 'en_proceso' : request.status);
  const [note, setNote] = useState(request.responseNote ?? '');
  const [noteError, setNoteError] = useState<string | undefined>(undefined);
  const { controlId, hintId, errorId } = useFieldIds();
  const serverNoteError = isApiError(change.error) ? change.error.fieldErrors.responseNote?.join(' ') : undefined;
  const shownNoteError = noteError ?? serverNoteError;

  const submit = () => {
    const trimmed = note.trim();
    if (isAnswer(status) && trimmed === '') {
      setNoteError(NOTE_REQUIRED);
      return;
    }
    setNoteError(undefined);
    change.mutate(
      { id: request.id, data: { status, ...(trimmed ? { responseNote: trimmed } : {}) } },
      {
        onSuccess: () => {
          toast.show(`Solicitud ${request.folio}: ${STATUS_LABELS[status].toLowerCase()}.`);
          onClose();
        },
      },
    );
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="text-ink">
        {request.name} ({request.email}) · {RIGHT_LABELS[request.right]}
      </p>
      <p className="rounded-control bg-sand px-3 py-2 text-sm whitespace-pre-line text-ink">{request.detail}</p>
      <Select
        label="Estado"
        options={statusOptions}
        value={status}
        onValueChange={(value) => {
          setStatus(value as ArcoStatus);
          setNoteError(undefined);
        }}
      />
      <div>
        <FieldLabel htmlFor={controlId} required={isAnswer(status)}>
          Respuesta
        </FieldLabel>
        <textarea
          id={controlId}
          rows={4}
          maxLength={NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={shownNoteError ? true : undefined}
          aria-describedby={describedBy(hintId, shownNoteError && errorId)}
          className={cn(controlClasses, 'h-auto py-2.5 leading-6')}
        />
        <FieldHint id={hintId}>
          Lo que respondiste a la persona, o el motivo del rechazo. Obligatoria al responder o rechazar.
        </FieldHint>
        {shownNoteError ? <FieldError id={errorId}>{shownNoteError}</FieldError> : null}
      </div>
      {serverNoteError ? null : <ErrorMessage error={change.error} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose} disabled={change.isPending}>
          Volver
        </Button>
        <Button type="submit" loading={change.isPending} loadingLabel="Guardando…">
          Guardar estado
        </Button>
      </div>
    </form>
  );
}

/** «Cambiar estado» of an ARCO request, with the answer sent to the requester. */
export function ArcoStatusDialog({ request, onClose }: { request: ArcoRequestDto | null; onClose: () => void }) {
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Cambiar estado"
      description={request ? `Solicitud ${request.folio}` : undefined}
    >
      {request ? <StatusForm key={request.id} request={request} onClose={onClose} /> : null}
    </Dialog>
  );
}
