import { Injectable, Logger } from '@nestjs/common';
import type { Caller } from '../core/auth/caller';
import { TransactionService } from '../core/database/transaction.service';
import { GiftCardError, GiftCardErrorCode, GiftCardsService } from '../gift-cards';
import type { GiftCard } from '../gift-cards/entities';
import { PaymentGateway, type ProviderPayment } from './payment-gateway';
import { PaymentError, PaymentErrorCode } from './payments.errors';

/**
 * "Reembolsar y anular" on Tarjetas de regalo: an unredeemed card is voided and its payment refunded
 * in full — through Mercado Pago for a card paid there, only recorded for a card sold at the desk
 * (the money is given back at the studio). The card is voided first, by a conditional UPDATE, so a
 * redeem racing the refund loses (or wins, and the refund is refused): never both.
 */
@Injectable()
export class GiftCardRefundsService {
  private readonly logger = new Logger('GiftCardRefunds');

  constructor(
    private readonly giftCards: GiftCardsService,
    private readonly gateway: PaymentGateway,
    private readonly transactions: TransactionService,
  ) {}

  async refund(admin: Caller, id: number): Promise<GiftCard> {
    const card = await this.giftCards.byId(id);
    if (!card) throw new GiftCardError(GiftCardErrorCode.GIFT_CARD_NOT_FOUND);
    if (card.method !== 'mercado_pago') return this.giftCards.refundAtDesk(admin, id);
    if (card.status === 'redeemed') throw new GiftCardError(GiftCardErrorCode.GIFT_CARD_REDEEMED);
    if (!card.providerPaymentId) throw new GiftCardError(GiftCardErrorCode.GIFT_CARD_NOT_REFUNDABLE);
    const providerPaymentId = card.providerPaymentId;
    // Voided before Mercado Pago is asked: from here its code no longer redeems.
    const before = await this.giftCards.claimForRefund(id);
    // One full refund per card: a repeated request (a double click, a retry) is the same refund.
    const key = `pilates-gift-refund-${card.id}`;
    let provider: ProviderPayment | null = null;
    try {
      await this.gateway.refund(providerPaymentId, undefined, key);
    } catch (error) {
      // Refunded already (in Mercado Pago's panel, or by a request whose answer was lost): go on.
      provider = await this.read(providerPaymentId);
      if (provider?.status !== 'refunded') {
        this.logger.error(`Reembolso de la tarjeta de regalo ${card.id} fallido: ${(error as Error).message}`);
        await this.giftCards.cancelRefundClaim(before);
        throw new PaymentError(
          PaymentErrorCode.PAYMENT_PROVIDER_ERROR,
          'Mercado Pago no hizo el reembolso. La tarjeta sigue vigente; intenta de nuevo en unos minutos.',
        );
      }
    }
    // The payment as Mercado Pago reports it now, applied to the card (as a plan's refund does).
    provider ??= await this.read(providerPaymentId);
    await this.transactions.run(async () => {
      if (provider) await this.giftCards.apply(before, provider);
      // Mercado Pago took the refund but could not be read back: recorded as asked (in full).
      else await this.giftCards.recordFullRefund(before.id, 'refunded');
    });
    return this.giftCards.refunded(admin, before, { providerPaymentId });
  }

  /** The provider's payment, or null when it cannot be read now (logged). */
  private async read(providerPaymentId: string): Promise<ProviderPayment | null> {
    try {
      return await this.gateway.getPayment(providerPaymentId);
    } catch (error) {
      this.logger.warn(`Consulta del pago ${providerPaymentId} fallida: ${(error as Error).message}`);
      return null;
    }
  }
}
