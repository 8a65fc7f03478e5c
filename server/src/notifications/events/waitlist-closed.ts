import { bookingLinkOn, greetingMail, type Mail, type MailContext, type Recipient } from '../mail';
import { when, type BookedClass } from './booked-class';

/** waitlist.closed: the list closed before the class (its cutoff), or the studio cancelled the class. */
export interface WaitlistClosed {
  class: BookedClass;
  reason: 'cutoff' | 'class_cancelled';
}

export function waitlistClosedMail(to: Recipient, event: WaitlistClosed, context: MailContext): Mail {
  return greetingMail(
    to,
    'La lista de espera cerró',
    [
      event.reason === 'class_cancelled'
        ? `El estudio canceló la clase del ${when(event.class)}, así que su lista de espera cerró.`
        : `La lista de espera de la clase del ${when(event.class)} cerró y no se liberó un lugar para ti.`,
      'No se tomó ninguna clase de tu plan. Puedes elegir otra clase en el calendario.',
    ],
    context,
    bookingLinkOn(event.class.date),
  );
}
