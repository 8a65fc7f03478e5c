import { Injectable } from '@nestjs/common';
import { Clock } from '../../core/clock/clock';
import { InTransaction } from '../../core/database/in-transaction.decorator';
import { TransactionService } from '../../core/database/transaction.service';
import type { WhatsAppConsentSource } from '../entities/whatsapp-consent.entity';
import type { WhatsAppMessageStatus } from '../entities/whatsapp-message.entity';
import { WHATSAPP_CONSENT_VERSION } from './consent';
import { normalizeMexicanMobile, PHONE_NUMBER_REFUSALS } from './phone-number';
import { WhatsAppError, WhatsAppErrorCode } from './whatsapp.errors';
import { WhatsAppRepository } from './whatsapp.repository';

/** A client's consent in force. */
export interface WhatsAppConsentView {
  phone: string;
  textVersion: number;
  consentedAt: Date;
}

/** One message as the studio sees it. */
export interface WhatsAppMessageView {
  template: string;
  status: WhatsAppMessageStatus;
  errorCode: number | null;
  sentAt: Date;
  updatedAt: Date;
}

/** How many last messages Usuarios shows. */
export const LAST_MESSAGES = 10;

/**
 * Clients' consent to WhatsApp notices: given from Mi información or at registration with the
 * number they typed (stored as `+52` and 10 digits), ended with one click or a "BAJA" reply.
 */
@Injectable()
export class WhatsAppConsentsService {
  constructor(
    readonly transactions: TransactionService,
    private readonly repository: WhatsAppRepository,
    private readonly clock: Clock,
  ) {}

  async consentOf(userId: number): Promise<WhatsAppConsentView | null> {
    const consent = await this.repository.activeConsentOf(userId);
    return consent && { phone: consent.phone, textVersion: consent.textVersion, consentedAt: consent.consentedAt };
  }

  /** The consent in force and the last messages of a client (Usuarios). */
  async historyOf(userId: number): Promise<{ consent: WhatsAppConsentView | null; messages: WhatsAppMessageView[] }> {
    const consent = await this.consentOf(userId);
    const messages = await this.repository.lastMessagesOf(userId, LAST_MESSAGES);
    return {
      consent,
      messages: messages.map((row) => ({
        template: row.template,
        status: row.status,
        errorCode: row.errorCode,
        sentAt: row.createdAt,
        updatedAt: row.updatedAt,
      })),
    };
  }

  /**
   * Records the consent to the current text with this number; a consent in force on another
   * number (or an older text) is ended first, so the history shows both. Refuses a number that is
   * not a Mexican mobile (400, in Spanish).
   */
  @InTransaction()
  async optIn(userId: number, typedPhone: string, source: WhatsAppConsentSource): Promise<WhatsAppConsentView> {
    const normalized = normalizeMexicanMobile(typedPhone);
    if (!normalized.ok) {
      throw new WhatsAppError(WhatsAppErrorCode.WHATSAPP_PHONE_INVALID, PHONE_NUMBER_REFUSALS[normalized.refusal]);
    }
    const current = await this.repository.activeConsentOf(userId);
    if (current && current.phone === normalized.phone && current.textVersion === WHATSAPP_CONSENT_VERSION) {
      return { phone: current.phone, textVersion: current.textVersion, consentedAt: current.consentedAt };
    }
    const now = this.clock.now();
    if (current) await this.repository.withdraw(userId, now, 'account');
    await this.repository.insertConsent(userId, normalized.phone, WHATSAPP_CONSENT_VERSION, source, now);
    return { phone: normalized.phone, textVersion: WHATSAPP_CONSENT_VERSION, consentedAt: now };
  }

  /** The one-click opt-out; nothing happens when there is no consent in force. */
  @InTransaction()
  async optOut(userId: number): Promise<void> {
    await this.repository.withdraw(userId, this.clock.now(), 'account');
  }

  /** A "BAJA"/"STOP" reply from a number (as WhatsApp reports it): every consent on it ends. How many. */
  @InTransaction()
  async optOutByReply(from: string): Promise<number> {
    const normalized = normalizeMexicanMobile(from.startsWith('+') ? from : `+${from}`);
    if (!normalized.ok) return 0;
    return this.repository.withdrawPhone(normalized.phone, this.clock.now());
  }
}
