import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { UserPlan } from './entities/user-plan.entity';
/** A plan ending soon with classes left, with its holder. */
export interface EndingPlanRow {
  id: number;
  userId: number;
  email: string;
  name: string;
  planName: string;
  classesRemaining: number;
  endDate: string;
}

/**
 * What makes a plan worth the "ends soon" mail: dates cover `today`, it ends by `until`, classes
 * left, not revoked, its holder active, and no reminder claimed yet.
 */
const DUE = `up.ending_reminder_sent_at IS NULL AND up.revoked_at IS NULL AND up.classes_remaining > 0
  AND up.start_date <= ? AND up.end_date >= ? AND up.end_date <= ? AND u.active = 1`;

const ENDING_COLUMNS = `up.id AS id, up.user_id AS userId, u.name AS name, u.email AS email, up.plan_name AS planName,
  up.classes_remaining AS classesRemaining, up.end_date AS endDate`;

const toRow = (row: Record<string, unknown>): EndingPlanRow => ({
  id: Number(row.id),
  userId: Number(row.userId),
  name: String(row.name),
  email: String(row.email),
  planName: String(row.planName),
  classesRemaining: Number(row.classesRemaining),
  endDate: row.endDate instanceof Date ? row.endDate.toISOString().slice(0, 10) : String(row.endDate),
});

/** The SQL of the "your plan ends soon" mail: which plans are due, and the per-plan claim. */
@Injectable()
export class PlanRemindersRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Plans due for the mail on `today` (studio date), ending by `until`. */
  async due(today: string, until: string): Promise<EndingPlanRow[]> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT ${ENDING_COLUMNS} FROM user_plans up JOIN users u ON u.id = up.user_id WHERE ${DUE} ORDER BY up.id`,
      [today, today, until],
    );
    return rows.map(toRow);
  }

  /** One plan with its holder, inside the caller's transaction. */
  async endingPlan(id: number): Promise<(EndingPlanRow & { sentAt: Date | null }) | null> {
    const plan = await this.txHost.tx.findOne(UserPlan, { where: { id }, relations: { user: true } });
    if (!plan?.user) return null;
    return {
      id: plan.id,
      userId: plan.userId,
      name: plan.user.name,
      email: plan.user.email,
      planName: plan.planName,
      classesRemaining: plan.classesRemaining,
      endDate: plan.endDate,
      sentAt: plan.endingReminderSentAt,
    };
  }

  /**
   * Claims the plan's one reminder: a conditional UPDATE that only one caller (replica, admin
   * click) can win, and only while the plan still qualifies. True when this caller won.
   */
  async claim(id: number, at: Date, today: string, until: string): Promise<boolean> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(UserPlan)
      .set({ endingReminderSentAt: at })
      .where(
        `id = :id AND ending_reminder_sent_at IS NULL AND revoked_at IS NULL AND classes_remaining > 0
         AND start_date <= :today AND end_date >= :today AND end_date <= :until
         AND user_id IN (SELECT u.id FROM users u WHERE u.active = 1)`,
        { id, today, until },
      )
      .execute();
    return (result.affected ?? 0) === 1;
  }
}
