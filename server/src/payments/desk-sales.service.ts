import { Injectable } from '@nestjs/common';
import { planEndDate } from '@pilates/dates';
import { randomUUID } from 'node:crypto';
import { AuditService } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { StudioClock } from '../core/clock/studio-clock';
import { TransactionService } from '../core/database/transaction.service';
import { isUniqueViolation } from '../core/errors/database-errors';
import { NotificationsService } from '../notifications';
import { IntroOfferService, PlanesService } from '../planes';
import type { Plan } from '../planes/entities';
import { PromoCodesService } from '../promo-codes';
import type { PromoCode } from '../promo-codes/entities';
import { DeskSalesRepository } from './desk-sales.repository';
import type { DeskMethod, Payment } from './entities/payment.entity';
import { PaymentError, PaymentErrorCode } from './payments.errors';
import { PaymentsRepository } from './payments.repository';

/** A desk sale's reference: `mostrador-<uuid>` (never a Mercado Pago reference, never null). */
const REFERENCE_PREFIX = 'mostrador-';

const INTRO_MESSAGE =
  'Este plan es solo para la primera vez de un cliente: este cliente (o una cuenta con su correo o teléfono) ya tuvo un plan, una clase o una compra de este plan.';

/** Cash: at least the total (the rest is change). Transfer and terminal: exactly the total (plans and gift cards). */
export function checkDeskReceived(method: DeskMethod, receivedCents: number, totalCents: number): void {
  if (method === 'efectivo') {
    if (receivedCents < totalCents) throw new PaymentError(PaymentErrorCode.DESK_AMOUNT_SHORT);
  } else if (receivedCents !== totalCents) {
    throw new PaymentError(PaymentErrorCode.DESK_AMOUNT_MISMATCH);
  }
}

/** What the desk is asked to sell. */
export interface DeskSaleRequest {
  userId: number;
  planId: number;
  method: DeskMethod;
  receivedCents: number;
  code?: string;
  requestKey?: string;
}

/** A desk sale's price: the catalogue price less the code's discount; no commission at the desk. */
export interface DeskCharge {
  listPriceCents: number;
  discountCents: number;
  totalCents: number;
  promoCodeId: number | null;
}

/** A desk sale as its receipt shows it. */
export interface DeskSale {
  payment: Payment;
  client: { id: number; name: string; email: string };
  code: string | null;
  listPriceCents: number;
  changeCents: number;
  classCount: number;
  plan: { startDate: string; endDate: string };
  mailed: boolean;
}

/**
 * Front-desk sales ("Venta en mostrador"): an admin sells a catalogue plan paid in cash, by transfer
 * or on the card terminal. The sale is a payment row (approved at once, method the desk's, reference
 * `mostrador-<uuid>`, no provider payment), so Mercado Pago never hears of it and neither the
 * reconcile job (open purchases) nor the daily re-check (provider payments) ever reads it. Its plan
 * is created as an approved purchase's; the intro offer and promo codes apply as at checkout.
 */
@Injectable()
export class DeskSalesService {
  constructor(
    private readonly desk: DeskSalesRepository,
    private readonly payments: PaymentsRepository,
    private readonly plans: PlanesService,
    private readonly transactions: TransactionService,
    private readonly clock: StudioClock,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
    private readonly intro: IntroOfferService,
    private readonly promoCodes: PromoCodesService,
  ) {}

  /** What the plan costs at the desk for this client, with a code when given (checked as at checkout). */
  async preview(userId: number, planId: number, typed?: string): Promise<DeskCharge & { introEligible: boolean }> {
    await this.clientOf(userId);
    const plan = await this.planOf(planId);
    const code = typed ? await this.promoCodes.findForDesk(typed, plan, userId) : null;
    const introEligible = plan.intro ? await this.intro.isEligible(userId) : true;
    return { ...this.chargeOf(plan, code), introEligible };
  }

