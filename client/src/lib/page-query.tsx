import {
  QueryErrorResetBoundary,
  useQueryClient,
  useSuspenseQuery,
  type DefaultError,
  type QueryKey,
  type UseSuspenseQueryOptions,
  type UseSuspenseQueryResult,
} from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { UnreadOnServer, readOnServer } from './server-read';

/**
 * `useSuspenseQuery` for a read the route's loader prefetched (`pageRead`). On the server it never
 * fetches: a read the page does not have (it was late or failed) throws, and the nearest
 * `PageQueryBoundary` goes out in its loading state for the browser to fill in, so one slow read
 * never holds the page.
 */
export function usePageQuery<TData, TError = DefaultError, TKey extends QueryKey = QueryKey>(
  options: UseSuspenseQueryOptions<TData, TError, TData, TKey>,
): UseSuspenseQueryResult<TData, TError> {
  const queryClient = useQueryClient();
  if (import.meta.env.SSR && !readOnServer(queryClient, options.queryKey)) throw new UnreadOnServer(options.queryKey);
  return useSuspenseQuery(options, queryClient);
}

export interface PageQueryBoundaryProps {
  /** The part's loading state: the same markup on the server (a late or failed read) and in the browser. */
  fallback: ReactNode;
  /** The part when its read failed in the browser; without it the error goes to the page's boundary. */
  error?: (error: unknown, retry: () => void) => ReactNode;
  children: ReactNode;
}

/** Around the part of a page that reads with `usePageQuery`: its loading state, and its error state. */
export function PageQueryBoundary({ fallback, error, children }: PageQueryBoundaryProps) {
  const suspended = <Suspense fallback={fallback}>{children}</Suspense>;
  if (!error) return suspended;
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        // `retry` resets the query's error first, so the part reads again instead of throwing the old error.
        <ErrorBoundary
          onReset={reset}
          fallbackRender={({ error: caught, resetErrorBoundary }) => error(caught, resetErrorBoundary)}
        >
          {suspended}
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
