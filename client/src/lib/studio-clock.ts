/*
 * The studio's clock on the client: "today" in the studio's time zone, whatever the visitor's.
 * The zone comes from the server (GET /api/studio: STUDIO_TZ); until it answers, the content
 * file's zone stands in. A class's cancellation deadline is not worked out here: the server
 * answers it with each class (cancelUntil, cancellable), by the rule it enforces.
 */
import { studioToday } from '@pilates/dates/studio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { StudioResponseDto } from '@/api/generated/model';
import { getGetStudioQueryKey, getStudio } from '@/api/generated/studio/studio';
import { currentStudioDay, rememberStudioTimeZone, studioTimeZone } from './studio-time-zone';

export { currentStudioDay, studioTimeZone };

/**
 * The server's answer, asked once per visit (and again in this browser after a change on "Ajustes"):
 * the zone changes only with a redeploy; the owner's contact and policy figures come with it.
 */
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
