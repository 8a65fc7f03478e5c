import { Injectable } from '@nestjs/common';
import { Clock } from '../../core/clock/clock';
import { AppConfig } from '../../core/config/app-config';
import { StudioSettingsService } from '../../core/settings/studio-settings.service';
import { PermanentDeliveryError, type Channel, type DeliveryAttempt, type OutboxEvent } from '../channel';
import type { NotificationEvent } from '../events';
import type { Recipient } from '../mail';
import { WhatsAppSender, WhatsAppSendError } from './cloud-api';
import { whatsappSendAt } from './quiet-hours';
import { BESIDE_EMAIL, renderWhatsApp, type WhatsAppContext } from './templates';
import { WhatsAppRepository } from './whatsapp.repository';

/**
 * WhatsApp, for the clients who opted in, instead of the e-mail (`replaces`): the event's template
 * message (templates.ts; events without one go by e-mail), never in the quiet hours. A refusal
 * Meta calls permanent, or a consent withdrawn since, gives the delivery up and the e-mail goes
 * (NotificationsService); 5xx, 429 and no answer are retried with the outbox's backoff.
 */
@Injectable()
export class WhatsAppChannel implements Channel {
  readonly name = 'whatsapp';
  readonly replaces = 'email';

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly settings: StudioSettingsService,
    private readonly repository: WhatsAppRepository,
    private readonly sender: WhatsAppSender,
  ) {}

  private get context(): WhatsAppContext {
    return {
      studioTimeZone: this.config.studioTimeZone,
      appUrl: this.config.appUrl,
      // The settings this replica read last (deliver() reads them first).
      cancelHours: this.settings.latest().cancelHours,
    };
  }

  /** In production without Meta's settings WhatsApp is off: the simulator's outbox reaches nobody. */
  private get off(): boolean {
    return this.config.isProduction && this.sender.simulated;
  }

  async wants(recipient: Recipient, event: NotificationEvent): Promise<boolean> {
    if (this.off || recipient.userId === null || renderWhatsApp(event, this.context) === null) return false;
    return (await this.repository.activeConsentOf(recipient.userId)) !== null;
  }

  beside(event: NotificationEvent): boolean {
    return BESIDE_EMAIL.has(event.type);
  }

  sendAt(event: NotificationEvent, now: Date): Date {
    return whatsappSendAt(event, now, this.config.studioTimeZone);
  }

  async deliver(event: OutboxEvent, delivery: DeliveryAttempt): Promise<void> {
    await this.settings.current();
    const earlier = await this.repository.messageOfDelivery(delivery.id);
    if (earlier) {
      // An attempt reached Meta before (the process stopped before noting it): never twice.
      if (earlier.status === 'failed') throw new PermanentDeliveryError(`WhatsApp rechazó el mensaje ${earlier.id}`);
      return;
    }
    if (this.off) throw new PermanentDeliveryError('WhatsApp no está configurado (WHATSAPP_TOKEN)');
    const consent = event.to.userId === null ? null : await this.repository.activeConsentOf(event.to.userId);
    if (!consent) throw new PermanentDeliveryError('el cliente ya no acepta avisos por WhatsApp');
    const message = renderWhatsApp(event, this.context);
    if (!message) throw new PermanentDeliveryError(`el aviso ${event.type} no tiene plantilla de WhatsApp`);
    const row = { deliveryId: delivery.id, userId: consent.userId, phone: consent.phone, template: message.template };
    // The studio's clock, not the database's: the dashboard counts messages by it.
    const at = () => ({ createdAt: this.clock.now(), updatedAt: this.clock.now() });
    let sent;
    try {
      sent = await this.sender.send(consent.phone, message, String(event.id));
    } catch (error) {
      if (error instanceof WhatsAppSendError && error.permanent) {
        await this.repository.insertMessage({
          ...row,
          ...at(),
          waMessageId: null,
          status: 'failed',
          errorCode: error.code,
          errorTitle: error.message.slice(0, 200),
        });
        throw new PermanentDeliveryError(error.message);
      }
      throw error;
    }
    await this.repository.insertMessage({
      ...row,
      ...at(),
      waMessageId: sent.waMessageId,
      status: 'accepted',
      errorCode: null,
      errorTitle: null,
    });
    await this.sender.stored(sent, consent.phone);
  }
}
