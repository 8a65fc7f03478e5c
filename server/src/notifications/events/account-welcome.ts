import { escapeHtml, mailLayout, mailText, type Mail, type MailContext, type Recipient } from '../mail';

/** A welcome link lasts longer than a reset link: the client may read it days after the class. */
export const WELCOME_LINK_DAYS = 7;

/** account.welcome: the studio opened an account at the door (a walk-in); its "set your password" link. */
export interface AccountWelcome {
  link: string;
}

/** The same reset link, with a welcome's words. */
export function accountWelcomeMail(to: Recipient, event: AccountWelcome, context: MailContext): Mail {
  const text = mailText(
    [
      `Hola, ${to.name}:`,
      '',
      'El estudio abrió una cuenta para ti para que puedas reservar tus clases en línea.',
      `Abre este enlace para elegir tu contraseña (vale ${WELCOME_LINK_DAYS} días y solo se puede usar una vez):`,
      event.link,
      '',
      `Si el enlace vence, usa «¿Olvidaste tu contraseña?» con este correo (${to.email}).`,
    ],
    context,
  );
  const html = mailLayout(
    'Bienvenida al estudio',
    `<p>Hola, ${escapeHtml(to.name)}:</p>
<p>El estudio abrió una cuenta para ti para que puedas reservar tus clases en línea.</p>
<p><a href="${escapeHtml(event.link)}">Elegir mi contraseña</a></p>
<p>El enlace vale ${WELCOME_LINK_DAYS} días y solo se puede usar una vez. Si vence, usa «¿Olvidaste tu contraseña?» con este correo.</p>`,
    context,
  );
  return { to: to.email, subject: 'Bienvenida: elige tu contraseña', text, html };
}
