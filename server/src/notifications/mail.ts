import {
  addressLineOf,
  DEFAULT_STUDIO_CONTACT,
  STUDIO_CONTACT,
  whatsappUrlOf,
  type StudioContactInfo,
} from '@pilates/dates';
import { escapeHtml } from '../core/http/escape-html';

export { escapeHtml };

/** What every e-mail builder may read besides its event: the studio's settings. */
export interface MailContext {
  studioTimeZone: string;
  /** Stable host part of calendar UIDs (APP_URL's host name). */
  uidDomain: string;
  cancelHours: number;
  /** The site's public address (APP_URL): links and the logo are absolute on it. */
  appUrl: string;
  /** How to reach the studio, from the owner's settings (the first-start defaults when absent). */
  contact?: StudioContactInfo;
  /** Where answers go (MAIL_REPLY_TO): also the organizer of the calendar events mails carry. */
  replyTo?: string;
  /** When the mail is written: the calendar events' DTSTAMP. */
  now?: Date;
  /** A person's one-click unsubscribe address for promotional mails (absolute), when the channel signs them. */
  unsubscribeUrl?: (userId: number) => string;
}

/** The page of the site a mail is about: its button in HTML, its address in the text. */
export interface MailLink {
  /** A path on the site ('/pilates/clases') or an absolute address (a reset link). */
  href: string;
  label: string;
}

/** Where a client's plans are: "Mis clases" on its "Planes" tab. */
const MY_PLANS_PATH = '/pilates/clases?ver=planes';

/** The logo the site serves (client/public/mail-logo.png, 96 px for sharp 48 px). */
export const MAIL_LOGO_PATH = '/mail-logo.png';

/** An address on the site, absolute (mail clients have no base address). */
export const siteUrl = (context: Pick<MailContext, 'appUrl'>, href: string): string =>
  /^https?:\/\//.test(href) ? href : new URL(href, context.appUrl).toString();

// Colours: dark text on the light page (contrast above 7:1), white on the terracotta button (above 4.5:1).
const INK = '#2f3327';
const MUTED = '#55584c';
const BUTTON = '#8a4630';

/**
 * The shared HTML frame of every mail: Spanish, simple, readable on a phone; the studio's logo
 * and name on top, the page the mail is about as a button, and how to reach the studio below.
 */
export function mailLayout(title: string, bodyHtml: string, context: MailContext, link?: MailLink): string {
  const logo = siteUrl(context, MAIL_LOGO_PATH);
  const contact = context.contact ?? DEFAULT_STUDIO_CONTACT;
  const button = link
    ? `<p style="margin:28px 0"><a href="${escapeHtml(siteUrl(context, link.href))}" style="display:inline-block;background:${BUTTON};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:999px">${escapeHtml(link.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f6f1ea;font-family:Helvetica,Arial,sans-serif;color:${INK};font-size:16px;line-height:1.5">
  <div role="article" aria-roledescription="correo" aria-label="${escapeHtml(title)}" lang="es" style="max-width:560px;margin:0 auto;padding:32px 24px">
    <p style="margin:0 0 24px"><a href="${escapeHtml(siteUrl(context, '/pilates'))}" style="color:${INK};text-decoration:none"><img src="${escapeHtml(logo)}" width="48" height="48" alt="${escapeHtml(STUDIO_CONTACT.name)}" style="vertical-align:middle;border:0"> <span style="font-family:Georgia,serif;font-size:18px;vertical-align:middle">${escapeHtml(STUDIO_CONTACT.name)}</span></a></p>
    <h1 style="font-family:Georgia,serif;font-weight:normal;font-size:26px;line-height:1.25;margin:0 0 16px">${escapeHtml(title)}</h1>
    ${bodyHtml}
    ${button}
    <hr style="border:0;border-top:1px solid #d9d2c5;margin:32px 0 16px">
    <p style="margin:0;font-size:14px;color:${MUTED}">${escapeHtml(STUDIO_CONTACT.name)} · ${escapeHtml(addressLineOf(contact.address))}<br>
      WhatsApp: <a href="${escapeHtml(whatsappUrlOf(contact.whatsapp))}" style="color:${MUTED}">${escapeHtml(contact.phone)}</a></p>
  </div>
</body>
</html>`;
}

