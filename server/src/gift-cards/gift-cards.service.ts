import { Injectable, Logger } from '@nestjs/common';
import { addDays } from '@pilates/dates';
import { AuditService } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { StudioClock } from '../core/clock/studio-clock';
import { AppConfig } from '../core/config/app-config';
import { TransactionService } from '../core/database/transaction.service';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import { NotificationsService } from '../notifications';
import { chargeFor, PlanesService } from '../planes';
import type { DeskMethod } from '../payments/entities';
import type { GiftCard } from './entities';
import { formatGiftCode, newGiftCode, newPageToken, normalizeGiftCode } from './gift-code';
import { GiftCardError, GiftCardErrorCode } from './gift-cards.errors';
import { GiftCardsRepository, type AdminCardRow } from './gift-cards.repository';

/** The delivery date is at most this many days ahead. */
export const GIFT_DELIVERY_MAX_DAYS = 365;
/** Wrong codes an account may try in an hour (together with wrong promo codes). */
export const GIFT_GUESSES_PER_ACCOUNT = 10;
/** Wrong codes one address may try in an hour (together with wrong promo codes). */
export const GIFT_GUESSES_PER_ADDRESS = 30;
/** How many cards the delivery job mails in one run. */
const DELIVERY_BATCH = 100;

const HOUR = 3600_000;
const cents = (pesos: number): number => Math.round(pesos * 100);

/** What the buyer chose (amount in whole pesos, like promo codes' `value`). */
export interface GiftCardOrder {
  amount: number;
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
}

/** The provider's view of a card's payment (PaymentGateway's ProviderPayment). */
export interface GiftProviderPayment {
  id: string;
  status: string;
  statusDetail: string | null;
  amountMxn: number | null;
  currency: string | null;
  liveMode: boolean;
  refundedMxn: number;
  approvedAt: Date | null;
  expiresAt: Date | null;
}

/** An amount a client may choose: pesos, and what it is ("$500", or the plan's name). */
export interface GiftAmountOption {
  amount: number;
  label: string;
}

/**
 * Gift cards ("Tarjeta de regalo"): the amounts on offer, a pending card for a checkout, what its
 * payment did (read from Mercado Pago by PaymentsService, which owns the checkout and the webhook),
 * the delivery mail on its date, redeeming into the gift balance, and the admins' list, resend and void.
 */

/**
 * A card's payment refunded or charged back (by the studio, or in Mercado Pago's panel, which only
 * the notification tells): its code no longer redeems, voided by an admin or not yet.
 */
const PAYMENT_UNDONE = ['refunded', 'charged_back'];
const REFUNDED_CARD = 'Esta tarjeta de regalo ya no es válida: su pago se reembolsó. Pregunta en el estudio.';

@Injectable()
export class GiftCardsService {
  private readonly logger = new Logger('GiftCards');

  constructor(
    private readonly cards: GiftCardsRepository,
    private readonly plans: PlanesService,
    private readonly transactions: TransactionService,
    private readonly clock: StudioClock,
    private readonly config: AppConfig,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
    private readonly settings: StudioSettingsService,
  ) {}

  /**
   * The owner's amounts ("Ajustes"), then, when the owner offers them, each visible plan's price
   * (cheapest first), without repeats.
   */
  async amountOptions(): Promise<GiftAmountOption[]> {
    const { giftCardAmounts, giftCardPlanPrices } = await this.settings.current();
    const options: GiftAmountOption[] = giftCardAmounts.map((amount) => ({
      amount,
      label: `$${amount.toLocaleString('en-US')}`,
    }));
    if (!giftCardPlanPrices) return options;
    const catalogue = await this.plans.visibleCatalogue();
    for (const plan of [...catalogue].sort((a, b) => a.price - b.price)) {
      if (!options.some((option) => option.amount === plan.price))
        options.push({ amount: plan.price, label: plan.name });
    }
    return options;
  }

