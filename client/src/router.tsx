import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { PageSpinner } from './components/ui/spinner';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // Loaders read through TanStack Query, which owns caching; the router should not cache twice.
    defaultPreloadStaleTime: 0,
    defaultPreload: 'intent',
    defaultPendingComponent: () => <PageSpinner />,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
