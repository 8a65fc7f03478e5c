import { Payment, type PaymentStatus } from '../payments/entities/payment.entity';
import {
  type ApprovalValues,
  type CheckoutRow,
  OPEN_STATUSES,
  type PaymentsRepository,
} from '../payments/payments.repository';
import { copyRow, type InMemoryDatabase, newPaymentDefaults, UniqueViolation } from './in-memory-database';

/** The PaymentsRepository methods the payments rules call. */
type Used =
  | 'insert'
  | 'lockBuyer'
  | 'checkoutsOf'
  | 'update'
  | 'byId'
  | 'byIdOrFail'
  | 'byReference'
  | 'legacyById'
  | 'byProviderPaymentId'
  | 'existsForProviderPayment'
  | 'openPurchasesOf'
  | 'reachedProviderOf'
  | 'dueForReconcile'
  | 'dueForRecheck'
  | 'claimCheck'
  | 'expireOpen'
  | 'applyUnsettled'
  | 'claimApproval'
  | 'setUserPlan'
  | 'updateApproved'
  | 'raiseRefunded'
  | 'insertDuplicateOnce'
  | 'updateInside'
  | 'bindRefundKey'
  | 'buyer';

/** The unique indexes of `payments`: a provider payment, a plan and a reference belong to one row. */
const UNIQUE = ['providerPaymentId', 'userPlanId', 'reference'] as const;

/**
 * PaymentsRepository over the in-memory tables, with the SQL's semantics: conditional updates
 * change a row only when their WHERE holds (an approved purchase never goes back to an open
 * status; the approval is claimed once), the unique indexes refuse a second row for one provider
 * payment, and a refund key is bound to the first payment and amount it came with.
 */
export class InMemoryPaymentsRepository implements Pick<PaymentsRepository, Used> {
  constructor(private readonly db: InMemoryDatabase) {}

