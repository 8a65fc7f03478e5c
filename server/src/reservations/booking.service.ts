import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { to12Hour, weekdayName } from '@pilates/dates';
import { DataSource, EntityManager } from 'typeorm';
import { User } from '../auth/entities/user.entity';
import { AuditService } from '../core/audit/audit.service';
import { Clock } from '../core/clock/clock';
import { pageOf } from '../core/dto/pagination.dto';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import { isUniqueViolation } from '../core/errors/database-errors';
import { TransactionService } from '../core/database/transaction.service';
import { UserPlan } from '../planes/entities/user-plan.entity';
import { BookingNotifier } from './booking-notifier.service';
import { ClassSessionsService, type Enrolled, type Slot } from './class-sessions.service';
import type { BookedClass } from './class-calendar';
import type { GetClasesDto, MyClassDto, MyClassesResponseDto } from './dto/my-classes.dto';
import type { PushReservationDto } from './dto/booking.dto';
import type { EnrolledUserDto, RosterSlotDto, SlotDto } from './dto/slots.dto';
import { ClassSession } from './entities/class-session.entity';
import { Reservation } from './entities/reservation.entity';
import { Schedule } from './entities/schedule.entity';
import { BookingError, BookingErrorCode } from './reservations.errors';

export const BOOKED_MESSAGE = '¡Has reservado con éxito!';
const NOBODY = JSON.stringify([{ id: null, name: null }]);

interface MyClassRow {
  id: number;
  date: string;
  startTime: string;
  instructor: string | null;
}

/** A reservation with what a cancellation needs to know about it. */
export interface ReservationInfo {
  id: number;
  userId: number;
  userPlanId: number;
  classSessionId: number;
  status: string;
  date: string;
  startTime: string;
  durationMinutes: number;
  instructor: string | null;
  name: string;
  email: string;
}

/**
 * Booking rules (product-decisions §4). Every count changes through a conditional UPDATE whose
 * affected rows are checked, inside one transaction: no read-then-write race on either driver.
 */
