/*
 * The studio's clock on the client: "today" in the studio's time zone, whatever the visitor's,
 * and a class's free-cancellation deadline. The zone and the window come from the server
 * (GET /api/studio: STUDIO_TZ, CANCEL_HOURS); until it answers, the content file's zone stands in.
 */
import { studioInstant, studioToday, to24Hour } from '@pilates/dates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { StudioResponseDto } from '@/api/generated/model';
import { getGetStudioQueryKey, getStudio } from '@/api/generated/studio/studio';
import { currentStudioDay, rememberStudioTimeZone, studioTimeZone } from './studio-time-zone';

export { currentStudioDay, studioTimeZone };

/** The server's answer, asked once per visit: it changes only with a redeploy. */
export const studioQueryOptions = queryOptions({
  queryKey: getGetStudioQueryKey(),
  queryFn: async ({ signal }): Promise<StudioResponseDto> => {
    const answer = await getStudio({ signal });
    rememberStudioTimeZone(answer.timeZone);
    return answer;
  },
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The studio's zone; components re-render when the server's answer arrives. */
export function useStudioTimeZone(): string {
  // useQuery, not usePageQuery: pages without a loader that reads it use it too, with the content
  // file's zone until the answer arrives, instead of a loading state.
  return useQuery(studioQueryOptions).data?.timeZone ?? studioTimeZone();
}

/**
 * Until when a class starting at `date` `time` (12-hour, '7:00 AM') can be cancelled for free, as an
 * ISO instant; null until the server has said how many hours before the start that is.
 */
export function useCancellableUntil(date: string, time: string | null): string | null {
  // Asked only when a class is given: a page without one makes no request.
  const studio = useQuery({ ...studioQueryOptions, enabled: time !== null }).data;
  if (!studio || !time) return null;
  const start = studioInstant(date, to24Hour(time), studio.timeZone);
  return new Date(start.getTime() - studio.cancelHours * 3_600_000).toISOString();
}

/** Today's date on the studio's clock; it turns at the studio's midnight while the page stays open. */
export function useStudioToday(): string {
  const timeZone = useStudioTimeZone();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return studioToday(now, timeZone);
}
