import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In, Not } from 'typeorm';
import { Instructor } from './entities/instructor.entity';

/** A timetable class an instructor teaches (their page's upcoming classes are built from these). */
export interface TaughtSchedule {
  scheduleId: number;
  weekday: number;
  startTime: string;
  durationMinutes: number;
}

/** A class row of a date range that matters to an instructor's page. */
export interface ClassOfRange {
  scheduleId: number;
  date: string;
  startTime: string;
  durationMinutes: number;
  status: string;
  instructorId: number | null;
}

/** All SQL of the instructors' profiles, and the name the timetable's rows copy from them. */
@Injectable()
export class InstructorsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Every profile in list order: sort order, then name. */
  all(): Promise<Instructor[]> {
    return this.txHost.tx.find(Instructor, { order: { sortOrder: 'ASC', name: 'ASC', id: 'ASC' } });
  }

  active(): Promise<Instructor[]> {
    return this.txHost.tx.find(Instructor, {
      where: { active: true },
      order: { sortOrder: 'ASC', name: 'ASC', id: 'ASC' },
    });
  }

  byId(id: number): Promise<Instructor | null> {
    return this.txHost.tx.findOneBy(Instructor, { id });
  }

  bySlug(slug: string): Promise<Instructor | null> {
    return this.txHost.tx.findOneBy(Instructor, { slug });
  }

  byUser(userId: number): Promise<Instructor | null> {
    return this.txHost.tx.findOneBy(Instructor, { userId });
  }

  /** The slugs that start like `base` (base, base-2, …), but `exceptId`'s. */
  async slugsLike(base: string, exceptId?: number): Promise<Set<string>> {
    const rows = await this.txHost.tx
      .createQueryBuilder(Instructor, 'i')
      .select('i.slug', 'slug')
      .where('(i.slug = :base OR i.slug LIKE :prefix)', { base, prefix: `${base}-%` })
      .andWhere(exceptId === undefined ? '1 = 1' : 'i.id <> :exceptId', { exceptId })
      .getRawMany<{ slug: string }>();
    return new Set(rows.map((row) => row.slug));
  }

  /** The emails of the accounts linked to these profiles' user ids. */
  async emailsOf(userIds: number[]): Promise<Map<number, string>> {
    if (userIds.length === 0) return new Map();
    const rows: { id: unknown; email: string }[] = await this.txHost.tx.query(
      `SELECT id, email FROM users WHERE id IN (${userIds.map(() => '?').join(', ')})`,
      userIds,
    );
    return new Map(rows.map((row) => [Number(row.id), row.email]));
  }

  save(instructor: Instructor | Partial<Instructor>): Promise<Instructor> {
    const tx = this.txHost.tx;
    return instructor instanceof Instructor ? tx.save(instructor) : tx.save(tx.create(Instructor, instructor));
  }

  /** Whether another profile than `exceptId` is linked to the account. */
  accountTaken(userId: number, exceptId?: number): Promise<boolean> {
    return this.txHost.tx.existsBy(Instructor, {
      userId,
      ...(exceptId !== undefined ? { id: Not(exceptId) } : {}),
    });
  }

  /**
   * The profile's new name on every timetable entry and class naming it, past ones too: the text
   * columns are the name the day view, Mis clases and the mails read without a join.
   */
  async renameEverywhere(instructorId: number, name: string): Promise<void> {
    await this.txHost.tx.query('UPDATE schedules SET instructor = ? WHERE instructor_id = ?', [name, instructorId]);
    await this.txHost.tx.query('UPDATE class_sessions SET instructor = ? WHERE instructor_id = ?', [
      name,
      instructorId,
    ]);
  }

  /** The active timetable classes the instructor teaches. */
  async schedulesOf(instructorId: number): Promise<TaughtSchedule[]> {
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT id, weekday, start_time AS startTime, duration_minutes AS durationMinutes
         FROM schedules WHERE instructor_id = ? AND active = 1`,
      [instructorId],
    );
    return rows.map((row) => ({
      scheduleId: Number(row.id),
      weekday: Number(row.weekday),
      startTime: String(row.startTime),
      durationMinutes: Number(row.durationMinutes),
    }));
  }

  /**
   * The class rows from `from` to `to` of these timetable classes, or that name the instructor:
   * a cancelled class, or one another instructor teaches, leaves the page; one they teach joins it.
   */
  async classesBetween(instructorId: number, scheduleIds: number[], from: string, to: string): Promise<ClassOfRange[]> {
    const ofSchedules = scheduleIds.length > 0 ? ` OR c.schedule_id IN (${scheduleIds.map(() => '?').join(', ')})` : '';
    const rows: Record<string, unknown>[] = await this.txHost.tx.query(
      `SELECT c.schedule_id AS scheduleId, c.date AS date, c.start_time AS startTime, c.status AS status,
              c.instructor_id AS instructorId, s.duration_minutes AS durationMinutes
         FROM class_sessions c JOIN schedules s ON s.id = c.schedule_id
        WHERE c.date >= ? AND c.date <= ? AND (c.instructor_id = ?${ofSchedules})`,
      [from, to, instructorId, ...scheduleIds],
    );
    return rows.map((row) => ({
      scheduleId: Number(row.scheduleId),
      date: typeof row.date === 'string' ? row.date.slice(0, 10) : String(row.date),
      startTime: String(row.startTime),
      durationMinutes: Number(row.durationMinutes),
      status: String(row.status),
      instructorId: row.instructorId === null || row.instructorId === undefined ? null : Number(row.instructorId),
    }));
  }

  /** Profiles by id (the timetable's select checks one). */
  byIds(ids: number[]): Promise<Instructor[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.txHost.tx.findBy(Instructor, { id: In(ids) });
  }
}
