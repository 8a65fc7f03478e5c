import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { User } from '../auth/entities';
import { IntroClaim } from './entities/intro-claim.entity';
import { IntroFollowup } from './entities/intro-followup.entity';
import { Plan } from './entities/plan.entity';

/** A person as the intro offer recognises them: the account and its normalised email and phone. */
export interface IntroPerson {
  userId: number;
  emailKey: string;
  phoneKey: string | null;
}

// A stored phone's digits in SQL (the same on SQLite and MySQL): the usual separators removed.
const PHONE_DIGITS = ["' '", "'-'", "'('", "')'", "'+'", "'.'", "'/'"].reduce(
  (sql, separator) => `REPLACE(${sql}, ${separator}, '')`,
  "COALESCE(u.phone, '')",
);

/** An intro plan whose class was attended, with its holder: due for the follow-up mail. */
export interface FollowupRow {
  userPlanId: number;
  userId: number;
  name: string;
  email: string;
}

/** All SQL of the intro offer: eligibility, claims and the follow-up mail. */
@Injectable()
export class IntroOfferRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  contactOf(userId: number): Promise<Pick<User, 'email' | 'phone'> | null> {
    return this.txHost.tx.findOne(User, { select: { id: true, email: true, phone: true }, where: { id: userId } });
  }

  /**
   * Whether this account, or any account with the same email or phone, ever held a plan (refunded
   * ones too) or had a reservation (walk-ins are reservations paid at the studio). Other accounts
   * are matched on the normalised keys, so it reads the users table through (fine for a studio's
   * clients; it only runs for accounts with no history of their own).
   */
  async hasHistory(person: IntroPerson): Promise<boolean> {
    const history = (user: string) =>
      `(EXISTS (SELECT 1 FROM user_plans p WHERE p.user_id = ${user})
        OR EXISTS (SELECT 1 FROM reservations r WHERE r.user_id = ${user}))`;
    for (const table of ['user_plans', 'reservations']) {
      const own = await this.txHost.tx.query<unknown[]>(`SELECT 1 AS found FROM ${table} WHERE user_id = ? LIMIT 1`, [
        person.userId,
      ]);
      if (own.length > 0) return true;
    }
    const params: unknown[] = [person.userId, person.emailKey];
    let phoneMatch = '';
    if (person.phoneKey) {
      // A 10-digit key matches any stored number ending in it (+52, 52 1, 044 prefixes).
      phoneMatch = ` OR ${PHONE_DIGITS} ${person.phoneKey.length === 10 ? 'LIKE' : '='} ?`;
      params.push(person.phoneKey.length === 10 ? `%${person.phoneKey}` : person.phoneKey);
    }
    const [other] = await this.txHost.tx.query<unknown[]>(
      `SELECT u.id FROM users u
        WHERE u.id <> ? AND (LOWER(TRIM(u.email)) = ?${phoneMatch}) AND ${history('u.id')}
        LIMIT 1`,
      params,
    );
    return Boolean(other);
  }

  /** Whether an intro purchase (open or approved) is claimed by this account, email or phone. */
  async hasClaim(person: IntroPerson): Promise<boolean> {
    const query = this.txHost.tx
      .createQueryBuilder(IntroClaim, 'c')
      .where('c.user_id = :userId OR c.email_key = :emailKey', person);
    if (person.phoneKey) query.orWhere('c.phone_key = :phoneKey', { phoneKey: person.phoneKey });
    return (await query.getCount()) > 0;
  }

  /** Inserts the claim; a unique index refuses it when this person already has one. */
  async insertClaim(person: IntroPerson, paymentId: number): Promise<void> {
    await this.txHost.tx.insert(IntroClaim, { ...person, paymentId });
  }

  /** Re-inserts the claim of an approved purchase whose claim was freed earlier (a rejected attempt), if free. */
  async insertClaimIfFree(person: IntroPerson, paymentId: number): Promise<boolean> {
    await this.txHost.tx
      .createQueryBuilder()
      .insert()
      .into(IntroClaim)
      .values({ ...person, paymentId })
      .orIgnore()
      .updateEntity(false)
      .execute();
    return this.txHost.tx.existsBy(IntroClaim, { paymentId });
  }

  /** Frees the claim of a purchase that ended without approval; how many rows went (0 or 1). */
  async releaseClaim(paymentId: number): Promise<number> {
    const deleted = await this.txHost.tx.delete(IntroClaim, { paymentId });
    return deleted.affected ?? 0;
  }

  /**
   * Intro plans (their catalogue plan is marked intro) with a class attended on a studio date from
   * `since` to the day before `today`, whose holder is active, bought no plan after it, and was not
   * sent the follow-up yet. The mail is a promotion: only for a holder with an active opt-in to
   * promotions (legal's marketing_consents, read by SQL only; it waits, within its days, for one given later).
   */
  async dueFollowups(since: string, today: string): Promise<FollowupRow[]> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT up.id AS userPlanId, up.user_id AS userId, u.name AS name, u.email AS email
         FROM user_plans up JOIN plans p ON p.id = up.plan_id JOIN users u ON u.id = up.user_id
        WHERE p.intro = 1 AND u.active = 1
          AND EXISTS (SELECT 1 FROM reservations r
                       WHERE r.user_plan_id = up.id AND r.attended = 1 AND r.class_date >= ? AND r.class_date < ?)
          AND NOT EXISTS (SELECT 1 FROM user_plans later WHERE later.user_id = up.user_id AND later.id > up.id)
          AND NOT EXISTS (SELECT 1 FROM intro_followups f WHERE f.user_plan_id = up.id)
          AND EXISTS (SELECT 1 FROM marketing_consents m WHERE m.user_id = up.user_id AND m.withdrawn_at IS NULL)
        ORDER BY up.id`,
      [since, today],
    );
    return rows.map((row) => ({
      userPlanId: Number(row.userPlanId),
      userId: Number(row.userId),
      name: String(row.name),
      email: String(row.email),
    }));
  }

  /** Claims a plan's follow-up (its row); a unique violation means another replica has it. */
  async claimFollowup(userPlanId: number, at: Date): Promise<void> {
    await this.txHost.tx.insert(IntroFollowup, { userPlanId, sentAt: at });
  }

  /** The plans on sale that are not intro plans, in the studio's order. */
  regularPlans(): Promise<Plan[]> {
    return this.txHost.tx.find(Plan, {
      where: { visible: true, intro: false },
      order: { sortOrder: 'ASC', id: 'ASC' },
    });
  }
}
