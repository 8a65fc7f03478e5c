import { Injectable } from '@nestjs/common';
import { addDays, isoWeekday } from '@pilates/dates';
import { AuditService } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { StudioClock } from '../core/clock/studio-clock';
import { TransactionService } from '../core/database/transaction.service';
import { InstructorsService } from '../instructors';
import { BookingService } from './booking.service';
import { ClassSessionsService } from './class-sessions.service';
import type { Schedule } from './entities/schedule.entity';
import { ReservationsRepository, type Slot } from './reservations.repository';
import { BookingError, BookingErrorCode } from './reservations.errors';
import { TimetableRepository } from './timetable.repository';

/** How long after the notice the booked clients may cancel a class with a substitute without losing it. */
export const SUBSTITUTE_FREE_CANCEL_HOURS = 24;

/** Who teaches a class on its date: a substitute's profile, or the timetable's instructor again. */
interface ClassInstructor {
  instructorId: number | null;
  instructor: string | null;
  substitute: boolean;
}

export interface SubstitutesResult {
  /** Classes whose instructor this call changed. */
  classes: number;
  /** Booked clients mailed. */
  told: number;
}

/**
 * Substitutes: an admin sets who teaches one class date, or every class of an instructor (or of a
 * timetable entry) between two dates (vacations); null puts the timetable's instructor back. The
 * clients booked in a changed class get «Cambio de instructor» with the updated calendar event and
 * may cancel it without losing the class for 24 hours after the notice, even past the window.
 */
@Injectable()
export class SubstitutesService {
  constructor(
    private readonly timetable: TimetableRepository,
    private readonly sessions: ClassSessionsService,
    private readonly reservations: ReservationsRepository,
    private readonly booking: BookingService,
    private readonly instructors: InstructorsService,
    private readonly audit: AuditService,
    private readonly clock: StudioClock,
    private readonly transactions: TransactionService,
  ) {}

  /** One class date: refuses a date the class does not run, a cancelled or started class, an unavailable instructor. */
  async setForDate(
    admin: Caller,
    scheduleId: number,
    date: string,
    substituteId: number | null,
  ): Promise<SubstitutesResult> {
    const schedule = await this.timetable.byId(scheduleId);
    if (!schedule) throw new BookingError(BookingErrorCode.SCHEDULE_NOT_FOUND);
    const slot = await this.sessions.slotOf(scheduleId, date);
    if (slot.cancelled) throw new BookingError(BookingErrorCode.CLASS_CANCELLED);
    if (this.clock.hasStarted(slot.date, slot.startTime)) throw new BookingError(BookingErrorCode.CLASS_STARTED);
    const substitute = await this.substituteOf(substituteId);
    return this.apply(admin, [{ slot, schedule }], substitute);
  }

  /**
   * Every class between two dates of a regular instructor (their timetable entries) and/or of one
   * timetable entry; cancelled and started classes are left as they are.
   */
  async setForRange(
    admin: Caller,
    range: { from: string; to: string; instructorId?: number; scheduleId?: number },
    substituteId: number | null,
  ): Promise<SubstitutesResult> {
    if (range.scheduleId === undefined && range.instructorId === undefined) {
      throw new BookingError(BookingErrorCode.SUBSTITUTE_RANGE_UNSCOPED);
    }
    if (range.scheduleId !== undefined && !(await this.timetable.byId(range.scheduleId))) {
      throw new BookingError(BookingErrorCode.SCHEDULE_NOT_FOUND);
    }
    const substitute = await this.substituteOf(substituteId);
    const schedules = (await this.timetable.list()).filter(
      (s) =>
        s.active &&
        (range.scheduleId === undefined || s.id === range.scheduleId) &&
        (range.instructorId === undefined || s.instructorId === range.instructorId),
    );
    const classes: { slot: Slot; schedule: Schedule }[] = [];
    for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
      const ofDay = schedules.filter((s) => s.weekday === isoWeekday(date));
      if (ofDay.length === 0) continue;
      const slots = await this.reservations.slotsOn(date);
      for (const schedule of ofDay) {
        const slot = slots.find((s) => s.scheduleId === schedule.id);
        if (!slot || slot.cancelled || this.clock.hasStarted(slot.date, slot.startTime)) continue;
        classes.push({ slot, schedule });
      }
    }
    return this.apply(admin, classes, substitute);
  }

  /** An active profile (INSTRUCTOR_NOT_AVAILABLE otherwise), or null: back to the timetable's. */
  private async substituteOf(id: number | null): Promise<{ id: number; name: string } | null> {
    if (id === null) return null;
    const profile = await this.instructors.availableForClasses(id);
    return { id: profile.id, name: profile.name };
  }

  private async apply(
    admin: Caller,
    classes: { slot: Slot; schedule: Schedule }[],
    substitute: { id: number; name: string } | null,
  ): Promise<SubstitutesResult> {
    const changes: { slot: Slot; classId: number; next: ClassInstructor }[] = [];
    for (const { slot, schedule } of classes) {
      // The timetable's own instructor is no substitute: naming them puts the class back.
      const next: ClassInstructor =
        substitute && substitute.id !== schedule.instructorId
          ? { instructorId: substitute.id, instructor: substitute.name, substitute: true }
          : { instructorId: schedule.instructorId, instructor: schedule.instructor, substitute: false };
      if (slot.instructorId === next.instructorId && slot.substitute === next.substitute) continue;
      // The class row for the date, made now if nobody booked it yet (its own short transaction).
      changes.push({ slot, classId: await this.sessions.ensureSession(slot), next });
    }
    if (changes.length === 0) return { classes: 0, told: 0 };
    return this.transactions.run(async () => {
      const now = this.clock.now();
      const freeUntil = new Date(now.getTime() + SUBSTITUTE_FREE_CANCEL_HOURS * 3_600_000);
      const before = new Map<number, { startTime: string; instructor: string | null }>();
      for (const { slot, classId, next } of changes) {
        await this.reservations.setClassInstructor([classId], next);
        before.set(classId, { startTime: slot.startTime, instructor: slot.instructor });
        await this.audit.record(admin, {
          action: 'class.substitute',
          entityType: 'class',
          entityId: classId,
          before: { date: slot.date, time: slot.startTime, instructor: slot.instructor, substitute: slot.substitute },
          after: { instructor: next.instructor, substitute: next.substitute },
        });
      }
      const classIds = [...before.keys()];
      await this.reservations.extendCancelGrace(classIds, freeUntil);
      const told = await this.booking.tellClassesChanged(before, {
        reason: 'substitute',
        cancelFreeUntil: freeUntil.toISOString(),
      });
      return { classes: changes.length, told };
    });
  }
}
