import { Injectable } from '@nestjs/common';
import { AuditService, type AuditEntryInput } from '../core/audit/audit.service';
import { access } from '../core/auth/access';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { StudioClock } from '../core/clock/studio-clock';
import { pageOf } from '../core/dto/pagination.dto';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import { isUniqueViolation } from '../core/errors/database-errors';
import { InTransaction } from '../core/database/in-transaction.decorator';
import { TransactionService } from '../core/database/transaction.service';
import { PlanesService } from '../planes';
import { SpotAssigner, type SpotRef } from '../sala';
import { blockMessage, NoShowsService } from './no-shows.service';
import { PlanChooser } from './plan-chooser';
import { AttendanceService } from './attendance.service';
import { WaitlistService } from './waitlist.service';
import { WaitlistRepository, type WaitlistLine } from './waitlist.repository';
import { ClassSessionsService } from './class-sessions.service';
import { type BookedClass, type ClassBefore, NotificationsService } from '../notifications';
import type { PushReservationDto } from './dto/booking.dto';
import type { GetClasesDto, MyClassesResponseDto } from './dto/my-classes.dto';
import {
  type CancelTiming,
  toAttendanceSummary,
  toBookedClass,
  toEnrolledUserDto,
  toReleasedPlaceDto,
  toMyClassDto,
  toSlotDto,
  type MyWaitlistPlace,
} from './dto/reservations.mappers';
import type { BookingBlockDto, RosterSlotDto, SlotDto } from './dto/slots.dto';
import { ReservationsRepository, type ReservationInfo, type Slot } from './reservations.repository';
import { BookingError, BookingErrorCode } from './reservations.errors';
import { SpotHoldsRepository, type LiveHold } from './spot-holds.repository';
import { LegalService } from '../legal';
import { HealthProfileService } from '../health-profile';

/**
 * A class as others see it while checkouts hold reformers in it (spot_holds): each reformer held
 * for someone but `viewerId` is taken and its place counts as reserved. The holder sees their own
 * held reformer free, so the booking dialog can choose it again.
 */
function withHolds<T extends Slot>(slot: T, holds: LiveHold[], viewerId: number | null): T {
  if (slot.classId === null || holds.length === 0) return slot;
  const held = holds.filter((h) => h.classId === slot.classId && h.userId !== viewerId).map((h) => h.spotId);
  if (held.length === 0) return slot;
  return { ...slot, reservedCount: slot.reservedCount + held.length, takenSpotIds: [...slot.takenSpotIds, ...held] };
}

export const BOOKED_MESSAGE = '¡Has reservado con éxito!';

/** A new reservation, its reformer, until when it may be cancelled and whether that is still possible. */
export interface Booked {
  reservationId: number;
  spot: SpotRef;
  cancelUntil: Date;
  cancellable: boolean;
}

/** A checkout's hold taken by the booking it becomes (SpotHoldsService.bookHeld). */
export interface HoldClaim {
  take: () => Promise<boolean>;
  booked: (reservationId: number) => Promise<void>;
}

/**
 * Booking rules. Every count changes through a conditional UPDATE whose affected rows are checked,
 * inside one transaction: no read-then-write race on either driver.
 */
@Injectable()
export class BookingService {
  constructor(
    private readonly reservations: ReservationsRepository,
    private readonly plans: PlanesService,
    readonly transactions: TransactionService,
    private readonly sessions: ClassSessionsService,
    private readonly notifications: NotificationsService,
    private readonly clock: StudioClock,
    private readonly audit: AuditService,
    private readonly chooser: PlanChooser,
    private readonly waitlist: WaitlistService,
    private readonly waitlists: WaitlistRepository,
    private readonly attendance: AttendanceService,
    private readonly spots: SpotAssigner,
    private readonly holds: SpotHoldsRepository,
    private readonly settings: StudioSettingsService,
    private readonly noShows: NoShowsService,
    private readonly legal: LegalService,
    private readonly health: HealthProfileService,
  ) {}

