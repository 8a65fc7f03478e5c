import { MutationCache, QueryClient, type DefaultOptions, type QueryKey } from '@tanstack/react-query';
import { isApiError } from './api-error';

const MAX_RETRIES = 2;

/** Retries network and server failures, never a 4xx: asking again will not change the answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

const APP_DEFAULTS: DefaultOptions = {
  queries: {
    retry: shouldRetry,
    staleTime: 30_000,
    gcTime: 5 * 60_000,
  },
  mutations: {
    retry: false,
  },
};

// What each mutation makes stale (./invalidation) loads with the first mutation, not with the app:
// no page needs it before one. It starts loading as the request goes out, so it is there by the answer.
let invalidation: Promise<typeof import('./invalidation')> | undefined;
const loadInvalidation = () => (invalidation ??= import('./invalidation'));

/** Loads the table ahead of a first mutation (tests, like the dialogs' and toasts' code). */
export const preloadInvalidation = (): Promise<unknown> => loadInvalidation();

async function invalidateAfterMutation(queryClient: QueryClient, mutationKey: QueryKey | undefined, error: unknown) {
  let table: typeof import('./invalidation');
  try {
    table = await loadInvalidation();
  } catch {
    // The table could not load (the network dropped): reload every list on screen, and try again next time.
    invalidation = undefined;
    await queryClient.invalidateQueries();
    return;
  }
  await table.invalidateAfter(queryClient, mutationKey, error);
}

/**
 * The browser's query client. After every mutation it marks what the change made stale (the table
 * in ./invalidation): after the mutation's own onSuccess/onError, before its onSettled; for the
 * operations that wait, the mutation stays pending until the lists on screen have loaded again (a
 * booked class never shows "Reservar" again in between). Tests pass their own defaults.
 */
export function createQueryClient(defaultOptions: DefaultOptions = APP_DEFAULTS): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions,
    mutationCache: new MutationCache({
      onMutate: () => {
        void loadInvalidation().catch(() => undefined);
      },
      onSettled: (_data, error, _variables, _onMutateResult, mutation) =>
        invalidateAfterMutation(queryClient, mutation.options.mutationKey, error),
    }),
  });
  return queryClient;
}

export const queryClient = createQueryClient();
