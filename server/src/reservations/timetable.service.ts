import { Injectable } from '@nestjs/common';
import { AuditService, changedValues } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { StudioClock } from '../core/clock/studio-clock';
import { InTransaction } from '../core/database/in-transaction.decorator';
import { TransactionService } from '../core/database/transaction.service';
import { ClassTypesService } from '../class-types';
import { InstructorsService } from '../instructors';
import { SalaService } from '../sala';
import { BookingService } from './booking.service';
import { classTypeLabel } from './dto/reservations.mappers';
import type { AddScheduleDto, ChangeScheduleDto } from './dto/timetable.dto';
import type { ClassSession } from './entities/class-session.entity';
import type { Schedule } from './entities/schedule.entity';
import type { StudioNow } from './reservations.repository';
import { TimetableRepository } from './timetable.repository';
import { WaitlistService } from './waitlist.service';
import { BookingError, BookingErrorCode } from './reservations.errors';

const scheduleSnapshot = (schedule: Schedule) => ({
  weekday: schedule.weekday,
  startTime: schedule.startTime,
  capacity: schedule.capacity,
  instructor: schedule.instructor,
  classType: schedule.classType?.name,
  durationMinutes: schedule.durationMinutes,
});

/**
 * The weekly timetable (admin "Horario"). A change applies to the classes that have not started:
 * their rows take the new time, capacity and instructor; past classes keep what they were.
 */
@Injectable()
export class TimetableService {
  constructor(
    private readonly timetable: TimetableRepository,
    readonly transactions: TransactionService,
    private readonly clock: StudioClock,
    private readonly booking: BookingService,
    private readonly audit: AuditService,
    private readonly waitlist: WaitlistService,
    private readonly sala: SalaService,
    private readonly instructors: InstructorsService,
    private readonly classTypes: ClassTypesService,
  ) {}

  list(): Promise<Schedule[]> {
    return this.timetable.list();
  }

  @InTransaction()
  async add(admin: Caller, dto: AddScheduleDto): Promise<Schedule> {
    await this.refuseTakenTime(dto.weekday, dto.startTime);
    // The type chosen, or the studio's first; the entry lasts as its type unless told otherwise.
    const classType =
      dto.classTypeId !== undefined
        ? await this.classTypes.availableForClasses(dto.classTypeId)
        : await this.classTypes.firstForClasses();
    const saved = await this.timetable.save({
      weekday: dto.weekday,
      startTime: dto.startTime,
      capacity: dto.capacity,
      durationMinutes: dto.durationMinutes ?? classType.durationMinutes,
      classTypeId: classType.id,
      classType,
      ...(await this.instructorOf(dto.instructorId ?? null)),
      active: true,
    });
    await this.audit.record(admin, {
      action: 'schedule.create',
      entityType: 'schedule',
      entityId: saved.id,
      after: scheduleSnapshot(saved),
    });
    return saved;
  }

