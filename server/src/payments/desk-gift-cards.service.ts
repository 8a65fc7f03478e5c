import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AuditService } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { TransactionService } from '../core/database/transaction.service';
import { isUniqueViolation } from '../core/errors/database-errors';
import { GiftCardsService, type GiftCardOrder } from '../gift-cards';
import type { GiftCard } from '../gift-cards/entities';
import { checkDeskReceived } from './desk-sales.service';
import type { DeskMethod } from './entities/payment.entity';
import { PaymentError, PaymentErrorCode } from './payments.errors';
import { PaymentsRepository } from './payments.repository';

/** A desk sale's reference: `mostrador-<uuid>` (never a Mercado Pago reference). */
const REFERENCE_PREFIX = 'mostrador-';

/** A gift card the desk is asked to sell, to the client the dialog was opened for. */
export interface DeskGiftCardRequest extends GiftCardOrder {
  userId: number;
  method: DeskMethod;
  receivedCents: number;
  requestKey?: string;
}

/** A desk-sold gift card as its receipt shows it. */
export interface DeskGiftCardSale {
  card: GiftCard;
  client: { id: number; name: string; email: string };
  changeCents: number;
  mailed: boolean;
}

/**
 * Gift cards sold at the desk ("Venta en mostrador"): the amounts on offer online, no commission and
 * no promo code (codes are for plans), paid in cash, by transfer or on the card terminal with the
 * same rules as a plan's desk sale. The card is paid at once and never reaches Mercado Pago.
 */
@Injectable()
export class DeskGiftCardsService {
  constructor(
    private readonly giftCards: GiftCardsService,
    private readonly payments: PaymentsRepository,
    private readonly transactions: TransactionService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Sells the card: in one transaction it is recorded paid with its code, the buyer's receipt and (on
   * the delivery date) the recipient's mail are queued, and the sale is audited. A request key makes
   * a repeated request (a double click, a retry) answer the same sale.
   */
  async sell(admin: Caller, request: DeskGiftCardRequest): Promise<DeskGiftCardSale> {
    const reference = `${REFERENCE_PREFIX}${request.requestKey ?? randomUUID()}`;
    if (request.requestKey) {
      const earlier = await this.giftCards.deskSaleByReference(reference);
      if (earlier) return this.replay(earlier, request);
    }
    const client = await this.clientOf(request.userId);
    const charge = await this.giftCards.checkAtDesk(request);
    checkDeskReceived(request.method, request.receivedCents, charge.totalCents);
    try {
      return await this.transactions.run(async () => {
        const card = await this.giftCards.sellAtDesk(client, request, {
          amountCents: charge.amountCents,
          method: request.method,
          receivedCents: request.receivedCents,
          reference,
        });
        const changeCents = request.receivedCents - card.totalCents;
        await this.audit.record(admin, {
          action: 'gift_card.desk_sale',
          entityType: 'gift_card',
          entityId: card.id,
          subjectUserId: client.id,
          // `price` is the card's amount; `email` its recipient's.
          after: {
            price: card.amountCents / 100,
            total: card.totalCents / 100,
            method: request.method,
            received: request.receivedCents / 100,
            change: changeCents / 100,
            email: card.recipientEmail,
            giftStatus: card.status,
          },
        });
        return { card, client, changeCents, mailed: Boolean(client.email) };
      });
    } catch (error) {
      // The same key sent twice at once: the reference is unique, the first sale is the answer.
      if (request.requestKey && isUniqueViolation(error)) {
        const earlier = await this.giftCards.deskSaleByReference(reference);
        if (earlier) return this.replay(earlier, request);
      }
      throw error;
    }
  }

  /** The same request again (its key): the sale it made, unless the key came with other data. */
  private async replay(card: GiftCard, request: DeskGiftCardRequest): Promise<DeskGiftCardSale> {
    const same =
      card.buyerId === request.userId &&
      card.amountCents === Math.round(request.amount * 100) &&
      card.method === request.method &&
      card.receivedCents === request.receivedCents &&
      card.recipientEmail === request.recipientEmail &&
      card.deliverOn === request.deliverOn;
    if (!same) throw new PaymentError(PaymentErrorCode.DESK_SALE_KEY_REUSED);
    const client = await this.clientOf(card.buyerId);
    return {
      card,
      client,
      changeCents: (card.receivedCents ?? card.totalCents) - card.totalCents,
      mailed: Boolean(client.email),
    };
  }

  private async clientOf(userId: number): Promise<{ id: number; name: string; email: string }> {
    const buyer = await this.payments.buyer(userId);
    if (!buyer) throw new PaymentError(PaymentErrorCode.USER_NOT_FOUND);
    return { id: userId, name: buyer.name, email: buyer.email };
  }
}
