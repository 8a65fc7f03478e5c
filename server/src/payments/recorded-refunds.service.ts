import { Injectable } from '@nestjs/common';
import type { AuditEntryInput } from '../core/audit/audit.service';
import { AuditService } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { StudioClock } from '../core/clock/studio-clock';
import { TransactionService } from '../core/database/transaction.service';
import { GiftBalanceService } from '../gift-cards';
import { NotificationsService } from '../notifications';
import { PlanesService } from '../planes';
import { DeskSalesRepository } from './desk-sales.repository';
import type { Payment } from './entities/payment.entity';
import { PaymentError, PaymentErrorCode } from './payments.errors';
import { PaymentsRepository } from './payments.repository';

const DESK_NOT_REFUNDABLE = 'Esta venta en mostrador ya se reembolsó por completo.';
const BALANCE_NOT_REFUNDABLE = 'Esta compra ya se devolvió al saldo de regalo del cliente.';

/** A purchase paid wholly with the gift balance: nothing went through Mercado Pago nor the desk. */
export const paidWithBalanceOnly = (payment: Pick<Payment, 'balanceCents' | 'totalCents'>): boolean =>
  payment.balanceCents > 0 && payment.totalCents === 0;

/**
 * The audit entry of any refund (Mercado Pago, desk, gift balance): the payment's state and money
 * refunded before and after, what was asked ('total' or pesos), and what tells the refunds apart.
 */
export function refundAuditEntry(
  action: 'payment.refund' | 'payment.desk_refund' | 'payment.balance_refund',
  before: Payment,
  after: Payment,
  amountCents: number | undefined,
  extra: { providerPaymentId?: string | null; method?: string; toBalance?: number },
): AuditEntryInput {
  return {
    action,
    entityType: 'payment',
    entityId: before.id,
    subjectUserId: before.userId,
    before: { status: before.status, refunded: before.refundedCents / 100 },
    after: {
      status: after.status,
      refunded: after.refundedCents / 100,
      requested: amountCents === undefined ? 'total' : amountCents / 100,
      ...extra,
    },
  };
}

/**
 * Refunds the studio records without Mercado Pago: a desk sale's (the money is given back at the
 * desk; in full or in part) and a plan paid wholly with the gift balance (the balance part goes back
 * to the client's balance, whole). A full refund revokes the plan as a Mercado Pago refund does; a
 * partial one keeps it. One payment's refunds are recorded one at a time (its row's lock), and a
 * request key makes a repeated request (a double click, a retry) record one refund.
 */
@Injectable()
export class RecordedRefundsService {
  constructor(
    private readonly desk: DeskSalesRepository,
    private readonly payments: PaymentsRepository,
    private readonly plans: PlanesService,
    private readonly giftBalance: GiftBalanceService,
    private readonly transactions: TransactionService,
    private readonly clock: StudioClock,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
  ) {}

  async refund(admin: Caller, paymentId: number, amountCents?: number, requestKey?: string): Promise<Payment> {
    return this.transactions.run(async () => {
      await this.desk.lock(paymentId);
      const payment = await this.payments.byIdOrFail(paymentId);
      if (requestKey) {
        const bound = await this.desk.refundRequest(requestKey);
        if (bound) {
          if (bound.paymentId === payment.id && bound.amountCents === (amountCents ?? null)) return payment;
          throw new PaymentError(PaymentErrorCode.REFUND_KEY_REUSED);
        }
      }
      const toBalance = paidWithBalanceOnly(payment);
      if (toBalance) this.checkBalanceRefund(payment, amountCents);
      else this.checkDeskRefund(payment, amountCents);
      if (requestKey && !(await this.payments.bindRefundKey(requestKey, payment.id, amountCents ?? null))) {
        throw new PaymentError(PaymentErrorCode.REFUND_KEY_REUSED);
      }
      const full = toBalance || payment.refundedCents + (amountCents ?? Infinity) >= payment.totalCents;
      if (toBalance) {
        await this.payments.updateInside(payment.id, { status: 'refunded', statusDetail: 'refunded_to_balance' });
        await this.giftBalance.returnRefunded(payment);
      } else {
        const refundedCents = full ? payment.totalCents : payment.refundedCents + amountCents!;
        await this.payments.updateInside(payment.id, {
          refundedCents,
          status: full ? 'refunded' : 'approved',
          statusDetail: full ? 'refunded' : 'partially_refunded',
        });
      }
      if (full && payment.userPlanId) await this.plans.revokeUnpaid(payment.userPlanId, this.clock.now());
      const after = await this.payments.byIdOrFail(payment.id);
      await this.emitRefund(payment, after, full, toBalance);
      await this.audit.record(
        admin,
        toBalance
          ? refundAuditEntry('payment.balance_refund', payment, after, amountCents, {
              toBalance: payment.balanceCents / 100,
            })
          : refundAuditEntry('payment.desk_refund', payment, after, amountCents, { method: payment.method }),
      );
      return after;
    });
  }

  /** A desk sale: approved, with money left to give back, at most what is left. */
  private checkDeskRefund(payment: Payment, amountCents: number | undefined): void {
    const left = payment.totalCents - payment.refundedCents;
    if (payment.status !== 'approved' || left <= 0) {
      throw new PaymentError(PaymentErrorCode.PAYMENT_NOT_REFUNDABLE, DESK_NOT_REFUNDABLE);
    }
    if (amountCents !== undefined && amountCents > left) throw new PaymentError(PaymentErrorCode.REFUND_TOO_LARGE);
  }

  /** A plan paid with the balance: approved, its part spent (not yet returned), returned whole. */
  private checkBalanceRefund(payment: Payment, amountCents: number | undefined): void {
    if (payment.status !== 'approved' || payment.balanceStatus !== 'spent') {
      throw new PaymentError(PaymentErrorCode.PAYMENT_NOT_REFUNDABLE, BALANCE_NOT_REFUNDABLE);
    }
    if (amountCents !== undefined && amountCents !== payment.balanceCents) {
      throw new PaymentError(
        amountCents > payment.balanceCents ? PaymentErrorCode.REFUND_TOO_LARGE : PaymentErrorCode.REFUND_WHOLE_ONLY,
      );
    }
  }

  private async emitRefund(before: Payment, after: Payment, full: boolean, toBalance: boolean): Promise<void> {
    const buyer = await this.payments.buyer(before.userId);
    if (!buyer) return;
    await this.notifications.emit({
      type: 'payment.refunded',
      to: { userId: before.userId, email: buyer.email, name: buyer.name },
      payload: {
        purchase: {
          id: before.id,
          planName: before.planName,
          classCount: before.classCount,
          totalCents: before.totalCents,
        },
        amountCents: after.refundedCents - before.refundedCents,
        refundedCents: after.refundedCents,
        plan: before.userPlanId ? (full ? 'revoked' : 'kept') : 'none',
        ...(toBalance ? { toBalanceCents: before.balanceCents } : { atDesk: true }),
      },
    });
  }
}
