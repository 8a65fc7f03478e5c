import { formatLongDate } from '@pilates/dates';
import { greetingMail, type Mail, type MailContext, type Recipient } from '../mail';

/** arco.received: the requester's receipt of their ARCO request, with its folio and deadline. */
export interface ArcoReceived {
  folio: string;
  /** The right as the mail names it ("Acceso", "Rectificación", …). */
  rightLabel: string;
  /** The studio date the answer is due (`YYYY-MM-DD`). */
  dueDate: string;
}

/** arco.studio_notice: a new ARCO request, for the studio's contact e-mail. */
export interface ArcoStudioNotice extends ArcoReceived {
  requesterName: string;
  requesterEmail: string;
  detail: string;
  /** Whether the requester was logged in to an account. */
  hasAccount: boolean;
}

/** The admin's page of ARCO requests. */
const ADMIN_ARCO_PATH = '/pilates/arco';

export function arcoReceivedMail(to: Recipient, event: ArcoReceived, context: MailContext): Mail {
  return greetingMail(
    to,
    'Recibimos tu solicitud ARCO',
    [
      `Recibimos tu solicitud para ejercer tu derecho de ${event.rightLabel} sobre tus datos personales.`,
      `Tu folio es ${event.folio}. Consérvalo para cualquier seguimiento.`,
      `Te responderemos a este correo a más tardar el ${formatLongDate(event.dueDate)} (20 días hábiles).`,
      'Si no enviaste esta solicitud, responde a este correo para avisarnos.',
    ],
    context,
  );
}

export function arcoStudioNoticeMail(to: Recipient, event: ArcoStudioNotice, context: MailContext): Mail {
  return greetingMail(
    to,
    `Nueva solicitud ARCO ${event.folio}`,
    [
      `${event.requesterName} (${event.requesterEmail}) envió una solicitud ARCO${event.hasAccount ? ' desde su cuenta' : ''}.`,
      `Folio: ${event.folio} · Derecho: ${event.rightLabel}.`,
      `Lo que pide: ${event.detail}`,
      `La ley pide responder a más tardar el ${formatLongDate(event.dueDate)} (20 días hábiles).`,
    ],
    context,
    { href: ADMIN_ARCO_PATH, label: 'Ver las solicitudes ARCO' },
  );
}