  async change(admin: Caller, dto: ChangeScheduleDto): Promise<Schedule> {
    return this.transactions.run(async () => {
      const schedule = await this.find(dto.id);
      if (dto.startTime !== undefined && dto.startTime !== schedule.startTime && schedule.active) {
        await this.refuseTakenTime(schedule.weekday, dto.startTime, schedule.id);
      }
      const changes: Partial<ClassSession> = {};
      if (dto.startTime !== undefined) changes.startTime = dto.startTime;
      if (dto.capacity !== undefined) changes.capacity = dto.capacity;
      // The same instructor again is no change (an inactive one stays on the classes they had).
      if (dto.instructorId !== undefined && dto.instructorId !== schedule.instructorId) {
        Object.assign(changes, await this.instructorOf(dto.instructorId));
      }
      // The type and the duration are the timetable's alone (the day view reads them from it).
      const own: Partial<Schedule> = {};
      if (dto.classTypeId !== undefined && dto.classTypeId !== schedule.classTypeId) {
        const classType = await this.classTypes.availableForClasses(dto.classTypeId);
        Object.assign(own, { classTypeId: classType.id, classType });
      }
      if (dto.durationMinutes !== undefined && dto.durationMinutes !== schedule.durationMinutes) {
        own.durationMinutes = dto.durationMinutes;
      }
      if (Object.keys(changes).length === 0 && Object.keys(own).length === 0) return schedule;

      const now = this.studioNow();
      // A class's places never outnumber the room's reformers in service.
      const classChanges = { ...changes };
      if (dto.capacity !== undefined) classChanges.capacity = Math.min(dto.capacity, await this.sala.liveCount());
      if (classChanges.capacity !== undefined) {
        // Never below the places already taken: the update skips such classes, then refuses the change.
        const crowded = await this.timetable.mostReservedAbove(schedule.id, classChanges.capacity, now);
        if (crowded !== null) {
          throw new BookingError(
            BookingErrorCode.CAPACITY_BELOW_RESERVED,
            `(una clase próxima ya tiene ${crowded} lugares reservados).`,
          );
        }
      }
      // A new time, instructor, type or duration: the clients booked in the coming classes are told,
      // with the updated event (its DTSTART, DTEND or SUMMARY changed: one revision up).
      const timeMoved = changes.startTime !== undefined && changes.startTime !== schedule.startTime;
      const retyped = Object.keys(own).length > 0;
      const moved = timeMoved || retyped || 'instructorId' in changes;
      // A date with a substitute keeps them: only a new time, type or duration changes it.
      const booked = moved
        ? (await this.timetable.bookedUpcomingClasses(schedule.id, now)).filter(
            (c) => timeMoved || retyped || !c.substitute,
          )
        : [];
      await this.timetable.changeUpcomingClasses(schedule.id, classChanges, now);
      const before = scheduleSnapshot(schedule);
      const typeBefore = schedule.classType ? classTypeLabel(schedule.classType) : undefined;
      Object.assign(schedule, changes, own);
      // Saved before the mails: they read the class's type and duration from the timetable.
      const saved = await this.timetable.save(schedule);
      if (booked.length > 0) {
        await this.booking.tellClassesChanged(
          new Map(
            booked.map((klass) => [
              klass.id,
              {
                startTime: klass.startTime,
                instructor: klass.instructor,
                durationMinutes: before.durationMinutes,
                ...(typeBefore ? { classType: typeBefore } : {}),
              },
            ]),
          ),
        );
      }
      // Dates with a reformer out of service have fewer still.
      if (dto.capacity !== undefined) await this.sala.capToService();
      // More places: the classes' waitlists fill them, in the same transaction.
      if (dto.capacity !== undefined) await this.waitlist.fillScheduleClasses(schedule.id, now);
      const diff = changedValues(before, scheduleSnapshot(saved));
      if (diff) {
        await this.audit.record(admin, {
          action: 'schedule.update',
          entityType: 'schedule',
          entityId: saved.id,
          // Which class of the week it was, for the audit page, whether that changed or not.
          before: { weekday: before.weekday, startTime: before.startTime, ...diff.before },
          after: diff.after,
        });
      }
      return saved;
    });
  }

  /**
   * Takes a class out of the timetable. Its classes that people booked and that have not started
   * are cancelled as the studio cancels one class: places returned, clients emailed.
   */
  async deactivate(admin: Caller, id: number): Promise<{ schedule: Schedule; cancelledReservations: number }> {
    const schedule = await this.transactions.run(async () => {
      const found = await this.find(id);
      if (found.active) {
        found.active = false;
        await this.timetable.save(found);
        await this.audit.record(admin, {
          action: 'schedule.deactivate',
          entityType: 'schedule',
          entityId: found.id,
          // Which class of the week, for the audit page.
          before: { active: true, weekday: found.weekday, startTime: found.startTime },
          after: { active: false },
        });
      }
      return found;
    });
    const booked = await this.timetable.bookedUpcomingClasses(id, this.studioNow());
    let cancelledReservations = 0;
    for (const session of booked) {
      cancelledReservations += await this.booking.cancelClass(admin, id, session.date);
    }
    return { schedule, cancelledReservations };
  }

  @InTransaction()
  async activate(admin: Caller, id: number): Promise<Schedule> {
    const schedule = await this.find(id);
    if (schedule.active) return schedule;
    await this.refuseTakenTime(schedule.weekday, schedule.startTime, schedule.id);
    schedule.active = true;
    const saved = await this.timetable.save(schedule);
    await this.audit.record(admin, {
      action: 'schedule.activate',
      entityType: 'schedule',
      entityId: saved.id,
      before: { active: false, weekday: saved.weekday, startTime: saved.startTime },
      after: { active: true },
    });
    return saved;
  }

  /** The profile's id and name for a timetable row: an active profile (400 otherwise), or none. */
  private async instructorOf(id: number | null): Promise<Pick<Schedule, 'instructorId' | 'instructor'>> {
    if (id === null) return { instructorId: null, instructor: null };
    const profile = await this.instructors.availableForClasses(id);
    return { instructorId: profile.id, instructor: profile.name };
  }

  private studioNow(): StudioNow {
    const now = this.clock.now();
    return { today: this.clock.today(now), timeOfDay: this.clock.timeOfDay(now) };
  }

  private async find(id: number): Promise<Schedule> {
    const schedule = await this.timetable.byId(id);
    if (!schedule) throw new BookingError(BookingErrorCode.SCHEDULE_NOT_FOUND);
    return schedule;
  }

  /** Two active classes at the same weekday and time would be one reformer room booked twice. */
  private async refuseTakenTime(weekday: number, startTime: string, exceptId?: number) {
    if (await this.timetable.activeAtTime(weekday, startTime, exceptId))
      throw new BookingError(BookingErrorCode.SCHEDULE_TIME_TAKEN);
  }
}
