/*
 * The studio's zone as last heard from the server, and "today" in it, for code outside components
 * (formatters, route loaders). Kept apart from the hooks in `studio-clock.ts` so that the first page's
 * code does not carry the query that asks for the zone.
 */
import { studioToday } from '@pilates/dates/studio';
import { DEFAULT_STUDIO_TIME_ZONE } from '@/content/studio';

let knownTimeZone: string = DEFAULT_STUDIO_TIME_ZONE;

/** Called with the server's answer (GET /api/studio). */
export function rememberStudioTimeZone(timeZone: string): void {
  knownTimeZone = timeZone;
}

/** The studio's zone: the server's once it has answered, the content file's default before. */
export function studioTimeZone(): string {
  return knownTimeZone;
}

/** Today's date on the studio's clock. */
export function currentStudioDay(now: Date = new Date()): string {
  return studioToday(now, knownTimeZone);
}
