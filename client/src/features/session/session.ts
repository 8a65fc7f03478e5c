import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/api-error';
import type { UserDto, UserResponseDto } from '@/api/generated/model';
import { apiFetch } from '@/api/http';
import { usePageQuery } from '@/lib/page-query';

export type SessionUser = UserDto;

/**
 * GET /api/get-cookie and its query key, as the generated client writes them (getCookie and
 * getGetCookieQueryKey in api/generated/auth/auth.ts; session.test checks the key stays equal).
 * Written here because every page reads the session: importing the generated module would put all
 * of it (login, register, passwords) in every page's first download.
 */
export const SESSION_QUERY_KEY = ['/api/get-cookie'] as const;
const readSession = (signal: AbortSignal) => apiFetch<UserResponseDto>('/api/get-cookie', { method: 'GET', signal });

/**
 * The session user, read from GET /api/get-cookie at start. A 401 means "logged out"
 * (null), not an error; any other failure is an error the caller can show.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: async ({ signal }): Promise<SessionUser | null> => {
    try {
      return (await readSession(signal)).user;
    } catch (error) {
      if (isApiError(error) && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

/**
 * The session user (null for a guest), read by the root route. It suspends until known: outside the
 * logged-in pages (whose guard waits for it), call it inside a `PageQueryBoundary` whose fallback is
 * the part as a guest sees it.
 */
export function useSession() {
  const user = usePageQuery(sessionQueryOptions).data;
  return { user };
}

/** After login or registration: the answer's user replaces the session. */
export function setSessionUser(queryClient: QueryClient, user: SessionUser): void {
  queryClient.setQueryData(sessionQueryOptions.queryKey, user);
}

/** A favourite reformer saved (Mi información, or the booking map): the session user carries it. */
export function setSessionFavourite(queryClient: QueryClient, favouriteSpot: SessionUser['favouriteSpot']): void {
  queryClient.setQueryData<SessionUser | null>(sessionQueryOptions.queryKey, (user) =>
    user ? { ...user, favouriteSpot } : user,
  );
}

/** After logout: drop the user and every cached answer that belonged to them. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryOptions.queryKey[0] });
  queryClient.setQueryData(sessionQueryOptions.queryKey, null);
}

/** For route guards: the session user, fetched once and then read from the cache. */
export function ensureSession(queryClient: QueryClient): Promise<SessionUser | null> {
  return queryClient.ensureQueryData(sessionQueryOptions);
}
