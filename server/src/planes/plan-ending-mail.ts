import { formatLongDate } from '@pilates/dates';
import { escapeHtml, mailLayout } from '../core/mail/mail-layout';
import type { Mail } from '../core/mail/mail.service';

export interface EndingPlan {
  email: string;
  name: string;
  planName: string;
  classesRemaining: number;
  endDate: string;
}

/** "Te quedan 3 clases hasta el 12 de diciembre de 2026": sent once per plan, a week before it ends. */
export function planEndingMail(plan: EndingPlan): Mail {
  const classes = plan.classesRemaining === 1 ? '1 clase' : `${plan.classesRemaining} clases`;
  const subject = `Te quedan ${classes} de tu plan`;
  const lines = [
    `Hola, ${plan.name}:`,
    `Te quedan ${classes} hasta el ${formatLongDate(plan.endDate)} en tu plan «${plan.planName}».`,
    'Reserva tus clases en el calendario antes de que termine el plan: las clases no usadas no se guardan.',
    '¡Te esperamos en el estudio!',
  ];
  return {
    to: plan.email,
    subject,
    text: lines.join('\n\n'),
    html: mailLayout(subject, lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')),
  };
}
