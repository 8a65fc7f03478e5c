import { escapeHtml, mailLayout, type Mail, type Recipient } from '../mail';

/** account.email-changed: sent to the OLD address (the recipient), so a hijack does not go unnoticed. */
export interface EmailChanged {
  newAddress: string;
}

export function emailChangedMail(to: Recipient, event: EmailChanged): Mail {
  const text = [
    `Hola, ${to.name}:`,
    '',
    `El correo de tu cuenta cambió a ${event.newAddress}. Desde ahora los avisos llegarán a esa dirección.`,
    '',
    'Si no fuiste tú, contacta al estudio de inmediato.',
  ].join('\n');
  const html = mailLayout(
    'El correo de tu cuenta cambió',
    `<p>Hola, ${escapeHtml(to.name)}:</p>
<p>El correo de tu cuenta cambió a <strong>${escapeHtml(event.newAddress)}</strong>. Desde ahora los avisos llegarán a esa dirección.</p>
<p>Si no fuiste tú, contacta al estudio de inmediato.</p>`,
  );
  return { to: to.email, subject: 'El correo de tu cuenta cambió', text, html };
}
