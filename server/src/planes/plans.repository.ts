import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { booleanTransformer, fromDbDatetime } from '../core/database/column-types';
import { DirectReader } from '../core/database/direct-reader';
import { In } from 'typeorm';
import { Plan } from './entities/plan.entity';
import { PlanClassType } from './entities/plan-class-type.entity';
import { UserPlan } from './entities/user-plan.entity';
import { UserPlanClassType } from './entities/user-plan-class-type.entity';

/** A plan a client holds that can still give classes, with the class types it is limited to (none: all). */
/**
 * A membership's plan books by the week and never holds classes: nothing is given back to it
 * (ix_memberships_user_plan finds its membership).
 */
const NOT_A_MEMBERSHIP = 'NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_plan_id = user_plans.id)';

export type OpenUserPlan = UserPlan & { classTypeIds: number[] };

/** A class type a catalogue plan is limited to. */
export interface PlanClassTypeLine {
  id: number;
  name: string;
}

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

  /**
   * Inserts a plan given to a user or saves the changes of a loaded one. A new plan carries its
   * catalogue plan's class types from now on.
   */
  async saveUserPlan(plan: UserPlan | Partial<UserPlan>): Promise<UserPlan> {
    const tx = this.txHost.tx;
    if (plan instanceof UserPlan) return tx.save(plan);
    const saved = await tx.save(tx.create(UserPlan, plan));
    await this.copyClassTypes(saved.id, saved.planId);
    return saved;
  }

  /** The catalogue plans' class types (by plan id; a plan absent from the map takes every type). */
  async classTypesOfPlans(planIds: number[]): Promise<Map<number, PlanClassTypeLine[]>> {
    const lists = new Map<number, PlanClassTypeLine[]>();
    if (planIds.length === 0) return lists;
    const rows = await this.txHost.tx
      .createQueryBuilder(PlanClassType, 'l')
      .innerJoin('l.classType', 't')
      .select(['l.plan_id AS planId', 't.id AS id', 't.name AS name'])
      .where({ planId: In(planIds) })
      .orderBy('t.sort_order', 'ASC')
      .addOrderBy('t.name', 'ASC')
      .getRawMany<{ planId: unknown; id: unknown; name: string }>();
    for (const row of rows) {
      const list = lists.get(Number(row.planId)) ?? [];
      list.push({ id: Number(row.id), name: row.name });
      lists.set(Number(row.planId), list);
    }
    return lists;
  }

  /** Limits a catalogue plan to these class types (none: every type). Plans already sold keep theirs. */
  async setClassTypes(planId: number, classTypeIds: number[]): Promise<void> {
    const tx = this.txHost.tx;
    await tx.delete(PlanClassType, { planId });
    if (classTypeIds.length > 0) {
      await tx.insert(
        PlanClassType,
        classTypeIds.map((classTypeId) => ({ planId, classTypeId })),
      );
    }
  }

  /** A sold plan keeps the class types its catalogue plan had at the sale. */
  private async copyClassTypes(userPlanId: number, planId: number | null): Promise<void> {
    if (planId === null) return;
    await this.txHost.tx.query(
      `INSERT INTO user_plan_class_types (user_plan_id, class_type_id)
       SELECT ?, class_type_id FROM plan_class_types WHERE plan_id = ?`,
      [userPlanId, planId],
    );
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
    const id = Number(inserted.identifiers[0].id);
    await this.copyClassTypes(id, values.planId);
    return id;
  }

  /** A membership's plan now covers up to `endDate` (a later charge paid another period). */
  async setEndDate(id: number, endDate: string): Promise<void> {
    await this.txHost.tx.update(UserPlan, { id }, { endDate });
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

  /**
   * A user's unrevoked plans with classes left, the one that ends soonest first, then the oldest,
   * each with the class types it is limited to.
   */
  async openPlansOf(userId: number): Promise<OpenUserPlan[]> {
    const plans = await this.txHost.tx
      .createQueryBuilder(UserPlan, 'p')
      .where('p.user_id = :userId AND p.classes_remaining > 0 AND p.revoked_at IS NULL', { userId })
      .orderBy('p.end_date', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .getMany();
    const links =
      plans.length === 0
        ? []
        : await this.txHost.tx.find(UserPlanClassType, { where: { userPlanId: In(plans.map((p) => p.id)) } });
    return plans.map((plan) =>
      Object.assign(plan, {
        classTypeIds: links.filter((l) => l.userPlanId === plan.id).map((l) => Number(l.classTypeId)),
      }),
    );
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
      .where(`id = :id AND revoked_at IS NULL AND end_date >= :today AND ${NOT_A_MEMBERSHIP}`, { id: planId, today })
      .execute();
    return result.affected === 1;
  }

  /** Gives a class back to the plan it came from. */
  async giveClassBack(planId: number): Promise<void> {
    await this.txHost.tx
      .createQueryBuilder()
      .update(UserPlan)
      .set({ classesRemaining: () => 'classes_remaining + 1' })
      .where(`id = :id AND ${NOT_A_MEMBERSHIP}`, { id: planId })
      .execute();
  }
}