  insert(values: Partial<Payment>): Promise<number> {
    try {
      return Promise.resolve(this.insertRow(values).id);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  lockBuyer(): Promise<void> {
    return Promise.resolve();
  }

  checkoutsOf(userId: number, since: Date, now: Date): Promise<CheckoutRow[]> {
    return Promise.resolve(
      this.db.payments
        .filter((p) => p.userId === userId && p.duplicateOf === null)
        .filter(
          (p) =>
            p.createdAt.getTime() > since.getTime() ||
            (OPEN_STATUSES.includes(p.status) &&
              p.userPlanId === null &&
              p.expiresAt !== null &&
              p.expiresAt.getTime() > now.getTime()),
        )
        .map((p) => ({
          id: p.id,
          status: p.status,
          statusDetail: p.statusDetail,
          createdAt: new Date(p.createdAt),
          expiresAt: p.expiresAt && new Date(p.expiresAt),
        })),
    );
  }

  update(id: number, changes: Partial<Payment>): Promise<void> {
    return this.updateWhere((p) => p.id === id, changes);
  }

  byId(id: number): Promise<Payment | null> {
    return this.one((p) => p.id === id);
  }

  async byIdOrFail(id: number): Promise<Payment> {
    const payment = await this.byId(id);
    if (!payment) throw new Error(`no payment ${id}`);
    return payment;
  }

  byReference(reference: string): Promise<Payment | null> {
    return this.one((p) => p.reference === reference);
  }

  legacyById(id: number): Promise<Payment | null> {
    return this.one((p) => p.id === id && p.reference === null);
  }

  byProviderPaymentId(providerPaymentId: string): Promise<Payment | null> {
    return this.one((p) => p.providerPaymentId === providerPaymentId);
  }

  existsForProviderPayment(providerPaymentId: string): Promise<boolean> {
    return Promise.resolve(this.db.payments.some((p) => p.providerPaymentId === providerPaymentId));
  }

  openPurchasesOf(userId: number, since: Date): Promise<Payment[]> {
    const open: PaymentStatus[] = ['pending', 'in_process', 'in_mediation', 'authorized', 'rejected', 'expired'];
    return this.many(
      (p) =>
        p.userId === userId &&
        p.createdAt.getTime() > since.getTime() &&
        open.includes(p.status) &&
        p.userPlanId === null &&
        p.duplicateOf === null,
      (a, b) => b.id - a.id,
      10,
    );
  }

  reachedProviderOf(userId: number): Promise<Payment[]> {
    const reached: PaymentStatus[] = [
      'pending',
      'in_process',
      'in_mediation',
      'authorized',
      'approved',
      'refunded',
      'charged_back',
    ];
    return this.many(
      (p) => p.userId === userId && reached.includes(p.status),
      (a, b) => b.id - a.id,
      50,
    );
  }

  dueForReconcile(before: Date, limit: number): Promise<Payment[]> {
    return this.many(
      (p) =>
        OPEN_STATUSES.includes(p.status) &&
        p.createdAt.getTime() < before.getTime() &&
        (p.lastCheckedAt === null || p.lastCheckedAt.getTime() < before.getTime()),
      (a, b) =>
        Number(a.lastCheckedAt !== null) - Number(b.lastCheckedAt !== null) ||
        (a.lastCheckedAt?.getTime() ?? 0) - (b.lastCheckedAt?.getTime() ?? 0) ||
        a.id - b.id,
      limit,
    );
  }

  dueForRecheck(since: Date, before: Date, limit: number): Promise<Payment[]> {
    return this.many(
      (p) =>
        p.status === 'approved' &&
        p.providerPaymentId !== null &&
        p.approvedAt !== null &&
        p.approvedAt.getTime() >= since.getTime() &&
        (p.lastCheckedAt === null || p.lastCheckedAt.getTime() < before.getTime()),
      (a, b) => a.id - b.id,
      limit,
    );
  }

  claimCheck(id: number, now: Date, before: Date): Promise<boolean> {
    const payment = this.db.payments.find(
      (p) => p.id === id && (p.lastCheckedAt === null || p.lastCheckedAt.getTime() < before.getTime()),
    );
    if (payment) payment.lastCheckedAt = now;
    return Promise.resolve(payment !== undefined);
  }

  expireOpen(id: number): Promise<number> {
    const payment = this.db.payments.find(
      (p) => p.id === id && OPEN_STATUSES.includes(p.status) && p.userPlanId === null,
    );
    if (payment) payment.status = 'expired';
    return Promise.resolve(payment ? 1 : 0);
  }

  applyUnsettled(id: number, changes: Pick<Payment, 'status' | 'statusDetail' | 'expiresAt'>): Promise<void> {
    const unsettled: PaymentStatus[] = [...OPEN_STATUSES, 'rejected', 'cancelled', 'expired'];
    return this.updateWhere((p) => p.id === id && unsettled.includes(p.status), changes);
  }

  claimApproval(id: number, values: ApprovalValues): Promise<boolean> {
    const payment = this.db.payments.find(
      (p) =>
        p.id === id &&
        p.status !== 'approved' &&
        p.userPlanId === null &&
        (p.providerPaymentId === null || p.providerPaymentId === values.providerPaymentId),
    );
    if (!payment) return Promise.resolve(false);
    return this.updateWhere((p) => p === payment, { status: 'approved', ...values }).then(() => true);
  }

  setUserPlan(id: number, userPlanId: number): Promise<void> {
    return this.updateWhere((p) => p.id === id, { userPlanId });
  }

  async raiseRefunded(id: number, refundedCents: number): Promise<boolean> {
    // UPDATE … WHERE refunded_cents < ?: true when this call raised it.
    const payment = this.db.payments.find((p) => p.id === id);
    if (!payment || payment.refundedCents >= refundedCents) return false;
    await this.updateWhere((p) => p.id === id, { refundedCents });
    return true;
  }

  updateApproved(id: number, changes: Pick<Payment, 'statusDetail' | 'refundedCents'>): Promise<void> {
    return this.updateWhere((p) => p.id === id && p.status === 'approved', changes);
  }

  insertDuplicateOnce(values: Partial<Payment>): Promise<void> {
    try {
      this.insertRow(values);
    } catch (error) {
      // INSERT … OR IGNORE: a row already holding that provider payment wins.
      if (!(error instanceof UniqueViolation)) return Promise.reject(error as Error);
    }
    return Promise.resolve();
  }

  updateInside(id: number, changes: Partial<Payment>): Promise<void> {
    return this.updateWhere((p) => p.id === id, changes);
  }

  bindRefundKey(idempotencyKey: string, paymentId: number, amountCents: number | null): Promise<boolean> {
    let bound = this.db.refundRequests.find((r) => r.idempotencyKey === idempotencyKey);
    if (!bound) {
      bound = { idempotencyKey, paymentId, amountCents };
      this.db.refundRequests.push(bound);
    }
    return Promise.resolve(bound.paymentId === paymentId && bound.amountCents === amountCents);
  }

  buyer(userId: number): Promise<{ name: string; email: string } | null> {
    const user = this.db.users.find((u) => u.id === userId);
    return Promise.resolve(user ? { name: user.name, email: user.email } : null);
  }

  private insertRow(values: Partial<Payment>): Payment {
    const row = Object.assign(new Payment(), newPaymentDefaults(this.db.nextId('payments')), values);
    this.assertUnique(row);
    this.db.payments.push(row);
    return row;
  }

  /** Applies `changes` to the rows that match, refusing what a unique index would. */
  private updateWhere(where: (p: Payment) => boolean, changes: Partial<Payment>): Promise<void> {
    for (const payment of this.db.payments.filter(where)) {
      const next = Object.assign(copyRow(payment), changes);
      try {
        this.assertUnique(next);
      } catch (error) {
        return Promise.reject(error as Error);
      }
      Object.assign(payment, changes);
    }
    return Promise.resolve();
  }

  private assertUnique(row: Payment): void {
    for (const column of UNIQUE) {
      const value = row[column];
      if (value === null || value === undefined) continue;
      if (this.db.payments.some((p) => p.id !== row.id && p[column] === value)) {
        throw new UniqueViolation(`uq_payments_${column}`);
      }
    }
  }

  private one(where: (p: Payment) => boolean): Promise<Payment | null> {
    const payment = this.db.payments.find(where);
    return Promise.resolve(payment ? copyRow(payment) : null);
  }

  private many(where: (p: Payment) => boolean, order: (a: Payment, b: Payment) => number, limit: number) {
    return Promise.resolve(
      this.db.payments
        .filter(where)
        .sort(order)
        .slice(0, limit)
        .map((p) => copyRow(p)),
    );
  }
}
