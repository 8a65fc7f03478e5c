import { bookingLinkOn, greetingMail, type Mail, type MailContext, type Recipient } from '../mail';
import { when, type BookedClass } from './booked-class';

/** waitlist.skipped: the client's turn came but they could not be booked; the next in line got the place. */
export interface WaitlistSkipped {
  class: BookedClass;
  /** A booking refusal's code (NO_CLASSES_LEFT, DATE_OUT_OF_PLAN, CLASS_TYPE_NOT_IN_PLAN) or already_booked / inactive. */
  reason: string;
}

/** Why a client's turn in the waitlist could not become a booking. */
export const WAITLIST_SKIP_REASONS: Record<string, string> = {
  NO_CLASSES_LEFT: 'ya no tienes clases disponibles en tu plan',
  DATE_OUT_OF_PLAN: 'ningún plan tuyo cubre esa fecha',
  CLASS_TYPE_NOT_IN_PLAN: 'tu plan no incluye ese tipo de clase',
  already_booked: 'ya tenías un lugar en esa clase',
  inactive: 'tu cuenta no está activa',
  WEEKLY_LIMIT_REACHED: 'ya usaste las clases de esa semana de tu membresía',
  DAILY_LIMIT_REACHED: 'ya tenías las clases de ese día que incluye tu membresía',
  MEMBERSHIP_HORIZON: 'tu membresía todavía no cubre esa fecha',
  MEMBERSHIP_PAUSED: 'tu membresía está en pausa ese día',
  MEMBERSHIP_PAST_DUE: 'tu membresía tiene un pago pendiente',
};

export function waitlistSkippedMail(to: Recipient, event: WaitlistSkipped, context: MailContext): Mail {
  const why = WAITLIST_SKIP_REASONS[event.reason] ?? 'no fue posible reservarla';
  return greetingMail(
    to,
    'No pudimos darte el lugar de la lista de espera',
    [
      `Se liberó un lugar en la clase del ${when(event.class)}, pero no pudimos reservarlo para ti porque ${why}.`,
      'Saliste de la lista de espera de esa clase. Puedes comprar un plan o elegir otra clase en el calendario.',
    ],
    context,
    bookingLinkOn(event.class.date),
  );
}
