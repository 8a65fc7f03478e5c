import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isoWeekday, studioInstant, studioTimeOfDay, studioToday } from '@pilates/dates';
import { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../core/config/app-config';
import { Clock } from '../core/clock/clock';
import { TransactionService } from '../core/database/transaction.service';
import { ClassSession } from './entities/class-session.entity';
import { Schedule } from './entities/schedule.entity';
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

interface SlotRow {
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
    const rows = await manager
      .createQueryBuilder()
      .select('s.id', 'scheduleId')
      .addSelect('s.start_time', 'scheduleTime')
      .addSelect('s.capacity', 'scheduleCapacity')
      .addSelect('s.instructor', 'scheduleInstructor')
      .addSelect('s.duration_minutes', 'durationMinutes')
      .addSelect('c.id', 'classId')
      .addSelect('c.start_time', 'classTime')
      .addSelect('c.capacity', 'classCapacity')
      .addSelect('c.reserved_count', 'reservedCount')
      .addSelect('c.status', 'status')
      .addSelect('c.instructor', 'classInstructor')
      .from(Schedule, 's')
      .leftJoin(ClassSession, 'c', 'c.schedule_id = s.id AND c.date = :date', { date })
      .where('s.weekday = :weekday', { weekday: isoWeekday(date) })
      .andWhere('(s.active = 1 OR c.reserved_count > 0)')
      .getRawMany<SlotRow>();
    return rows
      .map((row) => toSlot(date, row))
      .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.scheduleId - b.scheduleId);
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
