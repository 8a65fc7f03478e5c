import { greetingMail, type Mail, type MailContext, type Recipient } from '../mail';
import { when, type BookedClass } from './booked-class';

/** class.reminder: the day before the class. */
export interface ClassReminder {
  class: BookedClass;
}

export function classReminderMail(to: Recipient, event: ClassReminder, context: MailContext): Mail {
  return greetingMail(to, 'Tu clase de mañana', [
    `Te recordamos tu clase de Pilates Reformer: ${when(event.class)}.`,
    `Si no puedes venir, cancela desde «Mis clases» (hasta ${context.cancelHours} horas antes) para que otra persona tome tu lugar.`,
  ]);
}