/** The plain-text twin of mailLayout's frame: the same link and the same contact lines. */
export function mailText(lines: string[], context: MailContext, link?: MailLink): string {
  const contact = context.contact ?? DEFAULT_STUDIO_CONTACT;
  return [
    ...lines,
    ...(link ? ['', `${link.label}: ${siteUrl(context, link.href)}`] : []),
    '',
    '--',
    STUDIO_CONTACT.name,
    addressLineOf(contact.address),
    `WhatsApp: ${contact.phone} (${whatsappUrlOf(contact.whatsapp)})`,
  ].join('\n');
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
  /** Extra headers: a promotional mail's List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

/** Who a notification is for. `userId` lets a channel read the user's own settings (a phone, a preference). */
export interface Recipient {
  userId: number | null;
  email: string;
  name: string;
}

/**
 * "Hola, Ana:" then one paragraph per line, in text and in HTML, with the page it is about: the
 * shape of most of the studio's mails.
 */
export function greetingMail(
  to: Recipient,
  subject: string,
  lines: string[],
  context: MailContext,
  link?: MailLink,
): Mail {
  const text = mailText(
    [`Hola, ${to.name}:`, '', ...lines.map((line) => pageAddressesIn(line, context))],
    context,
    link,
  );
  const html = mailLayout(
    subject,
    [`Hola, ${to.name}:`, ...lines]
      .map((line) => `<p style="margin:0 0 12px">${pageLinksIn(escapeHtml(line), context)}</p>`)
      .join('\n'),
    context,
    link,
  );
  return { to: to.email, subject, text, html };
}

/** The site's pages a mail may name in its sentences («Mis clases»), and where each is. */
const NAMED_PAGES: Readonly<Record<string, string>> = {
  'Mis clases': '/pilates/clases',
  'Mis planes': MY_PLANS_PATH,
  'Mi información': '/pilates/informacion',
};
const NAMED_PAGE = new RegExp(`«(${Object.keys(NAMED_PAGES).join('|')})»`, 'g');

/** HTML: each page named «Mis clases» becomes a link to it, absolute to APP_URL. */
const pageLinksIn = (html: string, context: MailContext): string =>
  html.replace(
    NAMED_PAGE,
    (_, name: string) =>
      `«<a href="${escapeHtml(siteUrl(context, NAMED_PAGES[name]))}" style="color:${INK}">${escapeHtml(name)}</a>»`,
  );

/** Text: each page named «Mis clases» is followed by its address, absolute to APP_URL. */
const pageAddressesIn = (line: string, context: MailContext): string =>
  line.replace(NAMED_PAGE, (named, name: string) => `${named} (${siteUrl(context, NAMED_PAGES[name])})`);

/** The page of a client's classes, which most class mails link to. */
export const MY_CLASSES_LINK: MailLink = { href: '/pilates/clases', label: 'Ver mis clases' };
/** The booking calendar. */
export const BOOKING_LINK: MailLink = { href: '/pilates/reservar', label: 'Ir al calendario' };
/** The booking calendar open on one studio date (`YYYY-MM-DD`): the other classes of the day a mail is about. */
export const bookingLinkOn = (date: string): MailLink => ({
  href: `/pilates/reservar?fecha=${date}`,
  label: 'Ver las clases de ese día',
});
/** "Mis clases" open on its "Planes" tab: the client's plans, gift balance and purchases. */
export const MY_ACCOUNT_LINK: MailLink = { href: MY_PLANS_PATH, label: 'Ver mis planes' };

/**
 * A promotional mail's way out: a sentence with the one-click unsubscribe link above the studio's
 * contact lines, and the RFC 8058 headers that let the mail program offer «Cancelar suscripción»
 * (a POST to the same address). Without a person or a signed address the mail goes as it is.
 */
export function withUnsubscribe(mail: Mail, to: Recipient, context: MailContext): Mail {
  if (to.userId === null || !context.unsubscribeUrl) return mail;
  const url = context.unsubscribeUrl(to.userId);
  const sentence = '¿Ya no quieres recibir promociones?';
  return {
    ...mail,
    text: mail.text.replace('\n\n--\n', `\n\n${sentence} Date de baja en un clic: ${url}\n\n--\n`),
    html: mail.html.replace(
      '<hr ',
      `<p style="margin:24px 0 0;font-size:14px;color:${MUTED}">${sentence} <a href="${escapeHtml(url)}" style="color:${MUTED}">Darme de baja</a></p>\n    <hr `,
    ),
    headers: {
      ...mail.headers,
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