  /** The order checked: an amount on offer, a delivery date from today (studio) to a year ahead. */
  async check(order: GiftCardOrder): Promise<{ amountCents: number; commissionCents: number; totalCents: number }> {
    const options = await this.amountOptions();
    if (!options.some((option) => option.amount === order.amount)) {
      throw new GiftCardError(GiftCardErrorCode.GIFT_AMOUNT_INVALID);
    }
    const today = this.clock.today();
    if (order.deliverOn < today || order.deliverOn > addDays(today, GIFT_DELIVERY_MAX_DAYS)) {
      throw new GiftCardError(
        GiftCardErrorCode.GIFT_AMOUNT_INVALID,
        'La fecha de entrega debe ser de hoy a un año en adelante.',
      );
    }
    const charge = chargeFor(cents(order.amount), this.config.commissionPercent, this.config.commissionFixedMxn);
    return { amountCents: charge.priceCents, commissionCents: charge.commissionCents, totalCents: charge.totalCents };
  }

  /** Inside the checkout's transaction: the card waiting for its payment. */
  async createPending(
    buyerId: number,
    order: GiftCardOrder,
    charge: { amountCents: number; commissionCents: number; totalCents: number },
    reference: string,
    expiresAt: Date,
  ): Promise<number> {
    return this.cards.insert({
      buyerId,
      ...charge,
      recipientName: order.recipientName,
      recipientEmail: order.recipientEmail,
      message: order.message,
      deliverOn: order.deliverOn,
      status: 'pending_payment',
      pageToken: newPageToken(),
      reference,
      paymentStatus: 'created',
      expiresAt,
      createdAt: this.clock.now(),
    });
  }

  /** Cards the buyer started since `since`: the checkout counts them with its hourly limit. */
  startedSince(buyerId: number, since: Date): Promise<number> {
    return this.cards.startedSince(buyerId, since);
  }

  /** Who started the card's checkout with this reference (the test checkout shows it to them only). */
  async buyerOf(reference: string): Promise<number | null> {
    return (await this.cards.byReference(reference))?.buyerId ?? null;
  }

  setPreference(id: number, preferenceId: string): Promise<void> {
    return this.cards.update(id, { preferenceId });
  }

  /** The preference could not be made: nothing to pay. */
  cancelUnopened(id: number): Promise<void> {
    return this.cards.update(id, { status: 'failed', paymentStatus: 'cancelled', statusDetail: 'preference_failed' });
  }

  /** The card a provider payment pays, by its id first, then by our reference. */
  async forProvider(providerPaymentId: string, reference: string | null): Promise<GiftCard | null> {
    return (
      (await this.cards.byProviderPaymentId(providerPaymentId)) ??
      (reference ? await this.cards.byReference(reference) : null)
    );
  }

  /** Applies what Mercado Pago says of a card's payment. */
  async apply(card: GiftCard, provider: GiftProviderPayment): Promise<void> {
    switch (provider.status) {
      case 'approved':
        return this.approve(card, provider);
      case 'refunded':
      case 'charged_back':
        // Another of the reference's payments says nothing about this card.
        if (card.providerPaymentId && card.providerPaymentId !== provider.id) return;
        await this.cards.recordRefund(card.id, {
          paymentStatus: provider.status,
          statusDetail: provider.statusDetail,
          providerPaymentId: provider.id,
          refundedCents: cents(provider.refundedMxn),
        });
        return;
      case 'pending':
      case 'in_process':
      case 'in_mediation':
      case 'authorized':
      case 'rejected':
      case 'cancelled':
        await this.cards.applyUnsettled(card.id, {
          paymentStatus: provider.status,
          statusDetail: provider.statusDetail,
          expiresAt: provider.expiresAt ?? card.expiresAt,
        });
        return;
      default:
        this.logger.warn(`Estado desconocido «${provider.status}» del pago ${provider.id}`);
    }
  }

  /** Why an approved payment must not make the card, if it must not (as for plans). */
  private issueWith(card: GiftCard, provider: GiftProviderPayment): string | null {
    if (provider.currency !== 'MXN') return 'currency_mismatch';
    if (provider.amountMxn === null || cents(provider.amountMxn) !== card.totalCents) return 'amount_mismatch';
    if (this.config.isProduction && !provider.liveMode) return 'not_live';
    return null;
  }

