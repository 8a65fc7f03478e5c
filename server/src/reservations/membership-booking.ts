import { Injectable } from '@nestjs/common';
import { StudioClock } from '../core/clock/studio-clock';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import type { Membership } from '../payments/entities';
import { MembershipBookingRepository } from './membership-booking.repository';
import { bookableUntil, bookingBlockedFrom, pauseOn, studioWeekOf } from './membership-rules';
import { BookingError, BookingErrorCode } from './reservations.errors';

/** The class type of the class being booked. */
interface ClassKind {
  id: number;
  name: string;
}

/** A membership's answer for one class: its plan books it, or why it does not; null: no membership. */
export type MembershipVerdict = { userPlanId: number } | { refusal: BookingError } | null;

/**
 * Booking with a membership: its plan takes no class from `classes_remaining`; it books by the
 * studio week instead (N a week, or unlimited at most `membershipDailyLimit` a day), within its
 * horizon (paid period plus one, never past a cancellation), outside its pauses, and not once a
 * failed charge is older than the grace days. The count is taken under the plan's row lock.
 */
@Injectable()
export class MembershipBooking {
  constructor(
    private readonly repository: MembershipBookingRepository,
    private readonly settings: StudioSettingsService,
    private readonly clock: StudioClock,
  ) {}

  /** Whether the client's membership could book a class on `date` (no count unless `count`); takes nothing. */
  async check(userId: number, date: string, kind: ClassKind, count: boolean): Promise<MembershipVerdict> {
    const membership = await this.repository.bookingMembershipOf(userId);
    if (!membership) return null;
    const refusal = await this.refusal(membership, date, kind);
    if (refusal) return { refusal };
    if (count) {
      const over = await this.overLimit(membership, date);
      if (over) return { refusal: over };
    }
    return { userPlanId: membership.userPlanId! };
  }

  /** Inside the booking's transaction: the membership's plan when it books the class (counted under its lock). */
  async take(userId: number, date: string, kind: ClassKind): Promise<MembershipVerdict> {
    const membership = await this.repository.bookingMembershipOf(userId);
    if (!membership) return null;
    const refusal = await this.refusal(membership, date, kind);
    if (refusal) return { refusal };
    await this.repository.lockPlan(membership.userPlanId!);
    const over = await this.overLimit(membership, date);
    if (over) return { refusal: over };
    return { userPlanId: membership.userPlanId! };
  }

  /** Whether a plan is a membership's (it takes and gets back no classes). */
  async isMembershipPlan(userPlanId: number): Promise<boolean> {
    return (await this.repository.membershipOfPlan(userPlanId)) !== null;
  }

  /** Classes taken with a membership's plan in the studio week of `date`. */
  async weekUsage(userPlanId: number, date: string): Promise<{ start: string; end: string; used: number }> {
    const week = studioWeekOf(date);
    return { ...week, used: await this.repository.countTaken(userPlanId, week.start, week.end) };
  }

  private async refusal(membership: Membership, date: string, kind: ClassKind): Promise<BookingError | null> {
    const types = await this.repository.classTypesOf(membership.userPlanId!);
    if (types.length > 0 && !types.includes(kind.id)) {
      return new BookingError(
        BookingErrorCode.CLASS_TYPE_NOT_IN_PLAN,
        `Tu membresía no incluye clases de ${kind.name}.`,
        true,
      );
    }
    if (membership.anchorDate && date < membership.anchorDate)
      return new BookingError(BookingErrorCode.DATE_OUT_OF_PLAN);
    const horizon = bookableUntil(membership);
    if (horizon === null || date > horizon) return new BookingError(BookingErrorCode.MEMBERSHIP_HORIZON);
    if (pauseOn(await this.repository.pausesOf([membership.id]), date)) {
      return new BookingError(BookingErrorCode.MEMBERSHIP_PAUSED);
    }
    if (membership.status === 'past_due') {
      const { membershipGraceDays } = await this.settings.current();
      const blockedFrom = bookingBlockedFrom(membership, membershipGraceDays);
      if (blockedFrom && this.clock.now().getTime() >= blockedFrom.getTime()) {
        return new BookingError(BookingErrorCode.MEMBERSHIP_PAST_DUE);
      }
    }
    return null;
  }

  private async overLimit(membership: Membership, date: string): Promise<BookingError | null> {
    const planId = membership.userPlanId!;
    if (membership.weeklyLimit !== null) {
      const { start, end } = studioWeekOf(date);
      if ((await this.repository.countTaken(planId, start, end)) < membership.weeklyLimit) return null;
      const n = membership.weeklyLimit;
      return new BookingError(
        BookingErrorCode.WEEKLY_LIMIT_REACHED,
        `Ya usaste tus ${n} ${n === 1 ? 'clase' : 'clases'} de esta semana con tu membresía.`,
        true,
      );
    }
    const { membershipDailyLimit } = await this.settings.current();
    if ((await this.repository.countTaken(planId, date, date)) < membershipDailyLimit) return null;
    return new BookingError(
      BookingErrorCode.DAILY_LIMIT_REACHED,
      membershipDailyLimit === 1
        ? 'Tu membresía incluye una clase por día y ya reservaste una ese día.'
        : `Tu membresía incluye ${membershipDailyLimit} clases por día y ya las reservaste ese día.`,
      true,
    );
  }
}
