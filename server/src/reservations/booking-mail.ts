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
