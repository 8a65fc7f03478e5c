import { formatLongDate, formatLongDateWithWeekday, to12Hour } from '@pilates/dates';
import { greetingMail, type Mail, type MailContext, type Recipient } from '../mail';
import { classAttachment, type BookedClass } from './booked-class';

/** membership.paused: the client paused their membership; the classes booked inside the pause were cancelled. */
export interface MembershipPaused {
  membershipId: number;
  planName: string;
  /** The pause's first and last days (studio dates, both included). */
  from: string;
  to: string;
  /** The membership's new last paid day (the pause's days added). */
  paidThrough: string | null;
  /**
   * Classes inside the pause that were cancelled (their places went back on sale), each as its
   * cancelled calendar event; events written before the events were mailed hold the date and time only.
   */
  cancelled: (Pick<BookedClass, 'date' | 'startTime'> & Partial<BookedClass>)[];
}

/** "Tu membresía está en pausa": the dates, the paid period moved, and the classes cancelled. */
export function membershipPausedMail(to: Recipient, event: MembershipPaused, context: MailContext): Mail {
  const subject = `Pausa de tu membresía «${event.planName}»`;
  // Each cancelled class's event (METHOD:CANCEL, the booking's UID one revision up): calendars drop them.
  const attachments = event.cancelled
    .filter((item): item is BookedClass => item.reservationId !== undefined && item.durationMinutes !== undefined)
    .map((item) => ({
      ...classAttachment(item, context, 'CANCEL'),
      filename: `clase-cancelada-${item.date}-${item.startTime.replace(':', '')}.ics`,
    }));
  const lines = [
    `Tu membresía «${event.planName}» queda en pausa del ${formatLongDate(event.from)} al ${formatLongDate(event.to)}. Esos días no se reservan clases con ella.`,
    ...(event.paidThrough
      ? [
          `Los días de la pausa se suman a tu membresía: ahora está pagada hasta el ${formatLongDate(event.paidThrough)}.`,
        ]
      : []),
    ...(event.cancelled.length === 0
      ? []
      : [
          event.cancelled.length === 1
            ? 'Cancelamos la clase que tenías reservada en esas fechas:'
            : `Cancelamos las ${event.cancelled.length} clases que tenías reservadas en esas fechas:`,
          ...event.cancelled.map((c) => `• ${formatLongDateWithWeekday(c.date)} a las ${to12Hour(c.startTime)}`),
        ]),
    ...(attachments.length === 0
      ? []
      : [
          attachments.length === 1
            ? 'Adjuntamos la clase cancelada: tu calendario la quita.'
            : 'Adjuntamos las clases canceladas: tu calendario las quita.',
        ]),
    'Tu membresía está en «Mis planes».',
  ];
  return { ...greetingMail(to, subject, lines, context), ...(attachments.length > 0 ? { attachments } : {}) };
}
