import { formatLongDateWithWeekday, to12Hour } from '@pilates/dates';
import { escapeHtml, mailLayout } from '../core/mail/mail-layout';
import type { Mail } from '../core/mail/mail.service';
import type { BookedClass } from './class-calendar';

export interface MailRecipient {
  email: string;
  name: string;
}

const when = (item: BookedClass): string => `${formatLongDateWithWeekday(item.date)} a las ${to12Hour(item.startTime)}`;

function mail(to: MailRecipient, subject: string, lines: string[]): Mail {
  const text = [`Hola, ${to.name}:`, '', ...lines].join('\n');
  const html = mailLayout(
    subject,
    [`Hola, ${to.name}:`, ...lines].map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  );
  return { to: to.email, subject, text, html };
}

/** Sent after a booking, with the class as an .ics attachment. */
export function bookingConfirmationMail(to: MailRecipient, item: BookedClass, ics: string, cancelHours: number): Mail {
  const message = mail(to, 'Tu clase está reservada', [
    `¡Has reservado con éxito! Te esperamos el ${when(item)}.`,
    `Puedes cancelar sin costo hasta ${cancelHours} horas antes desde «Mis clases»; la clase vuelve a tu plan.`,
    'Adjuntamos la clase para que la agregues a tu calendario.',
  ]);
  return {
    ...message,
    attachments: [
      { filename: 'clase-pilates.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
    ],
  };
}

/** Sent when a reservation ends: by the client, by an admin, or because the studio cancelled the class. */
export function cancellationMail(to: MailRecipient, item: BookedClass, byStudio: boolean): Mail {
  const first = byStudio
    ? `El estudio canceló tu clase del ${when(item)}. Lamentamos el cambio.`
    : `Cancelaste tu clase del ${when(item)}.`;
  return mail(to, byStudio ? 'El estudio canceló tu clase' : 'Cancelaste tu clase', [
    first,
    'La clase volvió a tu plan: puedes reservar otra en el calendario.',
  ]);
}

/** Sent the day before the class. */
export function reminderMail(to: MailRecipient, item: BookedClass, cancelHours: number): Mail {
  return mail(to, 'Tu clase de mañana', [
    `Te recordamos tu clase de Pilates Reformer: ${when(item)}.`,
    `Si no puedes venir, cancela desde «Mis clases» (hasta ${cancelHours} horas antes) para que otra persona tome tu lugar.`,
  ]);
}

/** Sent when a place freed and the waitlist booked it for the client. `cancelUntil` is in studio words. */
export function waitlistPromotedMail(
  to: MailRecipient,
  item: BookedClass,
  ics: string,
  cancel: { until: string; grace: boolean },
): Mail {
  const message = mail(to, '¡Tienes lugar! Pasaste de la lista de espera a la clase', [
    `Se liberó un lugar y ya está reservado para ti: ${when(item)}. Tomamos una clase de tu plan.`,
    cancel.grace
      ? `Como el lugar llegó cerca de la clase, puedes cancelar sin costo hasta ${cancel.until} desde «Mis clases»; la clase vuelve a tu plan.`
      : `Puedes cancelar sin costo hasta ${cancel.until} desde «Mis clases»; la clase vuelve a tu plan.`,
    'Adjuntamos la clase para que la agregues a tu calendario.',
  ]);
  return {
    ...message,
    attachments: [
      { filename: 'clase-pilates.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
    ],
  };
}

/** Why a client's turn in the waitlist could not become a booking. */
export const WAITLIST_SKIP_REASONS: Record<string, string> = {
  NO_CLASSES_LEFT: 'ya no tienes clases disponibles en tu plan',
  DATE_OUT_OF_PLAN: 'ningún plan tuyo cubre esa fecha',
  already_booked: 'ya tenías un lugar en esa clase',
  inactive: 'tu cuenta no está activa',
};

/** Sent when a client's turn came but they could not be booked; the next in line got the place. */
export function waitlistSkippedMail(to: MailRecipient, item: BookedClass, reason: string): Mail {
  const why = WAITLIST_SKIP_REASONS[reason] ?? 'no fue posible reservarla';
  return mail(to, 'No pudimos darte el lugar de la lista de espera', [
    `Se liberó un lugar en la clase del ${when(item)}, pero no pudimos reservarlo para ti porque ${why}.`,
    'Saliste de la lista de espera de esa clase. Puedes comprar un plan o elegir otra clase en el calendario.',
  ]);
}

/** Sent to everyone still waiting when the list closes before the class, or the studio cancels it. */
export function waitlistClosedMail(to: MailRecipient, item: BookedClass, reason: 'cutoff' | 'class_cancelled'): Mail {
  return mail(to, 'La lista de espera cerró', [
    reason === 'class_cancelled'
      ? `El estudio canceló la clase del ${when(item)}, así que su lista de espera cerró.`
      : `La lista de espera de la clase del ${when(item)} cerró y no se liberó un lugar para ti.`,
    'No se tomó ninguna clase de tu plan. Puedes elegir otra clase en el calendario.',
  ]);
}