  /**
   * An approved payment: the card takes it once (conditional UPDATE); when it paid exactly the
   * card's total in MXN the code is made, the buyer's receipt queued, and the recipient's mail too
   * when the delivery date has come.
   */
  private async approve(card: GiftCard, provider: GiftProviderPayment): Promise<void> {
    const issue = this.issueWith(card, provider);
    const now = this.clock.now();
    await this.transactions.run(async () => {
      const claimed = await this.cards.claimApproval(card.id, {
        status: issue ? 'failed' : 'paid',
        issue,
        code: issue ? null : newGiftCode(),
        statusDetail: provider.statusDetail,
        providerPaymentId: provider.id,
        approvedAt: provider.approvedAt ?? now,
        paidCents: provider.amountMxn === null ? null : cents(provider.amountMxn),
        refundedCents: cents(provider.refundedMxn),
      });
      if (!claimed) {
        // Seen before: only a partial refund can have changed.
        if (card.providerPaymentId === provider.id) {
          await this.cards.recordRefund(card.id, { refundedCents: cents(provider.refundedMxn) });
        }
        return;
      }
      if (issue) {
        this.logger.warn(`Pago ${provider.id} aprobado sin tarjeta de regalo ${card.id}: ${issue}`);
        return;
      }
      const paid = await this.cards.byIdOrFail(card.id);
      const buyer = await this.cards.person(paid.buyerId);
      if (buyer) await this.emitReceipt(paid, buyer, provider.id);
      if (paid.deliverOn <= this.clock.today()) await this.deliver(paid);
    });
  }

  /** The buyer's receipt, in the transaction that made the card paid. */
  private async emitReceipt(
    card: GiftCard,
    buyer: { id: number; name: string; email: string },
    providerPaymentId: string | null,
  ): Promise<void> {
    await this.notifications.emit({
      type: 'gift_card.receipt',
      to: { userId: buyer.id, email: buyer.email, name: buyer.name },
      payload: {
        giftCard: {
          id: card.id,
          amountCents: card.amountCents,
          commissionCents: card.commissionCents,
          totalCents: card.totalCents,
          recipientName: card.recipientName,
          deliverOn: card.deliverOn,
          pageToken: card.pageToken,
        },
        providerPaymentId,
        ...(card.method !== 'mercado_pago'
          ? {
              desk: {
                method: card.method,
                receivedCents: card.receivedCents ?? card.totalCents,
                changeCents: (card.receivedCents ?? card.totalCents) - card.totalCents,
              },
            }
          : {}),
      },
    });
  }

  // The desk ("Venta en mostrador").

  /** A card the desk sells: an amount on offer and a delivery date as online, no commission. */
  async checkAtDesk(order: GiftCardOrder): Promise<{ amountCents: number; totalCents: number }> {
    const { amountCents } = await this.check(order);
    return { amountCents, totalCents: amountCents };
  }

  /** A desk sale's card by its reference (`mostrador-<request key>`). */
  deskSaleByReference(reference: string): Promise<GiftCard | null> {
    return this.cards.byReference(reference);
  }

  /**
   * Inside the desk sale's transaction: the card paid at once (the desk's method, what it received,
   * no provider payment), its code made, the buyer's receipt queued, and the recipient's mail too
   * when the delivery date is today (later dates go through the delivery job).
   */
  async sellAtDesk(
    buyer: { id: number; name: string; email: string },
    order: GiftCardOrder,
    sale: { amountCents: number; method: DeskMethod; receivedCents: number; reference: string },
  ): Promise<GiftCard> {
    const now = this.clock.now();
    const id = await this.cards.insert({
      buyerId: buyer.id,
      amountCents: sale.amountCents,
      commissionCents: 0,
      totalCents: sale.amountCents,
      recipientName: order.recipientName,
      recipientEmail: order.recipientEmail,
      message: order.message,
      deliverOn: order.deliverOn,
      status: 'paid',
      code: newGiftCode(),
      pageToken: newPageToken(),
      reference: sale.reference,
      method: sale.method,
      receivedCents: sale.receivedCents,
      paymentStatus: 'approved',
      statusDetail: 'desk',
      paidCents: sale.amountCents,
      approvedAt: now,
      // Nothing to wait for: the deadline of an unpaid card is the sale itself.
      expiresAt: now,
      createdAt: now,
    });
    const card = await this.cards.byIdOrFail(id);
    if (buyer.email) await this.emitReceipt(card, buyer, null);
    if (card.deliverOn <= this.clock.today(now)) await this.deliver(card);
    return this.cards.byIdOrFail(id);
  }

