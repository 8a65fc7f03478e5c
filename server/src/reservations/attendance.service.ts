import { Injectable } from '@nestjs/common';
import { AuditService } from '../core/audit/audit.service';
import { access } from '../core/auth/access';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { StudioClock } from '../core/clock/studio-clock';
import { TransactionService } from '../core/database/transaction.service';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import { isUniqueViolation } from '../core/errors/database-errors';
import { InstructorsService } from '../instructors';
import { SpotAssigner, type SpotRef } from '../sala';
import { ClassSessionsService } from './class-sessions.service';
import { PlanChooser } from './plan-chooser';
import { ReservationsRepository, type AttendanceCounts, type Slot } from './reservations.repository';
import { BookingError, BookingErrorCode } from './reservations.errors';
import { WaitlistRepository } from './waitlist.repository';
import { WaitlistService } from './waitlist.service';

/** Attendance can be marked from the class's start until this long after it. */
export const ATTENDANCE_WINDOW_DAYS = 7;
const DAY_MS = 24 * 3600_000;

/** A class a walk-in can join: its slot and its class row's id. */
export interface WalkInClass {
  slot: Slot;
  classId: number;
}

export interface WalkInPlace {
  reservationId: number;
  /** The plan the class came from; null when it is paid at the studio. */
  userPlanId: number | null;
  /** The reformer it holds. */
  spot: SpotRef;
}

/**
 * The door of the studio: marking who came, and adding clients who arrive without a reservation
 * (walk-ins) through the booking rules.
 */
@Injectable()
export class AttendanceService {
  constructor(
    private readonly reservations: ReservationsRepository,
    private readonly sessions: ClassSessionsService,
    readonly transactions: TransactionService,
    private readonly clock: StudioClock,
    private readonly audit: AuditService,
    private readonly chooser: PlanChooser,
    private readonly waitlist: WaitlistService,
    private readonly waitlists: WaitlistRepository,
    private readonly spots: SpotAssigner,
    private readonly settings: StudioSettingsService,
    private readonly instructors: InstructorsService,
  ) {}

  /**
   * The door of one class: the roles holding `permission` act on any class; an instructor on the
   * classes they teach (the class's instructor on that date is the profile linked to their account,
   * a substitute's when one teaches it). 403 otherwise.
   */
  async requireAtTheDoor(caller: Caller, permission: Permission, instructorId: number | null): Promise<void> {
    if (access.can(caller, permission)) return;
    access.require(caller, permission, { teacherId: await this.instructors.accountOf(instructorId) });
  }

  /** Whether attendance of a class on `date` at `time` can be marked now: from its start, for 7 days. */
  canMark(date: string, time: string): boolean {
    const start = this.clock.startOf(date, time).getTime();
    const now = this.clock.now().getTime();
    return now >= start && now <= start + ATTENDANCE_WINDOW_DAYS * DAY_MS;
  }

  /** Whether a walk-in can still join a class: until it ends (start plus its duration). */
  canWalkIn(slot: Pick<Slot, 'date' | 'startTime' | 'durationMinutes' | 'cancelled'>): boolean {
    return !slot.cancelled && this.clock.now().getTime() < this.endOf(slot).getTime();
  }

  /**
   * mark-attendance: whether the client of an active reservation came. Marking the value it already
   * holds changes nothing and writes no audit entry (returns false); a change of mind inside the
   * window is a change (audited with before and after).
   */
  async mark(admin: Caller, reservationId: number, attended: boolean): Promise<boolean> {
    const info = await this.reservations.reservationById(reservationId);
    if (!info) throw new BookingError(BookingErrorCode.RESERVATION_NOT_FOUND);
    await this.requireAtTheDoor(
      admin,
      Permission.AttendanceMark,
      await this.reservations.instructorOfClass(info.classSessionId),
    );
    if (info.status !== 'active') throw new BookingError(BookingErrorCode.RESERVATION_CANCELLED);
    const start = this.clock.startOf(info.date, info.startTime).getTime();
    const now = this.clock.now();
    if (now.getTime() < start) throw new BookingError(BookingErrorCode.ATTENDANCE_TOO_EARLY);
    if (now.getTime() > start + ATTENDANCE_WINDOW_DAYS * DAY_MS) {
      throw new BookingError(BookingErrorCode.ATTENDANCE_CLOSED);
    }
    if (info.attended === attended) return false;
    return this.transactions.run(async () => {
      if (!(await this.reservations.markAttendance(reservationId, { attended, by: admin.id, at: now }))) {
        // Between the read and the write: cancelled, or another admin marked the same value.
        const current = await this.reservations.reservationById(reservationId);
        if (current?.status !== 'active') throw new BookingError(BookingErrorCode.RESERVATION_CANCELLED);
        return false;
      }
      await this.audit.record(admin, {
        action: 'reservation.attendance',
        entityType: 'reservation',
        entityId: reservationId,
        subjectUserId: info.userId,
        before: { attended: info.attended, date: info.date, time: info.startTime },
        after: { attended },
      });
      return true;
    });
  }