@Injectable()
export class BookingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tx: TransactionService,
    private readonly sessions: ClassSessionsService,
    private readonly notifier: BookingNotifier,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  /** get-information: the date's classes. Names of other clients are shown to admins only. */
  async slotsFor(date: string, caller: User | null): Promise<SlotDto[]> {
    if (!caller) return (await this.sessions.slotsOn(date)).map((slot) => this.toSlotDto(slot, [], null));
    const slots = await this.sessions.slotsWithPeople(date, caller.role === 'admin' ? 'everyone' : caller.id);
    return slots.map((slot) => this.toSlotDto(slot, slot.people, caller));
  }

  /** get-information-clases (admin): the date's classes with everyone enrolled. */
  async rosterFor(date: string, admin: User): Promise<RosterSlotDto[]> {
    const slots = await this.sessions.slotsWithPeople(date, 'everyone');
    return slots.map((slot) => ({
      ...this.toSlotDto(slot, slot.people, admin),
      enrolled: slot.people.map((p): EnrolledUserDto => ({
        reservationId: p.reservationId,
        id: p.id,
        name: p.name,
        email: p.email,
      })),
    }));
  }

  /** push-reservation: rules 1–5 of product-decisions §4, in that order. */
  async book(caller: User, dto: PushReservationDto): Promise<number> {
    const userId = dto.userId ?? caller.id;
    if (userId !== caller.id && caller.role !== 'admin') throw new ApiError(ErrorCode.FORBIDDEN);
    const client = userId === caller.id ? caller : await this.dataSource.manager.findOneBy(User, { id: userId });
    if (!client || !client.active) throw new BookingError(BookingErrorCode.USER_NOT_FOUND);

    // Rule 1: the class runs that date, is not cancelled and has not started.
    const slot = await this.sessions.slotOf(dto.classReservation, dto.date);
    if (slot.cancelled) throw new BookingError(BookingErrorCode.CLASS_CANCELLED);
    if (this.sessions.hasStarted(slot.date, slot.startTime)) throw new BookingError(BookingErrorCode.CLASS_STARTED);
    const classId = await this.sessions.ensureSession(slot);

    const reservationId = await this.tx.run(async (manager) => {
      // Rule 2: one place per client and class (the unique index backs this under races).
      const existing = await manager.findOneBy(Reservation, { classSessionId: classId, userId, status: 'active' });
      if (existing) throw new BookingError(BookingErrorCode.ALREADY_BOOKED);

      // Rules 3–4: the covering plan that ends soonest, then the oldest.
      const planId = await this.takeClassFromPlan(manager, userId, slot.date);

      // Rule 5: a place, only while the class is below capacity and still scheduled.
      const taken = await manager
        .createQueryBuilder()
        .update(ClassSession)
        .set({ reservedCount: () => 'reserved_count + 1' })
        .where("id = :id AND reserved_count < capacity AND status = 'scheduled'", { id: classId })
        .execute();
      if (taken.affected !== 1) {
        const current = await manager.findOneByOrFail(ClassSession, { id: classId });
        throw new BookingError(
          current.status === 'cancelled' ? BookingErrorCode.CLASS_CANCELLED : BookingErrorCode.CLASS_FULL,
        );
      }

      try {
        const inserted = await manager.insert(Reservation, {
          classSessionId: classId,
          userId,
          userPlanId: planId,
          status: 'active',
          activeMarker: 1,
        });
        const id = Number(inserted.identifiers[0].id);
        if (userId !== caller.id) {
          await this.audit.record(manager, caller, {
            action: 'reservation.create',
            entityType: 'reservation',
            entityId: id,
            subjectUserId: userId,
            after: { date: slot.date, time: slot.startTime, userPlanId: planId },
          });
        }
        return id;
      } catch (error) {
        if (isUniqueViolation(error)) throw new BookingError(BookingErrorCode.ALREADY_BOOKED);
        throw error;
      }
    });

    this.notifier.bookingConfirmed(client, { ...this.bookedClass(slot), reservationId });
    return reservationId;
  }

  /**
   * A client cancels their own reservation until CANCEL_HOURS before the class; an admin anyone's,
   * at any time. The class returns to the plan it came from. Cancelling twice is not an error.
   * Returns false when it was already cancelled.
   */
  async cancelReservation(caller: User, reservationId: number): Promise<boolean> {
    const info = await this.reservationInfo(reservationId);
    if (!info) throw new BookingError(BookingErrorCode.RESERVATION_NOT_FOUND);
    const isAdmin = caller.role === 'admin';
    if (info.userId !== caller.id && !isAdmin) throw new ApiError(ErrorCode.FORBIDDEN);
    if (info.status !== 'active') return false;
    if (!isAdmin && this.clock.now().getTime() > this.sessions.cancelDeadline(info.date, info.startTime).getTime()) {
      throw new BookingError(BookingErrorCode.CANCEL_WINDOW_CLOSED);
    }
    const cancelled = await this.tx.run(async (manager) => {
      const done = await this.cancelInside(manager, info, caller.id);
      if (done && info.userId !== caller.id) {
        // An admin taking someone off a roster.
        await this.audit.record(manager, caller, {
          action: 'reservation.cancel',
          entityType: 'reservation',
          entityId: info.id,
          subjectUserId: info.userId,
          before: { status: 'active', date: info.date, time: info.startTime },
          after: { status: 'cancelled' },
        });
      }
      return done;
    });
    if (cancelled) {
      const byStudio = info.userId !== caller.id;
      this.notifier.reservationCancelled(info, this.bookedClass(info, reservationId), byStudio);
    }
    return cancelled;
  }

  /**
   * The studio cancels one class on one date: nobody can book it any more, every reservation in
   * it is cancelled, its classes go back to their plans and each client is emailed.
   * Returns how many reservations this call cancelled (0 when it was cancelled already).
   */
  async cancelClass(admin: User, scheduleId: number, date: string): Promise<number> {
    const slot = await this.sessions.slotOf(scheduleId, date);
    const classId = await this.sessions.ensureSession(slot);
    const cancelled = await this.tx.run(async (manager) => {
      const closed = await manager
        .createQueryBuilder()
        .update(ClassSession)
        .set({ status: 'cancelled' })
        .where("id = :id AND status = 'scheduled'", { id: classId })
        .execute();
      // The class row is now locked and cancelled: no booking can add a reservation meanwhile.
      const infos = await this.reservationInfos(manager, { classId });
      const done: ReservationInfo[] = [];
      for (const info of infos) {
        if (await this.cancelInside(manager, info, admin.id)) done.push(info);
      }
      if (closed.affected === 1) {
        await this.audit.record(manager, admin, {
          action: 'class.cancel',
          entityType: 'class',
          entityId: classId,
          before: { status: 'scheduled', date: slot.date, time: slot.startTime },
          after: { status: 'cancelled', cancelledReservations: done.length },
        });
      }
      return done;
    });
    for (const info of cancelled) this.notifier.reservationCancelled(info, this.bookedClass(info, info.id), true);
    return cancelled.length;
  }

  /**
   * Cancels a user's reservations in classes that have not started, inside the caller's
   * transaction (an account being deactivated): each class goes back to its plan.
   */
  async cancelUpcomingInside(manager: EntityManager, userId: number, cancelledBy: number): Promise<ReservationInfo[]> {
    const infos = await this.reservationInfos(manager, { userId, fromDate: this.sessions.today() });
    const done: ReservationInfo[] = [];
    for (const info of infos) {
      if (this.sessions.hasStarted(info.date, info.startTime)) continue;
      if (await this.cancelInside(manager, info, cancelledBy)) done.push(info);
    }
    return done;
  }

  /** get-clases: a client's active reservations, upcoming first (soonest first), then past (latest first). */
  async classesOf(caller: User, dto: GetClasesDto): Promise<Omit<MyClassesResponseDto, 'success'>> {
    const userId = dto.id ?? caller.id;
    if (userId !== caller.id && caller.role !== 'admin') throw new ApiError(ErrorCode.FORBIDDEN);
    const page = dto.pagination ?? 1;
    const limit = dto.limit ?? 10;
    const [future, futureParams] = this.sessions.futureCondition('c');
    const base = this.dataSource
      .createQueryBuilder()
      .from(Reservation, 'r')
      .innerJoin(ClassSession, 'c', 'c.id = r.class_session_id')
      .where("r.user_id = :userId AND r.status = 'active'", { userId });
    const totalRecords = await base.clone().getCount();
    const rows = await base
      .clone()
      .select('r.id', 'id')
      .addSelect('c.date', 'date')
      .addSelect('c.start_time', 'startTime')
      .addSelect('c.instructor', 'instructor')
      .addSelect(`CASE WHEN ${future} THEN 0 ELSE 1 END`, 'isPastRank')
      .setParameters(futureParams)
      .orderBy('isPastRank', 'ASC')
      .addOrderBy(`CASE WHEN ${future} THEN c.date END`, 'ASC')
      .addOrderBy(`CASE WHEN ${future} THEN c.start_time END`, 'ASC')
      .addOrderBy('c.date', 'DESC')
      .addOrderBy('c.start_time', 'DESC')
      .offset((page - 1) * limit)
      .limit(limit)
      .getRawMany<MyClassRow>();
    const isAdmin = caller.role === 'admin';
    const now = this.clock.now().getTime();
    const clases = rows.map((row): MyClassDto => {
      const deadline = this.sessions.cancelDeadline(row.date, row.startTime);
      const isPast = this.sessions.hasStarted(row.date, row.startTime);
      return {
        id: Number(row.id),
        date: row.date,
        dayOfWeek: weekdayName(row.date),
        time: to12Hour(row.startTime),
        instructor: row.instructor,
        isPast,
        cancellable: isAdmin ? !isPast : now <= deadline.getTime(),
        cancellableUntil: deadline.toISOString(),
      };
    });
    return { clases, pagination: pageOf(page, limit, totalRecords) };
  }

  /** The active reservations of classes in the coming days, for the calendar feed. */
  async upcomingOf(userId: number, fromDate: string): Promise<BookedClass[]> {
    const infos = await this.reservationInfos(this.dataSource.manager, { userId, fromDate });
    return infos.map((info) => this.bookedClass(info, info.id));
  }

  /** Active reservations of the classes on `date` whose reminder has not gone out. */
  remindersDueOn(date: string): Promise<ReservationInfo[]> {
    return this.reservationInfos(this.dataSource.manager, { remindOn: date });
  }

  private async takeClassFromPlan(manager: EntityManager, userId: number, date: string): Promise<number> {
    const plans = await manager
      .createQueryBuilder(UserPlan, 'p')
      .where('p.user_id = :userId AND p.classes_remaining > 0 AND p.revoked_at IS NULL', { userId })
      .orderBy('p.end_date', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .getMany();
    if (plans.length === 0) throw new BookingError(BookingErrorCode.NO_CLASSES_LEFT);
    const covering = plans.filter((plan) => plan.startDate <= date && date <= plan.endDate);
    if (covering.length === 0) throw new BookingError(BookingErrorCode.DATE_OUT_OF_PLAN);
    for (const plan of covering) {
      const result = await manager
        .createQueryBuilder()
        .update(UserPlan)
        .set({ classesRemaining: () => 'classes_remaining - 1' })
        .where('id = :id AND classes_remaining > 0 AND revoked_at IS NULL', { id: plan.id })
        .execute();
      if (result.affected === 1) return plan.id;
    }
    // Another booking of the same client took the last class first.
    throw new BookingError(BookingErrorCode.NO_CLASSES_LEFT);
  }

  /** Cancels one reservation and gives its class back, once: false when it was no longer active. */
  private async cancelInside(manager: EntityManager, info: ReservationInfo, cancelledBy: number): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(Reservation)
      .set({ status: 'cancelled', activeMarker: null, cancelledAt: this.clock.now(), cancelledBy })
      .where("id = :id AND status = 'active'", { id: info.id })
      .execute();
    if (result.affected !== 1) return false;
    await manager
      .createQueryBuilder()
      .update(ClassSession)
      .set({ reservedCount: () => 'reserved_count - 1' })
      .where('id = :id AND reserved_count > 0', { id: info.classSessionId })
      .execute();
    await manager
      .createQueryBuilder()
      .update(UserPlan)
      .set({ classesRemaining: () => 'classes_remaining + 1' })
      .where('id = :id', { id: info.userPlanId })
      .execute();
    return true;
  }

  private async reservationInfo(id: number): Promise<ReservationInfo | undefined> {
    return (await this.reservationInfos(this.dataSource.manager, { id }))[0];
  }

  private reservationInfos(
    manager: EntityManager,
    filter: { id?: number; classId?: number; userId?: number; fromDate?: string; remindOn?: string },
  ): Promise<ReservationInfo[]> {
    const query = manager
      .createQueryBuilder()
      .select('r.id', 'id')
      .addSelect('r.user_id', 'userId')
      .addSelect('r.user_plan_id', 'userPlanId')
      .addSelect('r.class_session_id', 'classSessionId')
      .addSelect('r.status', 'status')
      .addSelect('c.date', 'date')
      .addSelect('c.start_time', 'startTime')
      .addSelect('c.instructor', 'instructor')
      .addSelect('s.duration_minutes', 'durationMinutes')
      .addSelect('u.name', 'name')
      .addSelect('u.email', 'email')
      .from(Reservation, 'r')
      .innerJoin(ClassSession, 'c', 'c.id = r.class_session_id')
      .innerJoin(Schedule, 's', 's.id = c.schedule_id')
      .innerJoin(User, 'u', 'u.id = r.user_id');
    if (filter.id !== undefined) query.andWhere('r.id = :id', { id: filter.id });
    if (filter.classId !== undefined) {
      query.andWhere("r.class_session_id = :classId AND r.status = 'active'", { classId: filter.classId });
    }
    if (filter.remindOn !== undefined) {
      query.andWhere(
        "r.status = 'active' AND r.reminder_sent_at IS NULL AND c.status = 'scheduled' AND c.date = :remindOn",
        { remindOn: filter.remindOn },
      );
    }
    if (filter.userId !== undefined) {
      query.andWhere("r.user_id = :userId AND r.status = 'active' AND c.date >= :fromDate", {
        userId: filter.userId,
        fromDate: filter.fromDate,
      });
      query.orderBy('c.date', 'ASC').addOrderBy('c.start_time', 'ASC');
    }
    return query.getRawMany<ReservationInfo>().then((rows) =>
      rows.map((row) => ({
        ...row,
        id: Number(row.id),
        userId: Number(row.userId),
        userPlanId: Number(row.userPlanId),
        classSessionId: Number(row.classSessionId),
        durationMinutes: Number(row.durationMinutes),
      })),
    );
  }

  private toSlotDto(slot: Slot, people: Enrolled[], caller: User | null): SlotDto {
    const users = people.map((p) => ({ id: p.id, name: p.name }));
    return {
      scheduleId: slot.scheduleId,
      classId: slot.classId,
      time: to12Hour(slot.startTime),
      capacity: slot.capacity,
      reservedCount: slot.reservedCount,
      isPastClass: this.sessions.hasStarted(slot.date, slot.startTime),
      isCancelled: slot.cancelled,
      instructor: slot.instructor,
      users: users.length > 0 ? JSON.stringify(users) : NOBODY,
      myReservationId: caller ? (people.find((p) => p.id === caller.id)?.reservationId ?? null) : null,
    };
  }

  private bookedClass(
    item: { date: string; startTime: string; durationMinutes: number; instructor: string | null },
    reservationId = 0,
  ): BookedClass {
    return {
      reservationId,
      date: item.date,
      startTime: item.startTime,
      durationMinutes: item.durationMinutes,
      instructor: item.instructor,
    };
  }
}
