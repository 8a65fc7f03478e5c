import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull } from 'typeorm';
import { User } from '../auth/entities/user.entity';
import { Payment, type PaymentIssue, type PaymentStatus } from './entities/payment.entity';

/** Purchases still waiting for Mercado Pago's answer. */
export const OPEN_STATUSES: PaymentStatus[] = ['created', 'pending', 'in_process', 'in_mediation', 'authorized'];

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
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A new purchase; its id. */
  async insert(values: Partial<Payment>): Promise<number> {
    const inserted = await this.dataSource.manager.insert(Payment, values);
    return Number(inserted.identifiers[0].id);
  }

  async update(id: number, changes: Partial<Payment>): Promise<void> {
    await this.dataSource.manager.update(Payment, { id }, changes);
  }

  byId(id: number): Promise<Payment | null> {
    return this.dataSource.manager.findOneBy(Payment, { id });
  }

  byIdOrFail(id: number): Promise<Payment> {
    return this.dataSource.manager.findOneByOrFail(Payment, { id });
  }

  byReference(reference: string): Promise<Payment | null> {
    return this.dataSource.manager.findOneBy(Payment, { reference });
  }

  /** A purchase made before references existed, by its numeric id. */
  legacyById(id: number): Promise<Payment | null> {
    return this.dataSource.manager.findOneBy(Payment, { id, reference: IsNull() });
  }

  byProviderPaymentId(providerPaymentId: string): Promise<Payment | null> {
    return this.dataSource.manager.findOneBy(Payment, { providerPaymentId });
  }

  existsForProviderPayment(providerPaymentId: string): Promise<boolean> {
    return this.dataSource.manager.existsBy(Payment, { providerPaymentId });
  }

  /** A client's purchases since `since` that did not (yet) create a plan, newest first (10). */
  openPurchasesOf(userId: number, since: Date): Promise<Payment[]> {
    return (
      this.dataSource.manager
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
    return this.dataSource.manager.find(Payment, {
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
    return this.dataSource.manager
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
    return this.dataSource.manager
      .createQueryBuilder(Payment, 'p')
      .where("p.status = 'approved' AND p.provider_payment_id IS NOT NULL AND p.approved_at >= :since", { since })
      .andWhere('(p.last_checked_at IS NULL OR p.last_checked_at < :before)', { before })
      .orderBy('p.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Claims one payment's check (several replicas may run the jobs): false when it was checked since `before`. */
  async claimCheck(id: number, now: Date, before: Date): Promise<boolean> {
    const claim = await this.dataSource
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
    const expired = await this.dataSource.manager.update(
      Payment,
      { id, status: In(OPEN_STATUSES), userPlanId: IsNull() },
      { status: 'expired' },
    );
    return expired.affected ?? 0;
  }

  /** A provider status that is not final, on a purchase that is not approved (an approved one never goes back). */
  async applyUnsettled(id: number, changes: Pick<Payment, 'status' | 'statusDetail' | 'expiresAt'>): Promise<void> {
    await this.dataSource.manager.update(
      Payment,
      { id, status: In([...OPEN_STATUSES, 'rejected', 'cancelled', 'expired']) },
      changes,
    );
  }

  /**
   * The purchase takes an approved provider payment, once: only while it is not approved, has no
   * plan, and has no other provider payment.
   */
  async claimApproval(manager: EntityManager, id: number, values: ApprovalValues): Promise<boolean> {
    const claimed = await manager
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

  async setUserPlan(manager: EntityManager, id: number, userPlanId: number): Promise<void> {
    await manager.update(Payment, { id }, { userPlanId });
  }

  /** A partial refund of an approved payment seen before. */
  async updateApproved(id: number, changes: Pick<Payment, 'statusDetail' | 'refundedCents'>): Promise<void> {
    await this.dataSource.manager.update(Payment, { id, status: 'approved' }, changes);
  }

  /** A second approved payment for one purchase, on its own row; recorded once (the provider id is unique). */
  async insertDuplicateOnce(values: Partial<Payment>): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(Payment)
      .values(values)
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  async updateInside(manager: EntityManager, id: number, changes: Partial<Payment>): Promise<void> {
    await manager.update(Payment, { id }, changes);
  }

  /** Name and email of a buyer, for the receipt. */
  buyer(userId: number): Promise<Pick<User, 'name' | 'email'> | null> {
    return this.dataSource.manager.findOne(User, {
      select: { id: true, name: true, email: true },
      where: { id: userId },
    });
  }
}