  // Refunds ("Reembolsar y anular").

  /**
   * An unredeemed card taken for a refund: voided at once by a conditional UPDATE, so its code no
   * longer redeems and exactly one of a redeem and a refund racing wins. Returns the card as it was.
   * A redeemed card is refused with GIFT_CARD_REDEEMED.
   */
  async claimForRefund(id: number): Promise<GiftCard> {
    return this.transactions.run(async () => {
      // The UPDATE first: MySQL's snapshot for the reads after it then sees what beat it.
      const claimed =
        (await this.cards.claimForRefund(id, 'paid', this.clock.now())) ||
        (await this.cards.claimForRefund(id, 'sent', this.clock.now()));
      const card = await this.cards.byId(id);
      if (!card) throw new GiftCardError(GiftCardErrorCode.GIFT_CARD_NOT_FOUND);
      if (!claimed) {
        if (card.status === 'redeemed') throw new GiftCardError(GiftCardErrorCode.GIFT_CARD_REDEEMED);
        throw new GiftCardError(GiftCardErrorCode.GIFT_CARD_NOT_REFUNDABLE);
      }
      // As it was: a card that was mailed has its sent date.
      return { ...card, status: card.sentAt ? 'sent' : 'paid', voidedAt: null };
    });
  }

  byId(id: number): Promise<GiftCard | null> {
    return this.cards.byId(id);
  }

  /** The card's whole payment recorded as refunded (at the desk, or asked of Mercado Pago). */
  async recordFullRefund(id: number, statusDetail: string): Promise<void> {
    const card = await this.cards.byIdOrFail(id);
    await this.cards.recordRefund(id, {
      paymentStatus: 'refunded',
      statusDetail,
      refundedCents: card.paidCents ?? card.totalCents,
    });
  }

  /** Mercado Pago did not refund: the claimed card is back as it was. */
  async cancelRefundClaim(card: GiftCard): Promise<void> {
    await this.transactions.run(() => this.cards.undoRefundClaim(card.id, card.sentAt ? 'sent' : 'paid'));
  }

  /**
   * A desk-sold card refunded: the money is given back at the desk, so the refund is only recorded
   * (Mercado Pago never hears of it); the card is voided in the same transaction. Audited, mailed.
   */
  async refundAtDesk(admin: Caller, id: number): Promise<GiftCard> {
    return this.transactions.run(async () => {
      const before = await this.claimForRefund(id);
      if (before.method === 'mercado_pago') throw new GiftCardError(GiftCardErrorCode.GIFT_CARD_NOT_REFUNDABLE);
      await this.recordFullRefund(id, 'refunded_at_desk');
      return this.refunded(admin, before);
    });
  }

  /**
   * After the refund is recorded (and the card voided): the buyer's mail and the audit entry, in one
   * transaction. Returns the card as it is now.
   */
  async refunded(admin: Caller, before: GiftCard, detail: Record<string, unknown> = {}): Promise<GiftCard> {
    return this.transactions.run(async () => {
      const after = await this.cards.byIdOrFail(before.id);
      const buyer = await this.cards.person(after.buyerId);
      if (buyer?.email) {
        await this.notifications.emit({
          type: 'gift_card.refunded',
          to: { userId: buyer.id, email: buyer.email, name: buyer.name },
          payload: {
            giftCard: {
              id: after.id,
              amountCents: after.amountCents,
              totalCents: after.totalCents,
              recipientName: after.recipientName,
            },
            refundedCents: after.refundedCents,
            atDesk: after.method !== 'mercado_pago',
          },
        });
      }
      await this.audit.record(admin, {
        action: 'gift_card.refund',
        entityType: 'gift_card',
        entityId: after.id,
        subjectUserId: after.buyerId,
        before: { giftStatus: before.status, refunded: before.refundedCents / 100 },
        after: {
          giftStatus: after.status,
          refunded: after.refundedCents / 100,
          // The desk's method; a Mercado Pago card's refund names its provider payment instead.
          ...(after.method === 'mercado_pago' ? {} : { method: after.method }),
          ...detail,
        },
      });
      return after;
    });
  }

