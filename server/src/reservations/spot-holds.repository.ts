import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { sqlDatetime } from '../core/database/column-types';
import { DirectReader } from '../core/database/direct-reader';
import { SpotHold } from './entities/spot-hold.entity';
import { LIVE_HOLDS_ON_SQL } from './slots.sql';

/** A reformer a live checkout holds in a class (the day view's read). */
export interface LiveHold {
  classId: number;
  spotId: number;
  userId: number;
}

/** A live hold with what its booking needs. */
export interface HoldToBook {
  id: number;
  userId: number;
  date: string;
  scheduleId: number;
  spotId: number;
}

/** The class an approved checkout booked on its held reformer. */
export interface HeldBooking {
  reservationId: number;
  date: string;
  startTime: string;
  spotId: number;
  spotLabel: string;
}

/** A class row as a hold's checks read it, locked. */
export interface ClassPlaces {
  status: string;
  capacity: number;
  reservedCount: number;
  waitingCount: number;
}

/** A live hold, alias h; parameter: now (sqlDatetime). */
const LIVE = 'h.expires_at > ? AND h.consumed_at IS NULL';

const dateText = (value: unknown): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** The SQL of spot_holds (reservations/entities/spot-hold.entity.ts), on the ambient transaction. */
@Injectable()
export class SpotHoldsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly direct: DirectReader,
  ) {}

  private get sqlite(): boolean {
    return this.txHost.tx.connection.options.type === 'better-sqlite3';
  }

  /** The holds live at `now` in the classes of a date: one range of ix_spot_holds_date, usually empty. */
  async liveOn(date: string, now: Date): Promise<LiveHold[]> {
    const rows = await this.direct.all<Record<string, unknown>>(LIVE_HOLDS_ON_SQL, [date, sqlDatetime(now)]);
    return rows.map((row) => ({
      classId: Number(row.classId),
      spotId: Number(row.spotId),
      userId: Number(row.userId),
    }));
  }

  /** The class row, locked for the rest of the transaction (as bookings take it), read as committed. */
  async lockClassPlaces(classId: number): Promise<ClassPlaces | null> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT status, capacity, reserved_count AS reservedCount, waiting_count AS waitingCount
         FROM class_sessions WHERE id = ?${this.sqlite ? '' : ' FOR UPDATE'}`,
      [classId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      status: String(row.status),
      capacity: Number(row.capacity),
      reservedCount: Number(row.reservedCount),
      waitingCount: Number(row.waitingCount),
    };
  }

  /** Ends the user's live holds (a newer checkout replaces them). */
  async endLiveOf(userId: number, now: Date): Promise<void> {
    await this.update({ expiresAt: () => ':at' }, 'user_id = :userId AND expires_at > :at AND consumed_at IS NULL', {
      userId,
      at: sqlDatetime(now),
    });
  }

  /** A conditional UPDATE of spot_holds; how many rows it changed. */
  private async update(
    set: Record<string, () => string>,
    where: string,
    parameters: Record<string, string | number>,
  ): Promise<number> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(SpotHold)
      .set(set)
      .where(where, parameters)
      .execute();
    return result.affected ?? 0;
  }

  async insert(values: {
    paymentId: number;
    userId: number;
    classId: number;
    date: string;
    scheduleId: number;
    spotId: number;
    expiresAt: Date;
    createdAt: Date;
  }): Promise<void> {
    await this.txHost.tx.query(
      `INSERT INTO spot_holds (payment_id, user_id, class_session_id, date, schedule_id, spot_id, expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        values.paymentId,
        values.userId,
        values.classId,
        values.date,
        values.scheduleId,
        values.spotId,
        sqlDatetime(values.expiresAt),
        sqlDatetime(values.createdAt),
      ],
    );
  }

  /** The purchase's hold, when it is live at `now`. */
  async liveOfPayment(paymentId: number, now: Date): Promise<HoldToBook | null> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT h.id AS id, h.user_id AS userId, h.date AS date, h.schedule_id AS scheduleId, h.spot_id AS spotId
         FROM spot_holds h WHERE h.payment_id = ? AND ${LIVE}`,
      [paymentId, sqlDatetime(now)],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: Number(row.id),
      userId: Number(row.userId),
      date: dateText(row.date),
      scheduleId: Number(row.scheduleId),
      spotId: Number(row.spotId),
    };
  }

  /** Takes a live hold for its booking, once: false when it was taken, ended or expired by `now`. */
  async consume(id: number, now: Date): Promise<boolean> {
    const changed = await this.update(
      { consumedAt: () => ':at' },
      'id = :id AND consumed_at IS NULL AND expires_at > :at',
      { id, at: sqlDatetime(now) },
    );
    return changed === 1;
  }

  async setReservation(id: number, reservationId: number): Promise<void> {
    await this.txHost.tx.update(SpotHold, { id }, { reservationId });
  }

  /** Ends a hold whose booking was refused (the plan stays); the job settles it like a lapsed one. */
  async release(id: number, now: Date): Promise<void> {
    await this.update({ expiresAt: () => ':at' }, 'id = :id AND consumed_at IS NULL AND expires_at > :at', {
      id,
      at: sqlDatetime(now),
    });
  }

  /** Ends a purchase's hold if it is live. */
  async endOfPayment(paymentId: number, now: Date): Promise<void> {
    await this.update(
      { expiresAt: () => ':at' },
      'payment_id = :paymentId AND consumed_at IS NULL AND expires_at > :at',
      { paymentId, at: sqlDatetime(now) },
    );
  }

  /** Holds that ended by `now` without a booking and are not settled yet, oldest first (ix_spot_holds_open). */
  async endedUnsettled(now: Date, limit: number): Promise<{ id: number; classId: number }[]> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT h.id AS id, h.class_session_id AS classId FROM spot_holds h
        WHERE h.consumed_at IS NULL AND h.expires_at <= ? ORDER BY h.expires_at LIMIT ${Number(limit)}`,
      [sqlDatetime(now)],
    );
    return rows.map((row) => ({ id: Number(row.id), classId: Number(row.classId) }));
  }

  /** Settles an ended hold, once: false when another run (or the booking) did. */
  async settle(id: number, now: Date): Promise<boolean> {
    const at = sqlDatetime(now);
    return (
      (await this.update({ consumedAt: () => ':at' }, 'id = :id AND consumed_at IS NULL AND expires_at <= :at', {
        id,
        at,
      })) === 1
    );
  }

  /** The reservation a purchase's hold became, while it is active. */
  async bookingOfPayment(paymentId: number): Promise<HeldBooking | null> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT r.id AS reservationId, c.date AS date, c.start_time AS startTime, s.id AS spotId, s.label AS spotLabel
         FROM spot_holds h
         JOIN reservations r ON r.id = h.reservation_id AND r.status = 'active'
         JOIN class_sessions c ON c.id = r.class_session_id
         JOIN spots s ON s.id = r.spot_id
        WHERE h.payment_id = ?`,
      [paymentId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      reservationId: Number(row.reservationId),
      date: dateText(row.date),
      startTime: String(row.startTime),
      spotId: Number(row.spotId),
      spotLabel: String(row.spotLabel),
    };
  }

  /** Removes settled holds that ended before `before`; how many. */
  async deleteSettledBefore(before: Date): Promise<number> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .delete()
      .from(SpotHold)
      .where('consumed_at IS NOT NULL AND consumed_at < :before', { before: sqlDatetime(before) })
      .execute();
    return result.affected ?? 0;
  }
}
