/* Helpers shared by the tests of the account forms. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { UserDto } from '@/api/generated/model';
import { createQueryClient } from '@/api/query-client';
import { sessionQueryOptions } from '@/features/session';
import { json } from '@/test/page-test-utils';

export const ana: UserDto = {
  id: 7,
  name: 'Ana López',
  email: 'ana@example.com',
  phone: null,
  role: 'user',
  cumpleanos: '1990-05-17',
  favouriteSpot: null,
};

export { json } from '@/test/page-test-utils';

/** Every call answers `status` with `body`; the mock records what was sent. */
export function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(status, body));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A call that never answers, to look at the pending state. */
export function stubPendingFetch() {
  const fetchMock = vi.fn(() => new Promise<Response>(() => undefined));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URL, headers and parsed JSON body of the n-th call. */
export function sentRequest(fetchMock: ReturnType<typeof stubFetch>, index = 0) {
  const [url, init = {}] = fetchMock.mock.calls[index]!;
  return { url, headers: new Headers(init.headers), body: JSON.parse(init.body as string) as unknown };
}

/** Renders inside a fresh QueryClient; returns it to inspect the session cache. */
export function renderWithClient(ui: ReactElement) {
  const queryClient = createQueryClient({ mutations: { retry: false } });
  const view = render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  const sessionUser = () => queryClient.getQueryData(sessionQueryOptions.queryKey);
  return { ...view, queryClient, sessionUser };
}