  /** The recipient's mail, once (the card turns `sent`). Inside a transaction. */
  private async deliver(card: GiftCard): Promise<boolean> {
    if (!(await this.cards.claimDelivery(card.id, this.clock.now()))) return false;
    await this.emitDelivery(card);
    return true;
  }

  private async emitDelivery(card: GiftCard): Promise<void> {
    const buyer = await this.cards.person(card.buyerId);
    await this.notifications.emit({
      type: 'gift_card.delivered',
      to: { userId: null, email: card.recipientEmail, name: card.recipientName },
      payload: {
        giftCard: {
          id: card.id,
          amountCents: card.amountCents,
          code: formatGiftCode(card.code!),
          fromName: buyer?.name ?? '',
          message: card.message,
          pageToken: card.pageToken,
        },
      },
    });
  }

  /** The delivery job: paid cards whose date (studio calendar) has come are mailed through the outbox. */
  async deliverDue(): Promise<number> {
    const due = await this.cards.dueForDelivery(this.clock.today(), DELIVERY_BATCH);
    let sent = 0;
    for (const card of due) {
      if (await this.transactions.run(() => this.deliver(card))) sent++;
    }
    return sent;
  }

  // Reconcile (PaymentsService asks Mercado Pago).

  dueForReconcile(before: Date, limit: number): Promise<GiftCard[]> {
    return this.cards.dueForReconcile(before, limit);
  }

  claimCheck(id: number, now: Date, before: Date): Promise<boolean> {
    return this.cards.claimCheck(id, now, before);
  }

  /** An unpaid card past its deadline. */
  expire(id: number): Promise<number> {
    return this.cards.expireOpen(id);
  }

  // Redeeming.

  /**
   * The code redeemed into the caller's balance, once: the card is claimed by a conditional UPDATE,
   * the balance credited and the ledger written in the same transaction. Returns the new balance.
   * Wrong codes count against the account and the address (shared with promo codes): 429 past the limit.
   */
  async redeem(caller: Caller, typed: string, address: string): Promise<number> {
    await this.refuseGuessing(caller.id, address);
    const code = normalizeGiftCode(typed);
    const card = code ? await this.cards.byCode(code) : null;
    if (!card || card.status === 'voided' || card.status === 'failed' || card.status === 'pending_payment') {
      const now = this.clock.now();
      await this.cards.recordAttempt(caller.id, address, now, new Date(now.getTime() - HOUR));
      throw new GiftCardError(GiftCardErrorCode.GIFT_CODE_INVALID);
    }
    if (card.status === 'redeemed') throw new GiftCardError(GiftCardErrorCode.GIFT_CODE_USED);
    if (PAYMENT_UNDONE.includes(card.paymentStatus))
      throw new GiftCardError(GiftCardErrorCode.GIFT_CODE_INVALID, REFUNDED_CARD);
    return this.transactions.run(async () => {
      const now = this.clock.now();
      if (!(await this.cards.claimRedeem(card.id, caller.id, now))) {
        const current = await this.cards.byIdOrFail(card.id);
        if (current.status === 'redeemed') throw new GiftCardError(GiftCardErrorCode.GIFT_CODE_USED);
        throw new GiftCardError(
          GiftCardErrorCode.GIFT_CODE_INVALID,
          PAYMENT_UNDONE.includes(current.paymentStatus) ? REFUNDED_CARD : undefined,
        );
      }
      await this.cards.credit(caller.id, card.amountCents);
      await this.cards.insertMovement({
        userId: caller.id,
        giftCardId: card.id,
        deltaCents: card.amountCents,
        kind: 'redeem',
        createdAt: now,
      });
      return this.cards.balanceOf(caller.id);
    });
  }