  /**
   * get-information: the date's classes. Names of other clients are shown to those who may read
   * rosters. A client whose online booking the strike rule paused is told on the booking page
   * (`block`): read only while the rule is on.
   */
  async slotsFor(date: string, caller: Caller | null): Promise<{ slots: SlotDto[]; block: BookingBlockDto | null }> {
    // One "now" and one cancellation window for the whole answer: every class is judged alike.
    const now = this.clock.now();
    if (!caller) {
      const [slots, room, holds, { cancelHours }] = await Promise.all([
        this.reservations.slotsOn(date),
        this.reservations.roomOn(date),
        this.holds.liveOn(date, now),
        this.settings.current(),
      ]);
      return {
        slots: slots.map((slot) =>
          toSlotDto(
            withHolds(slot, holds, null),
            [],
            null,
            this.cancelTiming(slot, null, false, cancelHours, now),
            room,
          ),
        ),
        block: null,
      };
    }
    const managesOthers = access.can(caller, Permission.ReservationsManageOthers);
    const [slots, room, holds, { cancelHours, strikeRule, contact }] = await Promise.all([
      access.can(caller, Permission.RosterRead)
        ? this.reservations.slotsWithEveryoneOn(date)
        : this.reservations.slotsWithOneOn(date, caller.id),
      this.reservations.roomOn(date),
      this.holds.liveOn(date, now),
      this.settings.current(),
    ]);
    // The caller's places in waitlists: one more read, only on a date where someone waits.
    const mine = new Map<number, MyWaitlistPlace>();
    if (slots.some((slot) => slot.waitingCount > 0)) {
      for (const line of await this.waitlists.waitingOfUserOnDate(caller.id, date)) {
        mine.set(line.classSessionId, { id: line.id, position: line.position });
      }
    }
    const block = managesOthers ? null : await this.noShows.blockOf(caller.id, strikeRule);
    const dtos = slots.map((slot) => {
      // The caller's own place may carry a late promotion's grace; a booking made now would not.
      const own = slot.people.find((p) => p.id === caller.id);
      return toSlotDto(
        withHolds(slot, holds, caller.id),
        slot.people,
        caller.id,
        this.cancelTiming(
          own ? { ...slot, cancelHours: own.cancelHours } : slot,
          own?.cancelGraceUntil ?? null,
          managesOthers,
          cancelHours,
          now,
        ),
        room,
        slot.classId !== null ? mine.get(slot.classId) : undefined,
      );
    });
    return { slots: dtos, block: block && { until: block.until, message: blockMessage(block, contact) } };
  }

  /** get-information-clases (admin): the date's classes with everyone enrolled. */
  async rosterFor(date: string, admin: Caller): Promise<RosterSlotDto[]> {
    const { cancelHours } = await this.settings.current();
    const [slots, room, holds] = await Promise.all([
      this.reservations.slotsWithEveryoneOn(date),
      this.reservations.roomOn(date),
      this.holds.liveOn(date, this.clock.now()),
    ]);
    const lines = slots.some((slot) => slot.waitingCount > 0) ? await this.waitlists.waitingOnDate(date) : [];
    // Places released late ("Lugar liberado"), listed apart: only classes that have a row can have one.
    const released = await this.reservations.releasedIn(
      slots.flatMap((slot) => (slot.classId !== null ? [slot.classId] : [])),
    );
    const waitingIn = (classId: number | null): WaitlistLine[] => lines.filter((l) => l.classSessionId === classId);
    // The health marker, for those who may read the questionnaires: admins, and instructors (whose
    // answer TeachingService narrows to the classes they teach).
    const healthNotes =
      access.can(admin, Permission.HealthRead) || access.can(admin, Permission.ClassesTeach)
        ? await this.health.needingAttention(slots.flatMap((slot) => slot.people.map((p) => p.id)))
        : new Set<number>();
    return slots.map((slot) => ({
      ...toSlotDto(
        withHolds(slot, holds, admin.id),
        slot.people,
        admin.id,
        this.cancelTiming(slot, null, true, cancelHours),
        room,
      ),
      enrolled: slot.people.map((p) => toEnrolledUserDto(p, healthNotes.has(p.id))),
      released: (slot.classId !== null ? (released.get(slot.classId) ?? []) : []).map(toReleasedPlaceDto),
      attendance: toAttendanceSummary(slot.people),
      canMarkAttendance: !slot.cancelled && this.attendance.canMark(slot.date, slot.startTime),
      canWalkIn: this.attendance.canWalkIn(slot),
      waitlist: waitingIn(slot.classId).map((l) => ({
        id: l.id,
        userId: l.userId,
        name: l.name,
        email: l.email,
        position: l.position,
      })),
    }));
  }

