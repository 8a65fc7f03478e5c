import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In, LessThan, LessThanOrEqual, MoreThan, Not } from 'typeorm';
import { User } from '../auth/entities';
import { Payment, type BalanceStatus } from '../payments/entities';
import { PromoCodeAttempt } from '../promo-codes/entities';
import { GiftBalance, GiftBalanceMovement, GiftCard, type GiftMovementKind } from './entities';

/** Mercado Pago statuses of a payment still under way. */
const OPEN = ['created', 'pending', 'in_process', 'in_mediation', 'authorized'];

/** One movement of the ledger, with the plan of its purchase when it has one. */
export interface MovementRow {
  id: number;
  deltaCents: number;
  kind: GiftMovementKind;
  createdAt: Date;
  planName: string | null;
}

/** A card for the admins' list, with its buyer and redeemer. */
export interface AdminCardRow {
  card: GiftCard;
  buyerName: string;
  redeemerName: string | null;
  redeemerBalanceCents: number | null;
}

/** All SQL of gift cards, gift balances and their ledger. */
@Injectable()
export class GiftCardsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // ── Cards ──

  async insert(values: Partial<GiftCard>): Promise<number> {
    const inserted = await this.txHost.tx.insert(GiftCard, values);
    return Number(inserted.identifiers[0].id);
  }

  async update(id: number, changes: Partial<GiftCard>): Promise<void> {
    await this.txHost.tx.update(GiftCard, { id }, changes);
  }

  /** How many cards a buyer started since `since` (the checkout limit per hour). */
  startedSince(buyerId: number, since: Date): Promise<number> {
    return this.txHost.tx.countBy(GiftCard, { buyerId, createdAt: MoreThan(since) });
  }

  byId(id: number): Promise<GiftCard | null> {
    return this.txHost.tx.findOneBy(GiftCard, { id });
  }

  byIdOrFail(id: number): Promise<GiftCard> {
    return this.txHost.tx.findOneByOrFail(GiftCard, { id });
  }

  byReference(reference: string): Promise<GiftCard | null> {
    return this.txHost.tx.findOneBy(GiftCard, { reference });
  }

  byProviderPaymentId(providerPaymentId: string): Promise<GiftCard | null> {
    return this.txHost.tx.findOneBy(GiftCard, { providerPaymentId });
  }

  byCode(code: string): Promise<GiftCard | null> {
    return this.txHost.tx.findOneBy(GiftCard, { code });
  }

  byPageToken(pageToken: string): Promise<GiftCard | null> {
    return this.txHost.tx.findOneBy(GiftCard, { pageToken });
  }

  /** The card takes its approved payment once: while unpaid, without another provider payment. */
  async claimApproval(id: number, values: Partial<GiftCard>): Promise<boolean> {
    const claimed = await this.txHost.tx
      .createQueryBuilder()
      .update(GiftCard)
      .set({ paymentStatus: 'approved', ...values })
      .where(
        "id = :id AND payment_status <> 'approved' AND status IN ('pending_payment', 'failed') AND issue IS NULL AND (provider_payment_id IS NULL OR provider_payment_id = :pid)",
        { id, pid: values.providerPaymentId },
      )
      .execute();
    return claimed.affected === 1;
  }

  /** A status that is not final, on a card still waiting for its payment. */
  async applyUnsettled(id: number, changes: Partial<GiftCard>): Promise<void> {
    await this.txHost.tx.update(GiftCard, { id, status: 'pending_payment' }, changes);
  }

  /** A refund or chargeback of the card's payment: recorded, whatever the card's state. */
  async recordRefund(id: number, changes: Partial<GiftCard>): Promise<void> {
    await this.txHost.tx.update(GiftCard, { id }, changes);
  }

  /** An unpaid card past its payment deadline: failed. 0 or 1. */
  async expireOpen(id: number): Promise<number> {
    const expired = await this.txHost.tx.update(GiftCard, { id, status: 'pending_payment' }, { status: 'failed' });
    return expired.affected ?? 0;
  }

  /** Unpaid cards created before `before` and not asked about since: never asked first. */
  dueForReconcile(before: Date, limit: number): Promise<GiftCard[]> {
    return this.txHost.tx
      .createQueryBuilder(GiftCard, 'g')
      .where("g.status = 'pending_payment' AND g.payment_status IN (:...open) AND g.created_at < :before", {
        open: OPEN,
        before,
      })
      .andWhere('(g.last_checked_at IS NULL OR g.last_checked_at < :before)', { before })
      .orderBy('CASE WHEN g.last_checked_at IS NULL THEN 0 ELSE 1 END', 'ASC')
      .addOrderBy('g.last_checked_at', 'ASC')
      .addOrderBy('g.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  async claimCheck(id: number, now: Date, before: Date): Promise<boolean> {
    const claim = await this.txHost.tx
      .createQueryBuilder()
      .update(GiftCard)
      .set({ lastCheckedAt: now })
      .where({ id })
      .andWhere('(last_checked_at IS NULL OR last_checked_at < :before)', { before })
      .execute();
    return claim.affected === 1;
  }

  /** Paid cards whose delivery date has come (studio date), oldest first. */
  dueForDelivery(today: string, limit: number): Promise<GiftCard[]> {
    return this.txHost.tx.find(GiftCard, {
      where: { status: 'paid', deliverOn: LessThanOrEqual(today) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /** A paid card is mailed once: true for the one who marks it sent. */
  async claimDelivery(id: number, now: Date): Promise<boolean> {
    const claimed = await this.txHost.tx.update(GiftCard, { id, status: 'paid' }, { status: 'sent', sentAt: now });
    return claimed.affected === 1;
  }

  /** The card is redeemed once, by whoever marks it first, while its payment stands. */
  async claimRedeem(id: number, userId: number, now: Date): Promise<boolean> {
    const claimed = await this.txHost.tx.update(
      GiftCard,
      // Not a card whose payment was refunded or charged back (in Mercado Pago's panel too), even unvoided.
      { id, status: In(['paid', 'sent']), paymentStatus: Not(In(['refunded', 'charged_back'])) },
      { status: 'redeemed', redeemedBy: userId, redeemedAt: now },
    );
    return claimed.affected === 1;
  }

  /** An unredeemed card whose payment was refunded is voided. */
  async claimVoid(id: number, now: Date): Promise<boolean> {
    const claimed = await this.txHost.tx
      .createQueryBuilder()
      .update(GiftCard)
      .set({ status: 'voided', voidedAt: now })
      .where("id = :id AND status IN ('paid', 'sent') AND payment_status IN ('refunded', 'charged_back')", { id })
      .execute();
    return claimed.affected === 1;
  }

  /**
   * An unredeemed card taken for a refund: voided at once, while still in the state it was read in,
   * so a redeem racing the refund finds it voided (and a refund racing a redeem finds it redeemed).
   */
  async claimForRefund(id: number, from: 'paid' | 'sent', now: Date): Promise<boolean> {
    const claimed = await this.txHost.tx.update(GiftCard, { id, status: from }, { status: 'voided', voidedAt: now });
    return claimed.affected === 1;
  }

  /** Mercado Pago refused the refund: the card is back as it was (only if nothing else touched it). */
  async undoRefundClaim(id: number, to: 'paid' | 'sent'): Promise<void> {
    await this.txHost.tx.update(GiftCard, { id, status: 'voided' }, { status: to, voidedAt: null });
  }

  /** Every card, newest first (the admins' list), with buyer, redeemer and the redeemer's balance. */
  async adminList(limit: number): Promise<AdminCardRow[]> {
    const cards = await this.txHost.tx.find(GiftCard, {
      where: { status: In(['paid', 'sent', 'redeemed', 'voided']) },
      order: { id: 'DESC' },
      take: limit,
    });
    const userIds = [...new Set(cards.flatMap((c) => (c.redeemedBy ? [c.buyerId, c.redeemedBy] : [c.buyerId])))];
    const users = userIds.length
      ? await this.txHost.tx.find(User, { select: { id: true, name: true }, where: { id: In(userIds) } })
      : [];
    const balances = userIds.length ? await this.txHost.tx.find(GiftBalance, { where: { userId: In(userIds) } }) : [];
    const nameOf = new Map(users.map((u) => [u.id, u.name]));
    const balanceOf = new Map(balances.map((b) => [b.userId, b.balanceCents]));
    return cards.map((card) => ({
      card,
      buyerName: nameOf.get(card.buyerId) ?? '',
      redeemerName: card.redeemedBy ? (nameOf.get(card.redeemedBy) ?? '') : null,
      redeemerBalanceCents: card.redeemedBy ? (balanceOf.get(card.redeemedBy) ?? 0) : null,
    }));
  }

  /** Name and email of a user, for mails. */
  person(userId: number): Promise<Pick<User, 'id' | 'name' | 'email'> | null> {
    return this.txHost.tx.findOne(User, { select: { id: true, name: true, email: true }, where: { id: userId } });
  }

  // ── Balances ──

  async balanceOf(userId: number): Promise<number> {
    return (await this.txHost.tx.findOneBy(GiftBalance, { userId }))?.balanceCents ?? 0;
  }

  /**
   * The balance row made if missing, then its lock taken (a no-op UPDATE, MySQL): a checkout reads
   * the balance under it. SQLite runs one write transaction at a time already.
   */
  async lockBalance(userId: number): Promise<void> {
    await this.txHost.tx
      .createQueryBuilder()
      .insert()
      .into(GiftBalance)
      .values({ userId, balanceCents: 0 })
      .orIgnore()
      .updateEntity(false)
      .execute();
    await this.txHost.tx.query('UPDATE gift_balances SET balance_cents = balance_cents WHERE user_id = ?', [userId]);
  }

  async credit(userId: number, cents: number): Promise<void> {
    await this.lockBalance(userId);
    await this.txHost.tx.query('UPDATE gift_balances SET balance_cents = balance_cents + ? WHERE user_id = ?', [
      cents,
      userId,
    ]);
  }

  /** Takes `cents` off the balance only when it has them: false (nothing changed) otherwise. */
  async debit(userId: number, cents: number): Promise<boolean> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(GiftBalance)
      .set({ balanceCents: () => `balance_cents - ${Number(cents)}` })
      .where('user_id = :userId AND balance_cents >= :cents', { userId, cents })
      .execute();
    return result.affected === 1;
  }

  async insertMovement(values: Partial<GiftBalanceMovement>): Promise<void> {
    await this.txHost.tx.insert(GiftBalanceMovement, values);
  }

  /** A user's latest movements, newest first, with the plan of each purchase. */
  async movementsOf(userId: number, limit: number): Promise<MovementRow[]> {
    const rows = await this.txHost.tx.find(GiftBalanceMovement, {
      where: { userId },
      order: { id: 'DESC' },
      take: limit,
    });
    const paymentIds = [...new Set(rows.flatMap((r) => (r.paymentId ? [r.paymentId] : [])))];
    const payments = paymentIds.length
      ? await this.txHost.tx.find(Payment, { select: { id: true, planName: true }, where: { id: In(paymentIds) } })
      : [];
    const planOf = new Map(payments.map((p) => [p.id, p.planName]));
    return rows.map((r) => ({
      id: r.id,
      deltaCents: r.deltaCents,
      kind: r.kind,
      createdAt: r.createdAt,
      planName: r.paymentId ? (planOf.get(r.paymentId) ?? null) : null,
    }));
  }

  /** Moves a purchase's balance part from one state to another, once: true for the one who moved it. */
  async moveBalanceStatus(paymentId: number, from: BalanceStatus, to: BalanceStatus): Promise<boolean> {
    const moved = await this.txHost.tx.update(Payment, { id: paymentId, balanceStatus: from }, { balanceStatus: to });
    return moved.affected === 1;
  }

  // ── Guessing (shared with promo codes: one budget of wrong codes per account and address) ──

  async recordAttempt(userId: number, address: string, at: Date, forgetBefore: Date): Promise<void> {
    await this.txHost.tx.delete(PromoCodeAttempt, { userId, createdAt: LessThan(forgetBefore) });
    await this.txHost.tx.delete(PromoCodeAttempt, { address, createdAt: LessThan(forgetBefore) });
    await this.txHost.tx.insert(PromoCodeAttempt, { userId, address, createdAt: at });
  }

  async attemptsSince(userId: number, address: string, since: Date): Promise<{ account: Date[]; address: Date[] }> {
    const [account, fromAddress] = await Promise.all([
      this.txHost.tx.find(PromoCodeAttempt, {
        where: { userId, createdAt: MoreThan(since) },
        order: { createdAt: 'ASC' },
      }),
      this.txHost.tx.find(PromoCodeAttempt, {
        where: { address, createdAt: MoreThan(since) },
        order: { createdAt: 'ASC' },
      }),
    ]);
    return { account: account.map((a) => a.createdAt), address: fromAddress.map((a) => a.createdAt) };
  }
}
