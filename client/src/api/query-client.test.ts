import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

// The table of what each mutation makes stale is its own chunk; here its download fails.
vi.mock('./invalidation', () => {
  throw new Error('sin red');
});

describe('createQueryClient', () => {
  it('should reload every list when the invalidation table cannot load, and keep the mutation a success', async () => {
    const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
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
