import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Not } from 'typeorm';
import { ClassSession } from './entities/class-session.entity';
import { Schedule } from './entities/schedule.entity';
import type { StudioNow } from './reservations.repository';

/** SQL condition (on alias `c`) for classes that have not started, with its parameters. */
function notStarted(alias: string, now: StudioNow): [string, Record<string, string>] {
  return [
    `(${alias}.date > :futureToday OR (${alias}.date = :futureToday AND ${alias}.start_time > :futureTime))`,
    { futureToday: now.today, futureTime: now.timeOfDay },
  ];
}

/** All SQL of the weekly timetable and of its classes' rows when it changes. */
@Injectable()
export class TimetableRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  list(): Promise<Schedule[]> {
    return this.txHost.tx.find(Schedule, {
      relations: { classType: true },
      order: { weekday: 'ASC', startTime: 'ASC', id: 'ASC' },
    });
  }

  byId(id: number): Promise<Schedule | null> {
    return this.txHost.tx.findOne(Schedule, { where: { id }, relations: { classType: true } });
  }

  /** Whether another active timetable class takes that weekday and time. */
  activeAtTime(weekday: number, startTime: string, exceptId?: number): Promise<boolean> {
    return this.txHost.tx.existsBy(Schedule, {
      weekday,
      startTime,
      active: true,
      ...(exceptId !== undefined ? { id: Not(exceptId) } : {}),
    });
  }

  save(schedule: Schedule | Partial<Schedule>): Promise<Schedule> {
    const tx = this.txHost.tx;
    return schedule instanceof Schedule ? tx.save(schedule) : tx.save(tx.create(Schedule, schedule));
  }

  /** The most places taken in a class of the schedule that has not started, among those above `capacity`. */
  async mostReservedAbove(scheduleId: number, capacity: number, now: StudioNow): Promise<number | null> {
    const [future, params] = notStarted('class_sessions', now);
    const crowded = await this.txHost.tx
      .createQueryBuilder(ClassSession, 'class_sessions')
      .select('MAX(class_sessions.reserved_count)', 'max')
      .where('class_sessions.schedule_id = :id AND class_sessions.reserved_count > :capacity', {
        id: scheduleId,
        capacity,
      })
      .andWhere(future, params)
      .getRawOne<{ max: number | null }>();
    return crowded?.max === null || crowded?.max === undefined ? null : Number(crowded.max);
  }

  /** Applies a timetable change to the schedule's classes that have not started (never below their places taken). */
  async changeUpcomingClasses(
    scheduleId: number,
    changes: Partial<Pick<ClassSession, 'startTime' | 'capacity' | 'instructorId' | 'instructor'>>,
    now: StudioNow,
  ): Promise<void> {
    const [future, params] = notStarted('class_sessions', now);
    // A date with a substitute keeps them: the timetable's new instructor reaches the other dates.
    const { instructorId, instructor, ...rest } = changes;
    if (instructorId !== undefined || instructor !== undefined) {
      await this.txHost.tx
        .createQueryBuilder()
        .update(ClassSession)
        .set({ instructorId, instructor })
        .where('schedule_id = :id AND substitute = 0', { id: scheduleId })
        .andWhere(future, params)
        .execute();
    }
    if (Object.keys(rest).length === 0) return;
    const update = this.txHost.tx
      .createQueryBuilder()
      .update(ClassSession)
      .set(rest)
      .where('schedule_id = :id', { id: scheduleId })
      .andWhere(future, params);
    if (rest.capacity !== undefined) update.andWhere('reserved_count <= :capacity', { capacity: rest.capacity });
    await update.execute();
  }

  /** The schedule's scheduled classes that people booked and that have not started. */
  bookedUpcomingClasses(scheduleId: number, now: StudioNow): Promise<ClassSession[]> {
    const [future, params] = notStarted('c', now);
    return this.txHost.tx
      .createQueryBuilder(ClassSession, 'c')
      .where("c.schedule_id = :id AND c.status = 'scheduled' AND c.reserved_count > 0", { id: scheduleId })
      .andWhere(future, params)
      .getMany();
  }
}
