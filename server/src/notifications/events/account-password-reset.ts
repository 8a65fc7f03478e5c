import { escapeHtml, mailLayout, mailText, type Mail, type MailContext, type Recipient } from '../mail';

/** How long a reset link works. */
export const RESET_LINK_HOURS = 1;

/** account.password-reset: a reset link was asked for. */
export interface PasswordReset {
  link: string;
}

export function passwordResetMail(to: Recipient, event: PasswordReset, context: MailContext): Mail {
  const text = mailText(
    [
      `Hola, ${to.name}:`,
      '',
      'Recibimos una solicitud para restablecer la contraseña de tu cuenta.',
      `Abre este enlace para elegir una nueva (vale ${RESET_LINK_HOURS} hora y solo se puede usar una vez):`,
      event.link,
      '',
      'Si no fuiste tú, ignora este correo: tu contraseña no cambia.',
    ],
    context,
  );
  const html = mailLayout(
    'Restablece tu contraseña',
    `<p>Hola, ${escapeHtml(to.name)}:</p>
<p>Recibimos una solicitud para restablecer la contraseña de tu cuenta.</p>
<p><a href="${escapeHtml(event.link)}">Elegir una nueva contraseña</a></p>
<p>El enlace vale ${RESET_LINK_HOURS} hora y solo se puede usar una vez. Si no fuiste tú, ignora este correo: tu contraseña no cambia.</p>`,
    context,
  );
  return { to: to.email, subject: 'Restablece tu contraseña', text, html };
}
