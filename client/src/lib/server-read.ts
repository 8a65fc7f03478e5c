import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/** How long the server waits for a page's data before it renders the page's loading state instead. */
export const SERVER_READ_DEADLINE_MS = 1500;

/**
 * A route loader's read through the query cache. On the server the page waits for it, but never
 * longer than the deadline: a slow read leaves its part of the page in its loading state (the browser
 * then fetches it), it does not hold the whole page. A failed read is dropped from the server's cache,
 * so the page shows its loading state and the browser asks again, the same markup on both sides. In
 * the browser the page shows at once, with its loading state while the answer arrives.
 */
export async function pageRead<TData, TError, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, TError, TData, TKey>,
): Promise<void> {
  const read = queryClient.ensureQueryData(options).then(
    () => true,
    () => false,
  );
  if (!import.meta.env.SSR) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), SERVER_READ_DEADLINE_MS);
  });
  const outcome = await Promise.race([read, deadline]);
  clearTimeout(timer);
  if (outcome === false) queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
}
