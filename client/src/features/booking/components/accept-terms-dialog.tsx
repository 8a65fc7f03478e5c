import { useState } from 'react';
import { useAcceptLegalDocument, useGetPendingAcceptances } from '@/api/generated/informacion/informacion';
import type { PendingAcceptanceDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { publishedOn } from '@/features/legal';

export const ACCEPT_TERMS_TITLE = 'Actualizamos nuestros términos';

const TEXTS: Record<PendingAcceptanceDto['kind'], { name: string; path: string }> = {
  terminos: { name: 'Términos y condiciones', path: '/pilates/terminos' },
  privacidad: { name: 'Aviso de privacidad', path: '/pilates/aviso-de-privacidad' },
};

export interface AcceptTermsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Everything pending was accepted: send the booking again. */
  onAccepted: () => void;
}

/**
 * TERMS_ACCEPTANCE_REQUIRED: the new versions of the terms or the privacy notice the client has yet
 * to accept, each to read in a new tab; «Aceptar y reservar» records them and books the same class.
 */
export function AcceptTermsDialog({ open, onOpenChange, onAccepted }: AcceptTermsDialogProps) {
  const pending = useGetPendingAcceptances({ query: { enabled: open } });
  const accept = useAcceptLegalDocument();
  const [accepting, setAccepting] = useState(false);
  const items = pending.data?.pending ?? [];

  const acceptAll = async () => {
    setAccepting(true);
    try {
      // One at a time: each answer says what is still pending.
      for (const item of items) await accept.mutateAsync({ data: { kind: item.kind, version: item.version } });
      onAccepted();
    } catch {
      // Shown by the mutation's error below; a version published meanwhile shows in the list again.
      void pending.refetch();
    } finally {
      setAccepting(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!accepting) onOpenChange(next);
      }}
      title={ACCEPT_TERMS_TITLE}
      description="Para seguir reservando, revisa y acepta lo que cambió."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={accepting}>
            Ahora no
          </Button>
          <Button
            onClick={() => void acceptAll()}
            loading={accepting}
            loadingLabel="Reservando…"
            disabled={pending.isPending}
          >
            Aceptar y reservar
          </Button>
        </>
      }
    >
      {pending.isPending ? <Spinner label="Cargando los cambios…" /> : null}
      <ErrorMessage error={pending.error} />
      {items.length > 0 ? (
        <ul aria-label="Por aceptar" className="space-y-3">
          {items.map((item) => (
            <li key={item.kind} className="text-ink">
              <p className="font-medium text-ink-strong">
                {TEXTS[item.kind].name}, versión {item.version} (del {publishedOn(item.publishedAt)})
              </p>
              {item.summary ? <p className="text-sm text-ink-muted">{item.summary}</p> : null}
              <a
                href={`${TEXTS[item.kind].path}?version=${item.version}`}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm font-medium text-accent underline underline-offset-2 hover:text-accent-strong"
              >
                Leer {TEXTS[item.kind].name.toLowerCase()} (se abre en otra pestaña)
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorMessage error={accept.error} className="mt-3" />
    </Dialog>
  );
}