  private async refuseGuessing(userId: number, address: string): Promise<void> {
    const now = this.clock.now();
    const tried = await this.cards.attemptsSince(userId, address, new Date(now.getTime() - HOUR));
    const waits: number[] = [];
    if (tried.account.length >= GIFT_GUESSES_PER_ACCOUNT) {
      waits.push(tried.account[tried.account.length - GIFT_GUESSES_PER_ACCOUNT].getTime() + HOUR);
    }
    if (tried.address.length >= GIFT_GUESSES_PER_ADDRESS) {
      waits.push(tried.address[tried.address.length - GIFT_GUESSES_PER_ADDRESS].getTime() + HOUR);
    }
    if (waits.length === 0) return;
    const seconds = Math.max(1, Math.ceil((Math.max(...waits) - now.getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new GiftCardError(
      GiftCardErrorCode.GIFT_TOO_MANY_ATTEMPTS,
      `Demasiados códigos incorrectos. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
      { 'retry-after': String(seconds) },
    );
  }

  /** The printable page of a paid card, by its token; null when there is none to show. */
  async page(token: string): Promise<{ card: GiftCard; fromName: string } | null> {
    if (!/^[0-9a-f]{32}$/.test(token)) return null;
    const card = await this.cards.byPageToken(token);
    if (!card || !card.code || !['paid', 'sent', 'redeemed'].includes(card.status)) return null;
    return { card, fromName: (await this.cards.person(card.buyerId))?.name ?? '' };
  }

  // Admins.

  adminList(): Promise<AdminCardRow[]> {
    return this.cards.adminList(500);
  }

  /** The recipient's mail again (or now, when its date has not come); audited. */
  async resend(admin: Caller, id: number): Promise<GiftCard> {
    return this.transactions.run(async () => {
      const card = await this.cards.byId(id);
      if (!card) throw new GiftCardError(GiftCardErrorCode.GIFT_CARD_NOT_FOUND);
      if (card.status !== 'paid' && card.status !== 'sent') {
        throw new GiftCardError(GiftCardErrorCode.GIFT_CARD_NOT_SENDABLE);
      }
      if (!(await this.deliver(card))) await this.emitDelivery(card);
      await this.audit.record(admin, {
        action: 'gift_card.resend',
        entityType: 'gift_card',
        entityId: card.id,
        subjectUserId: card.buyerId,
        before: { giftStatus: card.status },
        after: { giftStatus: 'sent', email: card.recipientEmail },
      });
      return this.cards.byIdOrFail(id);
    });
  }

  /** An unredeemed card whose payment was refunded (or charged back) is voided; audited. */
  async void(admin: Caller, id: number): Promise<GiftCard> {
    return this.transactions.run(async () => {
      const card = await this.cards.byId(id);
      if (!card) throw new GiftCardError(GiftCardErrorCode.GIFT_CARD_NOT_FOUND);
      if (!(await this.cards.claimVoid(id, this.clock.now()))) {
        throw new GiftCardError(GiftCardErrorCode.GIFT_CARD_NOT_VOIDABLE);
      }
      await this.audit.record(admin, {
        action: 'gift_card.void',
        entityType: 'gift_card',
        entityId: card.id,
        subjectUserId: card.buyerId,
        before: { giftStatus: card.status },
        after: { giftStatus: 'voided', refunded: card.refundedCents / 100 },
      });
      return this.cards.byIdOrFail(id);
    });
  }

  /** A client's balance and its latest movements ("Saldo de regalo"). */
  async balanceOf(userId: number) {
    const [balanceCents, movements] = await Promise.all([
      this.cards.balanceOf(userId),
      this.cards.movementsOf(userId, 50),
    ]);
    return { balanceCents, movements };
  }
}