  /**
   * push-reservation, its rules in this order: (1) the class runs that date, is not cancelled and
   * has not started; (2) one place per client and class; (3) the client has a plan with classes
   * left, (4) covering the date — the one that ends soonest, then the oldest; (5) a place is free;
   * (6) the reformer asked for is free, or "Cualquiera" finds one (SpotAssigner).
   * Answers the reformer and until when the client may cancel, by the rule cancelReservation applies.
   */
  async book(caller: Caller, dto: PushReservationDto): Promise<Booked> {
    return (await this.bookClaiming(caller, dto))!;
  }

  /**
   * book(), for a reformer a checkout held for the client (SpotHoldsService), in one transaction:
   * `claim.take`, the hold's conditional UPDATE, runs first, and when it changes nothing (the
   * webhook and the return's confirm report one approval together) nothing is booked: null;
   * `claim.booked` records the reservation on the hold.
   */
  bookHeld(userId: number, dto: PushReservationDto, claim: HoldClaim): Promise<Booked | null> {
    return this.bookClaiming({ id: userId, role: 'user' }, dto, claim);
  }

  private async bookClaiming(caller: Caller, dto: PushReservationDto, claim?: HoldClaim): Promise<Booked | null> {
    const userId = dto.userId ?? caller.id;
    access.require(caller, Permission.ReservationsManageOthers, { ownerId: userId });
    const client = await this.reservations.clientById(userId);
    if (!client || !client.active) throw new BookingError(BookingErrorCode.USER_NOT_FOUND);
    // The owner's settings in force now: the strike rule and the window the booking is sold with.
    const { cancelHours, strikeRule, contact } = await this.settings.current();
    // The strike rule pauses a client's own online booking; the studio may still book for them.
    if (!claim && !access.can(caller, Permission.ReservationsManageOthers)) {
      await this.noShows.assertNotBlocked(userId, strikeRule, contact);
      // A new version of the terms or notice: the client accepts it (a dialog) before booking again.
      await this.legal.assertAccepted(userId);
      // Every client fills the health questionnaire before booking online (also those who booked
      // before it existed: asked at their next booking). Not when the studio books for them, nor
      // when a waitlist place or a paid checkout's hold becomes the booking.
      await this.health.assertFilled(userId);
    }

    // Rule 1: the class runs that date, is not cancelled and has not started.
    const slot = await this.sessions.slotOf(dto.classReservation, dto.date);
    if (slot.cancelled) throw new BookingError(BookingErrorCode.CLASS_CANCELLED);
    if (this.clock.hasStarted(slot.date, slot.startTime)) throw new BookingError(BookingErrorCode.CLASS_STARTED);
    const classId = await this.sessions.ensureSession(slot);
    if (slot.reservedCount >= slot.capacity) await this.refuseFull(userId, classId, slot);
    // The client's own terms, also when an admin books for them: the mail tells the client. The
    // reservation keeps the window it is sold with (the owner's settings read above).
    const { deadline: cancelUntil, cancellable } = this.cancelTiming(slot, null, false, cancelHours);

    const booked = await this.transactions.run(async () => {
      if (claim && !(await claim.take())) return null;
      // Rule 2: one place per client and class (the unique index backs this under races).
      if (await this.reservations.activeReservationExists(classId, userId)) {
        throw new BookingError(BookingErrorCode.ALREADY_BOOKED);
      }

      // Rules 3–4: a plan covering the date and the class's type (PlanChooser's order).
      const planId = await this.chooser.takeClass(userId, slot.date, slot.classType);

      // Rule 5: a place, only while the class is below capacity and still scheduled; until the
      // waitlist's cutoff, only while nobody waits for it (a freed place goes to the line). A held
      // place is not a freed one: the line formed behind the hold.
      const waitlistFirst = !claim && !(await this.waitlist.pastCutoff(slot.date, slot.startTime));
      if (!(await this.reservations.takePlace(classId, waitlistFirst, { userId, now: this.clock.now() }))) {
        const cancelled = await this.reservations.isClassCancelled(classId);
        throw new BookingError(cancelled ? BookingErrorCode.CLASS_CANCELLED : BookingErrorCode.CLASS_FULL);
      }

      try {
        // Rule 6, now that the class row is locked (takePlace): uq_reservations_spot decides a race.
        const { result: id, spot } = await this.spots.place({ classId, userId, spotId: dto.spot }, (spotId) =>
          this.reservations.insertReservation({
            classId,
            userId,
            userPlanId: planId,
            spotId,
            cancelHours,
            bookedAt: this.clock.now(),
          }),
        );
        await this.notifications.emit({
          type: 'reservation.confirmed',
          to: { userId: client.id, email: client.email, name: client.name },
          payload: {
            class: { ...toBookedClass(slot, id), spot: spot.label },
            cancelUntil: cancelUntil.toISOString(),
            cancellable,
          },
        });
        if (userId !== caller.id) {
          await this.audit.record(caller, {
            action: 'reservation.create',
            entityType: 'reservation',
            entityId: id,
            subjectUserId: userId,
            after: { date: slot.date, time: slot.startTime, userPlanId: planId, spot: spot.label },
          });
        }
        await claim?.booked(id);
        return { reservationId: id, spot };
      } catch (error) {
        if (isUniqueViolation(error)) throw new BookingError(BookingErrorCode.ALREADY_BOOKED);
        throw error;
      }
    });
    return booked && { ...booked, cancelUntil, cancellable };
  }

