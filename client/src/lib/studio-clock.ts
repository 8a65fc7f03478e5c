/*
 * The studio's clock on the client: "today" and the time of day in the studio's time zone,
 * whatever the visitor's. The zone comes from the server (GET /api/studio, its STUDIO_TZ);
 * until that answer arrives the content file's default stands in.
 */
import { studioToday } from '@pilates/dates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getGetStudioQueryKey, getStudio } from '@/api/generated/studio/studio';
import { DEFAULT_STUDIO_TIME_ZONE } from '@/content/studio';

let knownTimeZone: string = DEFAULT_STUDIO_TIME_ZONE;

/** The server's answer, asked once per visit: the zone changes only with a redeploy. */
export const studioTimeZoneQueryOptions = queryOptions({
  queryKey: getGetStudioQueryKey(),
  queryFn: async ({ signal }): Promise<string> => {
    const { timeZone } = await getStudio({ signal });
    knownTimeZone = timeZone;
    return timeZone;
  },
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The studio's zone as last heard from the server, for code outside components (formatters, loaders). */
export function studioTimeZone(): string {
  return knownTimeZone;
}

/** Today's date on the studio's clock. */
export function currentStudioDay(now: Date = new Date()): string {
  return studioToday(now, knownTimeZone);
}

/** The studio's zone; components re-render when the server's answer arrives. */
export function useStudioTimeZone(): string {
  return useQuery(studioTimeZoneQueryOptions).data ?? knownTimeZone;
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
