import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { slot, stubApi } from '../test-utils';
import { useOpeningDay } from './use-opening-day';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

describe('useOpeningDay', () => {
  it('opens on the next day with a class to book when today has none left', async () => {
    stubApi({
      '/api/reservations/get-information': (body) => {
        const { date } = body as { date: string };
        const data =
          date === '2026-11-28'
            ? [slot({ scheduleId: 1, time: '7:00 AM', isPastClass: true })]
            : date === '2026-11-29'
              ? []
              : [slot({ scheduleId: 2, time: '8:00 AM' })];
        return [200, { success: true, date, data }];
      },
    });
    const { result } = renderHook(() => useOpeningDay('2026-11-28', true), { wrapper });
    expect(result.current).toBe('2026-11-28');
    await waitFor(() => expect(result.current).toBe('2026-11-30'));
  });

  it('stays on today while it still has a class to book', async () => {
    const { sentTo } = stubApi({
      '/api/reservations/get-information': (body) => [
        200,
        { success: true, date: (body as { date: string }).date, data: [slot({ scheduleId: 2, time: '8:00 PM' })] },
      ],
    });
    const { result } = renderHook(() => useOpeningDay('2026-11-28', true), { wrapper });
    await waitFor(() => expect(sentTo('/api/reservations/get-information')).toHaveLength(1));
    expect(result.current).toBe('2026-11-28');
  });
});
