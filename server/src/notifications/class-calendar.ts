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
}

export interface CalendarOptions {
  timeZone: string;
  /** Stable host part of event UIDs, so a calendar app updates an event instead of duplicating it. */
  uidDomain: string;
  name?: string;
  method?: ICalCalendarMethod;
}

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
      summary: SUMMARY,
      description: describe(item),
      location: item.spot ?? undefined,
      status: item.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
