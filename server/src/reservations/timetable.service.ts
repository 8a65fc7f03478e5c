import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { to12Hour, WEEKDAY_NAMES } from '@pilates/dates';
import { DataSource, EntityManager, Not } from 'typeorm';
import type { User } from '../auth/entities/user.entity';
import { AuditService, changedValues } from '../core/audit/audit.service';
import { TransactionService } from '../core/database/transaction.service';
import { BookingService } from './booking.service';
import { ClassSessionsService } from './class-sessions.service';
import type { AddScheduleDto, ChangeScheduleDto, ScheduleDto } from './dto/timetable.dto';
import { ClassSession } from './entities/class-session.entity';
import { Schedule } from './entities/schedule.entity';
import { BookingError, BookingErrorCode } from './reservations.errors';

export function toScheduleDto(schedule: Schedule): ScheduleDto {
  return {
    id: schedule.id,
    weekday: schedule.weekday,
    dayName: WEEKDAY_NAMES[schedule.weekday],
    startTime: schedule.startTime,
    time: to12Hour(schedule.startTime),
    capacity: schedule.capacity,
    instructor: schedule.instructor,
    active: schedule.active,
  };
}

const scheduleSnapshot = (schedule: Schedule) => ({
  weekday: schedule.weekday,
  startTime: schedule.startTime,
  capacity: schedule.capacity,
  instructor: schedule.instructor,
});

/**
 * The weekly timetable (admin "Horario"). A change applies to the classes that have not started:
 * their rows take the new time, capacity and instructor; past classes keep what they were.
 */
@Injectable()
export class TimetableService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tx: TransactionService,
    private readonly sessions: ClassSessionsService,
    private readonly booking: BookingService,
    private readonly audit: AuditService,
  ) {}

  list(): Promise<Schedule[]> {
    return this.dataSource.manager.find(Schedule, { order: { weekday: 'ASC', startTime: 'ASC', id: 'ASC' } });
  }

  add(admin: User, dto: AddScheduleDto): Promise<Schedule> {
    return this.tx.run(async (manager) => {
      await this.refuseTakenTime(manager, dto.weekday, dto.startTime);
      const schedule = manager.create(Schedule, {
        weekday: dto.weekday,
        startTime: dto.startTime,
        capacity: dto.capacity,
        instructor: dto.instructor ?? null,
        active: true,
      });
      const saved = await manager.save(schedule);
      await this.audit.record(manager, admin, {
        action: 'schedule.create',
        entityType: 'schedule',
        entityId: saved.id,
        after: scheduleSnapshot(saved),
      });
      return saved;
    });
  }

  change(admin: User, dto: ChangeScheduleDto): Promise<Schedule> {
    return this.tx.run(async (manager) => {
      const schedule = await this.find(manager, dto.id);
      if (dto.startTime !== undefined && dto.startTime !== schedule.startTime && schedule.active) {
        await this.refuseTakenTime(manager, schedule.weekday, dto.startTime, schedule.id);
      }
      const instructor = dto.instructor === undefined ? undefined : dto.instructor.trim() || null;
      const changes: Partial<ClassSession> = {};
      if (dto.startTime !== undefined) changes.startTime = dto.startTime;
      if (dto.capacity !== undefined) changes.capacity = dto.capacity;
      if (instructor !== undefined) changes.instructor = instructor;
      if (Object.keys(changes).length === 0) return schedule;

      const [future, params] = this.sessions.futureCondition('class_sessions');
      if (dto.capacity !== undefined) {
        // Never below the places already taken: the update skips such classes, then refuses the change.
        const crowded = await manager
          .createQueryBuilder(ClassSession, 'class_sessions')
          .select('MAX(class_sessions.reserved_count)', 'max')
          .where('class_sessions.schedule_id = :id AND class_sessions.reserved_count > :capacity', {
            id: schedule.id,
            capacity: dto.capacity,
          })
          .andWhere(future, params)
          .getRawOne<{ max: number | null }>();
        if (crowded?.max !== null && crowded?.max !== undefined) {
          throw new BookingError(
            BookingErrorCode.CAPACITY_BELOW_RESERVED,
            `(una clase próxima ya tiene ${Number(crowded.max)} lugares reservados).`,
          );
        }
      }
      const update = manager
        .createQueryBuilder()
        .update(ClassSession)
        .set(changes)
        .where('schedule_id = :id', { id: schedule.id })
        .andWhere(future, params);
      if (dto.capacity !== undefined) update.andWhere('reserved_count <= :capacity', { capacity: dto.capacity });
      await update.execute();
      const before = scheduleSnapshot(schedule);
      Object.assign(schedule, changes);
      const saved = await manager.save(schedule);
      const diff = changedValues(before, scheduleSnapshot(saved));
      if (diff) {
        await this.audit.record(manager, admin, {
          action: 'schedule.update',
          entityType: 'schedule',
          entityId: saved.id,
          ...diff,
        });
      }
      return saved;
    });
  }

  /**
   * Takes a class out of the timetable. Its classes that people booked and that have not started
   * are cancelled as the studio cancels one class: places returned, clients emailed.
   */
  async deactivate(admin: User, id: number): Promise<{ schedule: Schedule; cancelledReservations: number }> {
    const schedule = await this.tx.run(async (manager) => {
      const found = await this.find(manager, id);
      if (found.active) {
        found.active = false;
        await manager.save(found);
        await this.audit.record(manager, admin, {
          action: 'schedule.deactivate',
          entityType: 'schedule',
          entityId: found.id,
          before: { active: true },
          after: { active: false },
        });
      }
      return found;
    });
    const [future, params] = this.sessions.futureCondition('c');
    const booked = await this.dataSource.manager
      .createQueryBuilder(ClassSession, 'c')
      .where("c.schedule_id = :id AND c.status = 'scheduled' AND c.reserved_count > 0", { id })
      .andWhere(future, params)
      .getMany();
    let cancelledReservations = 0;
    for (const session of booked) {
      cancelledReservations += await this.booking.cancelClass(admin, id, session.date);
    }
    return { schedule, cancelledReservations };
  }

  activate(admin: User, id: number): Promise<Schedule> {
    return this.tx.run(async (manager) => {
      const schedule = await this.find(manager, id);
      if (schedule.active) return schedule;
      await this.refuseTakenTime(manager, schedule.weekday, schedule.startTime, schedule.id);
      schedule.active = true;
      const saved = await manager.save(schedule);
      await this.audit.record(manager, admin, {
        action: 'schedule.activate',
        entityType: 'schedule',
        entityId: saved.id,
        before: { active: false },
        after: { active: true },
      });
      return saved;
    });
  }

  private async find(manager: EntityManager, id: number): Promise<Schedule> {
    const schedule = await manager.findOneBy(Schedule, { id });
    if (!schedule) throw new BookingError(BookingErrorCode.SCHEDULE_NOT_FOUND);
    return schedule;
  }

  /** Two active classes at the same weekday and time would be one reformer room booked twice. */
  private async refuseTakenTime(manager: EntityManager, weekday: number, startTime: string, exceptId?: number) {
    const taken = await manager.findOneBy(Schedule, {
      weekday,
      startTime,
      active: true,
      ...(exceptId !== undefined ? { id: Not(exceptId) } : {}),
    });
    if (taken) throw new BookingError(BookingErrorCode.SCHEDULE_TIME_TAKEN);
  }
}
