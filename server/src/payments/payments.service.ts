import { isDeletedAccount } from '../auth';
import { Injectable, Logger } from '@nestjs/common';
import { formatLongDate, planEndDate, to12Hour } from '@pilates/dates';
import { randomUUID } from 'node:crypto';
import { AuditService } from '../core/audit/audit.service';
import { access } from '../core/auth/access';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { StudioClock } from '../core/clock/studio-clock';
import { AppConfig } from '../core/config/app-config';
import { TransactionService } from '../core/database/transaction.service';
import { NotificationsService } from '../notifications';
import { IntroOfferService, PlanesService } from '../planes';
import {
  balancePart,
  GiftBalanceService,
  GiftCardError,
  GiftCardErrorCode,
  GiftCardsService,
  type GiftCardOrder,
} from '../gift-cards';
import { MIN_DISCOUNTED_PRICE_CENTS, type PromoCharge, PromoCodesService } from '../promo-codes';
import { HOLD_MINUTES, SpotHoldsService, type HeldBooking, type HoldRequest } from '../reservations';
import type { SpotRef } from '../sala';
import { type CheckoutWait, checkoutWait } from './checkout-limits';
import type { Payment, PaymentIssue, PaymentStatus } from './entities/payment.entity';
import { PaymentGateway, type ProviderPayment } from './payment-gateway';
import { PaymentError, PaymentErrorCode } from './payments.errors';
import { PaymentsRepository } from './payments.repository';
import { paidWithBalanceOnly, RecordedRefundsService, refundAuditEntry } from './recorded-refunds.service';

/** Cash methods (OXXO) get three days to pay. */
export const CASH_PAYMENT_DAYS = 3;
/** The checkout link itself works for a day. */
export const CHECKOUT_LINK_HOURS = 24;
/** The reconcile job asks about payments still open after this long. */
export const RECONCILE_AFTER_MINUTES = 15;
/** How many open purchases one reconcile run asks about. */
export const RECONCILE_BATCH = 100;
/** The daily re-check looks at approved payments this recent (Mercado Pago allows refunds for 180 days). */
export const RECHECK_DAYS = 180;

const DAY = 24 * 3600_000;

/** Purchases that ended without a payment: their intro claim is freed. */
const ENDED_UNPAID: PaymentStatus[] = ['rejected', 'cancelled', 'expired'];

/** Our references: `pilates-<uuid>`; purchases made before them used their numeric id. */
const REFERENCE = /^pilates-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const cents = (pesos: number): number => Math.round(pesos * 100);

/** A promo code typed at checkout, and the address it came from (guessing is limited per address). */
export interface PromoRequest {
  code: string;
  address: string;
}

/** A plan's charge with a code and the gift balance: the balance part is taken off before the commission. */
export interface CheckoutCharge extends PromoCharge {
  balanceCents: number;
}

