import { TZDate } from '@date-fns/tz';
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';

/** One reserved class, as mails and calendar feeds show it. */
export interface BookedClass {
  reservationId: number;
  date: string;
  /** Studio wall-clock `HH:mm`. */
  startTime: string;
  durationMinutes: number;
  instructor: string | null;
  /** The reformer's label ("Reformer 4"); absent in events written before reformers, null without one. */
  spot?: string | null;
  cancelled?: boolean;
  /** The event's revision (RFC 5545 SEQUENCE): raised with each change; absent in older events (0). */
  sequence?: number;
  /** The class's type and level, "Pilates Reformer · Básico"; absent in events written before class types. */
  classType?: string;
}

export interface CalendarOptions {
  timeZone: string;
  /** Stable host part of event UIDs, so a calendar app updates an event instead of duplicating it. */
  uidDomain: string;
  name?: string;
  method?: ICalCalendarMethod;
  /** Who organizes the events (RFC 5546 requires one for PUBLISH and CANCEL): the studio, at its answering address. */
  organizer?: { name: string; email: string };
  /** When the file is written (DTSTAMP); now by default. */
  stamp?: Date;
}

/** The event's title when it names no class type (events written before class types). */
const SUMMARY = 'Pilates Reformer';

/** "Reformer 4\nInstructor: Ana": what the event's description names, if anything. */
const describe = (item: BookedClass): string | undefined => {
  const lines = [item.spot ?? null, item.instructor ? `Instructor: ${item.instructor}` : null].filter(
    (line): line is string => line !== null,
  );
  return lines.length > 0 ? lines.join('\n') : undefined;
};

/**
 * An iCalendar with the classes in the studio's zone (TZID plus its VTIMEZONE), as Google Calendar
 * and Apple Calendar read it, whatever the zone of the server or the client's phone.
 */
export function classCalendar(classes: BookedClass[], options: CalendarOptions): string {
  const calendar = new ICalCalendar({
    name: options.name ?? 'Mis clases de Pilates',
    prodId: { company: 'Estudio Pilates Reformer', product: 'Reservas', language: 'ES' },
    method: options.method,
  });
  calendar.timezone({ name: options.timeZone, generator: (tz) => tzlib_get_ical_block(tz)[0] });
  const stamp = options.stamp ?? new Date();
  for (const item of classes) {
    const [year, month, day] = item.date.split('-').map(Number);
    const [hours, minutes] = item.startTime.split(':').map(Number);
    const start = new TZDate(year, month - 1, day, hours, minutes, 0, 0, options.timeZone);
    const end = new TZDate(start.getTime() + item.durationMinutes * 60_000, options.timeZone);
    calendar.createEvent({
      id: `reserva-${item.reservationId}@${options.uidDomain}`,
      start,
      end,
      timezone: options.timeZone,
      summary: item.classType ?? SUMMARY,
      description: describe(item),
      location: item.spot ?? undefined,
      status: item.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      sequence: item.sequence ?? 0,
      stamp,
      organizer: options.organizer,
    });
  }
  return standardized(calendar.toString(), stamp);
}

/** `20261127T094023Z`: an instant in UTC, as RFC 5545 writes DTSTAMP. */
const utcStamp = (at: Date): string =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * What ical-generator writes that RFC 5545 does not allow, made right: DTSTAMP in UTC (it writes the
 * stamp in the events' zone without one), no `TIMEZONE-ID` (not a property; `X-WR-TIMEZONE` stays,
 * an `X-` one), and the last line ended by CRLF like every other.
 */
function standardized(ics: string, stamp: Date): string {
  const lines = ics
    .split('\r\n')
    .filter((line) => line !== '' && !line.startsWith('TIMEZONE-ID:'))
    .map((line) => (line.startsWith('DTSTAMP') ? `DTSTAMP:${utcStamp(stamp)}` : line));
  return `${lines.join('\r\n')}\r\n`;
}
