import { formatLongDate, formatLongDateWithWeekday, to12Hour } from '@pilates/dates';
import { greetingMail, type Mail, type MailContext, type Recipient } from '../mail';

/** membership.paused: the client paused their membership; the classes booked inside the pause were cancelled. */
export interface MembershipPaused {
  membershipId: number;
  planName: string;
  /** The pause's first and last days (studio dates, both included). */
  from: string;
  to: string;
  /** The membership's new last paid day (the pause's days added). */
  paidThrough: string | null;
  /** Classes inside the pause that were cancelled (their places went back on sale). */
  cancelled: { date: string; startTime: string }[];
}

/** "Tu membresía está en pausa": the dates, the paid period moved, and the classes cancelled. */
export function membershipPausedMail(to: Recipient, event: MembershipPaused, context: MailContext): Mail {
  const subject = `Pausa de tu membresía «${event.planName}»`;
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
    'Tu membresía está en «Mis planes».',
  ];
  return greetingMail(to, subject, lines, context);
}
