import { greetingMail, MY_CLASSES_LINK, type Mail, type MailContext, type Recipient } from '../mail';
import { when, type BookedClass } from './booked-class';

/** reservation.forgiven: the studio forgave a late release or a no-show. */
export interface ReservationForgiven {
  class: BookedClass;
  /** What was forgiven. */
  kind: 'late_release' | 'no_show';
  /** The class went back to the plan (false: the plan had ended or was revoked, or a walk-in paid at the studio). */
  classReturned: boolean;
}

export function reservationForgivenMail(to: Recipient, event: ReservationForgiven, context: MailContext): Mail {
  const what =
    event.kind === 'late_release'
      ? `El estudio perdonó que liberaras tarde tu lugar en la clase del ${when(event.class)}.`
      : `El estudio perdonó tu inasistencia a la clase del ${when(event.class)}.`;
  return greetingMail(
    to,
    'El estudio te devolvió una clase',
    [
      what,
      event.classReturned
        ? 'La clase volvió a tu plan: puedes reservar otra en el calendario.'
        : 'Tu plan ya no está vigente, así que la clase no se pudo devolver; no cuenta en tu contra.',
    ],
    context,
    MY_CLASSES_LINK,
  );
}
