import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In, LessThan, MoreThan } from 'typeorm';
import { Payment } from '../payments/entities';
import { Plan, UserPlan } from '../planes/entities';
import { PromoCodeAttempt } from './entities/promo-code-attempt.entity';
import { PromoCode } from './entities/promo-code.entity';

/** Statuses of a purchase still waiting for its payment (payments.repository's OPEN_STATUSES). */
const OPEN = ['created', 'pending', 'in_process', 'in_mediation', 'authorized'];

/** A code's uses: counted (approved purchases) and held (open ones). */
export interface PromoUses {
  used: number;
  held: number;
}

/** All SQL of promo codes and of the purchases that use them. */
@Injectable()
export class PromoCodesRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  byCode(code: string): Promise<PromoCode | null> {
    return this.txHost.tx.findOneBy(PromoCode, { code });
  }

  byId(id: number): Promise<PromoCode | null> {
    return this.txHost.tx.findOneBy(PromoCode, { id });
  }

  all(): Promise<PromoCode[]> {
    return this.txHost.tx.find(PromoCode, { order: { id: 'DESC' } });
  }

  async insert(values: Partial<PromoCode>): Promise<number> {
    const inserted = await this.txHost.tx.insert(PromoCode, values);
    return Number(inserted.identifiers[0].id);
  }

  async update(id: number, changes: Partial<PromoCode>): Promise<void> {
    await this.txHost.tx.update(PromoCode, { id }, changes);
  }

  /**
   * A no-op update of the code's row: it takes the row's lock (MySQL), so the uses of one code are
   * counted and a new one recorded one checkout at a time; SQLite runs one write transaction at a time.
   */
  async lock(id: number): Promise<void> {
    await this.txHost.tx.query('UPDATE promo_codes SET max_uses = max_uses WHERE id = ?', [id]);
  }

  /**
   * The code's uses at `now`, all of them and one client's, in one query: an approved purchase that
   * granted its plan counts one; an open purchase holds one while it can still be paid (a `created`
   * one while its checkout link works, one under way until its payment deadline). Rejected,
   * cancelled, expired and refunded purchases hold nothing. `exceptPaymentId`: that purchase's own
   * use left out (an approval checking whether its code still has room for it).
   */
  async uses(
    codeId: number,
    now: Date,
    linkHours: number,
    options: { userId?: number; exceptPaymentId?: number } = {},
  ): Promise<{ all: PromoUses; mine: PromoUses }> {
    const used = "p.status = 'approved' AND p.issue IS NULL";
    const held =
      "p.status IN (:...open) AND p.expires_at > :now AND (p.status <> 'created' OR p.created_at > :linkSince)";
    const mine = 'p.user_id = :userId';
    const query = this.txHost.tx
      .createQueryBuilder(Payment, 'p')
      .select(`SUM(CASE WHEN ${used} THEN 1 ELSE 0 END)`, 'used')
      .addSelect(`SUM(CASE WHEN ${held} THEN 1 ELSE 0 END)`, 'held')
      .addSelect(`SUM(CASE WHEN ${mine} AND ${used} THEN 1 ELSE 0 END)`, 'mineUsed')
      .addSelect(`SUM(CASE WHEN ${mine} AND ${held} THEN 1 ELSE 0 END)`, 'mineHeld')
      .where('p.promo_code_id = :codeId AND p.duplicate_of IS NULL', { codeId })
      .setParameters({
        open: OPEN,
        now,
        linkSince: new Date(now.getTime() - linkHours * 3600_000),
        // No client asked: -1 is nobody's id.
        userId: options.userId ?? -1,
      });
    if (options.exceptPaymentId !== undefined) query.andWhere('p.id <> :except', { except: options.exceptPaymentId });
    const row = (await query.getRawOne<Record<string, unknown>>()) ?? {};
    const count = (key: string): number => Number(row[key] ?? 0);
    return {
      all: { used: count('used'), held: count('held') },
      mine: { used: count('mineUsed'), held: count('mineHeld') },
    };
  }

  /** The names of catalogue plans by id (hidden ones too); ids that are no plan are missing. */
  async planNames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const plans = await this.txHost.tx.find(Plan, { select: { id: true, name: true }, where: { id: In(ids) } });
    return new Map(plans.map((plan) => [plan.id, plan.name]));
  }

  /** Whether the client ever held a plan (bought, given or walked in with one). */
  async everHeldPlan(userId: number): Promise<boolean> {
    return this.txHost.tx.existsBy(UserPlan, { userId });
  }

  /** A wrong code tried; the account's and the address's attempts older than `forgetBefore` go. */
  async recordAttempt(userId: number, address: string, at: Date, forgetBefore: Date): Promise<void> {
    await this.txHost.tx.delete(PromoCodeAttempt, { userId, createdAt: LessThan(forgetBefore) });
    await this.txHost.tx.delete(PromoCodeAttempt, { address, createdAt: LessThan(forgetBefore) });
    await this.txHost.tx.insert(PromoCodeAttempt, { userId, address, createdAt: at });
  }

  /** The wrong codes tried since `since` by the account and from the address, oldest first. */
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
