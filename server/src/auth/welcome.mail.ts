import { escapeHtml, mailLayout } from '../core/mail/mail-layout';
import type { Mail } from '../core/mail/mail.service';

/** A welcome link lasts longer than a reset link: the client may read it days after the class. */
export const WELCOME_LINK_DAYS = 7;

/** The account the studio opened at the door: the same reset link, with a welcome's words. */
export function welcomeMail(to: string, name: string, link: string): Mail {
  const text = [
    `Hola, ${name}:`,
    '',
    'El estudio abrió una cuenta para ti para que puedas reservar tus clases en línea.',
    `Abre este enlace para elegir tu contraseña (vale ${WELCOME_LINK_DAYS} días y solo se puede usar una vez):`,
    link,
    '',
    `Si el enlace vence, usa «¿Olvidaste tu contraseña?» con este correo (${to}).`,
  ].join('\n');
  const html = mailLayout(
    'Bienvenida al estudio',
    `<p>Hola, ${escapeHtml(name)}:</p>
<p>El estudio abrió una cuenta para ti para que puedas reservar tus clases en línea.</p>
<p><a href="${escapeHtml(link)}">Elegir mi contraseña</a></p>
<p>El enlace vale ${WELCOME_LINK_DAYS} días y solo se puede usar una vez. Si vence, usa «¿Olvidaste tu contraseña?» con este correo.</p>`,
  );
  return { to, subject: 'Bienvenida: elige tu contraseña', text, html };
}
