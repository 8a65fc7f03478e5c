import { queryOptions } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useSetFavouriteSpot } from '@/api/generated/informacion/informacion';
import type { FavouriteSpotResponseDto, SpotRefDto } from '@/api/generated/model';
import { getGetSalaQueryKey, getSala } from '@/api/generated/reservations/reservations';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { RoomMap } from '@/features/booking';
import { PageQueryBoundary, usePageQuery } from '@/lib/page-query';

/** The room as clients see it (GET /api/reservations/sala), as the route's loader prefetches it. */
export const salaQueryOptions = queryOptions({
  queryKey: getGetSalaQueryKey(),
  queryFn: ({ signal }) => getSala({ signal }),
});

export const FAVOURITE_HINT = 'Cuando reservas con «Cualquiera», te damos tu favorito si está libre.';

export interface FavouriteSpotProps {
  /** The session user's favourite, or null. */
  favourite: SpotRefDto | null;
  /** After the server saved the choice (its answer names the new favourite). */
  onChanged: (answer: FavouriteSpotResponseDto) => void;
}

/** "Tu reformer favorito": the room to choose it on, and "Sin favorito" to clear it. */
export function FavouriteSpot(props: FavouriteSpotProps) {
  return (
    <section aria-labelledby="reformer-favorito" className="rounded-card bg-surface p-6 shadow-soft md:p-8">
      <h2 id="reformer-favorito" className="text-xl font-semibold text-ink-strong">
        Tu reformer favorito
      </h2>
      <p className="mt-2 max-w-prose text-ink-muted">{FAVOURITE_HINT}</p>
      <PageQueryBoundary
        fallback={<Spinner label="Cargando la sala…" className="mt-6" />}
        error={(error) => <ErrorMessage error={error} className="mt-6" />}
      >
        <FavouriteRoom {...props} />
      </PageQueryBoundary>
    </section>
  );
}

function FavouriteRoom({ favourite, onChanged }: FavouriteSpotProps) {
  const sala = usePageQuery(salaQueryOptions).data;
  const save = useSetFavouriteSpot();
  const choose = (spot: number | null) => {
    if (spot === (favourite?.id ?? null) || save.isPending) return;
    save.mutate({ data: { spot } }, { onSuccess: onChanged });
  };
  return (
    <div className="mt-6 space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-ink-strong" aria-live="polite">
          <Star aria-hidden="true" className="size-4 fill-current text-accent" />
          {favourite ? (
            <span>
              Tu favorito: <strong className="font-semibold">{favourite.label}</strong>
            </span>
          ) : (
            <span>Aún no tienes un reformer favorito.</span>
          )}
        </p>
        {favourite ? (
          <Button
            variant="secondary"
            size="sm"
            loading={save.isPending && save.variables?.data.spot === null}
            loadingLabel="Guardando…"
            onClick={() => choose(null)}
          >
            Sin favorito
          </Button>
        ) : null}
      </div>
      {sala.spots.length > 0 ? (
        <RoomMap
          // Every reformer is free to be a favourite: the map shows the room, not a class.
          spots={sala.spots}
          instructor={sala.instructor}
          anyChoice={false}
          selected={favourite?.id ?? null}
          favouriteId={favourite?.id ?? null}
          onSelect={choose}
          disabled={save.isPending}
          label="Elige tu reformer favorito"
          className="mx-0"
        />
      ) : (
        <p className="text-ink">El estudio aún no ha dibujado su sala.</p>
      )}
      <ErrorMessage error={save.error} />
    </div>
  );
}
