import type { Mail, MailAttachment, Recipient } from '../mail';

/**
 * mail.composed: a mail written whole before the notifications outbox existed (the mail_queue rows
 * not yet sent when the outbox's migration ran). Sent as it was composed.
 */
export interface ComposedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[] | null;
}

export function composedMail(to: Recipient, event: ComposedMail): Mail {
  return {
    to: to.email,
    subject: event.subject,
    html: event.html,
    text: event.text,
    ...(event.attachments ? { attachments: event.attachments } : {}),
  };
}
