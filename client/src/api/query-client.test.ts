import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

/** A query client whose table of what each mutation makes stale (its own chunk) fails to download. */
async function clientWithoutTable() {
  // The test setup loaded the table already: a fresh module, whose first load fails.
  vi.resetModules();
  vi.doMock('./invalidation', () => {
    throw new Error('sin red');
  });
  const { createQueryClient } = await import('./query-client');
  return createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
}

describe('createQueryClient', () => {
  it('should reload every list when the invalidation table cannot load, and keep the mutation a success', async () => {
    const queryClient = await clientWithoutTable();
    queryClient.setQueryData(['/api/informacion/get-users', { pagination: 1 }], { cached: true });
    queryClient.setQueryData(['/api/reservations/get-information', { date: '2026-11-30' }], { cached: true });
    const booking = new MutationObserver(queryClient, {
      mutationKey: ['pushReservation'],
      mutationFn: () => Promise.resolve({ success: true }),
    });

    await booking.mutate();

    expect(booking.getCurrentResult().isSuccess).toBe(true);
    for (const query of queryClient.getQueryCache().getAll()) expect(query.state.isInvalidated).toBe(true);
  });
});
