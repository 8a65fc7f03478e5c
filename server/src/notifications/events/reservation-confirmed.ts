import { greetingMail, type Mail, type MailContext, type Recipient } from '../mail';
import { classAttachment, when, type BookedClass } from './booked-class';

/** reservation.confirmed: a client booked a place (themselves, or an admin for them). */
export interface ReservationConfirmed {
  class: BookedClass;
}

/** With the class as an .ics attachment. */
export function reservationConfirmedMail(to: Recipient, event: ReservationConfirmed, context: MailContext): Mail {
  const message = greetingMail(to, 'Tu clase está reservada', [
    `¡Has reservado con éxito! Te esperamos el ${when(event.class)}.`,
    `Puedes cancelar sin costo hasta ${context.cancelHours} horas antes desde «Mis clases»; la clase vuelve a tu plan.`,
    'Adjuntamos la clase para que la agregues a tu calendario.',
  ]);
  return { ...message, attachments: [classAttachment(event.class, context)] };
}
