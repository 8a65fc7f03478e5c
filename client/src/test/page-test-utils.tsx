/* Helpers for page tests: a fetch stub that answers by URL, and a render inside a router with the query client and toasts. */
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { ToastProvider } from '../components/ui/toast';

/** A JSON answer as the API gives it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type Handler = (body: unknown) => { status: number; body: unknown };

/** Every call is answered by the handler of its URL (a 404 otherwise); the mock records the calls. */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const handler = handlers[url];
    if (!handler) return json(404, { success: false, code: 'NOT_FOUND', error: `no stub for ${url}` });
    const sent = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = handler(sent);
    return json(answer.status, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The parsed bodies sent to one URL, in order. */
export function bodiesSentTo(fetchMock: ReturnType<typeof stubApi>, url: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([calledUrl]) => calledUrl === url)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

/** Renders `ui` as the page of a memory router (Links work), with a QueryClient and toasts. */
export function renderPage(ui: ReactElement) {
  // The app's client (its mutations mark what they made stale), without retries.
  const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
  const rootRoute = createRootRoute();
  const page = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => ui });
  const reservar = createRoute({ getParentRoute: () => rootRoute, path: '/pilates/reservar', component: () => null });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page, reservar]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}
