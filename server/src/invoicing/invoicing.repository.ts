import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { User } from '../auth/entities';
import { GiftCard } from '../gift-cards/entities';
import { MembershipCharge, Payment, type PaymentMethod } from '../payments/entities';
import { FiscalProfile, Invoice, type InvoiceableKind, type InvoiceStatus, type PurchaseKind } from './entities';

/**
 * A purchase that can be invoiced, whatever its table: a plan (the `payments` row, desk sales
 * included), a gift card, or one monthly charge of a membership. Each kind has a reader here.
 */
export interface InvoiceablePurchase {
  kind: InvoiceableKind;
  id: number;
  userId: number;
  /** Approved, not refunded nor charged back. */
  approved: boolean;
  approvedAt: Date | null;
  /** What the client paid, IVA included (the gift-balance part of a plan was paid by the card already invoiced). */
  totalCents: number;
  refundedCents: number;
  method: PaymentMethod;
  providerPaymentId: string | null;
  /** What was bought, as the client's and the admin's lists show it. */
  description: string;
  /** What was bought, short: an individual invoice's line is "<the owner's invoiceDescription> · <detail>". */
  detail: string;
  reference: string | null;
}

/** Gift card statuses once paid. */
const GIFT_PAID = ['paid', 'sent', 'redeemed'];

const fromPayment = (p: Payment): InvoiceablePurchase => ({
  kind: 'payment',
  id: p.id,
  userId: p.userId,
  approved: p.status === 'approved' && p.issue === null && p.duplicateOf === null,
  approvedAt: p.approvedAt,
  totalCents: p.totalCents,
  refundedCents: p.refundedCents,
  method: p.method,
  providerPaymentId: p.providerPaymentId,
  description: `Plan ${p.planName} (${p.classCount} ${p.classCount === 1 ? 'clase' : 'clases'} de Pilates Reformer)`,
  detail: `Plan ${p.planName} (${p.classCount} ${p.classCount === 1 ? 'clase' : 'clases'})`,
  reference: p.reference,
});

const fromGiftCard = (g: GiftCard): InvoiceablePurchase => ({
  kind: 'gift_card',
  id: g.id,
  userId: g.buyerId,
  approved: GIFT_PAID.includes(g.status) && g.issue === null,
  approvedAt: g.approvedAt,
  totalCents: g.totalCents,
  refundedCents: g.refundedCents,
  method: g.method,
  providerPaymentId: g.providerPaymentId,
  description: 'Tarjeta de regalo para clases de Pilates Reformer',
  detail: 'Tarjeta de regalo',
  reference: g.reference,
});

/** A studio date YYYY-MM-DD as dd/mm/aaaa. */
const dayMonthYear = (date: string): string => date.split('-').reverse().join('/');

/**
 * One monthly charge of a membership (its `membership` loaded): invoiceable once it counted (it
 * extended the membership; an approved charge with an issue did not and is not a sale of classes).
 * Charged by Mercado Pago, so its forma de pago is read from its payment.
 */
const fromMembershipCharge = (c: MembershipCharge): InvoiceablePurchase => {
  const refunded = c.refundedAt !== null || c.paymentStatus === 'refunded' || c.paymentStatus === 'charged_back';
  const amount = c.amountCents ?? 0;
  return {
    kind: 'membership',
    id: c.id,
    userId: c.membership!.userId,
    approved: c.countedAt !== null && c.issue === null && !refunded,
    approvedAt: c.countedAt,
    totalCents: amount,
    refundedCents: refunded ? amount : 0,
    method: 'mercado_pago',
    providerPaymentId: c.providerPaymentId,
    description: c.periodEnd
      ? `Membresía ${c.membership!.planName} (mes pagado hasta el ${dayMonthYear(c.periodEnd)})`
      : `Membresía ${c.membership!.planName} (un mes de Pilates Reformer)`,
    detail: c.periodEnd
      ? `Membresía ${c.membership!.planName} (mes pagado hasta el ${dayMonthYear(c.periodEnd)})`
      : `Membresía ${c.membership!.planName} (un mes)`,
    reference: c.providerPaymentId ? `membresia-${c.providerPaymentId}` : null,
  };
};

