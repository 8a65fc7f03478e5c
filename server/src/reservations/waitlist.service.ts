import { Injectable } from '@nestjs/common';
import { studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import { AuditService } from '../core/audit/audit.service';
import { access } from '../core/auth/access';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import { StudioClock } from '../core/clock/studio-clock';
import { InTransaction } from '../core/database/in-transaction.decorator';
import { TransactionService } from '../core/database/transaction.service';
import { isUniqueViolation } from '../core/errors/database-errors';
import { SalaService, SpotAssigner } from '../sala';
import { ClassSessionsService } from './class-sessions.service';
import { type BookedClass, NotificationsService } from '../notifications';
import type { WaitlistPlaceDto } from './dto/waitlist.dto';
import { NoShowsService } from './no-shows.service';
import { PlanChooser, type ClassKind } from './plan-chooser';
import { classTypeLabel } from './dto/reservations.mappers';
import { ReservationsRepository, type StudioNow } from './reservations.repository';
import { BookingError, BookingErrorCode } from './reservations.errors';
import { WaitlistRepository, type WaitingClient, type WaitlistClass, type WaitlistLine } from './waitlist.repository';

/**
 * The waitlist of a full class. Joining takes nothing from the plan; when a place frees before
 * the settings' waitlist cutoff, the first in line is booked in the same transaction as the change that
 * freed it (the booking rules: a covering plan, the one ending soonest), or skipped with a mail
 * when that is no longer possible, and the next is tried. Its notifications (promoted, skipped,
 * closed) are emitted inside that transaction and delivered after it commits.
 */
@Injectable()
export class WaitlistService {
  constructor(
    private readonly waitlist: WaitlistRepository,
    private readonly reservations: ReservationsRepository,
    private readonly chooser: PlanChooser,
    private readonly sessions: ClassSessionsService,
    readonly transactions: TransactionService,
    private readonly clock: StudioClock,
    private readonly settings: StudioSettingsService,
    private readonly noShows: NoShowsService,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
    private readonly spots: SpotAssigner,
    sala: SalaService,
  ) {
    // A reformer added to the room gives classes to come more places: their lines get them first.
    sala.onPlacesAdded(async (classIds) => {
      for (const classId of classIds) await this.fillFreedPlaces(classId);
    });
  }

  /** Promotions stop (and the list closes) the settings' cutoff before the class. */
  async pastCutoff(date: string, time: string): Promise<boolean> {
    const { waitlistCutoffHours } = await this.settings.current();
    const cutoff = this.clock.startOf(date, time).getTime() - waitlistCutoffHours * 3600_000;
    return this.clock.now().getTime() >= cutoff;
  }

  /** join-waitlist: the caller waits for a place in a full class. */
  async join(caller: Caller, scheduleId: number, date: string): Promise<{ waitlistId: number; position: number }> {
    const { waitlistMax, strikeRule, contact } = await this.settings.current();
    // The strike rule pauses joining too (a promotion is a booking).
    await this.noShows.assertNotBlocked(caller.id, strikeRule, contact);
    const slot = await this.sessions.slotOf(scheduleId, date);
    if (slot.cancelled) throw new BookingError(BookingErrorCode.CLASS_CANCELLED);
    if (this.clock.hasStarted(slot.date, slot.startTime)) throw new BookingError(BookingErrorCode.CLASS_STARTED);
    if (await this.pastCutoff(slot.date, slot.startTime)) throw new BookingError(BookingErrorCode.WAITLIST_CLOSED);
    // Places checkouts hold for others (15 minutes at most) count as taken: such a class is full.
    const held = slot.classId ? await this.reservations.heldPlaces(slot.classId, this.clock.now(), caller.id) : 0;
    if (slot.reservedCount + held < slot.capacity) throw new BookingError(BookingErrorCode.CLASS_NOT_FULL);
    const classId = await this.sessions.ensureSession(slot);
    if (slot.waitingCount >= waitlistMax) {
      // Full when read: the refusals in their order from plain reads, without queueing for the class's lock.
      if (await this.reservations.activeReservationExists(classId, caller.id)) {
        throw new BookingError(BookingErrorCode.ALREADY_BOOKED);
      }
      if (await this.waitlist.isWaiting(classId, caller.id)) {
        throw new BookingError(BookingErrorCode.ALREADY_WAITLISTED);
      }
      await this.chooser.assertCovering(caller.id, slot.date, slot.classType);
      throw new BookingError(BookingErrorCode.WAITLIST_FULL);
    }
    const now = this.clock.now();
    return this.transactions.run(async () => {
      // The class row first: joins of one class queue here (MySQL), and positions follow commits.
      await this.waitlist.lockClass(classId);
      if (await this.reservations.activeReservationExists(classId, caller.id)) {
        throw new BookingError(BookingErrorCode.ALREADY_BOOKED);
      }
      if (await this.waitlist.isWaiting(classId, caller.id)) {
        throw new BookingError(BookingErrorCode.ALREADY_WAITLISTED);
      }
      await this.chooser.assertCovering(caller.id, slot.date, slot.classType);
      if (!(await this.waitlist.addWaiting(classId, waitlistMax, { userId: caller.id, now }))) {
        const current = await this.waitlist.classById(classId);
        if (current?.status === 'cancelled') throw new BookingError(BookingErrorCode.CLASS_CANCELLED);
        const heldNow = await this.reservations.heldPlaces(classId, now, caller.id);
        if (current && current.reservedCount + heldNow < current.capacity)
          throw new BookingError(BookingErrorCode.CLASS_NOT_FULL);
        throw new BookingError(BookingErrorCode.WAITLIST_FULL);
      }
      try {
        const waitlistId = await this.waitlist.insertEntry(classId, caller.id, now);
        return { waitlistId, position: await this.waitlist.positionOf(waitlistId) };
      } catch (error) {
        if (isUniqueViolation(error)) throw new BookingError(BookingErrorCode.ALREADY_WAITLISTED);
        throw error;
      }
    });
  }

  /** leave-waitlist: the client leaves the line (an admin may take anyone off). Idempotent. */
  async leave(caller: Caller, entryId: number): Promise<boolean> {
    const entry = await this.waitlist.entryById(entryId);
    if (!entry) throw new BookingError(BookingErrorCode.WAITLIST_ENTRY_NOT_FOUND);
    access.require(caller, Permission.WaitlistManageOthers, { ownerId: entry.userId });
    if (entry.status !== 'waiting') return false;
    const byAdmin = caller.id !== entry.userId;
    return this.transactions.run(async () => {
      await this.waitlist.lockClass(entry.classSessionId);
      const ended = await this.waitlist.endEntry(entry.id, byAdmin ? 'removed' : 'left', this.clock.now());
      if (!ended) return false;
      await this.waitlist.removeWaiting(entry.classSessionId);
      if (byAdmin) {
        await this.audit.record(caller, {
          action: 'waitlist.remove',
          entityType: 'waitlist',
          entityId: entry.id,
          subjectUserId: entry.userId,
          before: { status: 'waiting' },
          after: { status: 'removed' },
        });
      }
      return true;
    });
  }

  /**
   * An admin books one waiting client now, out of turn, while the class has a free place (after the
   * list's cutoff, when places are no longer handed out automatically, or any time one is free).
   */
  async promoteByAdmin(admin: Caller, entryId: number): Promise<number> {
    const entry = await this.waitlist.entryById(entryId);
    if (!entry) throw new BookingError(BookingErrorCode.WAITLIST_ENTRY_NOT_FOUND);
    return this.transactions.run(async () => {
      await this.waitlist.lockClass(entry.classSessionId);
      const current = await this.waitlist.entryById(entryId);
      if (!current || current.status !== 'waiting') throw new BookingError(BookingErrorCode.WAITLIST_ENTRY_ENDED);
      const klass = await this.waitlist.classById(entry.classSessionId);
      if (!klass || klass.status !== 'scheduled') throw new BookingError(BookingErrorCode.CLASS_CANCELLED);
      if (this.clock.hasStarted(klass.date, klass.startTime)) throw new BookingError(BookingErrorCode.CLASS_STARTED);
      if (klass.reservedCount >= klass.capacity) throw new BookingError(BookingErrorCode.CLASS_FULL);
      if (await this.reservations.activeReservationExists(klass.id, current.userId)) {
        throw new BookingError(BookingErrorCode.ALREADY_BOOKED);
      }
      // The booking rules' refusals reach the admin as they are; the entry stays in line.
      const id = await this.book(current, klass);
      await this.audit.record(admin, {
        action: 'waitlist.promote',
        entityType: 'waitlist',
        entityId: entry.id,
        subjectUserId: current.userId,
        before: { status: 'waiting' },
        after: { status: 'promoted', reservationId: id },
      });
      return id;
    });
  }

  /**
   * Inside the transaction that freed places in a class (a cancellation, a capacity raise): books
   * the line in order while places are free and the cutoff has not passed. The class row is already
   * locked by that change (MySQL); SQLite runs one transaction at a time.
   */
  async fillFreedPlaces(classId: number): Promise<void> {
    for (;;) {
      const klass = await this.waitlist.classById(classId);
      if (!klass || klass.status !== 'scheduled' || klass.waitingCount === 0) return;
      if (klass.reservedCount >= klass.capacity) return;
      if (await this.pastCutoff(klass.date, klass.startTime)) return;
      // A place a checkout holds (15 minutes at most) is not free for the line.
      const held = await this.reservations.heldPlaces(classId, this.clock.now());
      if (klass.reservedCount + held >= klass.capacity) return;
      const head = await this.waitlist.headOf(classId);
      if (!head) return;
      const reason = await this.refusal(head, klass);
      if (reason) {
        await this.endAndNotify(head, klass, 'skipped', reason);
        continue;
      }
      await this.book(head, klass);
    }
  }

  /** After a capacity raise of a timetable entry: fills its upcoming classes' free places. */
  async fillScheduleClasses(scheduleId: number, from: StudioNow) {
    for (const classId of await this.waitlist.classesWithFreePlaceAndWaiting(scheduleId, from)) {
      await this.fillFreedPlaces(classId);
    }
  }

  /** The studio cancelled the class: everyone waiting leaves the line with a mail. */
  async closeForCancelledClass(classId: number): Promise<void> {
    const klass = await this.waitlist.classById(classId);
    if (!klass) return;
    for (const entry of await this.waitlist.waitingInClass(classId)) {
      await this.endAndNotify(entry, klass, 'closed', 'class_cancelled');
    }
  }

  /** Inside an account's deactivation: the user leaves every line they wait in. */
  @InTransaction()
  async leaveAll(userId: number): Promise<void> {
    for (const entry of await this.waitlist.allWaitingOfUser(userId)) {
      if (await this.waitlist.endEntry(entry.id, 'removed', this.clock.now(), { reason: 'inactive' })) {
        await this.waitlist.removeWaiting(entry.classSessionId);
      }
    }
  }

  /**
   * The waitlist-cutoff job (every minute): the lists of classes within the settings' waitlist cutoff close;
   * each client still waiting gets "La lista de espera cerró". Each entry is ended by a conditional
   * update, so two replicas running the job close it once. Returns how many entries it closed.
   */
  async closeAtCutoff(): Promise<number> {
    const { waitlistCutoffHours } = await this.settings.current();
    const until = new Date(this.clock.now().getTime() + waitlistCutoffHours * 3600_000);
    const zone = this.clock.timeZone;
    const due = await this.waitlist.waitingUntil({
      today: studioToday(until, zone),
      timeOfDay: studioTimeOfDay(until, zone),
    });
    let closed = 0;
    for (const line of due) {
      const done = await this.transactions.run(async () => {
        await this.waitlist.lockClass(line.classSessionId);
        const entry = await this.waitlist.entryById(line.id);
        const klass = await this.waitlist.classById(line.classSessionId);
        if (!entry || !klass || entry.status !== 'waiting') return false;
        return this.endAndNotify(entry, klass, 'closed', 'cutoff');
      });
      if (done) closed++;
    }
    return closed;
  }

  /** The client's entries still waiting, for "Mis clases". */
  async linesOf(userId: number): Promise<WaitlistPlaceDto[]> {
    const now = this.clock.now();
    const lines = await this.waitlist.waitingOfUser(userId, {
      today: this.clock.today(now),
      timeOfDay: this.clock.timeOfDay(now),
    });
    return lines.map(toWaitlistPlaceDto);
  }

  /** Why the head of the line cannot be booked now, or null when they can. */
  private async refusal(entry: WaitingClient, klass: WaitlistClass): Promise<string | null> {
    if (!entry.active) return 'inactive';
    if (await this.reservations.activeReservationExists(klass.id, entry.userId)) return 'already_booked';
    try {
      // A membership's week or day count too: a promotion counts like a booking.
      await this.chooser.assertCovering(entry.userId, klass.date, classKindOf(klass), true);
    } catch (error) {
      if (error instanceof BookingError) return error.code;
      throw error;
    }
    return null;
  }

  /** Books a waiting client into a class with a free place, and tells them. */
  private async book(entry: WaitingClient, klass: WaitlistClass) {
    const now = this.clock.now();
    const planId = await this.chooser.takeClass(entry.userId, klass.date, classKindOf(klass));
    if (!(await this.reservations.takePlace(klass.id, false, { userId: entry.userId, now }))) {
      throw new BookingError(BookingErrorCode.CLASS_FULL);
    }
    // Promoted after the free-cancellation deadline: they did not choose a late booking.
    const { cancelHours, waitlistGraceMinutes } = await this.settings.current();
    const deadline = this.clock.cancelDeadline(klass.date, klass.startTime, cancelHours);
    const grace = now.getTime() > deadline.getTime() ? new Date(now.getTime() + waitlistGraceMinutes * 60_000) : null;
    // The client's favourite reformer when free, else the one they had last, else any free one.
    const { result: reservationId, spot } = await this.spots.place(
      { classId: klass.id, userId: entry.userId },
      (spotId) =>
        this.reservations.insertReservation({
          classId: klass.id,
          userId: entry.userId,
          userPlanId: planId,
          spotId,
          cancelHours,
          cancelGraceUntil: grace,
          bookedAt: now,
        }),
    );
    await this.waitlist.endEntry(entry.id, 'promoted', now, { reservationId });
    await this.waitlist.removeWaiting(klass.id);
    await this.notifications.emit({
      type: 'waitlist.promoted',
      to: recipientOf(entry),
      payload: {
        class: { ...bookedClass(klass, reservationId), spot: spot.label },
        cancelUntil: (grace ?? deadline).toISOString(),
        grace: grace !== null,
      },
    });
    return reservationId;
  }

  /** Ends a waiting entry as skipped or closed, once, and tells the client why. */
  private async endAndNotify(
    entry: WaitingClient,
    klass: WaitlistClass,
    status: 'skipped' | 'closed',
    reason: string,
  ): Promise<boolean> {
    if (!(await this.waitlist.endEntry(entry.id, status, this.clock.now(), { reason }))) return false;
    await this.waitlist.removeWaiting(klass.id);
    await this.notifications.emit(
      status === 'skipped'
        ? { type: 'waitlist.skipped', to: recipientOf(entry), payload: { class: bookedClass(klass), reason } }
        : {
            type: 'waitlist.closed',
            to: recipientOf(entry),
            payload: { class: bookedClass(klass), reason: reason === 'class_cancelled' ? 'class_cancelled' : 'cutoff' },
          },
    );
    return true;
  }
}

const recipientOf = (entry: WaitingClient) => ({ userId: entry.userId, email: entry.email, name: entry.name });

const bookedClass = (klass: WaitlistClass, reservationId = 0): BookedClass => ({
  reservationId,
  date: klass.date,
  startTime: klass.startTime,
  durationMinutes: klass.durationMinutes,
  instructor: klass.instructor,
  classType: classTypeLabel({ name: klass.classTypeName, level: klass.classTypeLevel }),
});

export function toWaitlistPlaceDto(line: WaitlistLine): WaitlistPlaceDto {
  return {
    id: line.id,
    date: line.date,
    time: to12Hour(line.startTime),
    instructor: line.instructor,
    position: line.position,
  };
}

/** The class type a waiting client's plan must cover. */
const classKindOf = (klass: WaitlistClass): ClassKind => ({ id: klass.classTypeId, name: klass.classTypeName });
