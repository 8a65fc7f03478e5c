import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { getGetUsersUrl } from './generated/admin/admin';
import { getGetClasesUrl } from './generated/informacion/informacion';
import { getGetInformationQueryKey } from './generated/reservations/reservations';
import { invalidateAfter } from './invalidation';

function clientWith(...keys: (readonly unknown[])[]): QueryClient {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, { cached: true });
  return queryClient;
}

const isStale = (queryClient: QueryClient, key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

describe('invalidateAfter', () => {
  it('marks every day and every page of the lists a booking changes, and nothing else', async () => {
    const day = getGetInformationQueryKey({ date: '2026-11-30' });
    const otherDay = getGetInformationQueryKey({ date: '2026-12-01' });
    const classesPage = [getGetClasesUrl(), { page: 2 }];
    const users = [getGetUsersUrl(), { page: 1 }];
    const queryClient = clientWith(day, otherDay, classesPage, users);

    await invalidateAfter(queryClient, 'classBooked');

    expect(isStale(queryClient, day)).toBe(true);
    expect(isStale(queryClient, otherDay)).toBe(true);
    expect(isStale(queryClient, classesPage)).toBe(true);
    expect(isStale(queryClient, users)).toBe(false);
  });

  it('leaves the user lists alone after a refused booking, which only changes the day', async () => {
    const day = getGetInformationQueryKey({ date: '2026-11-30' });
    const classesPage = [getGetClasesUrl(), { page: 1 }];
    const queryClient = clientWith(day, classesPage);

    await invalidateAfter(queryClient, 'bookingRefused');

    expect(isStale(queryClient, day)).toBe(true);
    expect(isStale(queryClient, classesPage)).toBe(false);
  });
});
