import { Injectable, Logger } from '@nestjs/common';
import { StudioClock } from '../core/clock/studio-clock';
import { TransactionService } from '../core/database/transaction.service';
import { DomainError } from '../core/errors/api-error';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import { SpotAssigner, type SpotRef } from '../sala';
import { BookingService } from './booking.service';
import { ClassSessionsService } from './class-sessions.service';
import { NoShowsService } from './no-shows.service';
import { ReservationsRepository } from './reservations.repository';
import { BookingError, BookingErrorCode } from './reservations.errors';
import { SpotHoldsRepository, type HeldBooking } from './spot-holds.repository';
import { WaitlistRepository } from './waitlist.repository';
import { WaitlistService } from './waitlist.service';

/** How long a checkout holds the reformer its client chose. */
export const HOLD_MINUTES = 15;
/** How many ended holds one run of the spot-holds job settles. */
const SETTLE_BATCH = 100;

/** The class and reformer a checkout asks to hold (no spot: "Cualquiera"). */
export interface HoldRequest {
  date: string;
  scheduleId: number;
  spot?: number | null;
}

/** A hold request checked outside the checkout's transaction: the class runs, has a row, has not started. */
export interface PreparedHold {
  classId: number;
  date: string;
  scheduleId: number;
  startTime: string;
  spotId: number | null;
}

export type { HeldBooking };

/**
 * The reformer a client chose in the booking dialog, held while they pay for a plan in the
 * checkout (Mariana Tek loses it meanwhile; we must not). The checkout records the hold with its
 * purchase, refusing as push-reservation would (the class runs and has not started, the client is
 * not in it, a place is free, the reformer asked for is free and in service; "Cualquiera" picks as
 * a booking does). For HOLD_MINUTES the reformer is taken for everyone else and its place counts
 * against the class's. The approved payment books it through the booking's own path (plan, mail)
 * if the hold is still live; a refused booking ends the hold and the plan stays. Expired holds end
 * by themselves: every read compares `expires_at` with the studio clock.
 */
@Injectable()
export class SpotHoldsService {
  private readonly logger = new Logger('SpotHolds');

  constructor(
    private readonly holds: SpotHoldsRepository,
    private readonly reservations: ReservationsRepository,
    private readonly sessions: ClassSessionsService,
    private readonly booking: BookingService,
    private readonly waitlist: WaitlistService,
    private readonly spots: SpotAssigner,
    private readonly clock: StudioClock,
    private readonly transactions: TransactionService,
    private readonly waitlists: WaitlistRepository,
    private readonly settings: StudioSettingsService,
    private readonly noShows: NoShowsService,
  ) {}

  /**
   * The refusals that need no lock, and the class's row (created on first need, in its own short
   * transaction): before the checkout's transaction.
   */
  async prepare(request: HoldRequest, userId: number): Promise<PreparedHold> {
    // A class bought with the plan is an online booking: the strike rule pauses it too.
    const { strikeRule, contact } = await this.settings.current();
    await this.noShows.assertNotBlocked(userId, strikeRule, contact);
    const slot = await this.sessions.slotOf(request.scheduleId, request.date);
    if (slot.cancelled) throw new BookingError(BookingErrorCode.CLASS_CANCELLED);
    if (this.clock.hasStarted(slot.date, slot.startTime)) throw new BookingError(BookingErrorCode.CLASS_STARTED);
    const classId = await this.sessions.ensureSession(slot);
    return {
      classId,
      date: slot.date,
      scheduleId: slot.scheduleId,
      startTime: slot.startTime,
      spotId: request.spot ?? null,
    };
  }

  /**
   * Records the hold of a purchase, in the checkout's transaction (a refusal rolls the purchase
   * back): the class row is locked first, as bookings take it, so no booking takes the reformer or
   * the last place meanwhile. The client's earlier live hold ends (one at a time). Answers the
   * reformer held.
   */
  async hold(userId: number, prepared: PreparedHold, paymentId: number): Promise<SpotRef> {
    const now = this.clock.now();
    const klass = await this.holds.lockClassPlaces(prepared.classId);
    if (!klass || klass.status !== 'scheduled') throw new BookingError(BookingErrorCode.CLASS_CANCELLED);
    if (await this.reservations.activeReservationExists(prepared.classId, userId)) {
      throw new BookingError(BookingErrorCode.ALREADY_BOOKED);
    }
    await this.holds.endLiveOf(userId, now);
    const held = await this.reservations.heldPlaces(prepared.classId, now, userId);
    // Until the waitlist's cutoff a freed place is the line's, as for a booking.
    const lineFirst = klass.waitingCount > 0 && !(await this.waitlist.pastCutoff(prepared.date, prepared.startTime));
    if (klass.reservedCount + held >= klass.capacity || lineFirst) throw new BookingError(BookingErrorCode.CLASS_FULL);
    const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
    const { spot } = await this.spots.hold({ classId: prepared.classId, userId, spotId: prepared.spotId }, (spotId) =>
      this.holds.insert({
        paymentId,
        userId,
        classId: prepared.classId,
        date: prepared.date,
        scheduleId: prepared.scheduleId,
        spotId,
        expiresAt,
        createdAt: now,
      }),
    );
    return spot;
  }

  /**
   * An approved purchase: its hold, if still live now, becomes the reservation on that reformer
   * (the plan the booking rules choose, the booking's mail). The hold is taken by a conditional
   * UPDATE in the booking's transaction, so the webhook and the return's confirm book it once. A
   * refused booking (class started or cancelled, reformer out of service…) ends the hold; the plan
   * stays. Never throws a refusal: the payment is recorded whatever happens here.
   */
  async bookHeld(paymentId: number): Promise<void> {
    const now = this.clock.now();
    const hold = await this.holds.liveOfPayment(paymentId, now);
    if (!hold) return;
    try {
      await this.booking.bookHeld(
        hold.userId,
        { date: hold.date, classReservation: hold.scheduleId, spot: hold.spotId },
        {
          take: () => this.holds.consume(hold.id, now),
          booked: (reservationId) => this.holds.setReservation(hold.id, reservationId),
        },
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn(`Reformer guardado del pago ${paymentId} no reservado: ${error.code}`);
      await this.holds.release(hold.id, now);
    }
  }

  /** Ends a purchase's live hold (its checkout could not open). */
  end(paymentId: number): Promise<void> {
    return this.holds.endOfPayment(paymentId, this.clock.now());
  }

  /** What an approved purchase booked on its held reformer, while that reservation is active. */
  bookingOf(paymentId: number): Promise<HeldBooking | null> {
    return this.holds.bookingOfPayment(paymentId);
  }

  /**
   * The spot-holds job (every minute): each hold that ended without a booking (lapsed, refused, or
   * replaced by a newer checkout) is settled once, and the place it kept goes to its class's
   * waitlist in that transaction, as a cancellation's does. Settled holds older than a week are
   * deleted. Returns how many it settled.
   */
  async settleEnded(): Promise<number> {
    const now = this.clock.now();
    let settled = 0;
    for (const hold of await this.holds.endedUnsettled(now, SETTLE_BATCH)) {
      const done = await this.transactions.run(async () => {
        if (!(await this.holds.settle(hold.id, now))) return false;
        await this.waitlists.lockClass(hold.classId);
        await this.waitlist.fillFreedPlaces(hold.classId);
        return true;
      });
      if (done) settled++;
    }
    await this.holds.deleteSettledBefore(new Date(now.getTime() - 7 * 24 * 3600_000));
    return settled;
  }
}
