import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { booleanTransformer, fromDbDatetime } from '../core/database/column-types';
import { DirectReader } from '../core/database/direct-reader';
import { Plan } from './entities/plan.entity';
import { UserPlan } from './entities/user-plan.entity';

/** A plan a client holds, as their list of plans shows it. */
export type UserPlanLine = Pick<
  UserPlan,
  'id' | 'planName' | 'classesTotal' | 'classesRemaining' | 'startDate' | 'endDate' | 'isPaid' | 'revokedAt'
>;

/** Parameters: user id, how many, how many to skip. Newest first. */
const USER_PLANS_PAGE_SQL = `SELECT id, plan_name AS planName, classes_total AS classesTotal,
  classes_remaining AS classesRemaining, start_date AS startDate, end_date AS endDate,
  is_paid AS isPaid, revoked_at AS revokedAt
  FROM user_plans WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`;
/** Parameters: user id. */
const USER_PLANS_COUNT_SQL = 'SELECT COUNT(*) AS total FROM user_plans WHERE user_id = ?';

type UserPlanLineRow = Record<keyof UserPlanLine, unknown>;

/** All SQL of the plan catalogue and of the plans clients hold. */
@Injectable()
export class PlansRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly reader: DirectReader,
  ) {}

  /** The plans clients can buy, in the studio's order. */
  visibleCatalogue(): Promise<Plan[]> {
    return this.txHost.tx.find(Plan, { where: { visible: true }, order: { sortOrder: 'ASC', id: 'ASC' } });
  }

  /**
   * One page of a user's plans, newest first, and how many there are. Straight on the driver: a
   * logged-in client's booking page reads it with every visit.
   */
  async pageOfUser(userId: number, page: { offset: number; limit: number }): Promise<[UserPlanLine[], number]> {
    const [rows, [count]] = await Promise.all([
      this.reader.all<UserPlanLineRow>(USER_PLANS_PAGE_SQL, [userId, page.limit, page.offset]),
      this.reader.all<{ total: unknown }>(USER_PLANS_COUNT_SQL, [userId]),
    ]);
    const lines = rows.map((row) => ({
      id: Number(row.id),
      planName: String(row.planName),
      classesTotal: Number(row.classesTotal),
      classesRemaining: Number(row.classesRemaining),
      startDate: String(row.startDate),
      endDate: String(row.endDate),
      isPaid: booleanTransformer.from(row.isPaid) as boolean,
      revokedAt: fromDbDatetime(row.revokedAt as Date | string | null),
    }));
    return [lines, Number(count?.total ?? 0)];
  }

  /** Every plan of the catalogue, hidden ones too, in the order clients see them. */
  allInOrder(): Promise<Plan[]> {
    return this.txHost.tx.find(Plan, { order: { sortOrder: 'ASC', id: 'ASC' } });
  }

  byId(id: number): Promise<Plan | null> {
    return this.txHost.tx.findOneBy(Plan, { id });
  }

  /** The highest sort position in the catalogue (0 when empty). */
  async lastSortOrder(): Promise<number> {
    const last = await this.txHost.tx
      .createQueryBuilder(Plan, 'p')
      .select('MAX(p.sort_order)', 'max')
      .getRawOne<{ max: number | string | null }>();
    return Number(last?.max ?? 0);
  }

  /** Inserts a catalogue plan or saves the changes of a loaded one. */
  save(plan: Plan | Partial<Plan>): Promise<Plan> {
    const tx = this.txHost.tx;
    return plan instanceof Plan ? tx.save(plan) : tx.save(tx.create(Plan, plan));
  }

  userPlanById(id: number): Promise<UserPlan | null> {
    return this.txHost.tx.findOneBy(UserPlan, { id });
  }

  /** Inserts a plan given to a user or saves the changes of a loaded one. */
  saveUserPlan(plan: UserPlan | Partial<UserPlan>): Promise<UserPlan> {
    const tx = this.txHost.tx;
    return plan instanceof UserPlan ? tx.save(plan) : tx.save(tx.create(UserPlan, plan));
  }

  /** A plan of the catalogue clients can buy. */
  visibleById(id: number): Promise<Plan | null> {
    return this.txHost.tx.findOneBy(Plan, { id, visible: true });
  }

  /** A plan a payment created; its id. */
  async insertPaidPlan(
    values: Pick<UserPlan, 'userId' | 'planId' | 'planName' | 'classesTotal' | 'startDate' | 'endDate'>,
  ): Promise<number> {
    const inserted = await this.txHost.tx.insert(UserPlan, {
      ...values,
      classesRemaining: values.classesTotal,
      isPaid: true,
      source: 'payment',
    });
    return Number(inserted.identifiers[0].id);
  }

  /** A refunded or charged-back plan: unpaid and revoked (it books no more), once. */
  async revokeUnpaid(id: number, at: Date): Promise<void> {
    await this.txHost.tx
      .createQueryBuilder()
      .update(UserPlan)
      .set({ isPaid: false, revokedAt: at })
      .where('id = :id AND revoked_at IS NULL', { id })
      .execute();
  }

  /** A user's unrevoked plans with classes left, the one that ends soonest first, then the oldest. */
  openPlansOf(userId: number): Promise<UserPlan[]> {
    return this.txHost.tx
      .createQueryBuilder(UserPlan, 'p')
      .where('p.user_id = :userId AND p.classes_remaining > 0 AND p.revoked_at IS NULL', { userId })
      .orderBy('p.end_date', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .getMany();
  }

  /** Takes one class from a plan, only while it has one left and is not revoked. */
  async takeClass(planId: number): Promise<boolean> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(UserPlan)
      .set({ classesRemaining: () => 'classes_remaining - 1' })
      .where('id = :id AND classes_remaining > 0 AND revoked_at IS NULL', { id: planId })
      .execute();
    return result.affected === 1;
  }

  /**
   * Gives a class back to a plan only while it can still be used: not revoked and not ended before
   * `today` (studio date). False when it could not.
   */
  async giveClassBackIfValid(planId: number, today: string): Promise<boolean> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(UserPlan)
      .set({ classesRemaining: () => 'classes_remaining + 1' })
      .where('id = :id AND revoked_at IS NULL AND end_date >= :today', { id: planId, today })
      .execute();
    return result.affected === 1;
  }

  /** Gives a class back to the plan it came from. */
  async giveClassBack(planId: number): Promise<void> {
    await this.txHost.tx
      .createQueryBuilder()
      .update(UserPlan)
      .set({ classesRemaining: () => 'classes_remaining + 1' })
      .where('id = :id', { id: planId })
      .execute();
  }
}
