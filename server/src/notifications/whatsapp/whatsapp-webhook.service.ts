import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Clock } from '../../core/clock/clock';
import { AppConfig } from '../../core/config/app-config';
import { TransactionService } from '../../core/database/transaction.service';
import { NotificationsRepository } from '../notifications.repository';
import type { WhatsAppMessageStatus } from '../entities/whatsapp-message.entity';
import { WhatsAppConsentsService } from './whatsapp-consents.service';
import { WhatsAppError, WhatsAppErrorCode } from './whatsapp.errors';
import { WhatsAppRepository } from './whatsapp.repository';

/** A stored post above this is refused (Meta's are a few KB; the column is TEXT on MySQL). */
export const MAX_WEBHOOK_BYTES = 60_000;
/** How many stored posts one sweep takes. */
const SWEEP_BATCH = 50;
/** What a reply must say, once upper-cased without accents, spaces or punctuation, to opt out. */
const OPT_OUT_WORDS = new Set(['BAJA', 'STOP']);

type ReportedStatus = Exclude<WhatsAppMessageStatus, 'accepted'>;
const REPORTED: ReadonlySet<string> = new Set<ReportedStatus>(['sent', 'delivered', 'read', 'failed']);

/** "Baja", " b a j a ", "¡BÁJA!", "stop." → an opt-out. */
export const isOptOutReply = (text: string): boolean =>
  OPT_OUT_WORDS.has(
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^\p{L}\p{N}]/gu, '')
      .toUpperCase(),
  );

interface WebhookMessage {
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { text?: unknown };
}
interface WebhookStatus {
  id?: unknown;
  status?: unknown;
  errors?: { code?: unknown; title?: unknown; message?: unknown }[];
}
interface WebhookBody {
  object?: unknown;
  entry?: { changes?: { field?: unknown; value?: { statuses?: WebhookStatus[]; messages?: WebhookMessage[] } }[] }[];
}

/** The text a client wrote: a text message's body, or a quick-reply button's label. */
const replyText = (message: WebhookMessage): string | null => {
  if (typeof message.text?.body === 'string') return message.text.body;
  if (typeof message.button?.text === 'string') return message.button.text;
  return null;
};

/**
 * Meta's webhook: the signature of each POST is checked on its raw body (X-Hub-Signature-256,
 * HMAC-SHA256 with the app secret, compared in constant time); a signed post is stored as it came
 * (once: a replay of the same body is recognised by its hash) and answered at once, then processed
 * in the background: status reports move the message's state (a failure sends the e-mail instead),
 * and a "BAJA" or "STOP" reply ends the sender's consent. The notifications job processes what a
 * crash left stored but unprocessed. The simulator feeds its reports through `receive()` too.
 */
