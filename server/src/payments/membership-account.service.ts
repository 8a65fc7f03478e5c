import { Injectable, Logger } from '@nestjs/common';
import { addDays } from '@pilates/dates';
import { AuditService } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { StudioClock } from '../core/clock/studio-clock';
import { pageOf } from '../core/dto/pagination.dto';
import { TransactionService } from '../core/database/transaction.service';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import { NotificationsService } from '../notifications';
import { PlanesService } from '../planes';
import {
  BookingService,
  bookableUntil,
  bookingBlockedFrom,
  daysBetween,
  daysInYear,
  MembershipBooking,
  paidThroughAfter,
  studioWeekOf,
} from '../reservations';
import type {
  AdminMembershipLineDto,
  MembershipChargeDto,
  MembershipClientDto,
  MembershipDto,
} from './dto/memberships.dto';
import type { PaginationDto } from '../core/dto/pagination.dto';
import type { MembershipCharge } from './entities/membership-charge.entity';
import type { MembershipPause } from './entities/membership-pause.entity';
import type { Membership, MembershipStatus } from './entities/membership.entity';
import { MembershipsRepository } from './memberships.repository';
import { PaymentGateway } from './payment-gateway';
import { PaymentError, PaymentErrorCode } from './payments.errors';

/** The admin's list: memberships a page. */
const ADMIN_PAGE_SIZE = 20;
/** The shortest pause a client may ask for, in days (the owner's rule). */
export const MIN_PAUSE_DAYS = 7;

export interface MembershipDetail {
  membership: MembershipDto;
  client: MembershipClientDto;
  charges: MembershipChargeDto[];
}

/**
 * A membership as the client and the admin see it, and what they do with it: pause (dated, from
 * tomorrow, at least 7 days, the owner's days a year; its days extend the paid period; the
 * subscription is paused at Mercado Pago on its first day and resumed after its last by
 * `applyPauses`), cancel (at Mercado Pago now, in effect at the end of the paid period), and the
 * admin's list, detail and refund of a charge (a counted charge takes its period back).
 */
