import { QueryClientProvider, dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { ErrorPage } from './components/layout/error-page';
import { NotFoundPage } from './components/layout/not-found';
import { PageSpinner } from './components/ui/spinner';
import { ToastProvider } from './components/ui/toast';
import { getSiteOrigin, setSiteOrigin } from './lib/page-title';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
  /** Server only: the error of a first render that failed, shown as the error page by a second one. */
  renderError?: unknown;
}

/** What the server hands to the browser with the page, besides the router's own state. */
interface DehydratedApp {
  /** The query cache's dehydrated state, as JSON (API answers are JSON already). */
  queries: string;
  origin: string;
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // Loaders read through TanStack Query, which owns caching; the router should not cache twice.
    defaultPreloadStaleTime: 0,
    defaultPreload: 'intent',
    defaultPendingComponent: () => <PageSpinner />,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
    // The answers the server read while rendering go into the page: the browser starts from the same
    // data (no second request, the same markup) and the session it knows from the cookie.
    dehydrate: (): DehydratedApp => ({ queries: JSON.stringify(dehydrate(queryClient)), origin: getSiteOrigin() }),
    hydrate: (data: DehydratedApp) => {
      setSiteOrigin(data.origin);
      hydrate(queryClient, JSON.parse(data.queries) as DehydratedState);
    },
    Wrap: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    ),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /**
     * The page is someone's own (it needs a session, or its address is a secret): the server sends
     * it `Cache-Control: no-store`, so no browser or proxy keeps a copy.
     */
    personal?: boolean;
  }
}
