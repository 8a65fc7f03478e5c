import { formatLongDateWithWeekday, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import { greetingMail, type Mail, type MailContext, type Recipient } from '../mail';
import { classAttachment, when, type BookedClass } from './booked-class';

/** waitlist.promoted: a place freed and the waitlist booked it for the client. */
export interface WaitlistPromoted {
  class: BookedClass;
  /** Until when the client may cancel for free (ISO instant). */
  cancelUntil: string;
  /** The promotion came after the usual deadline: `cancelUntil` is the grace period's end. */
  grace: boolean;
}

/** "el lunes 30 de noviembre de 2026 a las 7:00 PM", in the studio's zone. */
const studioWords = (at: Date, timeZone: string): string =>
  `el ${formatLongDateWithWeekday(studioToday(at, timeZone))} a las ${to12Hour(studioTimeOfDay(at, timeZone))}`;

/** With the class as an .ics attachment and until when it may be cancelled. */
export function waitlistPromotedMail(to: Recipient, event: WaitlistPromoted, context: MailContext): Mail {
  const until = studioWords(new Date(event.cancelUntil), context.studioTimeZone);
  const message = greetingMail(to, '¡Tienes lugar! Pasaste de la lista de espera a la clase', [
    `Se liberó un lugar y ya está reservado para ti: ${when(event.class)}. Tomamos una clase de tu plan.`,
    event.grace
      ? `Como el lugar llegó cerca de la clase, puedes cancelar sin costo hasta ${until} desde «Mis clases»; la clase vuelve a tu plan.`
      : `Puedes cancelar sin costo hasta ${until} desde «Mis clases»; la clase vuelve a tu plan.`,
    'Adjuntamos la clase para que la agregues a tu calendario.',
  ]);
  return { ...message, attachments: [classAttachment(event.class, context)] };
}
