import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';

/** A class of the month with its instructor, its rate and its reservations counted. */
export interface PayClassRow {
  classId: number;
  date: string;
  startTime: string;
  cancelled: boolean;
  substitute: boolean;
  instructorId: number;
  instructorName: string;
  perClassCents: number;
  perAttendeeCents: number;
  attendeeThreshold: number;
  /** Active reservations (walk-ins included). */
  booked: number;
  /** Of those, marked came. */
  came: number;
  /** Of those, marked at all (came or not). */
  marked: number;
}

/** A DATE read by a raw query: 'YYYY-MM-DD' on both drivers (mysql2 is told dateStrings for DATE). */
const dateText = (value: unknown): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** The SQL of the instructors' monthly pay: classes, who taught them and who came. */
@Injectable()
export class InstructorPayRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /**
   * The classes from `from` to `to` that name an instructor (class_sessions.instructor_id: a
   * substitute's date names the substitute), with the rate of their profile and their active
   * reservations counted; one instructor's only when `instructorId` is given.
   */
  async classesBetween(from: string, to: string, instructorId?: number): Promise<PayClassRow[]> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT c.id AS classId, c.date AS date, c.start_time AS startTime, c.status AS status,
              c.substitute AS substitute, i.id AS instructorId, i.name AS instructorName,
              i.pay_per_class_cents AS perClassCents, i.pay_per_attendee_cents AS perAttendeeCents,
              i.pay_attendee_threshold AS attendeeThreshold,
              COUNT(r.id) AS booked,
              COALESCE(SUM(CASE WHEN r.attended = 1 THEN 1 ELSE 0 END), 0) AS came,
              COALESCE(SUM(CASE WHEN r.attended IS NOT NULL THEN 1 ELSE 0 END), 0) AS marked
         FROM class_sessions c
         JOIN instructors i ON i.id = c.instructor_id
         LEFT JOIN reservations r ON r.class_session_id = c.id AND r.status = 'active'
        WHERE c.date >= ? AND c.date <= ?${instructorId === undefined ? '' : ' AND c.instructor_id = ?'}
        GROUP BY c.id, c.date, c.start_time, c.status, c.substitute, i.id, i.name,
                 i.pay_per_class_cents, i.pay_per_attendee_cents, i.pay_attendee_threshold
        ORDER BY c.date, c.start_time, c.id`,
      instructorId === undefined ? [from, to] : [from, to, instructorId],
    );
    return rows.map((row) => ({
      classId: Number(row.classId),
      date: dateText(row.date),
      startTime: String(row.startTime),
      cancelled: row.status === 'cancelled',
      substitute: Number(row.substitute) === 1 || row.substitute === true,
      instructorId: Number(row.instructorId),
      instructorName: String(row.instructorName),
      perClassCents: Number(row.perClassCents),
      perAttendeeCents: Number(row.perAttendeeCents),
      attendeeThreshold: Number(row.attendeeThreshold),
      booked: Number(row.booked),
      came: Number(row.came),
      marked: Number(row.marked),
    }));
  }
}
