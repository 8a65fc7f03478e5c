import { Injectable } from '@nestjs/common';
import { PlanesService, type OpenUserPlan } from '../planes';
import { MembershipBooking, type MembershipVerdict } from './membership-booking';
import { BookingError, BookingErrorCode } from './reservations.errors';

/** The class type of the class a plan must cover (its name for the refusal). */
export interface ClassKind {
  id: number;
  name: string;
}

/**
 * Which plan a class is taken from: among the client's unrevoked plans with classes left that
 * cover the date and the class's type, a plan limited to some types first (a prenatal pack pays for
 * the prenatal class, the general plan keeps its classes for any other), then the one that ends
 * soonest, then the oldest. Shared by booking, the waitlist and walk-ins.
 *
 * A membership comes first: when it can book the class (MembershipBooking: week or day count,
 * horizon, pause, grace) its plan is chosen and no class is taken. When it refuses, a pack that
 * covers the class books it instead; with no such pack the membership's refusal is the answer
 * (it says more than "no classes left").
 */
@Injectable()
export class PlanChooser {
  constructor(
    private readonly plans: PlanesService,
    private readonly memberships: MembershipBooking,
  ) {}

  /**
   * Refuses (NO_CLASSES_LEFT, DATE_OUT_OF_PLAN, CLASS_TYPE_NOT_IN_PLAN, a membership's refusals)
   * unless a plan could give a class of `kind` on `date`; takes nothing. A membership's week or day
   * count is checked only with `countLimits` (a waitlist's promotion; joining the line is free).
   * Outside a transaction it is a plain read.
   */
  async assertCovering(userId: number, date: string, kind: ClassKind, countLimits = false): Promise<void> {
    const verdict = await this.memberships.check(userId, date, kind, countLimits);
    if (verdict && 'userPlanId' in verdict) return;
    await this.orMembershipRefusal(verdict, () => this.covering(userId, date, kind));
  }

  /** Takes one class from the chosen plan, inside the caller's transaction; the plan's id. */
  async takeClass(userId: number, date: string, kind: ClassKind): Promise<number> {
    const verdict = await this.memberships.take(userId, date, kind);
    if (verdict && 'userPlanId' in verdict) return verdict.userPlanId;
    return this.orMembershipRefusal(verdict, async () => {
      for (const plan of await this.covering(userId, date, kind)) {
        if (await this.plans.takeClass(plan.id)) return plan.id;
      }
      // Another booking of the same client took the last class first.
      throw new BookingError(BookingErrorCode.NO_CLASSES_LEFT);
    });
  }

  /** The packs' answer; when they refuse too, a membership's refusal replaces theirs. */
  private async orMembershipRefusal<T>(verdict: MembershipVerdict, packs: () => Promise<T>): Promise<T> {
    try {
      return await packs();
    } catch (error) {
      if (verdict && 'refusal' in verdict && error instanceof BookingError) throw verdict.refusal;
      throw error;
    }
  }

  private async covering(userId: number, date: string, kind: ClassKind): Promise<OpenUserPlan[]> {
    const plans = await this.plans.openPlansOf(userId);
    if (plans.length === 0) throw new BookingError(BookingErrorCode.NO_CLASSES_LEFT);
    const covering = plans.filter((plan) => plan.startDate <= date && date <= plan.endDate);
    if (covering.length === 0) throw new BookingError(BookingErrorCode.DATE_OUT_OF_PLAN);
    const ofKind = covering.filter((plan) => plan.classTypeIds.length === 0 || plan.classTypeIds.includes(kind.id));
    if (ofKind.length === 0) {
      throw new BookingError(
        BookingErrorCode.CLASS_TYPE_NOT_IN_PLAN,
        `Tu plan no incluye clases de ${kind.name}.`,
        true,
      );
    }
    // Stable: each group keeps the order the plans came in (ends soonest, then the oldest).
    return [
      ...ofKind.filter((plan) => plan.classTypeIds.length > 0),
      ...ofKind.filter((p) => p.classTypeIds.length === 0),
    ];
  }
}
