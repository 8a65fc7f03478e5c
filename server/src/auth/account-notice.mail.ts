import { escapeHtml, mailLayout } from '../core/mail/mail-layout';
import type { Mail } from '../core/mail/mail.service';

/** Sent to the OLD address when an account's email changes, so a hijack does not go unnoticed. */
export function emailChangedMail(oldAddress: string, name: string, newAddress: string): Mail {
  const text = [
    `Hola, ${name}:`,
    '',
    `El correo de tu cuenta cambió a ${newAddress}. Desde ahora los avisos llegarán a esa dirección.`,
    '',
    'Si no fuiste tú, contacta al estudio de inmediato.',
  ].join('\n');
  const html = mailLayout(
    'El correo de tu cuenta cambió',
    `<p>Hola, ${escapeHtml(name)}:</p>
<p>El correo de tu cuenta cambió a <strong>${escapeHtml(newAddress)}</strong>. Desde ahora los avisos llegarán a esa dirección.</p>
<p>Si no fuiste tú, contacta al estudio de inmediato.</p>`,
  );
  return { to: oldAddress, subject: 'El correo de tu cuenta cambió', text, html };
}
