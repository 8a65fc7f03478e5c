import {
  QueryErrorResetBoundary,
  useQueryClient,
  useSuspenseQuery,
  type DefaultError,
  type QueryKey,
  type UseSuspenseQueryOptions,
  type UseSuspenseQueryResult,
} from '@tanstack/react-query';
import { Component, Suspense, type ReactNode } from 'react';
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

interface CaughtProps {
  onReset: () => void;
  error: (error: unknown, retry: () => void) => ReactNode;
  children: ReactNode;
}

/** Shows a read's error in place of its part; `retry` asks again (the query's error is reset first). */
class Caught extends Component<CaughtProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  private readonly retry = () => {
    this.props.onReset();
    this.setState({ error: undefined, failed: false });
  };

  override render() {
    return this.state.failed ? this.props.error(this.state.error, this.retry) : this.props.children;
  }
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
        <Caught onReset={reset} error={error}>
          {suspended}
        </Caught>
      )}
    </QueryErrorResetBoundary>
  );
}