  /**
   * A client cancels their own reservation until CANCEL_HOURS before the class; an admin anyone's,
   * at any time. The class returns to the plan it came from. Cancelling twice is not an error.
   * Returns false when it was already cancelled.
   */
  async cancelReservation(caller: Caller, reservationId: number): Promise<boolean> {
    const info = await this.reservations.reservationById(reservationId);
    if (!info) throw new BookingError(BookingErrorCode.RESERVATION_NOT_FOUND);
    access.require(caller, Permission.ReservationsManageOthers, { ownerId: info.userId });
    const managesOthers = access.can(caller, Permission.ReservationsManageOthers);
    if (info.status !== 'active') return false;
    if (
      !managesOthers &&
      !this.cancelTiming(info, info.cancelGraceUntil, false, (await this.settings.current()).cancelHours).cancellable
    ) {
      throw new BookingError(BookingErrorCode.CANCEL_WINDOW_CLOSED);
    }
    const byStudio = info.userId !== caller.id;
    return this.transactions.run(async () => {
      const done = await this.cancelInside(info, caller.id, byStudio ? 'studio' : 'client');
      if (done && byStudio) {
        // An admin taking someone off a roster.
        await this.audit.record(caller, {
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
  }

  /**
   * release-spot ("Liberar lugar"): after the free-cancellation deadline and until the class starts,
   * the client gives their place up without getting the class back; the place goes to the waitlist's
   * head or back on sale in the same transaction, under the class's lock (cancelInside). Before the
   * deadline (a late promotion's grace included) the normal cancellation applies and returns the
   * class: RELEASE_IN_TIME. Only the holder releases their place (the studio cancels, returning the
   * class, or forgives). Releasing twice answers the same: `released` false the second time.
   */
  async releaseSpot(caller: Caller, reservationId: number): Promise<{ released: boolean; deadline: Date }> {
    const info = await this.reservations.reservationById(reservationId);
    if (!info) throw new BookingError(BookingErrorCode.RESERVATION_NOT_FOUND);
    if (info.userId !== caller.id) throw new ApiError(ErrorCode.FORBIDDEN);
    const { cancelHours, lateCancelReleases } = await this.settings.current();
    const timing = this.cancelTiming(info, info.cancelGraceUntil, false, cancelHours);
    if (info.status !== 'active') {
      if (info.lateReleasedAt !== null) return { released: false, deadline: timing.deadline };
      throw new BookingError(BookingErrorCode.RESERVATION_CANCELLED);
    }
    if (timing.isPast) throw new BookingError(BookingErrorCode.RELEASE_CLASS_STARTED);
    if (timing.cancellable) {
      throw new BookingError(
        BookingErrorCode.RELEASE_IN_TIME,
        `Puedes cancelar sin costo hasta ${this.clock.describeInstant(timing.deadline)}.`,
      );
    }
    // The owner's Ajustes may turn "Liberar lugar" off: the place then stays the client's.
    if (!lateCancelReleases) throw new BookingError(BookingErrorCode.RELEASE_DISABLED);
    const released = await this.transactions.run(() =>
      this.cancelInside(info, caller.id, 'released', true, timing.deadline),
    );
    if (!released) {
      // A simultaneous release or cancellation got there first: answer as it left the row.
      const now = await this.reservations.reservationById(reservationId);
      if (now?.lateReleasedAt === null) throw new BookingError(BookingErrorCode.RESERVATION_CANCELLED);
    }
    return { released, deadline: timing.deadline };
  }

  /**
   * forgive ("Perdonar", admin): a late release or a no-show (attended = false) is forgiven with a
   * reason: the class goes back to its plan when the plan is still valid (not ended, not revoked),
   * the client is mailed and the change audited. Forgiving twice answers the same and returns one
   * class: the conditional UPDATE on forgiven_at decides. Anything else: NOT_FORGIVABLE.
   */
  async forgive(
    admin: Caller,
    reservationId: number,
    reason: string,
  ): Promise<{ classReturned: boolean; again: boolean }> {
    const info = await this.reservations.reservationById(reservationId);
    if (!info) throw new BookingError(BookingErrorCode.RESERVATION_NOT_FOUND);
    const kind = forgivableKind(info);
    if (!kind) throw new BookingError(BookingErrorCode.NOT_FORGIVABLE);
    const now = this.clock.now();
    const done = await this.transactions.run(async () => {
      if (!(await this.reservations.forgiveRow(info.id, { by: admin.id, at: now, reason }))) return null;
      const classReturned =
        info.userPlanId !== null && (await this.plans.giveClassBackIfValid(info.userPlanId, this.clock.today(now)));
      await this.reservations.setForgiveReturned(info.id, classReturned);
      await this.notifications.emit({
        type: 'reservation.forgiven',
        to: { userId: info.userId, email: info.email, name: info.name },
        payload: { class: toBookedClass(info, info.id), kind, classReturned },
      });
      await this.audit.record(admin, {
        action: 'reservation.forgive',
        entityType: 'reservation',
        entityId: info.id,
        subjectUserId: info.userId,
        before: { date: info.date, time: info.startTime, userPlanId: info.userPlanId },
        after: { forgiven: kind, reason, classReturned },
      });
      return classReturned;
    });
    if (done !== null) return { classReturned: done, again: false };
    // Forgiven already (by this call's twin or earlier): the same answer, from what the first one did.
    const again = await this.reservations.reservationById(reservationId);
    if (!again?.forgivenAt) throw new BookingError(BookingErrorCode.NOT_FORGIVABLE);
    return { classReturned: await this.reservations.forgiveReturned(info.id), again: true };
  }

  /**
   * The studio changed classes people booked (their time, instructor, type or duration, from the
   * timetable), inside the caller's transaction: each active reservation's calendar event goes one
   * revision up and its client is mailed the class as it is now, what it was, why (a substitute:
   * «Cambio de instructor», with until when it may be cancelled for free), and the updated event.
   * How many were told.
   */
  async tellClassesChanged(
    before: Map<number, ClassBefore>,
    why: { reason: 'timetable' } | { reason: 'substitute'; cancelFreeUntil: string } = { reason: 'timetable' },
  ): Promise<number> {
    const classIds = [...before.keys()];
    await this.reservations.reviseCalendarOfClasses(classIds);
    let told = 0;
    for (const classId of classIds) {
      for (const info of await this.reservations.activeInClass(classId)) {
        await this.notifications.emit({
          type: 'reservation.changed',
          to: { userId: info.userId, email: info.email, name: info.name },
          payload: { class: toBookedClass(info, info.id), before: before.get(classId)!, ...why },
        });
        told++;
      }
    }
    return told;
  }

  /**
   * change-spot: a client moves their own reservation to a free reformer until the class's
   * cancellation deadline (the rule cancelReservation applies); an admin moves anyone's at any time
   * (audited). The class row is locked first, as bookings take it; uq_reservations_spot decides a
   * race for the reformer (SPOT_TAKEN).
   */
  async changeSpot(caller: Caller, reservationId: number, spotId: number): Promise<SpotRef> {
    const info = await this.reservations.reservationById(reservationId);
    if (!info) throw new BookingError(BookingErrorCode.RESERVATION_NOT_FOUND);
    access.require(caller, Permission.ReservationsManageOthers, { ownerId: info.userId });
    if (info.status !== 'active') throw new BookingError(BookingErrorCode.RESERVATION_CANCELLED);
    const managesOthers = access.can(caller, Permission.ReservationsManageOthers);
    if (
      !managesOthers &&
      !this.cancelTiming(info, info.cancelGraceUntil, false, (await this.settings.current()).cancelHours).cancellable
    ) {
      throw new BookingError(BookingErrorCode.SPOT_CHANGE_CLOSED);
    }
    return this.transactions.run(async () => {
      await this.waitlists.lockClass(info.classSessionId);
      const before = await this.spots.spotOf(reservationId);
      if (before?.id === spotId) return before;
      const { result: moved, spot } = await this.spots.place(
        { classId: info.classSessionId, userId: info.userId, spotId },
        (id) => this.reservations.moveToSpot(reservationId, id),
      );
      if (!moved) throw new BookingError(BookingErrorCode.RESERVATION_CANCELLED);
      if (info.userId !== caller.id) {
        await this.audit.record(caller, spotMoveEntry(info, before?.label ?? null, spot.label));
      }
      return spot;
    });
  }

  /**
   * The studio cancels one class on one date: nobody can book it any more, every reservation in
   * it is cancelled, its classes go back to their plans and each client is emailed.
   * Returns how many reservations this call cancelled (0 when it was cancelled already).
   */
  async cancelClass(admin: Caller, scheduleId: number, date: string): Promise<number> {
    const slot = await this.sessions.slotOf(scheduleId, date);
    const classId = await this.sessions.ensureSession(slot);
    return this.transactions.run(async () => {
      const closed = await this.reservations.closeClass(classId);
      // The class row is now locked and cancelled: no booking can add a reservation meanwhile.
      const infos = await this.reservations.activeInClass(classId);
      const done: ReservationInfo[] = [];
      for (const info of infos) {
        if (await this.cancelInside(info, admin.id, 'studio')) done.push(info);
      }
      await this.waitlist.closeForCancelledClass(classId);
      if (closed) {
        await this.audit.record(admin, {
          action: 'class.cancel',
          entityType: 'class',
          entityId: classId,
          before: { status: 'scheduled', date: slot.date, time: slot.startTime },
          after: { status: 'cancelled', cancelledReservations: done.length },
        });
      }
      return done.length;
    });
  }

  /**
   * Cancels a user's reservations in classes that have not started, in the caller's transaction
   * (an account being deactivated): each class goes back to its plan and its place to the class's
   * waitlist, and the user leaves the waitlists they were in. The user gets no cancellation mail.
   */
  @InTransaction()
  async cancelUpcomingOf(userId: number, cancelledBy: number): Promise<ReservationInfo[]> {
    const infos = await this.reservations.upcomingOfUser(userId, this.clock.today());
    const done: ReservationInfo[] = [];
    for (const info of infos) {
      if (this.clock.hasStarted(info.date, info.startTime)) continue;
      if (await this.cancelInside(info, cancelledBy, 'none')) done.push(info);
    }
    await this.waitlist.leaveAll(userId);
    return done;
  }

  /**
   * A membership's pause (in the pause's transaction): the classes booked with the membership's plan
   * from `from` to `to` that have not started are cancelled, each class back and its place offered
   * to the waitlist, with no mail each (the pause's one mail lists them, with each one's cancelled
   * calendar event). The ones cancelled, as their events now are (one revision up, cancelled).
   */
  async cancelForPause(userPlanId: number, from: string, to: string, cancelledBy: number): Promise<BookedClass[]> {
    const infos = await this.reservations.activeOfPlanBetween(userPlanId, from, to);
    const done: BookedClass[] = [];
    for (const info of infos) {
      if (this.clock.hasStarted(info.date, info.startTime)) continue;
      if (await this.cancelInside(info, cancelledBy, 'none')) done.push({ ...cancelledClass(info), cancelled: true });
    }
    return done;
  }

  /**
   * get-clases: a client's active reservations, upcoming first (soonest first), then past (latest
   * first); or only one of the two (`periodo`).
   */
  async classesOf(caller: Caller, dto: GetClasesDto): Promise<Omit<MyClassesResponseDto, 'success'>> {
    const userId = dto.id ?? caller.id;
    access.require(caller, Permission.UsersRead, { ownerId: userId });
    const page = dto.pagination ?? 1;
    const limit = dto.limit ?? 10;
    const now = this.clock.now();
    const { rows, total } = await this.reservations.pageOfUser(
      userId,
      { today: this.clock.today(now), timeOfDay: this.clock.timeOfDay(now) },
      { offset: (page - 1) * limit, limit },
      dto.periodo === 'proximas' ? 'upcoming' : dto.periodo === 'pasadas' ? 'past' : 'all',
    );
    // Who may cancel for others may cancel any class that has not started, past the window.
    const managesOthers = access.can(caller, Permission.ReservationsManageOthers);
    const { cancelHours, lateCancelReleases } = await this.settings.current();
    const clases = rows.map((row) =>
      toMyClassDto(row, this.cancelTiming(row, row.cancelGraceUntil, managesOthers, cancelHours), lateCancelReleases),
    );
    const counts = (await this.attendance.countsOf([userId])).get(userId) ?? { attended: 0, noShow: 0 };
    return {
      clases,
      pagination: pageOf(page, limit, total),
      listaEspera: await this.waitlist.linesOf(userId),
      asistencia: counts,
    };
  }

  /** The active reservations of classes on or after `fromDate`, for the calendar feed. */
  async upcomingOf(userId: number, fromDate: string): Promise<BookedClass[]> {
    const infos = await this.reservations.upcomingOfUser(userId, fromDate);
    return infos.map((info) => toBookedClass(info, info.id));
  }

  /**
   * A class that was full when read: the same refusals in the same order (rules 2–5), from plain
   * reads, without a transaction. In a rush on a full class nobody then queues for its row lock
   * (MySQL) or the one connection (SQLite) just to hear CLASS_FULL.
   */
  private async refuseFull(userId: number, classId: number, slot: Slot): Promise<never> {
    if (await this.reservations.activeReservationExists(classId, userId)) {
      throw new BookingError(BookingErrorCode.ALREADY_BOOKED);
    }
    await this.chooser.assertCovering(userId, slot.date, slot.classType);
    throw new BookingError(BookingErrorCode.CLASS_FULL);
  }

  /**
   * The one place the cancellation rule is applied: until when a client may cancel (the booking's
   * stamped window before the class — the policy in force (`cancelHours`, the owner's settings) for a class not booked yet —, or a late
   * promotion's grace) and whether the caller still may — the refusal
   * of cancelReservation and every promise shown (day view, booking answer, mail, "Mis clases").
   * Who may cancel for others may cancel any class that has not started.
   */
  private cancelTiming(
    item: { date: string; startTime: string; cancelHours?: number | null },
    graceUntil: Date | null,
    managesOthers: boolean,
    cancelHours: number,
    now: Date = this.clock.now(),
  ): CancelTiming {
    // A booking's own window (stamped when sold); the policy in force for a class not booked yet.
    const terms = this.clock.cancelTerms(item.date, item.startTime, item.cancelHours ?? cancelHours, graceUntil, now);
    return {
      isPast: terms.started,
      deadline: terms.deadline,
      cancelUntil: terms.cancelUntil,
      cancellable: !terms.started && (managesOthers || terms.inTime),
    };
  }

  /**
   * The studio cancels one reservation whose reformer went out of service with no other free
   * (SpotOutageService, in its transaction): the class goes back to the plan and the client gets
   * the studio-cancellation mail. The place it frees has no reformer, so no waitlist gets it.
   * False when it was no longer active.
   */
  @InTransaction()
  async cancelStranded(reservationId: number, cancelledBy: number): Promise<boolean> {
    const info = await this.reservations.reservationById(reservationId);
    if (!info || info.status !== 'active') return false;
    return this.cancelInside(info, cancelledBy, 'studio', false);
  }

  /**
   * Cancels one reservation and gives its class back, once, inside the caller's transaction: false
   * when it was no longer active. The client is told (`notice`: who cancelled; none for a
   * deactivated account), then the freed place goes to the class's waitlist in that transaction
   * (unless `refill` is false: a place without a reformer).
   */
  private async cancelInside(
    info: ReservationInfo,
    cancelledBy: number,
    notice: 'client' | 'studio' | 'released' | 'none',
    refill = true,
    deadline?: Date,
  ): Promise<boolean> {
    // The class row first, as bookings, joins and promotions take it: simultaneous cancellations of
    // one class then queue there instead of deadlocking on the reservations' index (MySQL).
    await this.waitlists.lockClass(info.classSessionId);
    const lateRelease = notice === 'released';
    if (!(await this.reservations.cancelReservationRow(info.id, cancelledBy, this.clock.now(), lateRelease))) {
      return false;
    }
    await this.reservations.releasePlace(info.classSessionId);
    // A walk-in paid at the studio took no class from a plan, and a late release keeps it used.
    // A forgiven no-show had its class returned already.
    if (info.userPlanId !== null && !lateRelease && info.forgivenAt === null) {
      await this.plans.giveClassBack(info.userPlanId);
    }
    if (lateRelease) {
      await this.notifications.emit({
        type: 'reservation.released',
        to: { userId: info.userId, email: info.email, name: info.name },
        payload: {
          class: cancelledClass(info),
          cancelUntil: (deadline ?? this.clock.now()).toISOString(),
        },
      });
    } else if (notice !== 'none') {
      await this.notifications.emit({
        type: 'reservation.cancelled',
        to: { userId: info.userId, email: info.email, name: info.name },
        payload: { class: cancelledClass(info), byStudio: notice === 'studio' },
      });
    }
    if (refill) await this.waitlist.fillFreedPlaces(info.classSessionId);
    return true;
  }
}

/** A reservation just cancelled, one revision up (the row's update); its mail's CANCEL event marks it cancelled. */
const cancelledClass = (info: ReservationInfo) => toBookedClass({ ...info, sequence: info.sequence + 1 }, info.id);

/** What an admin may forgive in a reservation: a late release or a no-show; null for anything else. */
function forgivableKind(info: ReservationInfo): 'late_release' | 'no_show' | null {
  if (info.status === 'cancelled' && info.lateReleasedAt !== null) return 'late_release';
  if (info.status === 'active' && info.attended === false) return 'no_show';
  return null;
}

/**
 * The audit entry of a client's reservation moved to another reformer by the studio (an admin's
 * change, or a reformer taken out of service); the plan's "Historial" shows it from this entry.
 */
export function spotMoveEntry(
  info: Pick<ReservationInfo, 'id' | 'userId' | 'date' | 'startTime'>,
  from: string | null,
  to: string,
): AuditEntryInput {
  return {
    action: 'reservation.spot',
    entityType: 'reservation',
    entityId: info.id,
    subjectUserId: info.userId,
    before: { spot: from, date: info.date, time: info.startTime },
    after: { spot: to },
  };
}
