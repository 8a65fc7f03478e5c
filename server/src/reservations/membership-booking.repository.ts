import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Membership, MembershipPause } from '../payments/entities';
import { UserPlan } from '../planes/entities';

/** Statuses whose plan may still book (a cancelled one until cancels_on; pending has no plan yet). */
const BOOKING_STATUSES: Membership['status'][] = ['active', 'paused', 'past_due', 'cancelled'];

/**
 * What booking reads of a client's membership: the row behind their plan, its pauses, and the
 * classes booked with it in a range of studio dates (counted under the plan's row lock).
 */
@Injectable()
export class MembershipBookingRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get sqlite(): boolean {
    return this.txHost.tx.connection.options.type === 'better-sqlite3';
  }

  /** The client's newest membership that has a plan and may still book (a cancelled one is filtered by date later). */
  bookingMembershipOf(userId: number): Promise<Membership | null> {
    return this.txHost.tx
      .getRepository(Membership)
      .createQueryBuilder('m')
      .innerJoin(UserPlan, 'p', 'p.id = m.user_plan_id AND p.revoked_at IS NULL')
      .where('m.user_id = :userId AND m.status IN (:...statuses)', { userId, statuses: BOOKING_STATUSES })
      .orderBy('m.id', 'DESC')
      .getOne();
  }

  /** The membership behind a client's plan, if the plan is a membership's. */
  membershipOfPlan(userPlanId: number): Promise<Membership | null> {
    return this.txHost.tx.findOneBy(Membership, { userPlanId });
  }

  /** The class types a plan is limited to (none: every type). */
  async classTypesOf(userPlanId: number): Promise<number[]> {
    const rows: { classTypeId: unknown }[] = await this.txHost.tx.query(
      'SELECT class_type_id AS classTypeId FROM user_plan_class_types WHERE user_plan_id = ?',
      [userPlanId],
    );
    return rows.map((row) => Number(row.classTypeId));
  }

  pausesOf(membershipIds: number[]): Promise<MembershipPause[]> {
    if (membershipIds.length === 0) return Promise.resolve([]);
    return this.txHost.tx.find(MembershipPause, {
      where: { membershipId: In(membershipIds) },
      order: { fromDate: 'ASC' },
    });
  }

  /**
   * Inside a transaction: holds the membership's plan row (the same row a pack's booking updates), so
   * one client's bookings with it are counted and inserted one at a time.
   */
  async lockPlan(userPlanId: number): Promise<void> {
    await this.txHost.tx
      .createQueryBuilder()
      .update(UserPlan)
      .set({ classesRemaining: () => 'classes_remaining' })
      .where('id = :id', { id: userPlanId })
      .execute();
  }

  /**
   * Classes taken with a plan between two studio dates (both included): active reservations and
   * places released late (they stay used); a class cancelled in time or by the studio, or a late
   * release forgiven, frees its count. MySQL: a locking read, so after lockPlan it sees every
   * booking committed before (a plain read would answer from the transaction's first snapshot).
   */
  async countTaken(userPlanId: number, from: string, to: string): Promise<number> {
    const shared = this.sqlite ? '' : ' LOCK IN SHARE MODE';
    const rows: { n: unknown }[] = await this.txHost.tx.query(
      `SELECT COUNT(*) AS n FROM reservations
        WHERE user_plan_id = ? AND class_date >= ? AND class_date <= ?
          AND (status = 'active' OR (late_released_at IS NOT NULL AND forgiven_at IS NULL))${shared}`,
      [userPlanId, from, to],
    );
    return Number(rows[0]?.n ?? 0);
  }
}
