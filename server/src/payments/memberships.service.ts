import { Injectable, Logger } from '@nestjs/common';
import { addDays } from '@pilates/dates';
import { randomUUID } from 'node:crypto';
import type { Caller } from '../core/auth/caller';
import { StudioClock } from '../core/clock/studio-clock';
import { AppConfig } from '../core/config/app-config';
import { TransactionService } from '../core/database/transaction.service';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import { NotificationsService } from '../notifications';
import { chargeFor, PlanesService } from '../planes';
import { paidThroughAfter } from '../reservations';
import type { MembershipCharge } from './entities/membership-charge.entity';
import type { Membership, MembershipStatus } from './entities/membership.entity';
import { MembershipsRepository } from './memberships.repository';
import { PaymentGateway, type ProviderSubscriptionCharge } from './payment-gateway';
import { PaymentError, PaymentErrorCode } from './payments.errors';
import { PaymentsRepository } from './payments.repository';

const cents = (pesos: number): number => Math.round(pesos * 100);

/**
 * Memberships: monthly Mercado Pago subscriptions (preapproval). Like plan purchases, what happened
 * is only ever read back from Mercado Pago (a notification names a resource, never its state); each
 * approved charge extends the membership by one period exactly once (its row's counted_at is claimed
 * by a conditional UPDATE under the membership's row lock), and only when it charged exactly the
 * membership's monthly total in MXN.
 */
