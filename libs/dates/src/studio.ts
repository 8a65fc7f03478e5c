/** The studio's calendar date and wall-clock time at an instant, read in an IANA zone. */

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions) {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    cache.set(timeZone, format);
  }
  return format;
}

function partsOf(format: Intl.DateTimeFormat, now: Date): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(now)) parts[part.type] = part.value;
  return parts;
}

/**
 * The last answer of a reading by the minute: the date and the `HH:mm` only change at a minute's
 * turn (every zone's offset from UTC is whole minutes since 1972), and a page or a request asks
 * for them many times within the same minute; formatToParts is the cost.
 */
function byTheMinute(read: (now: Date, timeZone: string) => string) {
  let last: { minute: number; timeZone: string; value: string } | undefined;
  return (now: Date, timeZone: string): string => {
    const minute = Math.floor(now.getTime() / 60_000);
    if (last?.minute !== minute || last.timeZone !== timeZone) last = { minute, timeZone, value: read(now, timeZone) };
    return last.value;
  };
}

/** The calendar date (`YYYY-MM-DD`) in `timeZone` at the instant `now`, whatever the process zone. */
export const studioToday = byTheMinute((now, timeZone) => {
  const format = cached(dateFormats, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  const { year, month, day } = partsOf(format, now);
  return `${year.padStart(4, '0')}-${month}-${day}`;
});

/** The wall-clock time (`HH:mm`, 24 h) in `timeZone` at the instant `now`. */
export const studioTimeOfDay = byTheMinute((now, timeZone) => {
  const format = cached(timeFormats, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const { hour, minute } = partsOf(format, now);
  return `${hour}:${minute}`;
});

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone is ahead of UTC at an instant (Mexico City: -360). */
function offsetMinutes(instant: number, timeZone: string): number {
  const format = cached(offsetFormats, timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const { year, month, day, hour, minute } = partsOf(format, new Date(instant));
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/**
 * The instant of a wall-clock time (`HH:mm`) on a date (`YYYY-MM-DD`) in `timeZone`. Uses one cached
 * formatter (it runs for every class of every calendar answer); a time that a DST jump skips lands
 * on the later side.
 */
export function studioInstant(date: string, time: string, timeZone: string): Date {
  const key = `${timeZone} ${date} ${time}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    // Calendar answers ask for the same few classes again and again; formatToParts is the cost.
    if (instants.size >= MAX_CACHED_INSTANTS) instants.clear();
    instant = computeInstant(date, time, timeZone);
    instants.set(key, instant);
  }
  return new Date(instant);
}

const MAX_CACHED_INSTANTS = 10_000;
const instants = new Map<string, number>();

function computeInstant(date: string, time: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  const wallAsUtc = Date.UTC(year, month - 1, day, hours, minutes);
  const instant = wallAsUtc - offsetMinutes(wallAsUtc, timeZone) * 60_000;
  // Near a DST change the offset at the guess may differ from the offset at the result: take the
  // corrected instant when it is consistent, else the wall time does not exist and the guess stands.
  const offsetThere = offsetMinutes(instant, timeZone);
  const corrected = wallAsUtc - offsetThere * 60_000;
  return corrected !== instant && offsetMinutes(corrected, timeZone) === offsetThere ? corrected : instant;
}
