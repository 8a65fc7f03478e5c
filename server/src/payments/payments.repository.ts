import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Brackets, In, IsNull } from 'typeorm';
import { User } from '../auth/entities';
import { Payment, type PaymentIssue, type PaymentStatus } from './entities/payment.entity';
import { RefundRequest } from './entities/refund-request.entity';

/** Purchases still waiting for Mercado Pago's answer. */
export const OPEN_STATUSES: PaymentStatus[] = ['created', 'pending', 'in_process', 'in_mediation', 'authorized'];

/** What the checkout limits read of a client's purchase. */
export type CheckoutRow = Pick<Payment, 'id' | 'status' | 'statusDetail' | 'createdAt' | 'expiresAt'>;

/** What an approved provider payment writes on the purchase that takes it. */
export interface ApprovalValues {
  statusDetail: string | null;
  providerPaymentId: string;
  approvedAt: Date;
  paidCents: number | null;
  refundedCents: number;
  issue: PaymentIssue | null;
}

/** All SQL of purchases (the `payments` table). */
@Injectable()
export class PaymentsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** A new purchase; its id. */
  async insert(values: Partial<Payment>): Promise<number> {
    const inserted = await this.txHost.tx.insert(Payment, values);
    return Number(inserted.identifiers[0].id);
  }

  /**
   * A no-op update of the buyer's row: it takes the row's lock (MySQL), so one client's checkouts
   * are counted and recorded one at a time; SQLite runs one transaction at a time already.
   */
  async lockBuyer(userId: number): Promise<void> {
    await this.txHost.tx.query('UPDATE users SET session_version = session_version WHERE id = ?', [userId]);
  }

  /**
   * The checkouts a client started since `since` (their own purchases, not duplicates), and the
   * ones still open at `now` whatever their age: what the checkout limits count.
   */
  checkoutsOf(userId: number, since: Date, now: Date): Promise<CheckoutRow[]> {
    return this.txHost.tx
      .createQueryBuilder(Payment, 'p')
      .select(['p.id', 'p.status', 'p.statusDetail', 'p.createdAt', 'p.expiresAt'])
      .where('p.user_id = :userId AND p.duplicate_of IS NULL', { userId })
      .andWhere(
        new Brackets((recent) =>
          recent
            .where('p.created_at > :since', { since })
            .orWhere('(p.status IN (:...open) AND p.user_plan_id IS NULL AND p.expires_at > :now)', {
              open: OPEN_STATUSES,
              now,
            }),
        ),
      )
      .getMany();
  }

  async update(id: number, changes: Partial<Payment>): Promise<void> {
    await this.txHost.tx.update(Payment, { id }, changes);
  }

  byId(id: number): Promise<Payment | null> {
    return this.txHost.tx.findOneBy(Payment, { id });
  }

  byIdOrFail(id: number): Promise<Payment> {
    return this.txHost.tx.findOneByOrFail(Payment, { id });
  }

  byReference(reference: string): Promise<Payment | null> {
    return this.txHost.tx.findOneBy(Payment, { reference });
  }

  /** A purchase made before references existed, by its numeric id. */
  legacyById(id: number): Promise<Payment | null> {
    return this.txHost.tx.findOneBy(Payment, { id, reference: IsNull() });
  }

  byProviderPaymentId(providerPaymentId: string): Promise<Payment | null> {
    return this.txHost.tx.findOneBy(Payment, { providerPaymentId });
  }

  existsForProviderPayment(providerPaymentId: string): Promise<boolean> {
    return this.txHost.tx.existsBy(Payment, { providerPaymentId });
  }

  /** A client's purchases since `since` that did not (yet) create a plan, newest first (10). */
  openPurchasesOf(userId: number, since: Date): Promise<Payment[]> {
    return (
      this.txHost.tx
        .createQueryBuilder(Payment, 'p')
        .where('p.user_id = :userId AND p.created_at > :since', { userId, since })
        .andWhere('p.status IN (:...open)', {
          open: ['pending', 'in_process', 'in_mediation', 'authorized', 'rejected', 'expired'],
        })
        // Unary + keeps SQLite's planner off uq_payments_user_plan, whose NULLs are every purchase that
        // never made a plan (it took that index and walked all of them): the client's recent purchases
        // come from ix_payments_user_created. MySQL ignores the +.
        .andWhere('+p.user_plan_id IS NULL AND p.duplicate_of IS NULL')
        .orderBy('p.id', 'DESC')
        .take(10)
        .getMany()
    );
  }

  /** Every purchase of a user that reached Mercado Pago, newest first (50). */
  reachedProviderOf(userId: number): Promise<Payment[]> {
    return this.txHost.tx.find(Payment, {
      where: {
        userId,
        status: In(['pending', 'in_process', 'in_mediation', 'authorized', 'approved', 'refunded', 'charged_back']),
      },
      order: { id: 'DESC' },
      take: 50,
    });
  }

  /** Open purchases created before `before` and not asked about since: never asked first, then the longest ago. */
  dueForReconcile(before: Date, limit: number): Promise<Payment[]> {
    return this.txHost.tx
      .createQueryBuilder(Payment, 'p')
      .where('p.status IN (:...open) AND p.created_at < :before', { open: OPEN_STATUSES, before })
      .andWhere('(p.last_checked_at IS NULL OR p.last_checked_at < :before)', { before })
      .orderBy('CASE WHEN p.last_checked_at IS NULL THEN 0 ELSE 1 END', 'ASC')
      .addOrderBy('p.last_checked_at', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Approved payments since `since` not checked since `before`, oldest id first. */
  dueForRecheck(since: Date, before: Date, limit: number): Promise<Payment[]> {
    return this.txHost.tx
      .createQueryBuilder(Payment, 'p')
      .where("p.status = 'approved' AND p.provider_payment_id IS NOT NULL AND p.approved_at >= :since", { since })
      .andWhere('(p.last_checked_at IS NULL OR p.last_checked_at < :before)', { before })
      .orderBy('p.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Claims one payment's check (several replicas may run the jobs): false when it was checked since `before`. */
  async claimCheck(id: number, now: Date, before: Date): Promise<boolean> {
    const claim = await this.txHost.tx
      .createQueryBuilder()
      .update(Payment)
      .set({ lastCheckedAt: now })
      .where({ id })
      .andWhere('(last_checked_at IS NULL OR last_checked_at < :before)', { before })
      .execute();
    return claim.affected === 1;
  }

  /** Expires an open purchase that never created a plan; how many rows changed (0 or 1). */
  async expireOpen(id: number): Promise<number> {
    const expired = await this.txHost.tx.update(
      Payment,
      { id, status: In(OPEN_STATUSES), userPlanId: IsNull() },
      { status: 'expired' },
    );
    return expired.affected ?? 0;
  }

  /** A provider status that is not final, on a purchase that is not approved (an approved one never goes back). */
  async applyUnsettled(id: number, changes: Pick<Payment, 'status' | 'statusDetail' | 'expiresAt'>): Promise<void> {
    await this.txHost.tx.update(
      Payment,
      { id, status: In([...OPEN_STATUSES, 'rejected', 'cancelled', 'expired']) },
      changes,
    );
  }

  /**
   * The purchase takes an approved provider payment, once: only while it is not approved, has no
   * plan, and has no other provider payment.
   */
  async claimApproval(id: number, values: ApprovalValues): Promise<boolean> {
    const claimed = await this.txHost.tx
      .createQueryBuilder()
      .update(Payment)
      .set({ status: 'approved', ...values })
      .where(
        "id = :id AND status <> 'approved' AND user_plan_id IS NULL AND (provider_payment_id IS NULL OR provider_payment_id = :pid)",
        { id, pid: values.providerPaymentId },
      )
      .execute();
    return claimed.affected === 1;
  }

  async setUserPlan(id: number, userPlanId: number): Promise<void> {
    await this.txHost.tx.update(Payment, { id }, { userPlanId });
  }

  /** A partial refund of an approved payment seen before. */
  async updateApproved(id: number, changes: Pick<Payment, 'statusDetail' | 'refundedCents'>): Promise<void> {
    await this.txHost.tx.update(Payment, { id, status: 'approved' }, changes);
  }

  /** A second approved payment for one purchase, on its own row; recorded once (the provider id is unique). */
  async insertDuplicateOnce(values: Partial<Payment>): Promise<void> {
    await this.txHost.tx
      .createQueryBuilder()
      .insert()
      .into(Payment)
      .values(values)
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  /**
   * Records that `refundedCents` of a payment have been refunded, only when that is more than was
   * recorded: true once per new refund, however often and however concurrently it is reported.
   */
  async raiseRefunded(id: number, refundedCents: number): Promise<boolean> {
    const raised = await this.txHost.tx
      .createQueryBuilder()
      .update(Payment)
      .set({ refundedCents })
      .where('id = :id AND refunded_cents < :refundedCents', { id, refundedCents })
      .execute();
    return raised.affected === 1;
  }

  async updateInside(id: number, changes: Partial<Payment>): Promise<void> {
    await this.txHost.tx.update(Payment, { id }, changes);
  }

  /**
   * Binds a refund's idempotency key to its payment and amount (NULL: all that is left) the first
   * time it comes; true when the key is bound to exactly these. Insert-or-ignore on the unique key,
   * then read back: of simultaneous requests with one key, the first insert decides for all.
   */
  async bindRefundKey(idempotencyKey: string, paymentId: number, amountCents: number | null): Promise<boolean> {
    await this.txHost.tx
      .createQueryBuilder()
      .insert()
      .into(RefundRequest)
      .values({ idempotencyKey, paymentId, amountCents })
      .orIgnore()
      .updateEntity(false)
      .execute();
    const bound = await this.txHost.tx.findOneByOrFail(RefundRequest, { idempotencyKey });
    return bound.paymentId === paymentId && bound.amountCents === amountCents;
  }

  /** Name and email of a buyer, for the receipt. */
  buyer(userId: number): Promise<Pick<User, 'name' | 'email'> | null> {
    return this.txHost.tx.findOne(User, {
      select: { id: true, name: true, email: true },
      where: { id: userId },
    });
  }
}