/**
 * Buying plans. Prices come from the catalogue and the buyer from the
 * session; what a payment did is only ever read from the provider, and an approved payment
 * creates its plan once, however often and however concurrently it is reported, and only when
 * it paid exactly what the purchase asked.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly plans: PlanesService,
    readonly transactions: TransactionService,
    private readonly gateway: PaymentGateway,
    private readonly config: AppConfig,
    private readonly clock: StudioClock,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
    private readonly holds: SpotHoldsService,
    private readonly intro: IntroOfferService,
    private readonly promoCodes: PromoCodesService,
    private readonly recordedRefunds: RecordedRefundsService,
    private readonly giftBalance: GiftBalanceService,
    private readonly giftCards: GiftCardsService,
  ) {}

  /**
   * The charge with the gift balance applied first: all of the (discounted) price when it covers it,
   * otherwise as much as leaves Mercado Pago its minimum to charge; the commission on the rest.
   */
  private withBalance(plan: { id: number; priceCents: number }, promo: PromoCharge, balance: number): CheckoutCharge {
    const net = promo.listPriceCents - promo.discountCents;
    const balanceCents = balancePart(net, balance, MIN_DISCOUNTED_PRICE_CENTS);
    if (balanceCents === 0) return { ...promo, balanceCents };
    if (balanceCents === net) return { ...promo, priceCents: 0, commissionCents: 0, totalCents: 0, balanceCents };
    const rest = this.promoCodes.chargeWith({ id: plan.id, priceCents: net - balanceCents }, null);
    return {
      ...promo,
      priceCents: rest.priceCents,
      commissionCents: rest.commissionCents,
      totalCents: rest.totalCents,
      balanceCents,
    };
  }

  /** What a plan costs the client, with a code when given: price, discount, commission on the discounted price, total. */
  async preview(caller: Caller, planId: number, promo?: PromoRequest): Promise<CheckoutCharge> {
    const plan = await this.plans.visibleById(planId);
    if (!plan) throw new PaymentError(PaymentErrorCode.PLAN_NOT_FOUND);
    // A membership is charged every month by subscription (MembershipsService), never sold as a pack.
    if (plan.kind === 'membership') throw new PaymentError(PaymentErrorCode.MEMBERSHIP_ONLY_BY_SUBSCRIPTION);
    const code = promo ? await this.promoCodes.find(caller.id, promo.address, promo.code, plan) : null;
    return this.withBalance(plan, this.promoCodes.chargeWith(plan, code), await this.giftBalance.available(caller.id));
  }

  /**
   * Records a pending purchase and opens a Checkout Pro preference for it; answers where to pay.
   * A client has at most CHECKOUT_MAX_OPEN purchases open and starts at most CHECKOUT_MAX_PER_HOUR an
   * hour (each is a preference Mercado Pago keeps and the reconcile job asks about for days): counted
   * and recorded under the buyer's row lock, so simultaneous checkouts at the limit cannot both pass.
   */
  async startCheckout(
    caller: Caller,
    planId: number,
    hold?: HoldRequest,
    promo?: PromoRequest,
  ): Promise<{ url: string; held: SpotRef | null; paidWithBalance: boolean }> {
    const plan = await this.plans.visibleById(planId);
    if (!plan) throw new PaymentError(PaymentErrorCode.PLAN_NOT_FOUND);
    // A membership is charged every month by subscription (MembershipsService), never sold as a pack.
    if (plan.kind === 'membership') throw new PaymentError(PaymentErrorCode.MEMBERSHIP_ONLY_BY_SUBSCRIPTION);
    // "Solo primera vez": refused to anyone with a plan or a class before, on any of their accounts.
    const introPerson = plan.intro ? await this.intro.personOf(caller.id) : null;
    if (plan.intro && (!introPerson || (await this.intro.hasHistory(introPerson)))) {
      throw new PaymentError(PaymentErrorCode.INTRO_NOT_ELIGIBLE);
    }
    // A code typed: refused now when it does not apply (a wrong guess is counted outside the transaction).
    const code = promo ? await this.promoCodes.find(caller.id, promo.address, promo.code, plan) : null;
    // The class chosen in the booking dialog: refused as a booking would be, before any purchase.
    const prepared = hold ? await this.holds.prepare(hold, caller.id) : null;
    const buyer = (await this.payments.buyer(caller.id))!;
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + CASH_PAYMENT_DAYS * DAY);
    const reference = `pilates-${randomUUID()}`;
    const { paymentId, held, charge } = await this.transactions.run(async () => {
      // The code's row first, before any read (MySQL's snapshot then sees every committed use).
      if (code) await this.promoCodes.lockForCheckout(code.id);
      await this.payments.lockBuyer(caller.id);
      // The gift balance's row too: read under its lock, so simultaneous checkouts cannot both spend it.
      const balance = await this.giftBalance.lockAndRead(caller.id);
      const since = new Date(now.getTime() - 3600_000);
      const wait = checkoutWait(await this.payments.checkoutsOf(caller.id, since, now), now, {
        maxOpen: this.config.checkoutMaxOpen,
        maxPerHour: this.config.checkoutMaxPerHour,
        linkHours: CHECKOUT_LINK_HOURS,
      });
      if (wait) throw this.checkoutLimitError(wait, now);
      // Checked again under the lock, the others' uses counted: this purchase then holds one.
      const applied = code ? await this.promoCodes.holdInCheckout(code.id, plan, caller.id) : null;
      const { listPriceCents: _list, ...charge } = this.withBalance(
        plan,
        this.promoCodes.chargeWith(plan, applied),
        balance,
      );
      // Paid in full with the gift balance: approved at once, no Mercado Pago.
      const covered = charge.balanceCents > 0 && charge.totalCents === 0;
      const id = await this.payments.insert({
        userId: caller.id,
        planId: plan.id,
        planName: plan.name,
        classCount: plan.classCount,
        ...charge,
        balanceStatus: charge.balanceCents > 0 ? (covered ? 'spent' : 'held') : null,
        reference,
        ...(covered
          ? { status: 'approved', statusDetail: 'gift_balance', approvedAt: now, paidCents: 0, expiresAt: null }
          : { status: 'created', expiresAt }),
        // The studio's clock, like every other time rule here (the reconcile job compares with it).
        createdAt: now,
      });
      if (
        charge.balanceCents > 0 &&
        !(await this.giftBalance.take(caller.id, id, charge.balanceCents, covered ? 'spend' : 'hold'))
      ) {
        throw new GiftCardError(GiftCardErrorCode.GIFT_BALANCE_CHANGED);
      }
      // One intro purchase open or approved per person: the claim's unique keys decide between
      // simultaneous checkouts (and accounts sharing an email or phone); the loser leaves nothing.
      if (introPerson && !(await this.intro.claim(introPerson, id))) {
        throw new PaymentError(PaymentErrorCode.INTRO_NOT_ELIGIBLE);
      }
      // The reformer, held with the purchase: a refusal leaves no purchase behind.
      const spot = prepared ? await this.holds.hold(caller.id, prepared, id) : null;
      if (covered) await this.grantPlan((await this.payments.byIdOrFail(id))!, null, now);
      return { paymentId: id, held: spot, charge };
    });
    const base = this.config.appUrl.replace(/\/$/, '');
    if (charge.balanceCents > 0 && charge.totalCents === 0) {
      // The reformer its checkout held is booked now that the plan exists.
      if (held) await this.holds.bookHeld(paymentId);
      return { url: `${base}/pilates/clases?pago=saldo`, held, paidWithBalance: true };
    }
    const classes = `${plan.classCount} ${plan.classCount === 1 ? 'clase' : 'clases'}`;
    try {
      const preference = await this.gateway.createPreference({
        reference,
        title: `${plan.name} — Pilates Reformer`,
        description: `Plan de ${classes} de Pilates Reformer, válido por un mes desde el día del pago.`,
        amountMxn: charge.totalCents / 100,
        payer: { name: buyer.name, email: buyer.email },
        notificationUrl: `${base}/api/mercadopago/webhook?source_news=webhooks`,
        backUrls: {
          success: `${base}/pilates/clases?pago=aprobado`,
          pending: `${base}/pilates/clases?pago=pendiente`,
          failure: `${base}/pilates/clases?pago=rechazado`,
        },
        statementDescriptor: this.config.mercadoPagoStatementDescriptor,
        maxInstallments: this.config.mercadoPagoMaxInstallments,
        checkoutExpiresAt: new Date(now.getTime() + CHECKOUT_LINK_HOURS * 3600_000),
        cashExpiresAt: expiresAt,
      });
      await this.payments.update(paymentId, { preferenceId: preference.id });
      return { url: preference.url, held, paidWithBalance: false };
    } catch (error) {
      this.logger.error(`Preferencia del pago ${paymentId} no creada: ${(error as Error).message}`);
      await this.transactions.run(async () => {
        await this.payments.update(paymentId, { status: 'cancelled', statusDetail: 'preference_failed' });
        await this.intro.release(paymentId);
        await this.giftBalance.release({ id: paymentId, userId: caller.id, balanceCents: charge.balanceCents });
      });
      // Nothing to pay: the reformer is free again at once.
      if (held) await this.holds.end(paymentId);
      throw new PaymentError(PaymentErrorCode.PAYMENT_PROVIDER_ERROR);
    }
  }

  /** The 429 of a checkout limit: which one, and when to try again (studio time, and Retry-After). */
  private checkoutLimitError(wait: CheckoutWait, now: Date): PaymentError {
    // Shown by the minute, rounded up: at the time it names, the checkout goes through.
    const at = new Date(Math.ceil(wait.until.getTime() / 60_000) * 60_000);
    const day = this.clock.today(at);
    const time = to12Hour(this.clock.timeOfDay(at));
    const when = day === this.clock.today(now) ? `a las ${time}` : `el ${formatLongDate(day)} a las ${time}`;
    const message =
      wait.reason === 'open'
        ? `Ya tienes ${this.config.checkoutMaxOpen} compras sin terminar. Termina de pagar una o intenta de nuevo ${when}.`
        : `Ya iniciaste ${this.config.checkoutMaxPerHour} compras en la última hora. Intenta de nuevo ${when}.`;
    const seconds = Math.max(1, Math.ceil((wait.until.getTime() - now.getTime()) / 1000));
    return new PaymentError(PaymentErrorCode.CHECKOUT_LIMIT, message, { 'retry-after': String(seconds) });
  }

  /** Our purchase for an external_reference: `pilates-<uuid>`, or an old numeric id. */
  findByReference(reference: string | null): Promise<Payment | null> {
    if (reference && REFERENCE.test(reference)) return this.payments.byReference(reference);
    if (reference && /^\d{1,10}$/.test(reference)) return this.payments.legacyById(Number(reference));
    return Promise.resolve(null);
  }

  /**
   * Reads one provider payment and applies it to our purchase (notification, return from the
   * checkout, jobs). Returns our payment row, or null when the provider's payment is not ours.
   */
  async syncProviderPayment(providerPaymentId: string, owner?: Caller): Promise<Payment | null> {
    let provider: ProviderPayment | null;
    try {
      provider = await this.gateway.getPayment(providerPaymentId);
    } catch (error) {
      this.logger.error(`Consulta del pago ${providerPaymentId} fallida: ${(error as Error).message}`);
      throw new PaymentError(PaymentErrorCode.PAYMENT_PROVIDER_ERROR);
    }
    if (!provider) return null;
    // A payment already recorded (e.g. a duplicate kept on its own row) is found by its own id first.
    const payment =
      (await this.payments.byProviderPaymentId(provider.id)) ?? (await this.findByReference(provider.reference));
    if (!payment) {
      // A gift card's payment: same checks, applied to the card.
      const card = await this.giftCards.forProvider(provider.id, provider.reference);
      if (card && (!owner || owner.id === card.buyerId)) await this.giftCards.apply(card, provider);
      return null;
    }
    if (owner) access.require(owner, Permission.PaymentsRead, { ownerId: payment.userId });
    await this.apply(payment, provider);
    return this.payments.byIdOrFail(payment.id);
  }

  /** The class an approved purchase booked on the reformer its checkout held, while still booked. */
  heldBookingOf(payment: Payment): Promise<HeldBooking | null> {
    return payment.userPlanId ? this.holds.bookingOf(payment.id) : Promise.resolve(null);
  }

  /**
   * A chargeback notification: unless Mercado Pago's protection covers it, the disputed payments'
   * plans are revoked like a refund.
   */
  async applyChargeback(chargebackId: string): Promise<void> {
    let chargeback;
    try {
      chargeback = await this.gateway.getChargeback(chargebackId);
    } catch (error) {
      this.logger.error(`Consulta del contracargo ${chargebackId} fallida: ${(error as Error).message}`);
      throw new PaymentError(PaymentErrorCode.PAYMENT_PROVIDER_ERROR);
    }
    if (!chargeback) return;
    if (chargeback.coverageApplied) {
      this.logger.log(`Contracargo ${chargeback.id} cubierto por Mercado Pago: el plan sigue activo`);
      return;
    }
    for (const providerPaymentId of chargeback.paymentIds) {
      const payment = await this.payments.byProviderPaymentId(providerPaymentId);
      if (!payment) continue;
      this.logger.warn(`Contracargo ${chargeback.id} del pago ${providerPaymentId}: plan revocado`);
      await this.revoke(payment, {
        id: providerPaymentId,
        status: 'charged_back',
        statusDetail: 'chargeback',
        refundedMxn: 0,
      });
    }
  }

  /** A client's recent purchases that did not (yet) create a plan, newest first: for "Mis planes". */
  openPurchasesOf(caller: Caller): Promise<Payment[]> {
    return this.payments.openPurchasesOf(caller.id, new Date(this.clock.now().getTime() - 30 * DAY));
  }

  /** Every purchase of a user that reached Mercado Pago, newest first: for the admin's "Usuarios". */
  purchasesFor(userId: number): Promise<Payment[]> {
    return this.payments.reachedProviderOf(userId);
  }

  /**
   * The reconcile job: open purchases older than 15 minutes are asked about, or expired. Chosen in
   * SQL by when they were last asked about (never first), so abandoned checkouts cannot starve new ones.
   */
  async reconcile(): Promise<number> {
    const now = this.clock.now();
    const before = new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000);
    const open = await this.payments.dueForReconcile(before, RECONCILE_BATCH);
    let changed = 0;
    for (const payment of open) {
      if (!(await this.payments.claimCheck(payment.id, now, before))) continue;
      try {
        const found = await this.gateway.findByReference(payment.reference ?? String(payment.id));
        const best = found.find((p) => p.status === 'approved') ?? found[0];
        if (best) {
          await this.apply(payment, best);
          changed++;
        } else if (payment.expiresAt && payment.expiresAt.getTime() < now.getTime()) {
          changed += await this.transactions.run(async () => {
            const expired = await this.payments.expireOpen(payment.id);
            // An intro purchase never paid: the person may try the offer again.
            if (expired) await this.intro.release(payment.id);
            if (expired) await this.giftBalance.release(payment);
            return expired;
          });
        }
      } catch (error) {
        this.logger.warn(`Conciliación del pago ${payment.id} pospuesta: ${(error as Error).message}`);
      }
    }
    return changed + (await this.reconcileGiftCards(now, before));
  }

  /** The reconcile job's part for gift cards waiting for their payment: asked about, or failed past their deadline. */
  private async reconcileGiftCards(now: Date, before: Date): Promise<number> {
    let changed = 0;
    for (const card of await this.giftCards.dueForReconcile(before, RECONCILE_BATCH)) {
      if (!(await this.giftCards.claimCheck(card.id, now, before))) continue;
      try {
        const found = await this.gateway.findByReference(card.reference);
        const best = found.find((p) => p.status === 'approved') ?? found[0];
        if (best) {
          await this.giftCards.apply(card, best);
          changed++;
        } else if (card.expiresAt.getTime() < now.getTime()) {
          changed += await this.giftCards.expire(card.id);
        }
      } catch (error) {
        this.logger.warn(`Conciliación de la tarjeta de regalo ${card.id} pospuesta: ${(error as Error).message}`);
      }
    }
    return changed;
  }

  /**
   * A gift card bought for someone: a pending card and its Checkout Pro preference (the same webhook,
   * amount and currency checks as a plan, and the same checkout limits); answers where to pay.
   */
  async startGiftCardCheckout(caller: Caller, order: GiftCardOrder): Promise<{ url: string }> {
    const charge = await this.giftCards.check(order);
    const buyer = (await this.payments.buyer(caller.id))!;
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + CASH_PAYMENT_DAYS * DAY);
    const hourAgo = new Date(now.getTime() - 3600_000);
    const reference = `pilates-${randomUUID()}`;
    const cardId = await this.transactions.run(async () => {
      await this.payments.lockBuyer(caller.id);
      const wait = checkoutWait(await this.payments.checkoutsOf(caller.id, hourAgo, now), now, {
        maxOpen: this.config.checkoutMaxOpen,
        maxPerHour: this.config.checkoutMaxPerHour,
        linkHours: CHECKOUT_LINK_HOURS,
      });
      if (wait) throw this.checkoutLimitError(wait, now);
      // Gift cards started in the last hour count against the same hourly limit.
      if ((await this.giftCards.startedSince(caller.id, hourAgo)) >= this.config.checkoutMaxPerHour) {
        throw new PaymentError(
          PaymentErrorCode.CHECKOUT_LIMIT,
          `Ya iniciaste ${this.config.checkoutMaxPerHour} compras de tarjetas de regalo en la última hora. Intenta de nuevo más tarde.`,
          { 'retry-after': '3600' },
        );
      }
      return this.giftCards.createPending(caller.id, order, charge, reference, expiresAt);
    });
    const base = this.config.appUrl.replace(/\/$/, '');
    try {
      const preference = await this.gateway.createPreference({
        reference,
        title: 'Tarjeta de regalo — Pilates Reformer',
        description: `Tarjeta de regalo de $${(charge.amountCents / 100).toLocaleString('en-US')} para ${order.recipientName}.`,
        amountMxn: charge.totalCents / 100,
        payer: { name: buyer.name, email: buyer.email },
        notificationUrl: `${base}/api/mercadopago/webhook?source_news=webhooks`,
        backUrls: {
          success: `${base}/pilates/tarjeta-de-regalo?pago=aprobado`,
          pending: `${base}/pilates/tarjeta-de-regalo?pago=pendiente`,
          failure: `${base}/pilates/tarjeta-de-regalo?pago=rechazado`,
        },
        statementDescriptor: this.config.mercadoPagoStatementDescriptor,
        maxInstallments: this.config.mercadoPagoMaxInstallments,
        checkoutExpiresAt: new Date(now.getTime() + CHECKOUT_LINK_HOURS * 3600_000),
        cashExpiresAt: expiresAt,
      });
      await this.giftCards.setPreference(cardId, preference.id);
      return { url: preference.url };
    } catch (error) {
      this.logger.error(`Preferencia de la tarjeta de regalo ${cardId} no creada: ${(error as Error).message}`);
      await this.giftCards.cancelUnopened(cardId);
      throw new PaymentError(PaymentErrorCode.PAYMENT_PROVIDER_ERROR);
    }
  }

  /**
   * The daily re-check: approved payments of the last 180 days are read again, so a refund or a
   * chargeback whose notification never arrived still revokes its plan. Returns how many it read.
   */
  async recheckApproved(): Promise<number> {
    const now = this.clock.now();
    // Checked within the last 20 hours counts as today's check (another replica, or an earlier run).
    const before = new Date(now.getTime() - 20 * 3600_000);
    const since = new Date(now.getTime() - RECHECK_DAYS * DAY);
    let checked = 0;
    for (;;) {
      const batch = await this.payments.dueForRecheck(since, before, RECONCILE_BATCH);
      if (batch.length === 0) return checked;
      for (const payment of batch) {
        if (!(await this.payments.claimCheck(payment.id, now, before))) continue;
        try {
          await this.syncProviderPayment(payment.providerPaymentId!);
          checked++;
        } catch (error) {
          this.logger.warn(`Revisión del pago ${payment.id} pospuesta: ${(error as Error).message}`);
        }
      }
    }
  }

  /**
   * An admin's refund, in full (no amount) or in part, through Mercado Pago; the plan follows the
   * payment as Mercado Pago reports it afterwards (a full refund revokes it, a partial keeps it).
   * A desk sale's refund, and a plan's paid wholly with the gift balance, are only recorded
   * (RecordedRefundsService): Mercado Pago never hears of them.
   */
  async refund(admin: Caller, paymentId: number, amountCents?: number, requestKey?: string): Promise<Payment> {
    const payment = await this.payments.byId(paymentId);
    if (!payment) throw new PaymentError(PaymentErrorCode.PAYMENT_NOT_FOUND);
    if (payment.method !== 'mercado_pago' || paidWithBalanceOnly(payment)) {
      return this.recordedRefunds.refund(admin, payment.id, amountCents, requestKey);
    }
    const paid = payment.paidCents ?? payment.totalCents;
    const left = paid - payment.refundedCents;
    if (payment.status !== 'approved' || !payment.providerPaymentId || left <= 0) {
      throw new PaymentError(PaymentErrorCode.PAYMENT_NOT_REFUNDABLE);
    }
    if (amountCents !== undefined && amountCents > left) throw new PaymentError(PaymentErrorCode.REFUND_TOO_LARGE);
    if (requestKey && !(await this.payments.bindRefundKey(requestKey, payment.id, amountCents ?? null))) {
      throw new PaymentError(PaymentErrorCode.REFUND_KEY_REUSED);
    }
    // The browser's key makes a repeated request (a double click, a retry) the same refund at Mercado
    // Pago. Without one, the key follows the amount refunded so far: the same request made before the
    // first one was recorded gets the same key, a later refund of the same payment a new one.
    const key = requestKey
      ? `pilates-refund-${payment.id}-${requestKey}`
      : `pilates-refund-${payment.id}-${payment.refundedCents}-${amountCents ?? 'total'}`;
    try {
      await this.gateway.refund(
        payment.providerPaymentId,
        amountCents === undefined ? undefined : amountCents / 100,
        key,
      );
    } catch (error) {
      this.logger.error(`Reembolso del pago ${payment.id} fallido: ${(error as Error).message}`);
      throw new PaymentError(
        PaymentErrorCode.PAYMENT_PROVIDER_ERROR,
        'Mercado Pago no hizo el reembolso. Intenta de nuevo en unos minutos.',
      );
    }
    const after = (await this.syncProviderPayment(payment.providerPaymentId)) ?? payment;
    await this.transactions.run(() =>
      this.audit.record(
        admin,
        refundAuditEntry('payment.refund', payment, after, amountCents, {
          providerPaymentId: payment.providerPaymentId,
        }),
      ),
    );
    return after;
  }

  private async apply(payment: Payment, provider: ProviderPayment): Promise<void> {
    switch (provider.status) {
      case 'approved':
        return this.approve(payment, provider);
      case 'refunded':
      case 'charged_back':
        return this.revoke(payment, provider);
      case 'pending':
      case 'in_process':
      case 'in_mediation':
      case 'authorized':
      case 'rejected':
      case 'cancelled':
        // An approved purchase never goes back; a failed card attempt may be followed by a good one.
        await this.transactions.run(async () => {
          await this.payments.applyUnsettled(payment.id, {
            status: provider.status as PaymentStatus,
            statusDetail: provider.statusDetail,
            expiresAt: provider.expiresAt ?? payment.expiresAt,
          });
          // A purchase that ended without approval frees its intro claim (kept once approved).
          const current = await this.payments.byIdOrFail(payment.id);
          if (ENDED_UNPAID.includes(current.status)) {
            await this.intro.release(payment.id);
            // Its gift balance part goes back (taken again if a later attempt is approved).
            await this.giftBalance.release(current);
          }
          // A failed attempt followed by a pending one (OXXO) on the same checkout: claimed again if free.
          else if (current.status !== 'approved' && (await this.plans.byId(current.planId))?.intro) {
            await this.intro.keepClaim(current.userId, current.id);
          }
        });
        return;
      default:
        this.logger.warn(`Estado desconocido «${provider.status}» del pago ${provider.id}`);
    }
  }

  /** Why this approved payment must not grant the purchase's plan, if it must not. */
  private issueWith(payment: Payment, provider: ProviderPayment): PaymentIssue | null {
    if (provider.currency !== 'MXN') return 'currency_mismatch';
    if (provider.amountMxn === null || cents(provider.amountMxn) !== payment.totalCents) return 'amount_mismatch';
    if (this.config.isProduction && !provider.liveMode) return 'not_live';
    return null;
  }

  /**
   * An approved payment: the purchase takes it (conditional UPDATE, so once) and, when it paid
   * exactly the purchase's total in MXN, creates the plan. A different approved payment for a
   * purchase that already has one is kept on its own row, flagged "a reembolsar".
   */
  private async approve(payment: Payment, provider: ProviderPayment): Promise<void> {
    const approvedAt = provider.approvedAt ?? this.clock.now();
    const issue = this.issueWith(payment, provider);
    const paidCents = provider.amountMxn === null ? null : cents(provider.amountMxn);
    const refundedCents = cents(provider.refundedMxn);
    const plan = await this.transactions.run(async () => {
      // The code's row lock first, as a checkout takes it (one code's uses are counted one at a time).
      if (payment.promoCodeId) await this.promoCodes.lockForCheckout(payment.promoCodeId);
      // Then the buyer's, as a checkout takes it: a deletion of the account waits for this or is waited for.
      await this.payments.lockBuyer(payment.userId);
      const claimed = await this.payments.claimApproval(payment.id, {
        statusDetail: provider.statusDetail,
        providerPaymentId: provider.id,
        approvedAt,
        paidCents,
        refundedCents,
        issue,
      });
      if (!claimed) return null;
      // Deleted («Eliminar mi cuenta») while the payment was pending: its e-mail was replaced.
      const buyer = await this.payments.buyer(payment.userId);
      const gone = buyer && isDeletedAccount(buyer.email) ? ('account_deleted' as const) : null;
      const refusal = issue ?? gone ?? (await this.offerTaken(payment));
      if (refusal) {
        if (!issue) await this.payments.updateInside(payment.id, { issue: refusal });
        // No plan for this purchase: its gift balance part goes back.
        await this.giftBalance.release(payment);
        return 'refused' as const;
      }
      // The gift balance part is spent (taken again if a failed attempt had released it); when the
      // balance no longer has it, no plan: flagged for a refund like any approval that grants none.
      if (!(await this.giftBalance.spend(payment))) {
        await this.payments.updateInside(payment.id, { issue: 'balance_missing' });
        return 'refused' as const;
      }
      return this.grantPlan(payment, provider.id, approvedAt);
    });
    if (plan === 'refused') {
      const reason = (await this.payments.byIdOrFail(payment.id)).issue;
      this.logger.warn(`Pago ${provider.id} aprobado sin plan para la compra ${payment.id}: ${reason}`);
      if (reason === 'account_deleted') await this.refundForDeletedAccount(payment, provider.id);
      return;
    }
    // The reformer its checkout held, booked now that the plan exists: once, whoever reports the
    // approval (the webhook and the return's confirm may arrive together; each tries, one books, and
    // the other's answer then shows it).
    if (plan) return this.holds.bookHeld(payment.id);
    const current = await this.payments.byIdOrFail(payment.id);
    if (current.providerPaymentId === provider.id) {
      if (current.userPlanId && this.mayHold(current)) await this.holds.bookHeld(payment.id);
      // Seen before: only a partial refund can have changed (the plan stays, the amount is recorded).
      await this.transactions.run(async () => {
        const refunded = refundedCents > 0 && (await this.payments.raiseRefunded(payment.id, refundedCents));
        await this.payments.updateApproved(payment.id, { statusDetail: provider.statusDetail, refundedCents });
        if (refunded) await this.emitRefund(current, refundedCents, current.userPlanId ? 'kept' : 'none');
      });
      return;
    }
    if (current.status === 'approved') await this.recordDuplicate(current, provider, paidCents, approvedAt);
  }

  /**
   * A payment approved after its client deleted their account (an OXXO ticket or a transfer paid
   * later): nobody can use a plan any more, so the whole payment goes back at once. The key is the
   * payment's own, so a second notification of the same approval is the same refund at Mercado Pago;
   * if Mercado Pago fails, the purchase stays flagged for an admin's refund and the daily re-check.
   */
  private async refundForDeletedAccount(payment: Payment, providerPaymentId: string): Promise<void> {
    try {
      await this.gateway.refund(providerPaymentId, undefined, `pilates-refund-${payment.id}-account-deleted`);
      await this.syncProviderPayment(providerPaymentId);
    } catch (error) {
      this.logger.error(`Reembolso del pago ${payment.id} (cuenta eliminada) fallido: ${(error as Error).message}`);
    }
  }

  /**
   * Inside the approval's transaction: whether the offer the purchase was priced with is gone. Its
   * promo code's use and its intro claim were held while it could be paid; an approval reported after
   * that (an OXXO ticket paid at its deadline, reported late) may find the code's last use or the
   * person's one intro purchase taken by another checkout meanwhile. Then no plan: flagged for a
   * refund like any approval that grants none, so a code never counts more uses than it allows.
   */
  private async offerTaken(payment: Payment): Promise<PaymentIssue | null> {
    if (payment.promoCodeId) {
      const fits = await this.promoCodes.stillFits({
        id: payment.id,
        userId: payment.userId,
        promoCodeId: payment.promoCodeId,
      });
      if (!fits) return 'promo_taken';
    }
    if ((await this.plans.byId(payment.planId))?.intro && !(await this.intro.keepClaim(payment.userId, payment.id))) {
      return 'intro_taken';
    }
    return null;
  }

  /** Inside the approval's transaction: the purchase's plan, its intro claim kept, and the receipt. */
  private async grantPlan(
    payment: Payment,
    providerPaymentId: string | null,
    approvedAt: Date,
  ): Promise<{ startDate: string; endDate: string }> {
    const startDate = this.clock.today(approvedAt);
    const userPlanId = await this.plans.insertPaidPlan({
      userId: payment.userId,
      planId: payment.planId,
      planName: payment.planName,
      classesTotal: payment.classCount,
      startDate,
      endDate: planEndDate(startDate),
    });
    await this.payments.setUserPlan(payment.id, userPlanId);
    // An intro purchase approved after a failed attempt had freed its claim: claimed again.
    if ((await this.plans.byId(payment.planId))?.intro) await this.intro.keepClaim(payment.userId, payment.id);
    const plan = { startDate, endDate: planEndDate(startDate) };
    // The receipt exists exactly when the plan does.
    await this.emitReceipt(payment, providerPaymentId, plan);
    return plan;
  }

  /** Whether the purchase is recent enough for its checkout's hold to be live (HOLD_MINUTES). */
  private mayHold(payment: Payment): boolean {
    return this.clock.now().getTime() - payment.createdAt.getTime() < HOLD_MINUTES * 60_000;
  }

  /** A second approved payment for one purchase: recorded once on its own row, to be refunded. */
  private async recordDuplicate(
    purchase: Payment,
    provider: ProviderPayment,
    paidCents: number | null,
    approvedAt: Date,
  ): Promise<void> {
    const known = await this.payments.existsForProviderPayment(provider.id);
    // The provider payment id is unique: the same duplicate reported twice is recorded once.
    await this.payments.insertDuplicateOnce({
      userId: purchase.userId,
      planId: purchase.planId,
      planName: purchase.planName,
      classCount: purchase.classCount,
      priceCents: purchase.priceCents,
      commissionCents: purchase.commissionCents,
      totalCents: purchase.totalCents,
      status: 'approved',
      statusDetail: provider.statusDetail,
      providerPaymentId: provider.id,
      approvedAt,
      paidCents,
      refundedCents: cents(provider.refundedMxn),
      issue: 'duplicate',
      duplicateOf: purchase.id,
      createdAt: this.clock.now(),
    });
    if (!known) {
      this.logger.warn(`Pago ${provider.id} duplicado de la compra ${purchase.id} ya pagada: a reembolsar`);
    }
  }

  private async emitReceipt(
    payment: Payment,
    providerPaymentId: string | null,
    plan: { startDate: string; endDate: string },
  ) {
    const buyer = await this.payments.buyer(payment.userId);
    if (!buyer) return;
    await this.notifications.emit({
      type: 'payment.receipt',
      to: { userId: payment.userId, email: buyer.email, name: buyer.name },
      payload: {
        purchase: {
          id: payment.id,
          planName: payment.planName,
          classCount: payment.classCount,
          priceCents: payment.priceCents,
          ...(payment.discountCents > 0 ? { discountCents: payment.discountCents } : {}),
          ...(payment.balanceCents > 0 ? { balanceCents: payment.balanceCents } : {}),
          commissionCents: payment.commissionCents,
          totalCents: payment.totalCents,
        },
        providerPaymentId,
        plan,
      },
    });
  }

  /** A refund or chargeback: the plan stays (booked classes too) but is unpaid and books no more. */
  private async revoke(
    payment: Payment,
    provider: Pick<ProviderPayment, 'id' | 'status' | 'statusDetail' | 'refundedMxn'>,
  ): Promise<void> {
    // Another of the reference's payments (e.g. an earlier failed attempt) says nothing about this purchase.
    if (payment.providerPaymentId && payment.providerPaymentId !== provider.id) return;
    await this.transactions.run(async () => {
      const refundedCents = cents(provider.refundedMxn);
      const before = await this.payments.byIdOrFail(payment.id);
      // A refund newly recorded (not a chargeback, nor the same refund reported again) is mailed once.
      const refunded = refundedCents > 0 && (await this.payments.raiseRefunded(payment.id, refundedCents));
      await this.payments.updateInside(payment.id, {
        status: provider.status as PaymentStatus,
        statusDetail: provider.statusDetail,
        providerPaymentId: provider.id,
        ...(refundedCents > 0 ? { refundedCents } : {}),
      });
      if (payment.userPlanId) await this.plans.revokeUnpaid(payment.userPlanId, this.clock.now());
      // A plan paid partly with the gift balance and refunded or charged back: the plan is revoked, so
      // the balance part (the client's own gift money, never Mercado Pago's) goes back to the balance, once.
      const returned = await this.giftBalance.returnRefunded(before);
      if (refunded) {
        await this.emitRefund(before, refundedCents, payment.userPlanId ? 'revoked' : 'none', returned);
      }
    });
  }

  /** The client's mail about a refund, in the transaction that records it. */
  private async emitRefund(
    payment: Payment,
    refundedCents: number,
    plan: 'revoked' | 'kept' | 'none',
    balanceReturned = false,
  ) {
    const buyer = await this.payments.buyer(payment.userId);
    if (!buyer) return;
    await this.notifications.emit({
      type: 'payment.refunded',
      to: { userId: payment.userId, email: buyer.email, name: buyer.name },
      payload: {
        purchase: {
          id: payment.id,
          planName: payment.planName,
          classCount: payment.classCount,
          totalCents: payment.paidCents ?? payment.totalCents,
        },
        amountCents: refundedCents - payment.refundedCents,
        refundedCents,
        plan,
        ...(balanceReturned ? { toBalanceCents: payment.balanceCents } : {}),
      },
    });
  }
}
