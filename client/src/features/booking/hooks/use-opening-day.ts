import { addDays } from '@pilates/dates';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getGetInformationQueryOptions } from '@/api/generated/reservations/reservations';
import { slotState } from '../components/slot-list';

/** How far ahead the calendar looks for a day with a class to book. */
export const DAYS_LOOKED_AHEAD = 14;

/**
 * The day the booking calendar opens on: today while it still has a class to book (or the
 * caller's own booking), else the next day that has one. Today is answered until the search ends.
 */
export function useOpeningDay(today: string, enabled: boolean): string {
  const queryClient = useQueryClient();
  const [found, setFound] = useState<{ today: string; day: string } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const search = async () => {
      for (let offset = 0; offset < DAYS_LOOKED_AHEAD; offset += 1) {
        const day = addDays(today, offset);
        // The same query as the day list: the answer is cached and shown at once.
        const answer = await queryClient.fetchQuery(getGetInformationQueryOptions({ date: day }));
        if (stopped) return;
        if (answer.data.some((slot) => ['open', 'booked'].includes(slotState(slot)))) {
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
  }, [today, enabled, queryClient]);
  return enabled && found?.today === today ? found.day : today;
}