  /**
   * Sells the plan: in one transaction the payment is recorded approved, the code's use counted,
   * the intro claimed, the plan created, the receipt queued and the sale audited. A request key
   * makes a repeated request (a double click, a retry) answer the same sale.
   */
  async sell(admin: Caller, request: DeskSaleRequest): Promise<DeskSale> {
    const reference = `${REFERENCE_PREFIX}${request.requestKey ?? randomUUID()}`;
    if (request.requestKey) {
      const earlier = await this.desk.byReference(reference);
      if (earlier) return this.replay(earlier, request);
    }
    const client = await this.clientOf(request.userId);
    const plan = await this.planOf(request.planId);
    const introPerson = plan.intro ? await this.intro.personOf(client.id) : null;
    if (plan.intro && (!introPerson || (await this.intro.hasHistory(introPerson)))) {
      throw new PaymentError(PaymentErrorCode.INTRO_NOT_ELIGIBLE, INTRO_MESSAGE);
    }
    const code = request.code ? await this.promoCodes.findForDesk(request.code, plan, client.id) : null;
    // Refused before any lock when the amount cannot do; checked again with the code as it is under the lock.
    this.checkReceived(request.method, request.receivedCents, this.chargeOf(plan, code).totalCents);
    try {
      return await this.transactions.run(async () => {
        // The code's row first, before any read (MySQL's snapshot then sees every committed use).
        if (code) await this.promoCodes.lockForCheckout(code.id);
        await this.payments.lockBuyer(client.id);
        if (request.requestKey) {
          const earlier = await this.desk.byReference(reference);
          if (earlier) return this.replay(earlier, request);
        }
        const applied = code ? await this.promoCodes.holdInCheckout(code.id, plan, client.id) : null;
        const charge = this.chargeOf(plan, applied);
        this.checkReceived(request.method, request.receivedCents, charge.totalCents);
        const now = this.clock.now();
        const id = await this.payments.insert({
          userId: client.id,
          planId: plan.id,
          planName: plan.name,
          classCount: plan.classCount,
          priceCents: charge.totalCents,
          discountCents: charge.discountCents,
          promoCodeId: charge.promoCodeId,
          commissionCents: 0,
          totalCents: charge.totalCents,
          paidCents: charge.totalCents,
          receivedCents: request.receivedCents,
          method: request.method,
          status: 'approved',
          statusDetail: 'desk',
          reference,
          approvedAt: now,
          createdAt: now,
        });
        // One intro purchase per person, as at checkout: the claim's unique keys decide.
        if (introPerson && !(await this.intro.claim(introPerson, id))) {
          throw new PaymentError(PaymentErrorCode.INTRO_NOT_ELIGIBLE, INTRO_MESSAGE);
        }
        const startDate = this.clock.today(now);
        const dates = { startDate, endDate: planEndDate(startDate) };
        const userPlanId = await this.plans.insertPaidPlan({
          userId: client.id,
          planId: plan.id,
          planName: plan.name,
          classesTotal: plan.classCount,
          ...dates,
        });
        await this.payments.setUserPlan(id, userPlanId);
        const changeCents = request.receivedCents - charge.totalCents;
        const mailed = Boolean(client.email);
        if (mailed) {
          await this.notifications.emit({
            type: 'payment.desk_receipt',
            to: { userId: client.id, email: client.email, name: client.name },
            payload: {
              purchase: {
                id,
                planName: plan.name,
                classCount: plan.classCount,
                listPriceCents: charge.listPriceCents,
                discountCents: charge.discountCents,
                totalCents: charge.totalCents,
                method: request.method,
                receivedCents: request.receivedCents,
                changeCents,
              },
              plan: dates,
            },
          });
        }
        const codeText = applied ? applied.code : null;
        await this.audit.record(admin, {
          action: 'payment.desk_sale',
          entityType: 'payment',
          entityId: id,
          subjectUserId: client.id,
          after: {
            plan: plan.name,
            price: charge.listPriceCents / 100,
            ...(codeText ? { code: codeText, discount: `$${(charge.discountCents / 100).toFixed(2)}` } : {}),
            total: charge.totalCents / 100,
            method: request.method,
            received: request.receivedCents / 100,
            change: changeCents / 100,
            userPlanId,
          },
        });
        return {
          payment: await this.payments.byIdOrFail(id),
          client,
          code: codeText,
          listPriceCents: charge.listPriceCents,
          changeCents,
          classCount: plan.classCount,
          plan: dates,
          mailed,
        };
      });
    } catch (error) {
      // The same key sent twice at once: the reference is unique, the first sale is the answer.
      if (request.requestKey && isUniqueViolation(error)) {
        const earlier = await this.desk.byReference(reference);
        if (earlier) return this.replay(earlier, request);
      }
      throw error;
    }
  }

  /** The same request again (its key): the sale it made, unless the key came with other data. */
  private async replay(payment: Payment, request: DeskSaleRequest): Promise<DeskSale> {
    const same =
      payment.userId === request.userId &&
      payment.planId === request.planId &&
      payment.method === request.method &&
      payment.receivedCents === request.receivedCents;
    if (!same) throw new PaymentError(PaymentErrorCode.DESK_SALE_KEY_REUSED);
    const client = await this.clientOf(payment.userId);
    const userPlan = payment.userPlanId ? await this.plans.userPlanById(payment.userPlanId) : null;
    const startDate = userPlan?.startDate ?? this.clock.today(payment.approvedAt ?? payment.createdAt);
    return {
      payment,
      client,
      code: payment.promoCodeId ? await this.desk.promoCodeText(payment.promoCodeId) : null,
      listPriceCents: payment.totalCents + payment.discountCents,
      changeCents: (payment.receivedCents ?? payment.totalCents) - payment.totalCents,
      classCount: payment.classCount,
      plan: { startDate, endDate: userPlan?.endDate ?? planEndDate(startDate) },
      mailed: Boolean(client.email),
    };
  }

  private chargeOf(plan: Plan, code: Pick<PromoCode, 'id' | 'kind' | 'value'> | null): DeskCharge {
    const discountCents = code ? PromoCodesService.discountFor(code, plan.priceCents) : 0;
    return {
      listPriceCents: plan.priceCents,
      discountCents,
      totalCents: plan.priceCents - discountCents,
      promoCodeId: code?.id ?? null,
    };
  }

  private checkReceived(method: DeskMethod, receivedCents: number, totalCents: number): void {
    checkDeskReceived(method, receivedCents, totalCents);
  }

  private async clientOf(userId: number): Promise<{ id: number; name: string; email: string }> {
    const buyer = await this.payments.buyer(userId);
    if (!buyer) throw new PaymentError(PaymentErrorCode.USER_NOT_FOUND);
    return { id: userId, name: buyer.name, email: buyer.email };
  }

  /** A plan on sale: the desk sells the catalogue clients see (a hidden plan is given by hand). */
  private async planOf(planId: number): Promise<Plan> {
    const plan = await this.plans.visibleById(planId);
    if (!plan) throw new PaymentError(PaymentErrorCode.PLAN_NOT_FOUND);
    // A membership is a monthly card subscription: the desk sells packs.
    if (plan.kind === 'membership') throw new PaymentError(PaymentErrorCode.MEMBERSHIP_ONLY_BY_SUBSCRIPTION);
    return plan;
  }
}
