import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import {
  getGetMarketingConsentQueryKey,
  getMarketingConsent,
  useSetMarketingConsent,
} from '@/api/generated/informacion/informacion';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { PageQueryBoundary, usePageQuery } from '@/lib/page-query';
import { publishedOn } from '../format';

/** The caller's opt-in to promotions (GET /api/consents/marketing), as Mi información's loader prefetches it. */
export const marketingQueryOptions = queryOptions({
  queryKey: getGetMarketingConsentQueryKey(),
  queryFn: ({ signal }) => getMarketingConsent({ signal }),
});

export const PROMOTIONS_HINT =
  'Ofertas, clases especiales y novedades del estudio por correo. Los avisos de tus clases te llegan siempre.';
export const PROMOTIONS_ON_MESSAGE = 'Listo: te enviaremos promociones y novedades.';
export const PROMOTIONS_OFF_MESSAGE = 'Ya no recibirás promociones.';

export interface PromotionsProps {
  /** After the server saved the change: the message to show. */
  onChanged: (message: string) => void;
}

/** Mi información → «Promociones»: the opt-in's state, since when, and a one-click toggle. */
export function Promotions(props: PromotionsProps) {
  return (
    <section aria-labelledby="promociones" className="rounded-card bg-surface p-6 shadow-soft md:p-8">
      <h2 id="promociones" className="flex items-center gap-2 text-xl font-semibold text-ink-strong">
        <Megaphone aria-hidden="true" className="size-5 text-accent" />
        Promociones
      </h2>
      <p className="mt-2 max-w-prose text-ink-muted">{PROMOTIONS_HINT}</p>
      <PageQueryBoundary
        fallback={<Spinner label="Cargando tus preferencias…" className="mt-6" />}
        error={(error) => <ErrorMessage error={error} className="mt-6" />}
      >
        <PromotionsToggle {...props} />
      </PageQueryBoundary>
    </section>
  );
}

function PromotionsToggle({ onChanged }: PromotionsProps) {
  const queryClient = useQueryClient();
  const state = usePageQuery(marketingQueryOptions).data;
  const change = useSetMarketingConsent();
  const toggle = () =>
    change.mutate(
      { data: { optIn: !state.optedIn } },
      {
        onSuccess: (answer) => {
          // The answer is the new state: shown at once.
          queryClient.setQueryData(marketingQueryOptions.queryKey, answer);
          onChanged(answer.optedIn ? PROMOTIONS_ON_MESSAGE : PROMOTIONS_OFF_MESSAGE);
        },
      },
    );
  return (
    <div className="mt-6 space-y-4">
      <p className="text-ink-strong" aria-live="polite">
        {state.optedIn
          ? `Recibes promociones${state.since ? ` desde el ${publishedOn(state.since)}` : ''}.`
          : `No recibes promociones${state.since ? ` (las dejaste el ${publishedOn(state.since)})` : ''}.`}
      </p>
      <Button
        variant={state.optedIn ? 'secondary' : 'primary'}
        loading={change.isPending}
        loadingLabel="Guardando…"
        onClick={toggle}
      >
        {state.optedIn ? 'Dejar de recibir promociones' : 'Quiero recibir promociones'}
      </Button>
      <ErrorMessage error={change.error} />
    </div>
  );
}