/** An invoice with its client's name, for the lists. */
export interface InvoiceRow {
  invoice: Invoice;
  clientName: string | null;
}

/** All SQL of fiscal data and invoices. */
@Injectable()
export class InvoicingRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  profileOf(userId: number): Promise<FiscalProfile | null> {
    return this.txHost.tx.findOneBy(FiscalProfile, { userId });
  }

  /** One row per user: inserted the first time, changed after (the unique key settles a race). */
  async saveProfile(
    userId: number,
    data: Omit<FiscalProfile, 'id' | 'userId' | 'user' | 'createdAt' | 'updatedAt'>,
  ): Promise<FiscalProfile> {
    await this.txHost.tx
      .createQueryBuilder()
      .insert()
      .into(FiscalProfile)
      .values({ userId, ...data })
      .orIgnore()
      .updateEntity(false)
      .execute();
    await this.txHost.tx.update(FiscalProfile, { userId }, data);
    return this.txHost.tx.findOneByOrFail(FiscalProfile, { userId });
  }

  async purchase(kind: PurchaseKind, id: number): Promise<InvoiceablePurchase | null> {
    if (kind === 'payment') {
      const payment = await this.txHost.tx.findOneBy(Payment, { id });
      return payment ? fromPayment(payment) : null;
    }
    if (kind === 'gift_card') {
      const card = await this.txHost.tx.findOneBy(GiftCard, { id });
      return card ? fromGiftCard(card) : null;
    }
    if (kind === 'membership') {
      const charge = await this.txHost.tx.findOne(MembershipCharge, { where: { id }, relations: { membership: true } });
      return charge?.membership ? fromMembershipCharge(charge) : null;
    }
    return null;
  }

  /** The purchases of one kind with these ids (those that exist). */
  async purchasesOf(kind: InvoiceableKind, ids: number[]): Promise<InvoiceablePurchase[]> {
    if (ids.length === 0) return [];
    if (kind === 'payment') return (await this.txHost.tx.findBy(Payment, { id: In(ids) })).map(fromPayment);
    if (kind === 'gift_card') return (await this.txHost.tx.findBy(GiftCard, { id: In(ids) })).map(fromGiftCard);
    const charges = await this.txHost.tx.find(MembershipCharge, {
      where: { id: In(ids) },
      relations: { membership: true },
    });
    return charges.filter((c) => c.membership).map(fromMembershipCharge);
  }

  /** Issued individual invoices of the months from `since` to before `before`, not yet flagged for the accountant. */
  issuedUnflagged(since: string, before: string): Promise<Invoice[]> {
    return this.txHost.tx
      .createQueryBuilder(Invoice, 'i')
      .where("i.status = 'issued' AND i.purchase_kind <> 'global' AND i.needs_accountant = 0")
      .andWhere('i.period >= :since AND i.period < :before', { since, before })
      .getMany();
  }

  async flagForAccountant(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.txHost.tx.update(Invoice, { id: In(ids) }, { needsAccountant: true });
  }

  /** Every purchase approved in [from, to) (approved or not any more: the caller decides). */
  async purchasesApprovedBetween(from: Date, to: Date): Promise<InvoiceablePurchase[]> {
    const payments = await this.txHost.tx
      .createQueryBuilder(Payment, 'p')
      .where('p.approved_at >= :from AND p.approved_at < :to', { from, to })
      .orderBy('p.approved_at', 'ASC')
      .getMany();
    const cards = await this.txHost.tx
      .createQueryBuilder(GiftCard, 'g')
      .where('g.approved_at >= :from AND g.approved_at < :to', { from, to })
      .orderBy('g.approved_at', 'ASC')
      .getMany();
    // A membership's charge is a sale once it counted (counted_at is when it was approved here).
    const charges = await this.txHost.tx
      .createQueryBuilder(MembershipCharge, 'c')
      .innerJoinAndSelect('c.membership', 'm')
      .where('c.counted_at >= :from AND c.counted_at < :to', { from, to })
      .orderBy('c.counted_at', 'ASC')
      .getMany();
    return [...payments.map(fromPayment), ...cards.map(fromGiftCard), ...charges.map(fromMembershipCharge)].sort(
      (a, b) => (a.approvedAt?.getTime() ?? 0) - (b.approvedAt?.getTime() ?? 0),
    );
  }

  /** Users who chose "Facturar mis compras automáticamente". */
  async autoInvoiceUsers(): Promise<number[]> {
    const rows = await this.txHost.tx.find(FiscalProfile, { where: { autoInvoice: true }, select: { userId: true } });
    return rows.map((row) => row.userId);
  }

  /**
   * Inserts an invoice of a purchase unless that revision exists (the unique key decides under
   * races); the row of that revision. Revision 0 is the purchase's own invoice.
   */
  async insertOnce(values: Partial<Invoice> & Pick<Invoice, 'purchaseKind' | 'purchaseId'>): Promise<Invoice> {
    await this.txHost.tx
      .createQueryBuilder()
      .insert()
      .into(Invoice)
      .values(values)
      .orIgnore()
      .updateEntity(false)
      .execute();
    return this.txHost.tx.findOneByOrFail(Invoice, {
      purchaseKind: values.purchaseKind,
      purchaseId: values.purchaseId,
      revision: values.revision ?? 0,
    });
  }

  byId(id: number): Promise<Invoice | null> {
    return this.txHost.tx.findOneBy(Invoice, { id });
  }

  byPurchases(kind: PurchaseKind, ids: number[]): Promise<Invoice[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.txHost.tx.findBy(Invoice, { purchaseKind: kind, purchaseId: In(ids) });
  }

  /** A purchase's invoice: the newest revision (a substitute once there is one). */
  byPurchase(kind: PurchaseKind, id: number): Promise<Invoice | null> {
    return this.txHost.tx.findOne(Invoice, {
      where: { purchaseKind: kind, purchaseId: id },
      order: { revision: 'DESC' },
    });
  }

  /** Links an issued invoice to its substitute, once (false: it has one already or is not issued any more). */
  async markReplaced(id: number, replacementId: number): Promise<boolean> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(Invoice)
      .set({ replacedById: replacementId })
      .where("id = :id AND status = 'issued' AND replaced_by_id IS NULL", { id })
      .execute();
    return result.affected === 1;
  }

  /**
   * Issued invoices whose cancellation is due now, unclaimed: replaced ones whose substitute is
   * stamped (to cancel with 01), and those whose cancellation awaits the receiver (to ask again).
   */
  cancellationsDue(now: Date, limit: number): Promise<Invoice[]> {
    return (
      this.txHost.tx
        .createQueryBuilder(Invoice, 'i')
        .leftJoin(Invoice, 'r', 'r.id = i.replaced_by_id')
        .where("i.status = 'issued' AND i.next_attempt_at <= :now", { now })
        // Only replaced ones and those awaiting the receiver can be due: the join is for those few.
        .andWhere("(i.replaced_by_id IS NOT NULL OR i.cancellation_status = 'pending')")
        .andWhere('(i.claimed_until IS NULL OR i.claimed_until < :now)', { now })
        .andWhere("((r.status = 'issued' AND i.cancellation_status IS NULL) OR i.cancellation_status = 'pending')")
        .orderBy('i.next_attempt_at', 'ASC')
        .limit(limit)
        .getMany()
    );
  }

  /** Moves an invoice on only from the status the caller saw (false: someone else moved it first). */
  async transition(id: number, from: InvoiceStatus[], changes: Partial<Invoice>): Promise<boolean> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(Invoice)
      .set(changes)
      .where('id = :id AND status IN (:...from)', { id, from })
      .execute();
    return result.affected === 1;
  }

  /** Pending invoices due by `now` and unclaimed, soonest first. */
  due(now: Date, limit: number): Promise<Invoice[]> {
    return this.txHost.tx
      .createQueryBuilder(Invoice, 'i')
      .where("i.status = 'pending' AND i.next_attempt_at <= :now", { now })
      .andWhere('(i.claimed_until IS NULL OR i.claimed_until < :now)', { now })
      .orderBy('i.next_attempt_at', 'ASC')
      .limit(limit)
      .getMany();
  }

  /**
   * Claims an invoice in `status` (pending to stamp it, issued to cancel it) until `until`; false
   * when it is not in that status or someone else holds it.
   */
  async claim(id: number, now: Date, until: Date, status: InvoiceStatus = 'pending'): Promise<boolean> {
    const claimed = await this.txHost.tx
      .createQueryBuilder()
      .update(Invoice)
      .set({ claimedUntil: until })
      .where('id = :id AND status = :status AND (claimed_until IS NULL OR claimed_until < :now)', { id, status, now })
      .execute();
    return claimed.affected === 1;
  }

  /**
   * A closed month's individual invoices still pending and not being stamped right now: failed with
   * `reason` (their sales go into the month's global invoice). Substitutes are not touched. How many.
   */
  async closePendingOfPeriod(period: string, now: Date, reason: string): Promise<number> {
    const closed = await this.txHost.tx
      .createQueryBuilder()
      .update(Invoice)
      .set({ status: 'failed', claimedUntil: null, lastError: reason, errorField: null })
      .where("period = :period AND purchase_kind <> 'global' AND status = 'pending'", { period })
      // A substitute replaces an invoice already issued: its sale never goes in the global one.
      .andWhere('replaces_id IS NULL')
      .andWhere('(claimed_until IS NULL OR claimed_until < :now)', { now })
      .execute();
    return closed.affected ?? 0;
  }

  /** Whether an individual invoice of the month is still pending (being stamped by a process now). */
  pendingInPeriod(period: string): Promise<boolean> {
    return this.txHost.tx
      .createQueryBuilder(Invoice, 'i')
      .where("i.period = :period AND i.purchase_kind <> 'global' AND i.status = 'pending'", { period })
      .andWhere('i.replaces_id IS NULL')
      .getExists();
  }

  async update(id: number, changes: Partial<Invoice>): Promise<void> {
    await this.txHost.tx.update(Invoice, { id }, changes);
  }

  /** A month's invoices (all of them, or one status), newest first, with the client's name. */
  async ofPeriod(period: string, status?: InvoiceStatus): Promise<InvoiceRow[]> {
    const query = this.txHost.tx
      .createQueryBuilder(Invoice, 'i')
      .leftJoin(User, 'u', 'u.id = i.user_id')
      .addSelect('u.name', 'client_name')
      .where('i.period = :period', { period })
      .orderBy('i.id', 'DESC');
    if (status) query.andWhere('i.status = :status', { status });
    const { entities, raw } = await query.getRawAndEntities<{ client_name: string | null }>();
    return entities.map((invoice, index) => ({ invoice, clientName: raw[index]?.client_name ?? null }));
  }

  /** A client's invoices, newest first, with their name. */
  async ofUserWithName(userId: number): Promise<InvoiceRow[]> {
    const user = await this.txHost.tx.findOne(User, { where: { id: userId }, select: { id: true, name: true } });
    return (await this.ofUser(userId)).map((invoice) => ({ invoice, clientName: user?.name ?? null }));
  }

  /** The invoices of these purchases of one kind (every revision), newest first, with the client's name. */
  async ofPurchasesWithName(kind: InvoiceableKind, ids: number[]): Promise<InvoiceRow[]> {
    if (ids.length === 0) return [];
    const { entities, raw } = await this.txHost.tx
      .createQueryBuilder(Invoice, 'i')
      .leftJoin(User, 'u', 'u.id = i.user_id')
      .addSelect('u.name', 'client_name')
      .where('i.purchase_kind = :kind AND i.purchase_id IN (:...ids)', { kind, ids })
      .orderBy('i.id', 'DESC')
      .getRawAndEntities<{ client_name: string | null }>();
    return entities.map((invoice, index) => ({ invoice, clientName: raw[index]?.client_name ?? null }));
  }

  ofUser(userId: number): Promise<Invoice[]> {
    return this.txHost.tx.find(Invoice, { where: { userId }, order: { id: 'DESC' } });
  }
}
