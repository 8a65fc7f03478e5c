import { MailerService } from '@nestjs-modules/mailer';
import { Injectable, Logger } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Clock } from '../core/clock/clock';
import { AppConfig } from '../core/config/app-config';
import { replyToAddress } from '../core/settings/studio-settings';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import type { Channel, OutboxEvent } from './channel';
import { renderEmail, type NotificationEvent } from './events';
import { siteUrl, type Mail, type MailContext, type Recipient } from './mail';
import { unsubscribePath, unsubscribeToken } from '../core/security/unsubscribe-token';

/**
 * E-mail over SMTP_URL, each event rendered by its own builder (events/<event>.ts). With no SMTP
 * configured (development) the transport renders each message into a buffer, written as an .eml
 * file under DATA_DIR/outbox and logged, so links in mails work locally.
 */
@Injectable()
export class EmailChannel implements Channel {
  readonly name = 'email';
  private readonly logger = new Logger('Mail');
  private written = 0;

  constructor(
    private readonly mailer: MailerService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly settings: StudioSettingsService,
  ) {}

  get outboxDir(): string {
    return join(this.config.dataDir, 'outbox');
  }

  private get context(): MailContext {
    return {
      studioTimeZone: this.config.studioTimeZone,
      uidDomain: new URL(this.config.appUrl).hostname,
      // The settings this replica read last (deliver() reads them first): rendering is synchronous.
      cancelHours: this.settings.latest().cancelHours,
      contact: this.settings.latest().contact,
      appUrl: this.config.appUrl,
      replyTo: this.replyTo,
      now: this.clock.now(),
      unsubscribeUrl: (userId) =>
        siteUrl(this.config, unsubscribePath(unsubscribeToken(this.config.jwtSecret, userId))),
    };
  }

  /** MAIL_REPLY_TO, else the studio's e-mail from Ajustes (the settings this replica read last). */
  private get replyTo(): string {
    return replyToAddress(this.config.mailReplyTo, this.settings.latest());
  }

  wants(recipient: Recipient): boolean {
    // A deleted account's address is under the reserved .invalid domain (RFC 2606): never delivered,
    // so never tried (a refund made after the deletion, for one, has nobody to tell).
    return recipient.email !== '' && !/\.invalid$/i.test(recipient.email);
  }

  /** The e-mail an event becomes. */
  render(event: NotificationEvent): Mail {
    return renderEmail(event, this.context);
  }

  async deliver(event: OutboxEvent): Promise<void> {
    await this.settings.current();
    const mail = this.render(event);
    const info: { message?: Buffer } = await this.mailer.sendMail({
      from: this.config.mailFrom,
      replyTo: this.replyTo,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments,
      headers: mail.headers,
    });
    if (this.config.smtpUrl) {
      this.logger.log(`Correo ${event.id} enviado: ${mail.subject}`);
      return;
    }
    // Mails carry names, addresses and reset links: only the server's user reads them.
    await mkdir(this.outboxDir, { recursive: true, mode: 0o700 });
    const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
    // The sequence keeps two mails of the same millisecond apart (and in order); no address in the
    // name, as the name is logged.
    const sequence = String(++this.written).padStart(6, '0');
    const file = join(this.outboxDir, `${stamp}-${sequence}-correo-${event.id}.eml`);
    await writeFile(file, info.message ?? '', { mode: 0o600 });
    this.logger.log(`Correo ${event.id} («${mail.subject}») guardado en ${file}`);
  }
}
