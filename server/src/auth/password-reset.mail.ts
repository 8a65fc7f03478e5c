import { escapeHtml, mailLayout } from '../core/mail/mail-layout';
import type { Mail } from '../core/mail/mail.service';

export const RESET_LINK_HOURS = 1;

export function passwordResetMail(to: string, name: string, link: string): Mail {
  const text = [
    `Hola, ${name}:`,
    '',
    'Recibimos una solicitud para restablecer la contraseña de tu cuenta.',
    `Abre este enlace para elegir una nueva (vale ${RESET_LINK_HOURS} hora y solo se puede usar una vez):`,
    link,
    '',
    'Si no fuiste tú, ignora este correo: tu contraseña no cambia.',
  ].join('\n');
  const html = mailLayout(
    'Restablece tu contraseña',
    `<p>Hola, ${escapeHtml(name)}:</p>
<p>Recibimos una solicitud para restablecer la contraseña de tu cuenta.</p>
<p><a href="${escapeHtml(link)}">Elegir una nueva contraseña</a></p>
<p>El enlace vale ${RESET_LINK_HOURS} hora y solo se puede usar una vez. Si no fuiste tú, ignora este correo: tu contraseña no cambia.</p>`,
  );
  return { to, subject: 'Restablece tu contraseña', text, html };
}
