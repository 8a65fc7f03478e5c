import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { sqlDatetime } from '../core/database/column-types';
import type { StudioNow } from './reservations.repository';
import { ClassSession } from './entities/class-session.entity';
import { WaitlistEntry, type WaitlistStatus } from './entities/waitlist-entry.entity';

/** A class as the waitlist rules read it, inside a transaction. */
export interface WaitlistClass {
  id: number;
  scheduleId: number;
  date: string;
  startTime: string;
  durationMinutes: number;
  instructor: string | null;
  capacity: number;
  reservedCount: number;
  waitingCount: number;
  status: string;
  /** The timetable entry's class type: a promotion takes the class from a plan that covers it. */
  classTypeId: number;
  classTypeName: string;
  classTypeLevel: string;
}

/** A waiting client with what a promotion or a mail needs. */
export interface WaitingClient {
  id: number;
  classSessionId: number;
  userId: number;
  status: WaitlistStatus;
  name: string;
  email: string;
  active: boolean;
}

/** A waitlist entry with its class, for "Mis clases", the roster and the cutoff job. */
export interface WaitlistLine {
  id: number;
  classSessionId: number;
  userId: number;
  name: string;
  email: string;
  date: string;
  startTime: string;
  durationMinutes: number;
  instructor: string | null;
  position: number;
}

const CLASS_COLUMNS = `c.id AS id, c.schedule_id AS scheduleId, c.date AS date, c.start_time AS startTime,
  s.duration_minutes AS durationMinutes, c.instructor AS instructor, c.capacity AS capacity,
  c.reserved_count AS reservedCount, c.waiting_count AS waitingCount, c.status AS status,
  s.class_type_id AS classTypeId, t.name AS classTypeName, t.level AS classTypeLevel`;

/** A waitlist entry with its client's name, email and whether the account is active. */
const WAITING_CLIENT = `SELECT e.id AS id, e.class_session_id AS classSessionId, e.user_id AS userId,
  e.status AS status, u.name AS name, u.email AS email, u.active AS active
  FROM waitlist_entries e JOIN users u ON u.id = e.user_id`;

/** Position = 1 + the waiting entries of the same class ahead of this one (lower id). */
const POSITION = `(SELECT COUNT(*) FROM waitlist_entries w2
  WHERE w2.class_session_id = e.class_session_id AND w2.status = 'waiting' AND w2.id <= e.id)`;

const LINE_COLUMNS = `e.id AS id, e.class_session_id AS classSessionId, e.user_id AS userId, u.name AS name,
  u.email AS email, c.date AS date, c.start_time AS startTime, s.duration_minutes AS durationMinutes,
  c.instructor AS instructor, ${POSITION} AS position`;
const LINE_FROM = `FROM waitlist_entries e
  JOIN class_sessions c ON c.id = e.class_session_id
  JOIN schedules s ON s.id = c.schedule_id
  JOIN users u ON u.id = e.user_id`;

/**
 * All SQL of the waitlist. Lock order, on MySQL, is the class row first (every change starts with
 * an UPDATE of class_sessions), then the entries: joins, leaves and promotions of one class queue
 * behind each other instead of deadlocking. Every statement runs on the ambient transaction (`txHost.tx`).
 */
