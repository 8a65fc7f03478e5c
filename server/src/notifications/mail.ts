import { escapeHtml } from '../core/http/escape-html';

export { escapeHtml };

/** The shared HTML frame of every mail: Spanish, simple, readable on a phone. */
export function mailLayout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f6f1ea;font-family:Helvetica,Arial,sans-serif;color:#2f3327">
  <div style="max-width:560px;margin:0 auto;padding:32px 24px">
    <h1 style="font-family:Georgia,serif;font-weight:normal;font-size:26px;margin:0 0 16px">${escapeHtml(title)}</h1>
    ${bodyHtml}
    <p style="margin-top:32px;font-size:12px;color:#6b6b5f">Estudio Pilates Reformer</p>
  </div>
</body>
</html>`;
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/** One e-mail as the e-mail channel hands it to the mail server. */
export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

/** Who a notification is for. `userId` lets a channel read the user's own settings (a phone, a preference). */
export interface Recipient {
  userId: number | null;
  email: string;
  name: string;
}

/** What every e-mail builder may read besides its event: the studio's settings. */
export interface MailContext {
  studioTimeZone: string;
  /** Stable host part of calendar UIDs (APP_URL's host name). */
  uidDomain: string;
  cancelHours: number;
}

/** "Hola, Ana:" then one paragraph per line, in text and in HTML: the shape of most of the studio's mails. */
export function greetingMail(to: Recipient, subject: string, lines: string[]): Mail {
  const text = [`Hola, ${to.name}:`, '', ...lines].join('\n');
  const html = mailLayout(
    subject,
    [`Hola, ${to.name}:`, ...lines].map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  );
  return { to: to.email, subject, text, html };
}
