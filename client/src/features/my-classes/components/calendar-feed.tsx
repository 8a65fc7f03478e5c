import { CalendarSync, Copy, RefreshCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useGetCalendarFeedUrl, useResetCalendarFeedUrl } from '@/api/generated/calendar/calendar';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';

export const COPIED_MESSAGE = 'Enlace copiado';
export const COPY_FAILED_MESSAGE = 'No pudimos copiar el enlace. Cópialo desde el campo de texto.';
export const RESET_MESSAGE = 'Listo: este es tu enlace nuevo.';

/**
 * "Calendario personal": the secret URL of the client's class feed (.ics) for Google or Apple
 * Calendar. The URL is created on first request; a new one makes the old one stop working.
 */
export function CalendarFeed() {
  const toast = useToast();
  const titleId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const getUrl = useGetCalendarFeedUrl();
  const resetUrl = useResetCalendarFeedUrl();

  const showUrl = (next: string) => {
    // Render the field now, so that a failed copy can select its text right away.
    flushSync(() => setUrl(next));
  };

  const copy = async (text: string) => {
    try {
      // Missing on insecure origins and in some in-app browsers: the field below is the fallback.
      await navigator.clipboard.writeText(text);
      toast.show(COPIED_MESSAGE);
    } catch {
      fieldRef.current?.focus();
      fieldRef.current?.select();
      toast.show(COPY_FAILED_MESSAGE, 'error');
    }
  };

  const onCopy = () => {
    if (url) {
      void copy(url);
      return;
    }
    getUrl.mutate(undefined, {
      onSuccess: (res) => {
        showUrl(res.url);
        void copy(res.url);
      },
    });
  };

  const closeReset = () => {
    resetUrl.reset();
    setConfirmingReset(false);
  };

  const onReset = () => {
    resetUrl.mutate(undefined, {
      onSuccess: (res) => {
        showUrl(res.url);
        closeReset();
        toast.show(RESET_MESSAGE);
      },
    });
  };

  return (
    <section aria-labelledby={titleId} className="rounded-card bg-surface p-5 shadow-soft sm:p-6">
      <div className="flex items-start gap-3">
        <CalendarSync aria-hidden="true" className="mt-1 size-6 shrink-0 text-accent" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-display text-2xl leading-tight text-ink-strong">
            Calendario personal
          </h2>
          <p className="mt-1.5 text-ink-muted">
            Suscríbete desde Google Calendar o Apple Calendar para ver tus clases en tu teléfono.
          </p>
        </div>
      </div>

      <div className="mt-5 space-y-4">
        <Button onClick={onCopy} loading={getUrl.isPending} icon={<Copy aria-hidden="true" className="size-4" />}>
          Copiar enlace del calendario
        </Button>
        <ErrorMessage error={getUrl.error} />
        {url ? (
          <TextField
            ref={fieldRef}
            label="Enlace de tu calendario"
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            hint="Es personal: no lo compartas. En Google Calendar, agrégalo en «Otros calendarios → Desde URL»; en Apple Calendar, como «Nueva suscripción a calendario»."
            inputClassName="font-mono"
          />
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          className="-ml-2"
          onClick={() => setConfirmingReset(true)}
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
        >
          Generar un enlace nuevo
        </Button>
      </div>

      <Dialog
        open={confirmingReset}
        onOpenChange={(open) => {
          if (!open) closeReset();
        }}
        title="¿Generar un enlace nuevo?"
        description="El enlace anterior dejará de funcionar: los calendarios suscritos con él ya no mostrarán tus clases y tendrás que suscribirte de nuevo."
        footer={
          <>
            <Button variant="ghost" onClick={closeReset}>
              Volver
            </Button>
            <Button onClick={onReset} loading={resetUrl.isPending} loadingLabel="Generando…">
              Generar enlace nuevo
            </Button>
          </>
        }
      >
        {resetUrl.error ? (
          <ErrorMessage error={resetUrl.error} />
        ) : (
          <p className="text-sm text-ink-muted">Usa este cambio si compartiste tu enlace por error.</p>
        )}
      </Dialog>
    </section>
  );
}
