import { greetingMail, MY_CLASSES_LINK, type Mail, type MailContext, type Recipient } from '../mail';
import {
  cancelSentence,
  classAttachment,
  spotSentence,
  when,
  type BookedClass,
  type CancelTerms,
} from './booked-class';

/** reservation.confirmed: a client booked a place (themselves, or an admin for them). */
export interface ReservationConfirmed extends CancelTerms {
  class: BookedClass;
}

/** With the class as an .ics attachment, and until when it may be cancelled (the booking's own answer). */
export function reservationConfirmedMail(to: Recipient, event: ReservationConfirmed, context: MailContext): Mail {
  const message = greetingMail(
    to,
    'Tu clase está reservada',
    [
      `¡Has reservado con éxito! Te esperamos el ${when(event.class)}.${spotSentence(event.class)}`,
      cancelSentence(event.class, event, context),
      'Adjuntamos la clase para que la agregues a tu calendario.',
    ],
    context,
    MY_CLASSES_LINK,
  );
  return { ...message, attachments: [classAttachment(event.class, context)] };
}
