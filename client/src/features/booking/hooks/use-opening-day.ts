import { addDays } from '@pilates/dates';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SlotsResponseDto } from '@/api/generated/model';
import { getGetInformationQueryKey, getGetInformationQueryOptions } from '@/api/generated/reservations/reservations';
import { slotState } from '../components/slot-list';

/** How far ahead the calendar looks for a day with a class to book. */
export const DAYS_LOOKED_AHEAD = 14;

/**
 * The day the booking calendar opens on: today while it still has a class to book (or the
 * caller's own booking), else the next day that has one. Today is answered until the search ends.
 */
export function useOpeningDay(today: string, enabled: boolean): string {
  const queryClient = useQueryClient();
  // Decided at once when the days are already cached (the page's loader read them on the server):
  // the server's first HTML and the browser's first render then show the same day.
  const [found, setFound] = useState<{ today: string; day: string } | null>(() => {
    const day = enabled ? openingDayFromCache(queryClient, today) : undefined;
    return day ? { today, day } : null;
  });
  useEffect(() => {
    if (!enabled || found?.today === today) return;
    let stopped = false;
    const search = async () => {
      for (let offset = 0; offset < DAYS_LOOKED_AHEAD; offset += 1) {
        const day = addDays(today, offset);
        // The same query as the day list: the answer is cached and shown at once.
        const answer = await queryClient.fetchQuery(getGetInformationQueryOptions({ date: day }));
        if (stopped) return;
        if (bookable(answer)) {
          setFound({ today, day });
          return;
        }
      }
    };
    // A failure leaves the calendar on today, where the day list shows the error itself.
    search().catch(() => undefined);
    return () => {
      stopped = true;
    };
    // `found` is read only to skip a search the cache already answered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [today, enabled, queryClient]);
  return enabled && found?.today === today ? found.day : today;
}

const bookable = (answer: SlotsResponseDto): boolean =>
  answer.data.some((slot) => ['open', 'booked'].includes(slotState(slot)));

/** The opening day from the cached days alone: undefined when a day before it is not cached. */
export function openingDayFromCache(queryClient: QueryClient, today: string): string | undefined {
  for (let offset = 0; offset < DAYS_LOOKED_AHEAD; offset += 1) {
    const day = addDays(today, offset);
    const answer = queryClient.getQueryData<SlotsResponseDto>(getGetInformationQueryKey({ date: day }));
    if (!answer) return undefined;
    if (bookable(answer)) return day;
  }
  return undefined;
}

/**
 * For the page's loader: reads the days from today until one has a class to book, each through
 * `readDay` (the server's deadline-bounded read), so `useOpeningDay` finds the answer in the cache.
 */
export async function readUntilOpeningDay(
  queryClient: QueryClient,
  today: string,
  readDay: (date: string) => Promise<void>,
): Promise<void> {
  for (let offset = 0; offset < DAYS_LOOKED_AHEAD; offset += 1) {
    const date = addDays(today, offset);
    await readDay(date);
    const answer = queryClient.getQueryData<SlotsResponseDto>(getGetInformationQueryKey({ date }));
    if (!answer || bookable(answer)) return;
  }
}
