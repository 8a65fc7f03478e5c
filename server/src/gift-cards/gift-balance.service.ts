import { Injectable } from '@nestjs/common';
import { Clock } from '../core/clock/clock';
import { GiftCardsRepository, type MovementRow } from './gift-cards.repository';

/**
 * How much of a price the gift balance pays: all of it when the balance covers it; otherwise as much
 * as leaves Mercado Pago at least `minChargeCents` to charge (it cannot charge less), never below 0.
 */
export function balancePart(priceCents: number, balanceCents: number, minChargeCents: number): number {
  if (balanceCents <= 0 || priceCents <= 0) return 0;
  if (balanceCents >= priceCents) return priceCents;
  return Math.max(0, Math.min(balanceCents, priceCents - minChargeCents));
}

/**
 * The gift balance at checkout, inside the checkout's (or the payment's) transaction. A purchase's
 * balance part follows it like a promo code's held use: `held` at checkout, `spent` on approval,
 * `released` when it ends unpaid, `returned` when its plan is refunded. Each move is a conditional
 * UPDATE of the purchase's `balance_status`, so it happens once however often it is reported.
 */
@Injectable()
export class GiftBalanceService {
  constructor(
    private readonly repository: GiftCardsRepository,
    private readonly clock: Clock,
  ) {}

  /** The balance now (outside a lock: a preview). */
  available(userId: number): Promise<number> {
    return this.repository.balanceOf(userId);
  }

  /** First in the checkout's transaction: the balance row's lock, then its value. */
  async lockAndRead(userId: number): Promise<number> {
    await this.repository.lockBalance(userId);
    return this.repository.balanceOf(userId);
  }

  /** Takes a checkout's balance part (kind hold, or spend for a plan paid in full): false when the balance is short. */
  async take(userId: number, paymentId: number, cents: number, kind: 'hold' | 'spend'): Promise<boolean> {
    if (!(await this.repository.debit(userId, cents))) return false;
    await this.repository.insertMovement({ userId, paymentId, deltaCents: -cents, kind, createdAt: this.clock.now() });
    return true;
  }

  /** The purchase ended unpaid: its held part goes back to the balance, once. */
  async release(payment: { id: number; userId: number; balanceCents: number }): Promise<void> {
    if (payment.balanceCents <= 0) return;
    if (!(await this.repository.moveBalanceStatus(payment.id, 'held', 'released'))) return;
    await this.credit(payment.userId, payment.id, payment.balanceCents, 'release');
  }

  /**
   * The purchase was approved: its held part is spent. A part released earlier (a failed card before
   * a good one) is taken again; false when the balance no longer has it.
   */
  async spend(payment: { id: number; userId: number; balanceCents: number }): Promise<boolean> {
    if (payment.balanceCents <= 0) return true;
    if (await this.repository.moveBalanceStatus(payment.id, 'held', 'spent')) return true;
    if (!(await this.repository.moveBalanceStatus(payment.id, 'released', 'spent'))) return true;
    if (await this.take(payment.userId, payment.id, payment.balanceCents, 'spend')) return true;
    // Short now: the part stays released (the approval is refused and flagged for a refund).
    await this.repository.moveBalanceStatus(payment.id, 'spent', 'released');
    return false;
  }

  /** A refunded plan: the balance part it spent goes back, once. */
  async returnRefunded(payment: { id: number; userId: number; balanceCents: number }): Promise<boolean> {
    if (payment.balanceCents <= 0) return false;
    if (!(await this.repository.moveBalanceStatus(payment.id, 'spent', 'returned'))) return false;
    await this.credit(payment.userId, payment.id, payment.balanceCents, 'refund_return');
    return true;
  }

  private async credit(userId: number, paymentId: number, cents: number, kind: 'release' | 'refund_return') {
    await this.repository.credit(userId, cents);
    await this.repository.insertMovement({ userId, paymentId, deltaCents: cents, kind, createdAt: this.clock.now() });
  }

  movements(userId: number, limit = 50): Promise<MovementRow[]> {
    return this.repository.movementsOf(userId, limit);
  }
}
