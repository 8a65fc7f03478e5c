import { addDays } from '@pilates/dates';
import { greetingMail, MY_CLASSES_LINK, type Mail, type MailContext, type Recipient } from '../mail';
import { spotSentence, studioWords, when, type BookedClass } from './booked-class';

/**
 * class.reminder: some hours before the class's cancellation deadline (RemindersService), with
 * whether the client could still cancel when it was sent.
 */
export interface ClassReminder {
  class: BookedClass;
  /** ISO instant; absent in events written before it was recorded. */
  cancelUntil?: string;
  /** False: the deadline had passed when the reminder went out (a class booked late). */
  cancellable?: boolean;
  /** The studio's date when the reminder went out: says "hoy" or "mañana". */
  sentOn?: string;
}

const subjectOf = (event: ClassReminder): string =>
  event.sentOn === event.class.date
    ? 'Tu clase de hoy'
    : event.sentOn === undefined || addDays(event.sentOn, 1) === event.class.date
      ? 'Tu clase de mañana'
      : 'Recordatorio de tu clase';

export function classReminderMail(to: Recipient, event: ClassReminder, context: MailContext): Mail {
  const cancelLine =
    event.cancellable === false
      ? 'El límite para cancelar ya pasó: esta clase ya no se puede cancelar ni vuelve a tu plan. Si no puedes venir, avísanos por WhatsApp.'
      : event.cancelUntil
        ? `Si no puedes venir, cancela desde «Mis clases» hasta ${studioWords(new Date(event.cancelUntil), context.studioTimeZone)}: la clase vuelve a tu plan y otra persona toma tu lugar.`
        : `Si no puedes venir, cancela desde «Mis clases» (hasta ${context.cancelHours} horas antes) para que otra persona tome tu lugar.`;
  return greetingMail(
    to,
    subjectOf(event),
    [`Te recordamos tu clase de Pilates Reformer: ${when(event.class)}.${spotSentence(event.class)}`, cancelLine],
    context,
    MY_CLASSES_LINK,
  );
}
