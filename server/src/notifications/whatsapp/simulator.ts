import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Clock } from '../../core/clock/clock';
import { AppConfig } from '../../core/config/app-config';
import { templateRequest, WhatsAppSender, type WhatsAppSent } from './cloud-api';
import { waIdOf } from './phone-number';
import type { WhatsAppMessage } from './templates';
import { WhatsAppWebhookService } from './whatsapp-webhook.service';

/**
 * WhatsApp without Meta (no WHATSAPP_TOKEN / WHATSAPP_PHONE_NUMBER_ID): each message is written as a
 * JSON file under DATA_DIR/whatsapp-outbox (the request Meta would get, and the text the client
 * would read), as the e-mail outbox writes .eml files. Meta's reports are then played back: a
 * `sent` and a `delivered` status, signed and passed through the webhook's own check and
 * processing, so the studio sees the same states as with Meta.
 */
@Injectable()
export class WhatsAppSimulator extends WhatsAppSender {
  readonly simulated = true;
  private readonly logger = new Logger('WhatsApp');
  private written = 0;

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly webhooks: WhatsAppWebhookService,
  ) {
    super();
  }

  get outboxDir(): string {
    return join(this.config.dataDir, 'whatsapp-outbox');
  }

  async send(to: string, message: WhatsAppMessage, reference: string): Promise<WhatsAppSent> {
    const waMessageId = `wamid.simulado.${randomBytes(12).toString('hex')}`;
    // Messages carry names and phone numbers: only the server's user reads them.
    await mkdir(this.outboxDir, { recursive: true, mode: 0o700 });
    const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
    const sequence = String(++this.written).padStart(6, '0');
    // No number in the name, as the name is logged.
    const file = join(this.outboxDir, `${stamp}-${sequence}-whatsapp-${reference}.json`);
    const content = {
      waMessageId,
      to,
      template: message.template,
      text: message.text,
      request: templateRequest(to, message),
    };
    await writeFile(file, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
    this.logger.log(`WhatsApp ${reference} («${message.template}») guardado en ${file}`);
    return { waMessageId, waId: waIdOf(to) };
  }

  /** Meta's two first reports of the message, through the webhook's signature check and processing. */
  override async stored(sent: WhatsAppSent, to: string): Promise<void> {
    for (const status of ['sent', 'delivered'] as const) {
      const raw = Buffer.from(JSON.stringify(statusReport(sent.waMessageId, waIdOf(to), status, this.clock.now())));
      await this.webhooks.receive(this.webhooks.verify(raw, this.webhooks.sign(raw)));
    }
  }
}

/** A status report in the shape of Meta's webhook (object, entry, changes, value.statuses). */
export const statusReport = (
  waMessageId: string,
  recipientId: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  at: Date,
  error?: { code: number; title: string },
) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'simulado',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '527220000000', phone_number_id: 'simulado' },
            statuses: [
              {
                id: waMessageId,
                status,
                timestamp: String(Math.floor(at.getTime() / 1000)),
                recipient_id: recipientId,
                ...(error ? { errors: [{ code: error.code, title: error.title }] } : {}),
              },
            ],
          },
        },
      ],
    },
  ],
});