@Injectable()
export class MembershipsService {
  private readonly logger = new Logger('Memberships');

  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly payments: PaymentsRepository,
    private readonly plans: PlanesService,
    private readonly transactions: TransactionService,
    private readonly gateway: PaymentGateway,
    private readonly config: AppConfig,
    private readonly clock: StudioClock,
    private readonly notifications: NotificationsService,
    private readonly settings: StudioSettingsService,
  ) {}

  /**
   * Creates the client's subscription at Mercado Pago for a membership plan; answers where the browser
   * authorizes the card. The membership starts when the first charge is approved. Refused while the
   * client already has a membership that holds them (checked under the client's row lock).
   */
  async subscribe(caller: Caller, planId: number): Promise<{ url: string }> {
    const plan = await this.plans.visibleById(planId);
    if (!plan) throw new PaymentError(PaymentErrorCode.PLAN_NOT_FOUND);
    if (plan.kind !== 'membership') throw new PaymentError(PaymentErrorCode.NOT_A_MEMBERSHIP);
    const buyer = (await this.payments.buyer(caller.id))!;
    const charge = chargeFor(plan.priceCents, this.config.commissionPercent, this.config.commissionFixedMxn);
    const reference = `pilates-${randomUUID()}`;
    const { id, abandoned } = await this.transactions.run(async () => {
      await this.payments.lockBuyer(caller.id);
      if (await this.memberships.liveOf(caller.id)) throw new PaymentError(PaymentErrorCode.MEMBERSHIP_ALREADY_ACTIVE);
      // A subscription whose first charge never went through (a declined card, a checkout left
      // half-way) holds nothing: subscribing again replaces it, cancelled here and at Mercado Pago
      // so it never starts a second membership later.
      const waiting = await this.memberships.pendingOf(caller.id);
      for (const old of waiting)
        await this.memberships.update(old.id, { status: 'cancelled', cancelledAt: this.clock.now() });
      const inserted = await this.memberships.insert({
        userId: caller.id,
        planId: plan.id,
        planName: plan.name,
        weeklyLimit: plan.weeklyLimit,
        priceCents: charge.priceCents,
        commissionCents: charge.commissionCents,
        totalCents: charge.totalCents,
        reference,
        status: 'pending',
      });
      return { id: inserted, abandoned: waiting.flatMap((old) => (old.preapprovalId ? [old.preapprovalId] : [])) };
    });
    for (const preapprovalId of abandoned) await this.cancelAbandoned(preapprovalId);
    const base = this.config.appUrl.replace(/\/$/, '');
    try {
      const subscription = await this.gateway.createSubscription({
        reference,
        reason: `${plan.name} — Membresía mensual de Pilates Reformer`,
        payerEmail: buyer.email,
        amountMxn: charge.totalCents / 100,
        backUrl: `${base}/pilates/clases?ver=planes&membresia=${reference}`,
      });
      await this.memberships.update(id, { preapprovalId: subscription.id, providerStatus: 'pending' });
      return { url: subscription.url };
    } catch (error) {
      this.logger.error(`Suscripción de la membresía ${id} no creada: ${(error as Error).message}`);
      await this.memberships.update(id, { status: 'cancelled', cancelledAt: this.clock.now() });
      throw new PaymentError(PaymentErrorCode.PAYMENT_PROVIDER_ERROR);
    }
  }

  /** The replaced subscription is cancelled at Mercado Pago, so it never charges later (best effort: logged). */
  private async cancelAbandoned(preapprovalId: string): Promise<void> {
    try {
      await this.gateway.updateSubscription(preapprovalId, 'cancelled');
    } catch (error) {
      this.logger.error(
        `Suscripción ${preapprovalId} reemplazada sin cancelar en Mercado Pago: ${(error as Error).message}`,
      );
    }
  }

  /** Our membership for a provider subscription id, or its external_reference. */
  private async find(preapprovalId: string | null, reference: string | null): Promise<Membership | null> {
    const byId = preapprovalId ? await this.memberships.byPreapproval(preapprovalId) : null;
    if (byId) return byId;
    if (!reference || !/^pilates-[0-9a-f-]{36}$/.test(reference)) return null;
    const found = await this.memberships.byReference(reference);
    // A reference names ours only when the provider's id agrees with the one we stored.
    if (found && found.preapprovalId && preapprovalId && found.preapprovalId !== preapprovalId) return null;
    return found;
  }

  /**
   * A `subscription_preapproval` notification: the subscription read back from Mercado Pago, its status
   * applied (paused, cancelled, authorized again after a pause). Authorizing alone does not start a
   * membership: its first approved charge does.
   */
  async syncSubscription(preapprovalId: string): Promise<Membership | null> {
    const provider = await this.readProvider(() => this.gateway.getSubscription(preapprovalId));
    if (!provider) return null;
    const membership = await this.find(provider.id, provider.reference);
    if (!membership) return null;
    const now = this.clock.now();
    await this.transactions.run(async () => {
      await this.memberships.lock(membership.id);
      const current = (await this.memberships.byId(membership.id))!;
      const changes: Partial<Membership> = { providerStatus: provider.status, preapprovalId: provider.id };
      // Cancelled is final: a late "authorized" or "paused" report never revives it.
      if (current.status !== 'cancelled') {
        if (provider.status === 'cancelled') {
          changes.status = 'cancelled';
          changes.cancelledAt = now;
          // Cancelled at Mercado Pago (by the client, the studio or Mercado Pago): it holds until its last paid day.
          changes.cancelsOn = current.cancelsOn ?? current.paidThrough ?? addDays(this.clock.today(now), -1);
        } else if (provider.status === 'paused') {
          changes.status = 'paused';
        } else if (provider.status === 'authorized' && current.status === 'paused') {
          changes.status = current.pastDueSince ? 'past_due' : current.periodsPaid > 0 ? 'active' : 'pending';
        }
      }
      await this.memberships.update(membership.id, changes);
    });
    return this.memberships.byId(membership.id);
  }

  /**
   * A `subscription_authorized_payment` notification: one monthly charge, read back from Mercado Pago
   * and recorded once. Approved with the right amount in MXN: the membership gains one period, once.
   * Failed: the membership is "Pago pendiente" (past due) and the client gets one mail per charge;
   * Mercado Pago retries it, and an approved retry puts the membership back in order.
   */
  async syncCharge(chargeId: string): Promise<MembershipCharge | null> {
    const provider = await this.readProvider(() => this.gateway.getSubscriptionCharge(chargeId));
    if (!provider) return null;
    const membership = await this.find(provider.subscriptionId, provider.reference);
    if (!membership) {
      this.logger.warn(`Cobro ${provider.id} de una suscripción que no es nuestra: ignorado`);
      return null;
    }
    const now = this.clock.now();
    const charge = await this.transactions.run(async () => {
      await this.memberships.lock(membership.id);
      const current = (await this.memberships.byId(membership.id))!;
      const row = await this.memberships.recordCharge(current.id, provider.id, {
        status: provider.status,
        paymentStatus: provider.paymentStatus,
        providerPaymentId: provider.paymentId,
        amountCents: provider.amountMxn === null ? null : cents(provider.amountMxn),
      });
      if (provider.paymentStatus === 'approved') await this.approve(current, row, provider, now);
      else if (this.failed(provider)) await this.pastDue(current, row, now);
      return this.memberships.chargeById(row.id);
    });
    return charge;
  }

  private failed(provider: ProviderSubscriptionCharge): boolean {
    return (
      provider.status === 'recycling' ||
      provider.paymentStatus === 'rejected' ||
      (provider.status === 'processed' && provider.paymentStatus === 'cancelled')
    );
  }

  /** Why an approved charge must not extend the membership, if it must not. */
  private issueWith(membership: Membership, provider: ProviderSubscriptionCharge): string | null {
    if (provider.currency !== 'MXN') return 'currency_mismatch';
    if (provider.amountMxn === null || cents(provider.amountMxn) !== membership.totalCents) return 'amount_mismatch';
    return null;
  }

  /** Inside the charge's transaction, under the membership's lock: one more period, once per charge. */
  private async approve(
    membership: Membership,
    charge: MembershipCharge,
    provider: ProviderSubscriptionCharge,
    now: Date,
  ): Promise<void> {
    const issue = this.issueWith(membership, provider);
    if (issue) {
      if (charge.issue !== issue) {
        await this.memberships.updateCharge(charge.id, { issue });
        this.logger.warn(`Cobro ${provider.id} de la membresía ${membership.id} aprobado sin extenderla: ${issue}`);
      }
      return;
    }
    if (!(await this.memberships.claimCount(charge.id, now))) return;
    const anchor = membership.anchorDate ?? this.clock.today(now);
    const periods = membership.periodsPaid + 1;
    const paidThrough = paidThroughAfter(anchor, periods, membership.extraDays);
    let userPlanId = membership.userPlanId;
    if (userPlanId === null) {
      // The first approved charge: the membership's plan, which books by the week, not by classes left.
      userPlanId = await this.plans.insertPaidPlan({
        userId: membership.userId,
        planId: membership.planId,
        planName: membership.planName,
        classesTotal: 0,
        startDate: anchor,
        endDate: paidThrough,
      });
    } else {
      await this.plans.setEndDate(userPlanId, paidThrough);
    }
    const status: MembershipStatus =
      membership.status === 'cancelled' || membership.status === 'paused' ? membership.status : 'active';
    await this.memberships.update(membership.id, {
      anchorDate: anchor,
      periodsPaid: periods,
      paidThrough,
      userPlanId,
      status,
      pastDueSince: null,
    });
    await this.memberships.updateCharge(charge.id, { periodEnd: paidThrough, issue: null });
  }

  /** Inside the charge's transaction: a failed charge makes a paid membership "Pago pendiente", mailed once per charge. */
  private async pastDue(membership: Membership, charge: MembershipCharge, now: Date): Promise<void> {
    // A charge counted already (approved, then reported differently) or a first charge of a
    // membership never paid (nothing is owed yet: the client just sees it did not start).
    if (charge.countedAt || membership.periodsPaid === 0) return;
    if (membership.status === 'active') {
      await this.memberships.update(membership.id, { status: 'past_due', pastDueSince: now });
    }
    if (membership.status === 'cancelled' || !(await this.memberships.claimFailureNotice(charge.id, now))) return;
    const buyer = await this.payments.buyer(membership.userId);
    if (!buyer) return;
    await this.notifications.emit({
      type: 'membership.past_due',
      to: { userId: membership.userId, email: buyer.email, name: buyer.name },
      payload: {
        membershipId: membership.id,
        planName: membership.planName,
        totalCents: membership.totalCents,
        paidThrough: membership.paidThrough,
        graceDays: (await this.settings.current()).membershipGraceDays,
      },
    });
  }

  private async readProvider<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      this.logger.error(`Consulta a Mercado Pago fallida: ${(error as Error).message}`);
      throw new PaymentError(PaymentErrorCode.PAYMENT_PROVIDER_ERROR);
    }
  }
}
