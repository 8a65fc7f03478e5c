import { greetingMail, MY_CLASSES_LINK, type Mail, type MailContext, type Recipient } from '../mail';
import { classAttachment, when, type BookedClass } from './booked-class';

/**
 * reservation.cancelled: a reservation ended, by the client or by the studio (an admin, a cancelled
 * class). It carries the class's CANCEL event, so a calendar that imported the booking drops it.
 */
export interface ReservationCancelled {
  class: BookedClass;
  byStudio: boolean;
}

export function reservationCancelledMail(to: Recipient, event: ReservationCancelled, context: MailContext): Mail {
  const first = event.byStudio
    ? `El estudio canceló tu clase del ${when(event.class)}. Lamentamos el cambio.`
    : `Cancelaste tu clase del ${when(event.class)}.`;
  const message = greetingMail(
    to,
    event.byStudio ? 'El estudio canceló tu clase' : 'Cancelaste tu clase',
    [first, 'La clase volvió a tu plan: puedes reservar otra en el calendario.'],
    context,
    MY_CLASSES_LINK,
  );
  return { ...message, attachments: [classAttachment(event.class, context, 'CANCEL')] };
}
