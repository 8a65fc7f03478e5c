import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { fromDbDatetime } from '../core/database/column-types';

/** A plan's own row, as its history needs it. */
export interface HistoryPlanRow {
  id: number;
  userId: number;
  planName: string;
  classesTotal: number;
  classesRemaining: number;
  startDate: string;
  endDate: string;
  source: string;
  revokedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One reservation taken from the plan, with what its columns say happened to it. */
export interface HistoryReservationRow {
  id: number;
  userId: number;
  date: string;
  startTime: string;
  status: string;
  createdAt: Date;
  cancelledAt: Date | null;
  cancelledBy: number | null;
  lateReleasedAt: Date | null;
  forgivenAt: Date | null;
  forgiveReason: string | null;
  /** Forgiving it gave the class back. */
  forgiveReturned: boolean;
  attended: boolean | null;
  attendanceMarkedAt: Date | null;
  classCancelled: boolean;
  promoted: boolean;
}

/** An audit entry about the plan or one of its reservations (only what no column says). */
export interface HistoryAuditRow {
  action: string;
  entityId: string;
  actorId: number | null;
  at: Date;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const date = (value: unknown): Date => fromDbDatetime(value as Date | string) as Date;
const json = (value: unknown): Record<string, unknown> | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return value as Record<string, unknown>;
  try {
    return JSON.parse(String(value)) as Record<string, unknown>;
  } catch {
    return null;
  }
};
const bool = (value: unknown): boolean | null => (value === null || value === undefined ? null : Number(value) === 1);
const dateText = (value: unknown): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** All SQL of a plan's history ("Historial"): plain reads, no locks. */
@Injectable()
export class PlanHistoryRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async planById(id: number): Promise<HistoryPlanRow | null> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT id, user_id AS userId, plan_name AS planName, classes_total AS classesTotal,
         classes_remaining AS classesRemaining, start_date AS startDate, end_date AS endDate, source,
         revoked_at AS revokedAt, created_at AS createdAt, updated_at AS updatedAt
       FROM user_plans WHERE id = ?`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: Number(row.id),
      userId: Number(row.userId),
      planName: String(row.planName),
      classesTotal: Number(row.classesTotal),
      classesRemaining: Number(row.classesRemaining),
      startDate: dateText(row.startDate),
      endDate: dateText(row.endDate),
      source: String(row.source),
      revokedAt: fromDbDatetime(row.revokedAt as Date | string | null),
      createdAt: date(row.createdAt),
      updatedAt: date(row.updatedAt),
    };
  }

  /** The plan's reservations through ix_reservations_user_plan; `promoted` from the waitlist entry that made it. */
  async reservationsOf(planId: number): Promise<HistoryReservationRow[]> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT r.id, r.user_id AS userId, cs.date AS date, cs.start_time AS startTime, r.status,
         r.created_at AS createdAt, r.cancelled_at AS cancelledAt, r.cancelled_by AS cancelledBy,
         r.late_released_at AS lateReleasedAt, r.forgiven_at AS forgivenAt, r.forgive_reason AS forgiveReason,
         r.forgive_returned AS forgiveReturned,
         r.attended, r.attendance_marked_at AS attendanceMarkedAt, cs.status AS classStatus,
         (SELECT COUNT(*) FROM waitlist_entries w WHERE w.reservation_id = r.id AND w.status = 'promoted') AS promoted
       FROM reservations r JOIN class_sessions cs ON cs.id = r.class_session_id
       WHERE r.user_plan_id = ?`,
      [planId],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      userId: Number(row.userId),
      date: dateText(row.date),
      startTime: String(row.startTime),
      status: String(row.status),
      createdAt: date(row.createdAt),
      cancelledAt: fromDbDatetime(row.cancelledAt as Date | string | null),
      cancelledBy: row.cancelledBy === null ? null : Number(row.cancelledBy),
      lateReleasedAt: fromDbDatetime(row.lateReleasedAt as Date | string | null),
      forgivenAt: fromDbDatetime(row.forgivenAt as Date | string | null),
      forgiveReason: row.forgiveReason === null ? null : String(row.forgiveReason),
      forgiveReturned: bool(row.forgiveReturned) === true,
      attended: bool(row.attended),
      attendanceMarkedAt: fromDbDatetime(row.attendanceMarkedAt as Date | string | null),
      classCancelled: row.classStatus === 'cancelled',
      promoted: Number(row.promoted) > 0,
    }));
  }

  /**
   * The audit entries that say what no column does: the plan's creation and changes by an admin,
   * a reformer change by the studio, and who booked (walk-in, admin).
   */
  async auditOf(planId: number, reservationIds: number[]): Promise<HistoryAuditRow[]> {
    const ids = reservationIds.map(String);
    const inReservations = ids.length
      ? ` OR (entity_type = 'reservation' AND entity_id IN (${ids.map(() => '?').join(', ')})
          AND action IN ('reservation.spot', 'reservation.walk_in', 'reservation.create'))`
      : '';
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      // Qualified, so the reserved words need no quoting on either driver.
      `SELECT a.action, a.entity_id AS entityId, a.actor_id AS actorId, a.created_at AS at,
         a.before AS beforeJson, a.after AS afterJson
       FROM audit_log a
       WHERE (entity_type = 'user_plan' AND entity_id = ? AND action IN ('user_plan.create', 'user_plan.update'))${inReservations}
       ORDER BY a.id`,
      [String(planId), ...ids],
    );
    return rows.map((row) => ({
      action: String(row.action),
      entityId: String(row.entityId),
      actorId: row.actorId === null ? null : Number(row.actorId),
      at: date(row.at),
      before: json(row.beforeJson),
      after: json(row.afterJson),
    }));
  }
}
