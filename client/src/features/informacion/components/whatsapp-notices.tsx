import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  getGetWhatsAppConsentQueryKey,
  getWhatsAppConsent,
  useGiveWhatsAppConsent,
  useWithdrawWhatsAppConsent,
} from '@/api/generated/informacion/informacion';
import type { WhatsAppConsentResponseDto } from '@/api/generated/model';
import { isApiError } from '@/api/api-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { PageQueryBoundary, usePageQuery } from '@/lib/page-query';

/** The caller's WhatsApp consent (GET /api/informacion/whatsapp), as the route's loader prefetches it. */
export const whatsappQueryOptions = queryOptions({
  queryKey: getGetWhatsAppConsentQueryKey(),
  queryFn: ({ signal }) => getWhatsAppConsent({ signal }),
});

export const WHATSAPP_HINT =
  'Te escribimos solo para tus clases y nunca de noche: entre 8:00 y 21:00. Si algo falla, te llega por correo.';
export const WHATSAPP_ON_MESSAGE = 'Listo: te avisaremos por WhatsApp.';
export const WHATSAPP_OFF_MESSAGE = 'Ya no te escribiremos por WhatsApp; tus avisos llegarán por correo.';

export interface WhatsAppNoticesProps {
  /** After the server saved the change: the message to show. */
  onChanged: (message: string) => void;
}

/** "Avisos por WhatsApp": the checkbox and the mobile number, or the number in use and how to stop. */
export function WhatsAppNotices(props: WhatsAppNoticesProps) {
  return (
    <section aria-labelledby="avisos-whatsapp" className="rounded-card bg-surface p-6 shadow-soft md:p-8">
      <h2 id="avisos-whatsapp" className="flex items-center gap-2 text-xl font-semibold text-ink-strong">
        <MessageCircle aria-hidden="true" className="size-5 text-accent" />
        Avisos por WhatsApp
      </h2>
      <p className="mt-2 max-w-prose text-ink-muted">{WHATSAPP_HINT}</p>
      <PageQueryBoundary
        fallback={<Spinner label="Cargando tus avisos…" className="mt-6" />}
        error={(error) => <ErrorMessage error={error} className="mt-6" />}
      >
        <WhatsAppConsentForm {...props} />
      </PageQueryBoundary>
    </section>
  );
}

function WhatsAppConsentForm({ onChanged }: WhatsAppNoticesProps) {
  const queryClient = useQueryClient();
  const state = usePageQuery(whatsappQueryOptions).data;
  const give = useGiveWhatsAppConsent();
  const withdraw = useWithdrawWhatsAppConsent();
  const [phone, setPhone] = useState('');
  const [consent, setConsent] = useState(false);
  // The answer is the new state: shown at once (the list reloads behind it).
  const show = (answer: WhatsAppConsentResponseDto, message: string) => {
    queryClient.setQueryData(whatsappQueryOptions.queryKey, answer);
    onChanged(message);
  };
  const fieldErrors = isApiError(give.error) ? give.error.fieldErrors : {};

  if (state.whatsapp) {
    return (
      <div className="mt-6 space-y-4">
        <p className="text-ink-strong" aria-live="polite">
          Recibes tus avisos en <strong className="font-semibold">{state.whatsapp.phoneDisplay}</strong>.
        </p>
        <p className="text-ink-muted">También puedes responder «BAJA» a cualquiera de nuestros mensajes.</p>
        <Button
          variant="secondary"
          loading={withdraw.isPending}
          loadingLabel="Guardando…"
          onClick={() => withdraw.mutate(undefined, { onSuccess: (answer) => show(answer, WHATSAPP_OFF_MESSAGE) })}
        >
          Dejar de recibir avisos por WhatsApp
        </Button>
        <ErrorMessage error={withdraw.error} />
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    give.mutate(
      { data: { phone, consent } },
      {
        onSuccess: (answer) => {
          setPhone('');
          setConsent(false);
          show(answer, WHATSAPP_ON_MESSAGE);
        },
      },
    );
  };
  const unnamed = isApiError(give.error) && Object.keys(fieldErrors).length === 0;
  return (
    <form className="mt-6 max-w-md space-y-5" onSubmit={submit} noValidate>
      <TextField
        label="Tu celular"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        hint="10 dígitos, por ejemplo 722 123 4567."
        maxLength={40}
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={fieldErrors.phone?.[0]}
      />
      <Checkbox label={state.text} checked={consent} onCheckedChange={setConsent} error={fieldErrors.consent?.[0]} />
      {unnamed ? <ErrorMessage error={give.error} /> : null}
      <Button type="submit" loading={give.isPending} loadingLabel="Guardando…">
        Recibir avisos por WhatsApp
      </Button>
    </form>
  );
}
