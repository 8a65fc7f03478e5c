import { useState, type FormEvent } from 'react';
import { useAskCover, useWithdrawCover } from '@/api/generated/instructor/instructor';
import type { TeachingClassDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';

/** The longest note the studio takes with a request (the server's limit). */
export const COVER_NOTE_MAX = 200;

/**
 * "Pedir suplente" for one coming class (an optional short note for the studio), or the request
 * already open with "Retirar petición". A declined request may be asked again.
 */
export function CoverRequest({ klass }: { klass: TeachingClassDto }) {
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const toast = useToast();
  const ask = useAskCover();
  const withdraw = useWithdrawCover();
  const request = klass.coverRequest;

  if (request?.status === 'open') {
    return (
      <div className="space-y-3 rounded-control bg-sand/60 p-3">
        <p className="font-medium text-ink-strong">Pediste un suplente para esta clase.</p>
        {request.note ? <p className="text-sm break-words text-ink-muted">Tu nota: {request.note}</p> : null}
        <ErrorMessage error={withdraw.error} />
        <Button
          variant="secondary"
          className="min-h-12 w-full"
          loading={withdraw.isPending}
          loadingLabel="Retirando…"
          onClick={() =>
            withdraw.mutate({ data: { id: request.id } }, { onSuccess: (answer) => toast.show(answer.message) })
          }
        >
          Retirar petición
        </Button>
      </div>
    );
  }

  const declined =
    request?.status === 'declined' ? (
      <p className="text-sm text-ink-muted">El estudio rechazó tu petición de suplente.</p>
    ) : null;

  if (!asking) {
    return (
      <div className="space-y-2">
        {declined}
        <Button
          variant="ghost"
          className="min-h-12 w-full border border-line"
          onClick={() => {
            ask.reset();
            setNote('');
            setAsking(true);
          }}
        >
          Pedir suplente
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = note.trim();
    ask.mutate(
      { data: { scheduleId: klass.scheduleId, date: klass.date, ...(trimmed ? { note: trimmed } : {}) } },
      {
        onSuccess: (answer) => {
          toast.show(answer.message);
          setAsking(false);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Pedir suplente" className="space-y-3 rounded-control bg-sand/60 p-3">
      <TextField
        label="Nota para el estudio (opcional)"
        value={note}
        maxLength={COVER_NOTE_MAX}
        onChange={(event) => setNote(event.target.value)}
        hint="Por ejemplo: cita médica."
      />
      <ErrorMessage error={ask.error} />
      <Button type="submit" className="min-h-12 w-full" loading={ask.isPending} loadingLabel="Enviando…">
        Enviar petición
      </Button>
      <Button
        type="button"
        variant="ghost"
        className="min-h-12 w-full"
        disabled={ask.isPending}
        onClick={() => setAsking(false)}
      >
        Cancelar
      </Button>
    </form>
  );
}
