import { hashKey, type FetchQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** How long the server waits for a page's data before it renders the page's loading state instead. */
export const SERVER_READ_DEADLINE_MS = 1500;

/**
 * How long the server waits for the visitor's session, read before any of the page's own data (the
 * routes' guards need it): a third of the page's deadline, so a slow session read leaves the page's
 * data the rest of it and the page goes out complete, with the guest's header.
 */
export const SESSION_READ_DEADLINE_MS = 500;

/** Per request on the server (one query cache each): when its first read started, */
const firstReadAt = new WeakMap<QueryClient, number>();
/** and the reads the page gave up waiting for (their part shows its loading state). */
const lateReads = new WeakMap<QueryClient, Set<string>>();

/**
 * A route loader's read through the query cache. On the server the page waits for it, but never
 * past the deadline (counted from the page's first read, so reads one after another share it; a
 * read given `within` waits that long at most): a slow read leaves its part of the page in its
 * loading state (the browser then fetches it), it does not hold the whole page. A failed read is dropped from the server's cache,
 * so the page shows its loading state and the browser asks again, the same markup on both sides. In
 * the browser the page shows at once, with its loading state while the answer arrives.
 */
export async function pageRead<TData, TError, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, TError, TData, TKey>,
  /** A shorter wait for this read alone (ms from now), within the page's deadline. */
  within = SERVER_READ_DEADLINE_MS,
): Promise<void> {
  const read = queryClient.ensureQueryData(options).then(
    () => true,
    () => false,
  );
  if (!import.meta.env.SSR) return;
  const start = firstReadAt.get(queryClient) ?? Date.now();
  firstReadAt.set(queryClient, start);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    const left = Math.min(start + SERVER_READ_DEADLINE_MS - Date.now(), within);
    timer = setTimeout(() => resolve('late'), Math.max(0, left));
  });
  const outcome = await Promise.race([read, deadline]);
  clearTimeout(timer);
  if (outcome === false) queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
  if (outcome === 'late') {
    // Even if it arrives while the page renders, the page was handed to the browser without it:
    // its part stays in its loading state on both sides.
    const late = lateReads.get(queryClient) ?? new Set<string>();
    late.add(hashKey(options.queryKey));
    lateReads.set(queryClient, late);
  }
}

/** Whether the server has this read's answer for the page (read within the deadline, and not failed). */
export function readOnServer(queryClient: QueryClient, queryKey: QueryKey): boolean {
  if (lateReads.get(queryClient)?.has(hashKey(queryKey))) return false;
  return queryClient.getQueryState(queryKey)?.status === 'success';
}

/** The digest a part left in its loading state by the server carries to the browser. */
export const UNREAD_ON_SERVER_DIGEST = 'pagina-sin-lectura';

/**
 * Why the server sent a part of the page in its loading state (its Suspense boundary's fallback) for
 * the browser to render: on purpose, not a failure. Its digest goes into the page with the part.
 */
export class LeftToBrowser extends Error {
  readonly digest = UNREAD_ON_SERVER_DIGEST;
}

/** Thrown on the server by a component whose read the page does not have (late or failed). */
export class UnreadOnServer extends LeftToBrowser {
  constructor(queryKey: QueryKey) {
    super(`Lectura pendiente en el servidor: ${hashKey(queryKey)}`);
    this.name = 'UnreadOnServer';
  }
}

/**
 * For `hydrateRoot`: a part the server left in its loading state (on purpose: its read was late or
 * failed, or the page's deadline passed) is rendered by the browser; that is not a hydration failure.
 * Anything else is reported as React reports it by default.
 */
export function onRecoverableError(error: unknown): void {
  if (
    typeof error === 'object' &&
    error !== null &&
    (error as { digest?: unknown }).digest === UNREAD_ON_SERVER_DIGEST
  ) {
    return;
  }
  if (typeof reportError === 'function') reportError(error);
  else console.error(error);
}
