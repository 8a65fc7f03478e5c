import { greetingMail, MY_CLASSES_LINK, type Mail, type MailContext, type Recipient } from '../mail';
import { classAttachment, when, type BookedClass } from './booked-class';

/**
 * reservation.spot_moved: the studio took the client's reformer out of service for the class's
 * date and moved them to another one of the same class (`class.spot` is the new one).
 */
export interface ReservationSpotMoved {
  class: BookedClass;
  /** The reformer they had. */
  from: string;
  /** The reformer they have now. */
  to: string;
}

/** With the class (on its new reformer) as an .ics attachment, replacing the one they had. */
export function reservationSpotMovedMail(to: Recipient, event: ReservationSpotMoved, context: MailContext): Mail {
  const message = greetingMail(
    to,
    `Tu clase sigue en pie: ahora en ${event.to}`,
    [
      `${event.from} estará fuera de servicio el día de tu clase del ${when(event.class)}, así que te cambiamos a ${event.to}.`,
      'Tu reserva y tu plan no cambian. Si prefieres otro reformer, puedes cambiarlo desde «Mis clases».',
      'Adjuntamos la clase actualizada para tu calendario.',
    ],
    context,
    MY_CLASSES_LINK,
  );
  return { ...message, attachments: [classAttachment({ ...event.class, spot: event.to }, context)] };
}