  /** Each of `userIds`' attendance and no-shows (zero for those with nothing marked). */
  async countsOf(userIds: number[]): Promise<Map<number, AttendanceCounts>> {
    return this.reservations.attendanceCountsOf(userIds);
  }

  /**
   * The class a walk-in joins, refused when it does not run that date (404), is not the caller's to
   * run (403: neither the walk-ins permission nor teaching it), was cancelled or has ended; its
   * class row is created on first need (outside the booking's transaction, as booking does).
   */
  async walkInClass(caller: Caller, scheduleId: number, date: string): Promise<WalkInClass> {
    const slot = await this.sessions.slotOf(scheduleId, date);
    await this.requireAtTheDoor(caller, Permission.WalkInsAdd, slot.instructorId);
    if (slot.cancelled) throw new BookingError(BookingErrorCode.CLASS_CANCELLED);
    if (!this.canWalkIn(slot)) throw new BookingError(BookingErrorCode.WALK_IN_CLOSED);
    return { slot, classId: await this.sessions.ensureSession(slot) };
  }

  /**
   * A walk-in's place, inside the caller's transaction: the class row is locked first; a place must
   * be free (below capacity, and until the waitlist's cutoff nobody waiting: a freed place is the
   * line's); the class comes from the client's plan covering the date (the booking's PlanChooser)
   * or, with none, is paid at the studio. The reformer asked for (`spotId`) is refused as a booking's
   * is (SPOT_TAKEN, SPOT_OUT_OF_SERVICE, SPOT_UNKNOWN); without one, "Cualquiera" picks. Audited.
   */
  async walkInInside(
    admin: Caller,
    target: WalkInClass & { userId: number; spotId?: number | null },
  ): Promise<WalkInPlace> {
    const { slot, classId, userId, spotId } = target;
    await this.waitlists.lockClass(classId);
    if (await this.reservations.activeReservationExists(classId, userId)) {
      throw new BookingError(BookingErrorCode.ALREADY_BOOKED);
    }
    const waitlistFirst = !(await this.waitlist.pastCutoff(slot.date, slot.startTime));
    if (!(await this.reservations.takePlace(classId, waitlistFirst, { userId, now: this.clock.now() }))) {
      throw new BookingError(await this.whyNoPlace(classId, waitlistFirst));
    }
    const userPlanId = await this.planFor(userId, slot);
    // The walk-in is sold with the cancellation window in force (the owner's settings).
    const { cancelHours } = await this.settings.current();
    try {
      // The reformer the admin chose, or one as "Cualquiera" picks it (they may move them on the roster).
      const { result: reservationId, spot } = await this.spots.place({ classId, userId, spotId }, (id) =>
        this.reservations.insertReservation({
          classId,
          userId,
          userPlanId,
          spotId: id,
          cancelHours,
          bookedAt: this.clock.now(),
        }),
      );
      await this.audit.record(admin, {
        action: 'reservation.walk_in',
        entityType: 'reservation',
        entityId: reservationId,
        subjectUserId: userId,
        after: {
          date: slot.date,
          time: slot.startTime,
          userPlanId,
          paidAtStudio: userPlanId === null,
          spot: spot.label,
        },
      });
      return { reservationId, userPlanId, spot };
    } catch (error) {
      if (isUniqueViolation(error)) throw new BookingError(BookingErrorCode.ALREADY_BOOKED);
      throw error;
    }
  }

  private endOf(slot: Pick<Slot, 'date' | 'startTime' | 'durationMinutes'>): Date {
    return new Date(this.clock.startOf(slot.date, slot.startTime).getTime() + slot.durationMinutes * 60_000);
  }

  /**
   * A plan covering the date and the class's type gives the class (PlanChooser's order); with none,
   * the studio is paid (null), as for a client without a plan.
   */
  private async planFor(userId: number, slot: Pick<Slot, 'date' | 'classType'>): Promise<number | null> {
    try {
      return await this.chooser.takeClass(userId, slot.date, slot.classType);
    } catch (error) {
      if (
        error instanceof BookingError &&
        (error.code === BookingErrorCode.NO_CLASSES_LEFT ||
          error.code === BookingErrorCode.DATE_OUT_OF_PLAN ||
          error.code === BookingErrorCode.CLASS_TYPE_NOT_IN_PLAN)
      ) {
        return null;
      }
      throw error;
    }
  }

  private async whyNoPlace(classId: number, waitlistFirst: boolean): Promise<BookingErrorCode> {
    const klass = await this.waitlists.classById(classId);
    if (!klass || klass.status === 'cancelled') return BookingErrorCode.CLASS_CANCELLED;
    if (klass.reservedCount >= klass.capacity) return BookingErrorCode.CLASS_FULL;
    return waitlistFirst ? BookingErrorCode.WALK_IN_WAITLIST : BookingErrorCode.CLASS_FULL;
  }
}