@Injectable()
export class MembershipAccountService {
  private readonly logger = new Logger('Memberships');

  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly plans: PlanesService,
    private readonly booking: BookingService,
    private readonly membershipBooking: MembershipBooking,
    private readonly transactions: TransactionService,
    private readonly gateway: PaymentGateway,
    private readonly settings: StudioSettingsService,
    private readonly clock: StudioClock,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
  ) {}

  /** The client's membership shown in Mis planes (null: none), with the studio week of `date` (default today). */
  async membershipOf(userId: number, date?: string): Promise<MembershipDto | null> {
    const membership = await this.current(userId);
    return membership && this.toDto(membership, date ?? this.clock.today());
  }

  /**
   * The client pauses their active membership from `from` to `to` (both included). In one
   * transaction under the membership's row lock: the rules checked again, the pause stored, the paid
   * period (and its plan) extended by the pause's days, and the classes booked with the membership
   * inside the pause cancelled with their places refilled; then one mail.
   */
  async pause(caller: Caller, from: string, to: string): Promise<MembershipDto> {
    const found = await this.current(caller.id);
    if (!found) throw new PaymentError(PaymentErrorCode.MEMBERSHIP_NOT_FOUND);
    const today = this.clock.today();
    if (from <= today) throw new PaymentError(PaymentErrorCode.PAUSE_TOO_SOON);
    const days = daysBetween(from, to) + 1;
    if (days < MIN_PAUSE_DAYS) throw new PaymentError(PaymentErrorCode.PAUSE_TOO_SHORT);
    const { membershipPauseMaxDaysPerYear: maxDays } = await this.settings.current();
    const result = await this.transactions.run(async () => {
      await this.memberships.lock(found.id);
      const membership = (await this.memberships.byId(found.id))!;
      if (membership.status !== 'active' || membership.cancelsOn !== null || membership.userPlanId === null) {
        throw new PaymentError(PaymentErrorCode.MEMBERSHIP_NOT_ACTIVE);
      }
      const pauses = await this.memberships.pausesOf(membership.id);
      if (pauses.some((p) => p.fromDate <= to && from <= p.toDate)) {
        throw new PaymentError(PaymentErrorCode.PAUSE_OVERLAPS);
      }
      for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
        const taken = pauses.reduce((sum, p) => sum + daysInYear(p.fromDate, p.toDate, year), 0);
        if (taken + daysInYear(from, to, year) > maxDays) throw new PaymentError(PaymentErrorCode.PAUSE_LIMIT_REACHED);
      }
      await this.memberships.insertPause({ membershipId: membership.id, fromDate: from, toDate: to, days });
      const extraDays = membership.extraDays + days;
      const paidThrough = paidThroughAfter(membership.anchorDate!, membership.periodsPaid, extraDays);
      await this.memberships.update(membership.id, { extraDays, paidThrough });
      await this.plans.setEndDate(membership.userPlanId, paidThrough);
      const cancelled = await this.booking.cancelForPause(membership.userPlanId, from, to, caller.id);
      const client = await this.memberships.client(membership.userId);
      if (client) {
        await this.notifications.emit({
          type: 'membership.paused',
          to: { userId: client.id, email: client.email, name: client.name },
          payload: {
            membershipId: membership.id,
            planName: membership.planName,
            from,
            to,
            paidThrough,
            cancelled,
          },
        });
      }
      return (await this.memberships.byId(membership.id))!;
    });
    // A pause that starts today cannot be asked for (from tomorrow), so Mercado Pago hears of it on its first day.
    return this.toDto(result, today);
  }

  /** The client cancels: at Mercado Pago now; the membership holds until its last paid day. */
  async cancel(caller: Caller): Promise<MembershipDto> {
    const found = await this.current(caller.id);
    if (!found) throw new PaymentError(PaymentErrorCode.MEMBERSHIP_NOT_FOUND);
    const cancelled = await this.cancelMembership(found);
    return this.toDto(cancelled, this.clock.today());
  }

  /** The admin's list of memberships, newest first, optionally of one status. */
  async list(
    status: MembershipStatus | null,
    page: number,
  ): Promise<{ memberships: AdminMembershipLineDto[]; pagination: PaginationDto }> {
    const [lines, total] = await this.memberships.page(status, page, ADMIN_PAGE_SIZE);
    return {
      memberships: lines.map(({ membership: m, clientName, clientEmail }) => ({
        id: m.id,
        userId: m.userId,
        clientName,
        clientEmail,
        planName: m.planName,
        status: m.status,
        paidThrough: m.paidThrough,
        pastDueSince: m.pastDueSince ? m.pastDueSince.toISOString() : null,
        totalCents: m.totalCents,
      })),
      pagination: pageOf(page, ADMIN_PAGE_SIZE, total),
    };
  }

  /** One membership for the admin: as its client sees it, who it is, and every charge. */
  async detail(id: number): Promise<MembershipDetail> {
    const membership = await this.memberships.byId(id);
    if (!membership) throw new PaymentError(PaymentErrorCode.MEMBERSHIP_NOT_FOUND);
    const client = (await this.memberships.client(membership.userId))!;
    const charges = await this.memberships.chargesOf(id);
    return {
      membership: await this.toDto(membership, this.clock.today()),
      client: { id: client.id, name: client.name, email: client.email },
      charges: charges.map(toChargeDto),
    };
  }

  /**
   * The admin cancels a membership like its client would: no more charges, and it holds until its
   * last paid day (what was paid is the client's; a refund is a separate step). Audited.
   */
  async adminCancel(admin: Caller, id: number): Promise<MembershipDetail> {
    const membership = await this.memberships.byId(id);
    if (!membership) throw new PaymentError(PaymentErrorCode.MEMBERSHIP_NOT_FOUND);
    const cancelled = await this.cancelMembership(membership);
    await this.transactions.run(() =>
      this.audit.record(admin, {
        action: 'membership.cancel',
        entityType: 'membership',
        entityId: membership.id,
        subjectUserId: membership.userId,
        before: { plan: membership.planName, paidThrough: membership.paidThrough, cancelsOn: membership.cancelsOn },
        after: { plan: cancelled.planName, paidThrough: cancelled.paidThrough, cancelsOn: cancelled.cancelsOn },
      }),
    );
    return this.detail(id);
  }

  /**
   * The admin refunds one charge, in full, at Mercado Pago (the charge's payment; the key makes a
   * repeated request one refund). A charge that paid a period takes it back: the paid period ends
   * one month earlier (its plan too; none left: the plan is revoked). Audited.
   */
  async refundCharge(admin: Caller, chargeId: number): Promise<MembershipDetail> {
    const charge = await this.memberships.chargeById(chargeId);
    if (!charge) throw new PaymentError(PaymentErrorCode.CHARGE_NOT_FOUND);
    if (charge.paymentStatus !== 'approved' || !charge.providerPaymentId || charge.refundedAt) {
      throw new PaymentError(PaymentErrorCode.CHARGE_NOT_REFUNDABLE);
    }
    try {
      await this.gateway.refund(charge.providerPaymentId, undefined, `pilates-membership-charge-${charge.id}`);
    } catch (error) {
      this.logger.error(`Reembolso del cobro ${charge.id} fallido: ${(error as Error).message}`);
      throw new PaymentError(
        PaymentErrorCode.PAYMENT_PROVIDER_ERROR,
        'Mercado Pago no hizo el reembolso. Intenta de nuevo en unos minutos.',
      );
    }
    const now = this.clock.now();
    await this.transactions.run(async () => {
      await this.memberships.lock(charge.membershipId);
      if (!(await this.memberships.claimRefund(charge.id, now))) return;
      const membership = (await this.memberships.byId(charge.membershipId))!;
      const current = (await this.memberships.chargeById(charge.id))!;
      let paidThrough = membership.paidThrough;
      if (current.countedAt && membership.anchorDate && membership.periodsPaid > 0) {
        const periods = membership.periodsPaid - 1;
        paidThrough = periods === 0 ? null : paidThroughAfter(membership.anchorDate, periods, membership.extraDays);
        await this.memberships.update(membership.id, { periodsPaid: periods, paidThrough });
        if (membership.userPlanId !== null) {
          if (paidThrough === null) await this.plans.revokeUnpaid(membership.userPlanId, now);
          else await this.plans.setEndDate(membership.userPlanId, paidThrough);
        }
      }
      await this.memberships.updateCharge(charge.id, { paymentStatus: 'refunded' });
      await this.audit.record(admin, {
        action: 'membership.refund_charge',
        entityType: 'membership',
        entityId: membership.id,
        subjectUserId: membership.userId,
        before: { plan: membership.planName, paidThrough: membership.paidThrough },
        after: {
          plan: membership.planName,
          refunded: current.amountCents,
          providerPaymentId: current.providerPaymentId,
          paidThrough,
        },
      });
    });
    return this.detail(charge.membershipId);
  }

  /**
   * The job: Mercado Pago pauses a subscription on its pause's first day and resumes it after its
   * last (each step claimed once, given back when Mercado Pago fails, so the next run tries again).
   * Its notification then sets the membership's status (syncSubscription).
   */
  async applyPauses(): Promise<number> {
    const today = this.clock.today();
    let applied = 0;
    for (const pause of await this.memberships.pausesToStart(today)) {
      if (await this.sendPause(pause, 'start', 'paused')) applied++;
    }
    for (const pause of await this.memberships.pausesToEnd(today)) {
      if (await this.sendPause(pause, 'end', 'authorized')) applied++;
    }
    return applied;
  }

  private async sendPause(pause: MembershipPause, side: 'start' | 'end', status: 'paused' | 'authorized') {
    const membership = await this.memberships.byId(pause.membershipId);
    if (!(await this.transactions.run(() => this.memberships.claimPause(pause.id, side, this.clock.now())))) {
      return false;
    }
    // A cancelled subscription stays cancelled: nothing to pause or resume at Mercado Pago.
    if (!membership?.preapprovalId || membership.status === 'cancelled') return false;
    try {
      await this.gateway.updateSubscription(membership.preapprovalId, status);
      return true;
    } catch (error) {
      this.logger.error(`Pausa ${pause.id} (${status}) no enviada a Mercado Pago: ${(error as Error).message}`);
      await this.transactions.run(() => this.memberships.claimPause(pause.id, side, null));
      return false;
    }
  }

  /** Cancels at Mercado Pago, then records the day it stops (its last paid day); the notification sets the status. */
  private async cancelMembership(found: Membership): Promise<Membership> {
    if (found.status === 'cancelled' || found.cancelsOn !== null) {
      throw new PaymentError(PaymentErrorCode.MEMBERSHIP_NOT_CANCELLABLE);
    }
    if (found.preapprovalId) {
      try {
        await this.gateway.updateSubscription(found.preapprovalId, 'cancelled');
      } catch (error) {
        this.logger.error(`Membresía ${found.id} no cancelada en Mercado Pago: ${(error as Error).message}`);
        throw new PaymentError(PaymentErrorCode.PAYMENT_PROVIDER_ERROR);
      }
    }
    return this.transactions.run(async () => {
      await this.memberships.lock(found.id);
      const membership = (await this.memberships.byId(found.id))!;
      // Never paid: nothing to hold, it ends now.
      const cancelsOn = membership.paidThrough ?? addDays(this.clock.today(), -1);
      const changes: Partial<Membership> = { cancelsOn };
      if (membership.status === 'pending' || !found.preapprovalId) {
        changes.status = 'cancelled';
        changes.cancelledAt = this.clock.now();
      }
      await this.memberships.update(membership.id, changes);
      return (await this.memberships.byId(membership.id))!;
    });
  }

  /** The client's membership to show: a paid one that still holds first, else the newest pending one. */
  private async current(userId: number): Promise<Membership | null> {
    const shown = await this.memberships.shownOf(userId, this.clock.today());
    return shown.find((m) => m.status !== 'pending') ?? shown[0] ?? null;
  }

  private async toDto(m: Membership, date: string): Promise<MembershipDto> {
    const { membershipGraceDays, membershipDailyLimit, membershipPauseMaxDaysPerYear } = await this.settings.current();
    const today = this.clock.today();
    const pauses = await this.memberships.pausesOf(m.id);
    const year = Number(today.slice(0, 4));
    const pausedThisYear = pauses.reduce((sum, p) => sum + daysInYear(p.fromDate, p.toDate, year), 0);
    const week = m.userPlanId
      ? await this.membershipBooking.weekUsage(m.userPlanId, date)
      : { ...studioWeekOf(date), used: 0 };
    const blockedFrom = m.status === 'past_due' ? bookingBlockedFrom(m, membershipGraceDays) : null;
    return {
      id: m.id,
      planName: m.planName,
      weeklyLimit: m.weeklyLimit,
      dailyLimit: membershipDailyLimit,
      status: m.status,
      totalCents: m.totalCents,
      paidThrough: m.paidThrough,
      bookableUntil: bookableUntil(m),
      cancelsOn: m.cancelsOn,
      pastDueSince: m.pastDueSince ? m.pastDueSince.toISOString() : null,
      bookingBlockedFrom: blockedFrom ? blockedFrom.toISOString() : null,
      pauses: pauses.filter((p) => p.toDate >= today).map((p) => ({ id: p.id, from: p.fromDate, to: p.toDate })),
      pauseDaysLeftThisYear: Math.max(0, membershipPauseMaxDaysPerYear - pausedThisYear),
      updateCardUrl:
        m.status === 'past_due' && m.preapprovalId ? this.gateway.cardUpdateUrl(m.preapprovalId, m.reference) : null,
      week: { start: week.start, end: week.end, used: week.used, limit: m.weeklyLimit },
    };
  }
}

function toChargeDto(charge: MembershipCharge): MembershipChargeDto {
  return {
    id: charge.id,
    providerChargeId: charge.providerChargeId,
    paymentStatus: charge.paymentStatus,
    amountCents: charge.amountCents,
    createdAt: charge.createdAt.toISOString(),
    periodEnd: charge.periodEnd,
    refunded: charge.refundedAt !== null,
    issue: charge.issue,
  };
}
