import { formatLongDate } from '@pilates/dates';
import { BOOKING_LINK, greetingMail, type Mail, type MailContext, type Recipient } from '../mail';

/** plan.ending: a plan ends within a week with classes left (once per plan). */
export interface PlanEnding {
  userPlanId: number;
  planName: string;
  classesRemaining: number;
  endDate: string;
}

/** "Te quedan 3 clases hasta el 12 de diciembre de 2026". */
export function planEndingMail(to: Recipient, event: PlanEnding, context: MailContext): Mail {
  const classes = event.classesRemaining === 1 ? '1 clase' : `${event.classesRemaining} clases`;
  const subject = `Te quedan ${classes} de tu plan`;
  const lines = [
    `Te quedan ${classes} hasta el ${formatLongDate(event.endDate)} en tu plan «${event.planName}».`,
    'Reserva tus clases en el calendario antes de que termine el plan: las clases no usadas no se guardan.',
    '¡Te esperamos en el estudio!',
  ];
  return greetingMail(to, subject, lines, context, BOOKING_LINK);
}
