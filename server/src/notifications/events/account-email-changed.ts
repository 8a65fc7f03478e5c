import { escapeHtml, mailLayout, mailText, type Mail, type MailContext, type Recipient } from '../mail';

/** account.email-changed: sent to the OLD address (the recipient), so a hijack does not go unnoticed. */
export interface EmailChanged {
  newAddress: string;
}

const ACCOUNT_LINK = { href: '/pilates/informacion', label: 'Ver mi información' };

export function emailChangedMail(to: Recipient, event: EmailChanged, context: MailContext): Mail {
  const text = mailText(
    [
      `Hola, ${to.name}:`,
      '',
      `El correo de tu cuenta cambió a ${event.newAddress}. Desde ahora los avisos llegarán a esa dirección.`,
      '',
      'Si no fuiste tú, contacta al estudio de inmediato.',
    ],
    context,
    ACCOUNT_LINK,
  );
  const html = mailLayout(
    'El correo de tu cuenta cambió',
    `<p>Hola, ${escapeHtml(to.name)}:</p>
<p>El correo de tu cuenta cambió a <strong>${escapeHtml(event.newAddress)}</strong>. Desde ahora los avisos llegarán a esa dirección.</p>
<p>Si no fuiste tú, contacta al estudio de inmediato.</p>`,
    context,
    ACCOUNT_LINK,
  );
  return { to: to.email, subject: 'El correo de tu cuenta cambió', text, html };
}
