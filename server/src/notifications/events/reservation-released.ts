import { greetingMail, MY_CLASSES_LINK, type Mail, type MailContext, type Recipient } from '../mail';
import { classAttachment, studioWords, when, type BookedClass } from './booked-class';

/** reservation.released: the client released their place after the free-cancellation deadline (its CANCEL event attached). */
export interface ReservationReleased {
  class: BookedClass;
  /** The deadline that had passed (ISO instant). */
  cancelUntil: string;
}

export function reservationReleasedMail(to: Recipient, event: ReservationReleased, context: MailContext): Mail {
  const message = greetingMail(
    to,
    'Liberaste tu lugar',
    [
      `Liberaste tu lugar en la clase del ${when(event.class)}. Gracias por avisar: así otra persona puede tomarlo.`,
      `Como fue después del límite para cancelar sin costo (${studioWords(new Date(event.cancelUntil), context.studioTimeZone)}), la clase no se devolvió a tu plan.`,
    ],
    context,
    MY_CLASSES_LINK,
  );
  return { ...message, attachments: [classAttachment(event.class, context, 'CANCEL')] };
}
