import { Injectable } from '@nestjs/common';
import { PlanesService } from '../planes';
import { BookingError, BookingErrorCode } from './reservations.errors';

/**
 * Which plan a class is taken from: among the client's unrevoked plans with classes left that
 * cover the date, the one that ends soonest, then the oldest. Shared by booking and the waitlist.
 */
@Injectable()
export class PlanChooser {
  constructor(private readonly plans: PlanesService) {}

  /**
   * Refuses (NO_CLASSES_LEFT, DATE_OUT_OF_PLAN) unless a plan could give a class on `date`; takes
   * nothing. Outside a transaction it is a plain read.
   */
  async assertCovering(userId: number, date: string): Promise<void> {
    await this.covering(userId, date);
  }

  /** Takes one class from the chosen plan, inside the caller's transaction; the plan's id. */
  async takeClass(userId: number, date: string): Promise<number> {
    for (const plan of await this.covering(userId, date)) {
      if (await this.plans.takeClass(plan.id)) return plan.id;
    }
    // Another booking of the same client took the last class first.
    throw new BookingError(BookingErrorCode.NO_CLASSES_LEFT);
  }

  private async covering(userId: number, date: string) {
    const plans = await this.plans.openPlansOf(userId);
    if (plans.length === 0) throw new BookingError(BookingErrorCode.NO_CLASSES_LEFT);
    const covering = plans.filter((plan) => plan.startDate <= date && date <= plan.endDate);
    if (covering.length === 0) throw new BookingError(BookingErrorCode.DATE_OUT_OF_PLAN);
    return covering;
  }
}
