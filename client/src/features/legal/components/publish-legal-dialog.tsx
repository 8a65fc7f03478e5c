import { useState, type FormEvent } from 'react';
import { isApiError } from '@/api/api-error';
import { usePublishLegalDocument } from '@/api/generated/admin/admin';
import type { LegalDocumentResponseDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { controlClasses, describedBy, FieldError, FieldHint, FieldLabel, useFieldIds } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import type { LegalKind } from '../queries';
import { LEGAL_TEXT_FORMAT_HINT } from '../text';

export const LEGAL_NAMES: Record<LegalKind, string> = {
  terminos: 'Términos y condiciones',
  privacidad: 'Aviso de privacidad',
  'aviso-corto': 'Aviso corto',
};

export const ACCEPTANCE_WARNING = 'Los clientes tendrán que aceptar esta versión antes de su próxima reserva.';

export interface PublishLegalDialogProps {
  kind: LegalKind;
  /** The version in force: its text starts the new one. */
  current: LegalDocumentResponseDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server published it: the new version. */
  onPublished: (published: LegalDocumentResponseDto) => void;
}

/**
 * «Publicar nueva versión» of a legal text: what changed and the whole text (the one in force to
 * start from), then a question that says what publishing does; in force as soon as it is published.
 */
export function PublishLegalDialog({ kind, current, open, onOpenChange, onPublished }: PublishLegalDialogProps) {
  const [summary, setSummary] = useState('');
  const [text, setText] = useState(current?.text ?? '');
  const [confirming, setConfirming] = useState(false);
  const [missing, setMissing] = useState<{ summary?: string; text?: string }>({});
  const publish = usePublishLegalDocument();
  const textIds = useFieldIds();
  const fieldErrors = isApiError(publish.error) ? publish.error.fieldErrors : {};
  const asksAcceptance = kind !== 'aviso-corto';

  const close = () => {
    if (publish.isPending) return;
    onOpenChange(false);
  };
  const check = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      summary: summary.trim() === '' ? 'Escribe qué cambió' : undefined,
      text: text.trim() === '' ? 'Escribe el texto' : undefined,
    };
    setMissing(problems);
    if (!problems.summary && !problems.text) setConfirming(true);
  };
  const send = () =>
    publish.mutate(
      { data: { kind, summary: summary.trim(), text } },
      {
        onSuccess: (answer) => {
          onPublished(answer);
          onOpenChange(false);
        },
        onError: () => setConfirming(false),
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={`Publicar nueva versión: ${LEGAL_NAMES[kind]}`}
      description={`Será la versión ${(current?.version ?? 0) + 1}, vigente desde que la publiques.`}
      className="md:max-w-3xl"
      footer={
        confirming ? (
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={publish.isPending}>
              Volver
            </Button>
            <Button onClick={send} loading={publish.isPending} loadingLabel="Publicando…">
              Sí, publicar
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" form="publicar-texto-legal">
              Publicar
            </Button>
          </>
        )
      }
    >
      {confirming ? (
        <div role="alert" className="space-y-2 text-ink">
          <p className="font-medium text-ink-strong">
            ¿Publicar la versión {(current?.version ?? 0) + 1} de {LEGAL_NAMES[kind].toLowerCase()}?
          </p>
          <p>
            Entra en vigor en cuanto la publiques y no se puede modificar (una corrección es otra versión).{' '}
            {asksAcceptance ? ACCEPTANCE_WARNING : null}
          </p>
        </div>
      ) : (
        <form id="publicar-texto-legal" onSubmit={check} noValidate className="space-y-5">
          <TextField
            label="Resumen de cambios"
            hint="Lo verán los clientes junto a la versión."
            maxLength={500}
            value={summary}
            onChange={(event) => setSummary(event.target.value)}
            error={missing.summary ?? fieldErrors.summary?.[0]}
          />
          <div>
            <FieldLabel htmlFor={textIds.controlId}>Texto</FieldLabel>
            <textarea
              id={textIds.controlId}
              rows={14}
              maxLength={60000}
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={missing.text || fieldErrors.text ? true : undefined}
              aria-describedby={describedBy(textIds.hintId, (missing.text || fieldErrors.text) && textIds.errorId)}
              className={cn(controlClasses, 'h-auto py-2.5 leading-6')}
            />
            <FieldHint id={textIds.hintId}>{LEGAL_TEXT_FORMAT_HINT}</FieldHint>
            {missing.text || fieldErrors.text ? (
              <FieldError id={textIds.errorId}>{missing.text ?? fieldErrors.text?.[0]}</FieldError>
            ) : null}
          </div>
        </form>
      )}
      {isApiError(publish.error) && Object.keys(fieldErrors).length === 0 ? (
        <ErrorMessage error={publish.error} className="mt-4" />
      ) : null}
    </Dialog>
  );
}