@Injectable()
export class WhatsAppWebhookService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('WhatsAppWebhook');
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly transactions: TransactionService,
    private readonly repository: WhatsAppRepository,
    private readonly outbox: NotificationsRepository,
    private readonly consents: WhatsAppConsentsService,
  ) {}

  /**
   * WHATSAPP_APP_SECRET; without one (the simulator, outside production) a secret derived from
   * JWT_SECRET, so the simulator signs its reports and a forged post is still refused.
   */
  get secret(): string {
    return (
      this.config.whatsappAppSecret ??
      createHmac('sha256', this.config.jwtSecret).update('simulated-whatsapp-webhook').digest('hex')
    );
  }

  /** `sha256=<hex>` of a body, as Meta signs it. */
  sign(rawBody: Buffer | string): string {
    return `sha256=${createHmac('sha256', this.secret).update(rawBody).digest('hex')}`;
  }

  /** Meta's subscription check: the challenge when the verify token matches, else 403. */
  challenge(mode: string | undefined, token: string | undefined, challenge: string | undefined): string {
    const expected = this.config.whatsappVerifyToken;
    const ok =
      mode === 'subscribe' &&
      expected !== undefined &&
      token !== undefined &&
      challenge !== undefined &&
      /^[\w.-]{1,200}$/.test(challenge) &&
      sameSecret(token, expected);
    if (!ok) throw new WhatsAppError(WhatsAppErrorCode.WHATSAPP_VERIFICATION_FAILED);
    return challenge;
  }

  /** Throws 401 unless `signature` is the raw body's HMAC; nothing is stored before this passes. */
  verify(rawBody: Buffer | undefined, signature: string | undefined): Buffer {
    const match = /^sha256=([0-9a-f]{64})$/i.exec(signature?.trim() ?? '');
    if (!rawBody || !match) {
      this.logger.warn(`Notificación rechazada: ${!rawBody ? 'sin cuerpo' : 'sin firma o con firma mal formada'}`);
      throw new WhatsAppError(WhatsAppErrorCode.WHATSAPP_SIGNATURE_INVALID);
    }
    const expected = createHmac('sha256', this.secret).update(rawBody).digest();
    if (!timingSafeEqual(expected, Buffer.from(match[1], 'hex'))) {
      this.logger.warn('Notificación rechazada: la firma no coincide');
      throw new WhatsAppError(WhatsAppErrorCode.WHATSAPP_SIGNATURE_INVALID);
    }
    if (rawBody.length > MAX_WEBHOOK_BYTES) throw new WhatsAppError(WhatsAppErrorCode.WHATSAPP_WEBHOOK_TOO_LARGE);
    return rawBody;
  }

  /** Stores a verified post (a replay is ignored) and processes it in the background. */
  async receive(rawBody: Buffer): Promise<void> {
    const body = rawBody.toString('utf8');
    const hash = createHash('sha256').update(rawBody).digest('hex');
    const id = await this.repository.insertWebhookEvent(hash, body);
    if (id === null) return;
    this.track(this.processStored(id, body));
  }

  /** The notifications job: stored posts that were not processed (the process stopped). */
  async processPending(): Promise<number> {
    const pending = await this.repository.unprocessedWebhookEvents(SWEEP_BATCH);
    for (const event of pending) await this.processStored(event.id, event.body);
    return pending.length;
  }

  /** Resolves once the posts received so far are processed (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.settled();
  }

  private track(work: Promise<void>): void {
    const done = work.catch((error: unknown) =>
      this.logger.error(`Notificación no procesada: ${error instanceof Error ? error.message : String(error)}`),
    );
    this.inFlight.add(done);
    void done.finally(() => this.inFlight.delete(done));
  }

  private async processStored(id: number, body: string): Promise<void> {
    try {
      await this.transactions.run(async () => {
        await this.process(JSON.parse(body) as WebhookBody);
        await this.repository.markWebhookProcessed(id, this.clock.now());
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.repository.markWebhookFailed(id, reason);
      // A body that is not JSON can never be processed: marked so the sweep leaves it.
      if (error instanceof SyntaxError) await this.repository.markWebhookProcessed(id, this.clock.now());
      throw error;
    }
  }

  private async process(body: WebhookBody): Promise<void> {
    if (body.object !== 'whatsapp_business_account') return;
    for (const entry of body.entry ?? []) {
      for (const change of entry.changes ?? []) {
        if (change.field !== 'messages' || !change.value) continue;
        for (const status of change.value.statuses ?? []) await this.applyStatus(status);
        for (const message of change.value.messages ?? []) await this.applyReply(message);
      }
    }
  }

  private async applyStatus(report: WebhookStatus): Promise<void> {
    if (typeof report.id !== 'string' || typeof report.status !== 'string' || !REPORTED.has(report.status)) return;
    const error = report.errors?.[0];
    const changed = await this.repository.applyStatus(report.id, report.status as ReportedStatus, {
      code: typeof error?.code === 'number' ? error.code : null,
      title: typeof error?.title === 'string' ? error.title : typeof error?.message === 'string' ? error.message : null,
    });
    if (changed?.status !== 'failed') return;
    // Meta took the message but could not deliver it: the e-mail goes instead (once, by the
    // outbox's unique event and channel), with the next sweep.
    const { event } = await this.outbox.deliveryById(changed.deliveryId);
    if (event.to.email !== '' && !(await this.outbox.hasDelivery(event.id, 'email'))) {
      await this.outbox.insertDelivery(event.id, 'email', this.clock.now());
    }
    this.logger.warn(
      `Mensaje ${changed.id} no entregado por WhatsApp (código ${changed.errorCode ?? '¿?'}): va por correo`,
    );
  }

  private async applyReply(message: WebhookMessage): Promise<void> {
    const text = replyText(message);
    if (typeof message.from !== 'string' || text === null || !isOptOutReply(text)) return;
    const ended = await this.consents.optOutByReply(message.from);
    this.logger.log(`Respuesta de baja: ${ended} consentimiento(s) terminados`);
  }
}

/** Equal strings, compared in constant time (their hashes have the same length). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
