import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { User } from '../auth/entities';
import { fromDbDatetime } from '../core/database/column-types';
import { ClassSession, Reservation, Schedule } from '../reservations/entities';
import { Instructor } from '../instructors/entities';
import { UserPlan } from '../planes/entities';
import { CoverRequest, type CoverRequestStatus } from './entities';

/** What the door shows of a booked client beside the roster: their plan's classes left, birth date, first class. */
export interface StudentMarkers {
  reservationId: number;
  classesRemaining: number | null;
  birthDate: string;
  firstTime: boolean;
}

/** An open request with its class's time and its instructor's name. */
export interface OpenCoverRow {
  id: number;
  scheduleId: number;
  date: string;
  startTime: string;
  instructorId: number;
  instructor: string;
  note: string | null;
  createdAt: Date;
}

const dateOnly = (value: string | Date): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** The teaching module's statements: the door's markers and the cover requests. */
@Injectable()
export class TeachingRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /**
   * For each reservation: the classes left on the plan it came from (null when paid at the studio),
   * the client's birth date, and whether it is their first class (no active reservation of an
   * earlier date: the walk of ix_reservations_user_class).
   */
  async markersOf(reservationIds: number[]): Promise<Map<number, StudentMarkers>> {
    if (reservationIds.length === 0) return new Map();
    const rows: {
      reservationId: number | string;
      classesRemaining: number | string | null;
      birthDate: string | Date;
      earlier: number | string;
    }[] = await this.txHost.tx
      .createQueryBuilder()
      .select('r.id', 'reservationId')
      .addSelect('up.classes_remaining', 'classesRemaining')
      .addSelect('u.birth_date', 'birthDate')
      .addSelect(
        `CASE WHEN EXISTS (SELECT 1 FROM reservations e WHERE e.user_id = r.user_id AND e.status = 'active'
           AND e.class_date < c.date) THEN 1 ELSE 0 END`,
        'earlier',
      )
      .from(Reservation, 'r')
      .innerJoin(ClassSession, 'c', 'c.id = r.class_session_id')
      .innerJoin(User, 'u', 'u.id = r.user_id')
      .leftJoin(UserPlan, 'up', 'up.id = r.user_plan_id')
      .where('r.id IN (:...ids)', { ids: reservationIds })
      .getRawMany();
    return new Map(
      rows.map((row) => [
        Number(row.reservationId),
        {
          reservationId: Number(row.reservationId),
          classesRemaining: row.classesRemaining === null ? null : Number(row.classesRemaining),
          birthDate: dateOnly(row.birthDate),
          firstTime: Number(row.earlier) === 0,
        },
      ]),
    );
  }

  /** An instructor's requests for classes between two dates, oldest first. */
  requestsOf(instructorId: number, from: string, to: string): Promise<CoverRequest[]> {
    return this.txHost.tx
      .getRepository(CoverRequest)
      .createQueryBuilder('cr')
      .where('cr.instructor_id = :instructorId', { instructorId })
      .andWhere('cr.class_date BETWEEN :from AND :to', { from, to })
      .orderBy('cr.id', 'ASC')
      .getMany();
  }

  /** A timetable entry's start time ('HH:MM'), for the audit log; null for an unknown entry. */
  async startTimeOf(scheduleId: number): Promise<string | null> {
    return (await this.txHost.tx.findOneBy(Schedule, { id: scheduleId }))?.startTime ?? null;
  }

  byId(id: number): Promise<CoverRequest | null> {
    return this.txHost.tx.findOneBy(CoverRequest, { id });
  }

  /** Whether a class has an open request. */
  async openExists(scheduleId: number, date: string): Promise<boolean> {
    return (await this.txHost.tx.countBy(CoverRequest, { scheduleId, classDate: date, openMarker: 1 })) > 0;
  }

  insert(request: Pick<CoverRequest, 'scheduleId' | 'classDate' | 'instructorId' | 'requestedBy' | 'note'>) {
    return this.txHost.tx.save(CoverRequest, this.txHost.tx.create(CoverRequest, { ...request, status: 'open' }));
  }

  /**
   * Closes an open request (approved, declined or withdrawn) by a conditional UPDATE: false when it
   * was no longer open (someone else decided it first).
   */
  async close(
    id: number,
    change: { status: Exclude<CoverRequestStatus, 'open'>; by: number; at: Date; substituteId?: number },
  ): Promise<boolean> {
    const result = await this.txHost.tx
      .createQueryBuilder()
      .update(CoverRequest)
      .set({
        status: change.status,
        openMarker: null,
        decidedBy: change.by,
        decidedAt: change.at,
        ...(change.substituteId !== undefined ? { substituteId: change.substituteId } : {}),
      })
      .where('id = :id AND open_marker = 1', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** The open requests of classes from `fromDate` on, by class date and time, with the asker's name. */
  async openFrom(fromDate: string): Promise<OpenCoverRow[]> {
    const rows: {
      id: number | string;
      scheduleId: number | string;
      date: string | Date;
      startTime: string;
      instructorId: number | string;
      instructor: string;
      note: string | null;
      createdAt: string | Date;
    }[] = await this.txHost.tx
      .createQueryBuilder()
      .select('cr.id', 'id')
      .addSelect('cr.schedule_id', 'scheduleId')
      .addSelect('cr.class_date', 'date')
      .addSelect('s.start_time', 'startTime')
      .addSelect('cr.instructor_id', 'instructorId')
      .addSelect('i.name', 'instructor')
      .addSelect('cr.note', 'note')
      .addSelect('cr.created_at', 'createdAt')
      .from(CoverRequest, 'cr')
      .innerJoin(Schedule, 's', 's.id = cr.schedule_id')
      .innerJoin(Instructor, 'i', 'i.id = cr.instructor_id')
      .where('cr.open_marker = 1')
      .andWhere('cr.class_date >= :fromDate', { fromDate })
      .orderBy('cr.class_date', 'ASC')
      .addOrderBy('s.start_time', 'ASC')
      .addOrderBy('cr.id', 'ASC')
      .getRawMany();
    return rows.map((row) => ({
      id: Number(row.id),
      scheduleId: Number(row.scheduleId),
      date: dateOnly(row.date),
      startTime: row.startTime,
      instructorId: Number(row.instructorId),
      instructor: row.instructor,
      note: row.note,
      createdAt: fromDbDatetime(row.createdAt)!,
    }));
  }
}
