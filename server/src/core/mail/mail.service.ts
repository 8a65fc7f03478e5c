import { MailerService } from '@nestjs-modules/mailer';
import { Injectable, Logger } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { Clock } from '../clock/clock';

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

/**
 * Sends mail over SMTP_URL. With no SMTP configured (development) the transport
 * renders each message into a buffer, which is written as an .eml file under
 * DATA_DIR/outbox and logged, so links in mails work locally.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private written = 0;

  constructor(
    private readonly mailer: MailerService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  get outboxDir(): string {
    return join(this.config.dataDir, 'outbox');
  }

  async send(mail: Mail): Promise<void> {
    const info: { message?: Buffer } = await this.mailer.sendMail({
      from: this.config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments,
    });
    if (this.config.smtpUrl) {
      this.logger.log(`Correo enviado a ${mail.to}: ${mail.subject}`);
      return;
    }
    await mkdir(this.outboxDir, { recursive: true });
    const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
    // The sequence keeps two mails to one address in the same millisecond apart (and in order).
    const sequence = String(++this.written).padStart(6, '0');
    const file = join(this.outboxDir, `${stamp}-${sequence}-${mail.to.replace(/[^\w.@-]/g, '_')}.eml`);
    await writeFile(file, info.message ?? '');
    this.logger.log(`Correo para ${mail.to} («${mail.subject}») guardado en ${file}`);
  }
}