@Injectable()
export class WaitlistRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Takes the class row's lock (MySQL) for the rest of the transaction. */
  async lockClass(classId: number): Promise<void> {
    await this.txHost.tx.query('UPDATE class_sessions SET waiting_count = waiting_count WHERE id = ?', [classId]);
  }

  async classById(classId: number): Promise<WaitlistClass | undefined> {
    const rows: WaitlistClass[] = await this.txHost.tx.query(
      `SELECT ${CLASS_COLUMNS} FROM class_sessions c JOIN schedules s ON s.id = c.schedule_id
        JOIN class_types t ON t.id = s.class_type_id WHERE c.id = ?`,
      [classId],
    );
    return rows[0] && toClass(rows[0]);
  }

  /**
   * One more in line, only while the class is scheduled, full, and its list below `max`. With
   * `holds`, the places checkouts hold for others than `userId` at `now` count as taken.
   */
  async addWaiting(classId: number, max: number, holds?: { userId: number; now: Date }): Promise<boolean> {
    const held = holds
      ? ` + (SELECT COUNT(*) FROM spot_holds h WHERE h.class_session_id = class_sessions.id
            AND h.expires_at > :heldAt AND h.consumed_at IS NULL AND h.user_id <> :holder)`
      : '';
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(ClassSession)
      .set({ waitingCount: () => 'waiting_count + 1' })
      .where(`id = :classId AND status = 'scheduled' AND reserved_count${held} >= capacity AND waiting_count < :max`, {
        classId,
        max,
        heldAt: holds ? sqlDatetime(holds.now) : null,
        holder: holds?.userId ?? 0,
      })
      .execute();
    return result.affected === 1;
  }

  async removeWaiting(classId: number): Promise<void> {
    await this.txHost.tx
      .createQueryBuilder()
      .update(ClassSession)
      .set({ waitingCount: () => 'waiting_count - 1' })
      .where('id = :classId AND waiting_count > 0', { classId })
      .execute();
  }

  async insertEntry(classId: number, userId: number, at: Date): Promise<number> {
    const inserted = await this.txHost.tx.insert(WaitlistEntry, {
      classSessionId: classId,
      userId,
      status: 'waiting',
      waitingMarker: 1,
      createdAt: at,
    });
    return Number(inserted.identifiers[0].id);
  }

  isWaiting(classId: number, userId: number): Promise<boolean> {
    return this.txHost.tx.existsBy(WaitlistEntry, { classSessionId: classId, userId, status: 'waiting' });
  }

  /** 1 for the head of the line. */
  async positionOf(entryId: number): Promise<number> {
    const rows: { position: number | string }[] = await this.txHost.tx.query(
      `SELECT ${POSITION} AS position FROM waitlist_entries e WHERE e.id = ?`,
      [entryId],
    );
    return Number(rows[0]?.position ?? 0);
  }

  async entryById(id: number): Promise<WaitingClient | undefined> {
    const rows: WaitingClient[] = await this.txHost.tx.query(`${WAITING_CLIENT} WHERE e.id = ?`, [id]);
    return rows[0] && toWaiting(rows[0]);
  }

  /** The first in line of a class. */
  async headOf(classId: number): Promise<WaitingClient | undefined> {
    const rows: WaitingClient[] = await this.txHost.tx.query(
      `${WAITING_CLIENT} WHERE e.class_session_id = ? AND e.status = 'waiting' ORDER BY e.id LIMIT 1`,
      [classId],
    );
    return rows[0] && toWaiting(rows[0]);
  }

  /** Ends a waiting entry once: false when it was no longer waiting. */
  async endEntry(
    id: number,
    status: Exclude<WaitlistStatus, 'waiting'>,
    at: Date,
    details: { reason?: string; reservationId?: number } = {},
  ): Promise<boolean> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(WaitlistEntry)
      .set({
        status,
        waitingMarker: null,
        endedAt: at,
        reason: details.reason ?? null,
        reservationId: details.reservationId ?? null,
      })
      .where("id = :id AND status = 'waiting'", { id })
      .execute();
    return result.affected === 1;
  }

  /** Everyone waiting in a class, in order (for ending the list). */
  async waitingInClass(classId: number): Promise<WaitingClient[]> {
    const rows: WaitingClient[] = await this.txHost.tx.query(
      `${WAITING_CLIENT} WHERE e.class_session_id = ? AND e.status = 'waiting' ORDER BY e.id`,
      [classId],
    );
    return rows.map(toWaiting);
  }

  /** Every entry a client waits in, any date. */
  async allWaitingOfUser(userId: number): Promise<{ id: number; classSessionId: number }[]> {
    const rows: { id: number | string; classSessionId: number | string }[] = await this.txHost.tx.query(
      "SELECT id, class_session_id AS classSessionId FROM waitlist_entries WHERE user_id = ? AND status = 'waiting'",
      [userId],
    );
    return rows.map((row) => ({ id: Number(row.id), classSessionId: Number(row.classSessionId) }));
  }

  /** A client's waiting entries (on classes not yet past `from`), soonest class first. */
  async waitingOfUser(userId: number, from: StudioNow) {
    const rows: WaitlistLine[] = await this.txHost.tx.query(
      `SELECT ${LINE_COLUMNS} ${LINE_FROM}
       WHERE e.user_id = ? AND e.status = 'waiting'
         AND (c.date > ? OR (c.date = ? AND c.start_time > ?))
       ORDER BY c.date, c.start_time`,
      [userId, from.today, from.today, from.timeOfDay],
    );
    return rows.map(toLine);
  }

  /** The waiting entries of a date's classes, in order of each line. */
  async waitingOnDate(date: string): Promise<WaitlistLine[]> {
    const rows: WaitlistLine[] = await this.txHost.tx.query(
      `SELECT ${LINE_COLUMNS} ${LINE_FROM} WHERE c.date = ? AND e.status = 'waiting' ORDER BY e.class_session_id, e.id`,
      [date],
    );
    return rows.map(toLine);
  }

  /** One client's waiting entries on a date, with positions. */
  async waitingOfUserOnDate(userId: number, date: string): Promise<WaitlistLine[]> {
    const rows: WaitlistLine[] = await this.txHost.tx.query(
      `SELECT ${LINE_COLUMNS} ${LINE_FROM} WHERE c.date = ? AND e.user_id = ? AND e.status = 'waiting'`,
      [date, userId],
    );
    return rows.map(toLine);
  }

  /** Waiting entries of scheduled classes that start at or before `until` (studio date and time). */
  async waitingUntil(until: StudioNow): Promise<WaitlistLine[]> {
    const rows: WaitlistLine[] = await this.txHost.tx.query(
      `SELECT ${LINE_COLUMNS} ${LINE_FROM}
       WHERE e.status = 'waiting' AND (c.date < ? OR (c.date = ? AND c.start_time <= ?))
       ORDER BY e.class_session_id, e.id LIMIT 200`,
      [until.today, until.today, until.timeOfDay],
    );
    return rows.map(toLine);
  }

  /** Upcoming classes of a timetable entry with someone waiting and a place free (after a capacity change). */
  async classesWithFreePlaceAndWaiting(scheduleId: number, from: StudioNow): Promise<number[]> {
    const rows: { id: number | string }[] = await this.txHost.tx.query(
      `SELECT id FROM class_sessions
       WHERE schedule_id = ? AND status = 'scheduled' AND waiting_count > 0 AND reserved_count < capacity
         AND (date > ? OR (date = ? AND start_time > ?))`,
      [scheduleId, from.today, from.today, from.timeOfDay],
    );
    return rows.map((row) => Number(row.id));
  }
}

function toClass(row: WaitlistClass): WaitlistClass {
  return {
    ...row,
    id: Number(row.id),
    scheduleId: Number(row.scheduleId),
    durationMinutes: Number(row.durationMinutes),
    capacity: Number(row.capacity),
    reservedCount: Number(row.reservedCount),
    waitingCount: Number(row.waitingCount),
    classTypeId: Number(row.classTypeId),
  };
}

function toWaiting(row: WaitingClient): WaitingClient {
  return {
    ...row,
    id: Number(row.id),
    classSessionId: Number(row.classSessionId),
    userId: Number(row.userId),
    active: Boolean(Number(row.active)),
  };
}

function toLine(row: WaitlistLine): WaitlistLine {
  return {
    ...row,
    id: Number(row.id),
    classSessionId: Number(row.classSessionId),
    userId: Number(row.userId),
    durationMinutes: Number(row.durationMinutes),
    position: Number(row.position),
  };
}
