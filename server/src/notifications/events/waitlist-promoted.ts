import { greetingMail, MY_CLASSES_LINK, type Mail, type MailContext, type Recipient } from '../mail';
import { classAttachment, spotSentence, studioWords, when, type BookedClass } from './booked-class';

/** waitlist.promoted: a place freed and the waitlist booked it for the client. */
export interface WaitlistPromoted {
  class: BookedClass;
  /** Until when the client may cancel for free (ISO instant). */
  cancelUntil: string;
  /** The promotion came after the usual deadline: `cancelUntil` is the grace period's end. */
  grace: boolean;
}

/** With the class as an .ics attachment and until when it may be cancelled. */
export function waitlistPromotedMail(to: Recipient, event: WaitlistPromoted, context: MailContext): Mail {
  const until = studioWords(new Date(event.cancelUntil), context.studioTimeZone);
  const message = greetingMail(
    to,
    '¡Tienes lugar! Pasaste de la lista de espera a la clase',
    [
      `Se liberó un lugar y ya está reservado para ti: ${when(event.class)}.${spotSentence(event.class)} Tomamos una clase de tu plan.`,
      event.grace
        ? `Como el lugar llegó cerca de la clase, puedes cancelar sin costo hasta ${until} desde «Mis clases»; la clase vuelve a tu plan.`
        : `Puedes cancelar sin costo hasta ${until} desde «Mis clases»; la clase vuelve a tu plan.`,
      'Adjuntamos la clase para que la agregues a tu calendario.',
    ],
    context,
    MY_CLASSES_LINK,
  );
  return { ...message, attachments: [classAttachment(event.class, context)] };
}
