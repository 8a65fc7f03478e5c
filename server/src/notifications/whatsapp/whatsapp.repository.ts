import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { isUniqueViolation } from '../../core/errors/database-errors';
import {
  WhatsAppConsent,
  type WhatsAppConsentSource,
  type WhatsAppWithdrawal,
} from '../entities/whatsapp-consent.entity';
import { WhatsAppMessageRow, type WhatsAppMessageStatus } from '../entities/whatsapp-message.entity';
import { WhatsAppWebhookEvent } from '../entities/whatsapp-webhook-event.entity';

/** The statuses a report may move a message from: later states never go back (a late "sent" after "read"). */
const EARLIER: Record<Exclude<WhatsAppMessageStatus, 'accepted'>, WhatsAppMessageStatus[]> = {
  sent: ['accepted'],
  delivered: ['accepted', 'sent'],
  read: ['accepted', 'sent', 'delivered'],
  failed: ['accepted', 'sent', 'delivered'],
};

/** All SQL of WhatsApp: consents, messages and the webhook's stored posts. */
@Injectable()
export class WhatsAppRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** The consent in force of a user, if any. */
  activeConsentOf(userId: number): Promise<WhatsAppConsent | null> {
    return this.txHost.tx.findOne(WhatsAppConsent, { where: { userId, activeMarker: 1 } });
  }

  async insertConsent(
    userId: number,
    phone: string,
    textVersion: number,
    source: WhatsAppConsentSource,
    at: Date,
  ): Promise<void> {
    await this.txHost.tx.insert(WhatsAppConsent, {
      userId,
      phone,
      textVersion,
      source,
      consentedAt: at,
      withdrawnAt: null,
      withdrawnVia: null,
      activeMarker: 1,
    });
  }

  /** Ends the user's consent in force; false when there was none. */
  async withdraw(userId: number, at: Date, via: WhatsAppWithdrawal): Promise<boolean> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(WhatsAppConsent)
      .set({ withdrawnAt: at, withdrawnVia: via, activeMarker: null })
      .where('user_id = :userId AND active_marker = 1', { userId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Ends every consent in force on a number (a "BAJA" reply); how many. */
  async withdrawPhone(phone: string, at: Date): Promise<number> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(WhatsAppConsent)
      .set({ withdrawnAt: at, withdrawnVia: 'reply', activeMarker: null })
      .where('phone = :phone AND active_marker = 1', { phone })
      .execute();
    return result.affected ?? 0;
  }

  /** A client's last messages, newest first (ix_whatsapp_messages_user). */
  lastMessagesOf(userId: number, limit: number): Promise<WhatsAppMessageRow[]> {
    return this.txHost.tx.find(WhatsAppMessageRow, { where: { userId }, order: { id: 'DESC' }, take: limit });
  }

  messageOfDelivery(deliveryId: number): Promise<WhatsAppMessageRow | null> {
    return this.txHost.tx.findOne(WhatsAppMessageRow, { where: { deliveryId } });
  }

  async insertMessage(row: Omit<WhatsAppMessageRow, 'id'>): Promise<void> {
    await this.txHost.tx.insert(WhatsAppMessageRow, row);
  }

  /**
   * Moves a message to a later status Meta reported; null when it is unknown or already there or
   * past it (a replayed or late report changes nothing), else the message.
   */
  async applyStatus(
    waMessageId: string,
    status: Exclude<WhatsAppMessageStatus, 'accepted'>,
    error: { code: number | null; title: string | null },
  ): Promise<WhatsAppMessageRow | null> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(WhatsAppMessageRow)
      .set({
        status,
        ...(status === 'failed' ? { errorCode: error.code, errorTitle: error.title?.slice(0, 200) ?? null } : {}),
      })
      .where('wa_message_id = :waMessageId AND status IN (:...earlier)', { waMessageId, earlier: EARLIER[status] })
      .execute();
    if ((result.affected ?? 0) === 0) return null;
    return this.txHost.tx.findOne(WhatsAppMessageRow, { where: { waMessageId } });
  }

  /** Stores a webhook post; null when the same body was stored before (a replay). */
  async insertWebhookEvent(bodyHash: string, body: string): Promise<number | null> {
    try {
      const inserted = await this.txHost.tx.insert(WhatsAppWebhookEvent, {
        bodyHash,
        body,
        processedAt: null,
        lastError: null,
      });
      return Number(inserted.identifiers[0].id);
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async markWebhookProcessed(id: number, at: Date): Promise<void> {
    await this.txHost.tx.update(WhatsAppWebhookEvent, { id }, { processedAt: at, lastError: null });
  }

  async markWebhookFailed(id: number, reason: string): Promise<void> {
    await this.txHost.tx.update(WhatsAppWebhookEvent, { id }, { lastError: reason.slice(0, 500) });
  }

  /** Stored posts not processed yet (a crash between storing and processing), oldest first. */
  async unprocessedWebhookEvents(limit: number): Promise<WhatsAppWebhookEvent[]> {
    return this.txHost.tx.find(WhatsAppWebhookEvent, {
      where: { processedAt: IsNull() },
      order: { id: 'ASC' },
      take: limit,
    });
  }
}
