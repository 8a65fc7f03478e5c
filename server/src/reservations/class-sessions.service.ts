import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isoWeekday, studioInstant, studioTimeOfDay, studioToday } from '@pilates/dates';
import { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../core/config/app-config';
import { Clock } from '../core/clock/clock';
import { TransactionService } from '../core/database/transaction.service';
import { ClassSession } from './entities/class-session.entity';
import { BookingError, BookingErrorCode } from './reservations.errors';

/** A timetable class on one date, whether or not its class_sessions row exists yet. */
export interface Slot {
  scheduleId: number;
  classId: number | null;
  date: string;
  startTime: string;
  durationMinutes: number;
  capacity: number;
  reservedCount: number;
  cancelled: boolean;
  instructor: string | null;
}

/**
 * The classes of one weekday's timetable on a date, and optionally who is booked in them (one row
 * per person; LEFT JOINs keep the empty classes). Plain SQL with `?` placeholders, portable across
 * both drivers: the calendar's hottest query skips the query builder and runs as one statement.
 */
function slotsSql(people: 'none' | 'everyone' | 'one'): string {
  const withPeople = people !== 'none';
  return `
  SELECT s.id AS scheduleId, s.start_time AS scheduleTime, s.capacity AS scheduleCapacity,
         s.instructor AS scheduleInstructor, s.duration_minutes AS durationMinutes,
         c.id AS classId, c.start_time AS classTime, c.capacity AS classCapacity,
         c.reserved_count AS reservedCount, c.status AS status, c.instructor AS classInstructor
         ${withPeople ? ', r.id AS reservationId, u.id AS userId, u.name AS userName, u.email AS userEmail' : ''}
  FROM schedules s
  LEFT JOIN class_sessions c ON c.schedule_id = s.id AND c.date = ?
  ${withPeople ? `LEFT JOIN reservations r ON r.class_session_id = c.id AND r.status = 'active'${people === 'one' ? ' AND r.user_id = ?' : ''}` : ''}
  ${withPeople ? 'LEFT JOIN users u ON u.id = r.user_id' : ''}
  WHERE s.weekday = ? AND (s.active = 1 OR c.reserved_count > 0)
  ${withPeople ? 'ORDER BY s.id, r.id' : ''}`;
}

/** Someone booked in a class. */
export interface Enrolled {
  reservationId: number;
  id: number;
  name: string;
  email: string;
}

export interface SlotWithPeople extends Slot {
  people: Enrolled[];
}

interface SlotRow {
  reservationId?: number | string | null;
  userId?: number | string | null;
  userName?: string | null;
  userEmail?: string | null;
  scheduleId: number;
  scheduleTime: string;
  scheduleCapacity: number;
  scheduleInstructor: string | null;
  durationMinutes: number;
  classId: number | null;
  classTime: string | null;
  classCapacity: number | null;
  reservedCount: number | null;
  status: string | null;
  classInstructor: string | null;
}

/**
 * The studio's clock and the classes of a date: the weekly timetable merged with the rows of
 * classes that were booked or cancelled on that date (a class row keeps its own time and capacity).
 */
@Injectable()
export class ClassSessionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tx: TransactionService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  get timeZone(): string {
    return this.config.studioTimeZone;
  }

  today(): string {
    return studioToday(this.clock.now(), this.timeZone);
  }

  startOf(date: string, startTime: string): Date {
    return studioInstant(date, startTime, this.timeZone);
  }

  hasStarted(date: string, startTime: string): boolean {
    return this.clock.now().getTime() >= this.startOf(date, startTime).getTime();
  }

  /** Last moment a client may cancel: CANCEL_HOURS before the start (inclusive). */
  cancelDeadline(date: string, startTime: string): Date {
    return new Date(this.startOf(date, startTime).getTime() - this.config.cancelHours * 3600_000);
  }

  /** SQL condition (on alias `c`) and parameters for classes that have not started yet. */
  futureCondition(alias = 'c'): [string, Record<string, string>] {
    const now = this.clock.now();
    return [
      `(${alias}.date > :futureToday OR (${alias}.date = :futureToday AND ${alias}.start_time > :futureTime))`,
      { futureToday: studioToday(now, this.timeZone), futureTime: studioTimeOfDay(now, this.timeZone) },
    ];
  }

  /**
   * The date's classes, sorted by time, in one query: active timetable classes of that weekday,
   * and classes of a since-deactivated timetable entry that people had booked.
   */
  async slotsOn(date: string, manager: EntityManager = this.dataSource.manager): Promise<Slot[]> {
    const rows: SlotRow[] = await manager.query(slotsSql('none'), [date, isoWeekday(date)]);
    return rows.map((row) => toSlot(date, row)).sort(byTime);
  }

  /** The date's classes with who is booked: everyone (admins), or only `userId` (a client's own place). */
  async slotsWithPeople(date: string, who: 'everyone' | number): Promise<SlotWithPeople[]> {
    const rows: SlotRow[] =
      who === 'everyone'
        ? await this.dataSource.query(slotsSql('everyone'), [date, isoWeekday(date)])
        : await this.dataSource.query(slotsSql('one'), [date, who, isoWeekday(date)]);
    const bySchedule = new Map<number, SlotWithPeople>();
    for (const row of rows) {
      const scheduleId = Number(row.scheduleId);
      let slot = bySchedule.get(scheduleId);
      if (!slot) {
        slot = { ...toSlot(date, row), people: [] };
        bySchedule.set(scheduleId, slot);
      }
      if (row.reservationId !== null && row.reservationId !== undefined) {
        slot.people.push({
          reservationId: Number(row.reservationId),
          id: Number(row.userId),
          name: row.userName ?? '',
          email: row.userEmail ?? '',
        });
      }
    }
    return [...bySchedule.values()].sort(byTime);
  }

  /** One class of the timetable on a date, refusing a date the class does not run. */
  async slotOf(scheduleId: number, date: string, manager?: EntityManager): Promise<Slot> {
    const slot = (await this.slotsOn(date, manager)).find((s) => s.scheduleId === scheduleId);
    if (!slot) throw new BookingError(BookingErrorCode.CLASS_NOT_FOUND);
    return slot;
  }

  /**
   * The class row of a slot, created on first need. Its own short transaction, before the one that
   * books: concurrent creations meet on the unique (schedule, date) index and all but one are
   * ignored, without holding locks the booking transaction needs (MySQL) — and queued on SQLite.
   */
  async ensureSession(slot: Slot): Promise<number> {
    if (slot.classId) return slot.classId;
    return this.tx.run(async (manager) => {
      await manager
        .createQueryBuilder()
        .insert()
        .into(ClassSession)
        .values({
          scheduleId: slot.scheduleId,
          date: slot.date,
          startTime: slot.startTime,
          capacity: slot.capacity,
          instructor: slot.instructor,
          reservedCount: 0,
          status: 'scheduled',
        })
        .orIgnore()
        // An ignored row has no generated id to read back.
        .updateEntity(false)
        .execute();
      const session = await manager.findOneByOrFail(ClassSession, { scheduleId: slot.scheduleId, date: slot.date });
      return session.id;
    });
  }
}

const byTime = (a: Slot, b: Slot): number => a.startTime.localeCompare(b.startTime) || a.scheduleId - b.scheduleId;

function toSlot(date: string, row: SlotRow): Slot {
  const hasClass = row.classId !== null && row.classId !== undefined;
  return {
    scheduleId: Number(row.scheduleId),
    classId: hasClass ? Number(row.classId) : null,
    date,
    startTime: (hasClass ? row.classTime : row.scheduleTime) ?? row.scheduleTime,
    durationMinutes: Number(row.durationMinutes),
    capacity: Number(hasClass ? row.classCapacity : row.scheduleCapacity),
    reservedCount: hasClass ? Number(row.reservedCount) : 0,
    cancelled: row.status === 'cancelled',
    instructor: hasClass ? row.classInstructor : row.scheduleInstructor,
  };
}
