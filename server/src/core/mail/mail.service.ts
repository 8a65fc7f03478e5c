import { MailerService } from '@nestjs-modules/mailer';
import { Injectable, Logger } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { Clock } from '../clock/clock';
import type { MailQueueItem } from './mail-queue.entity';
import { MailQueueRepository } from './mail-queue.repository';

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

/** After this many failed deliveries a mail is given up (about a day of retries). */
export const MAIL_MAX_ATTEMPTS = 24;
/** How long one sender holds a mail it is delivering. */
const CLAIM_MS = 2 * 60_000;
const MINUTE = 60_000;

/** 1, 2, 4, 8, 16, 32 minutes, then every hour. */
export const retryDelayMs = (attempts: number): number => Math.min(2 ** (attempts - 1), 60) * MINUTE;

/**
 * Sends mail over SMTP_URL. Every mail is first written to `mail_queue`, then delivered; when the
 * mail server refuses or is down, the mail stays queued and a job retries it with a growing delay,
 * so a booking or a payment never waits for, nor fails with, the mail server.
 *
 * With no SMTP configured (development) the transport renders each message into a buffer, which
 * is written as an .eml file under DATA_DIR/outbox and logged, so links in mails work locally.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private written = 0;

  constructor(
    private readonly mailer: MailerService,
    private readonly queue: MailQueueRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  get outboxDir(): string {
    return join(this.config.dataDir, 'outbox');
  }

  /** Queues the mail and tries it at once. Rejects only when the mail could not even be queued. */
  async send(mail: Mail): Promise<void> {
    const now = this.clock.now();
    // Claimed by this sender from the start: the retry job leaves it alone while it is tried.
    const item = await this.queue.insert(this.queueRow(mail, new Date(now.getTime() + CLAIM_MS)));
    await this.deliver(item);
  }

  /**
   * Writes the mail to the queue inside the caller's transaction, so it exists exactly when what it
   * announces was committed. It leaves with `deliverQueued` after the commit, or with the retry job
   * within a minute when nobody calls that. Returns the queue row's id.
   */
  async queueInside(mail: Mail): Promise<number> {
    return (await this.queue.insert(this.queueRow(mail, null))).id;
  }

  /** After the commit: delivers mails `queueInside` wrote, each claimed first like the retry job does. */
  async deliverQueued(ids: number[]): Promise<void> {
    for (const id of ids) {
      const now = this.clock.now();
      const item = await this.queue.byId(id);
      if (item && (await this.queue.claim(id, now, new Date(now.getTime() + CLAIM_MS)))) await this.deliver(item);
    }
  }

  /** A new queue row for `mail`, due now. */
  private queueRow(mail: Mail, claimedUntil: Date | null): Partial<MailQueueItem> {
    return {
      recipient: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments ?? null,
      attempts: 0,
      nextAttemptAt: this.clock.now(),
      claimedUntil,
      lastError: null,
      sentAt: null,
    };
  }

  /**
   * The mail-retry job (every minute): delivers the mails that are due. Each is claimed by a conditional UPDATE first,
   * so on several replicas (or two runs at once) a mail goes out once.
   * Returns how many mails this run delivered.
   */
  async retryDue(): Promise<number> {
    const now = this.clock.now();
    const due = await this.queue.due(now, MAIL_MAX_ATTEMPTS, 50);
    let delivered = 0;
    for (const item of due) {
      if (!(await this.queue.claim(item.id, now, new Date(now.getTime() + CLAIM_MS)))) continue;
      if (await this.deliver(item)) delivered++;
    }
    return delivered;
  }

  /** One delivery attempt of a claimed mail; the outcome is recorded on its row. */
  private async deliver(item: MailQueueItem): Promise<boolean> {
    const attempts = item.attempts + 1;
    try {
      await this.transmit(item);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retryAt = new Date(this.clock.now().getTime() + retryDelayMs(attempts));
      await this.queue.update(item.id, {
        attempts,
        nextAttemptAt: retryAt,
        claimedUntil: null,
        lastError: reason.slice(0, 500),
      });
      const next =
        attempts < MAIL_MAX_ATTEMPTS ? `se reintentará a las ${retryAt.toISOString()}` : 'no se reintentará más';
      this.logger.warn(`Correo ${item.id} («${item.subject}») no enviado (intento ${attempts}): ${reason}; ${next}`);
      return false;
    }
    await this.queue.update(item.id, { attempts, sentAt: this.clock.now(), claimedUntil: null, lastError: null });
    return true;
  }

  private async transmit(item: MailQueueItem): Promise<void> {
    const info: { message?: Buffer } = await this.mailer.sendMail({
      from: this.config.mailFrom,
      to: item.recipient,
      subject: item.subject,
      html: item.html,
      text: item.text,
      attachments: item.attachments ?? undefined,
    });
    if (this.config.smtpUrl) {
      this.logger.log(`Correo ${item.id} enviado: ${item.subject}`);
      return;
    }
    // Mails carry names, addresses and reset links: only the server's user reads them.
    await mkdir(this.outboxDir, { recursive: true, mode: 0o700 });
    const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
    // The sequence keeps two mails of the same millisecond apart (and in order); no address in the
    // name, as the name is logged.
    const sequence = String(++this.written).padStart(6, '0');
    const file = join(this.outboxDir, `${stamp}-${sequence}-correo-${item.id}.eml`);
    await writeFile(file, info.message ?? '', { mode: 0o600 });
    this.logger.log(`Correo ${item.id} («${item.subject}») guardado en ${file}`);
  }
}
