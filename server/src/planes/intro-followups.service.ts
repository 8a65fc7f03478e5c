import { Injectable } from '@nestjs/common';
import { addDays } from '@pilates/dates';
import { StudioClock } from '../core/clock/studio-clock';
import { TransactionService } from '../core/database/transaction.service';
import { isUniqueViolation } from '../core/errors/database-errors';
import { NotificationsService } from '../notifications';
import { IntroOfferRepository } from './intro-offer.repository';

/** The follow-up goes out only from this studio time of day… */
export const FOLLOWUP_FROM_TIME = '09:00';
/** …until this one, like the class reminders: nobody is mailed at night. */
export const FOLLOWUP_UNTIL_TIME = '22:00';
/** A class attended longer ago than this (the job was off, attendance marked late) gets no follow-up. */
export const FOLLOWUP_WITHIN_DAYS = 7;

/**
 * The mail with the regular plans, the day after a client attended their intro class: once per
 * intro plan. Its row in intro_followups is the claim, inserted in the transaction that queues the
 * mail in the outbox, so with several replicas running the job the mail is queued once.
 */
@Injectable()
export class IntroFollowupsService {
  constructor(
    private readonly repository: IntroOfferRepository,
    private readonly transactions: TransactionService,
    private readonly notifications: NotificationsService,
    private readonly clock: StudioClock,
  ) {}

  /** The intro-followups job: queues the mails due now; returns how many this caller claimed. */
  async sendDue(): Promise<number> {
    const now = this.clock.now();
    const timeOfDay = this.clock.timeOfDay(now);
    if (timeOfDay < FOLLOWUP_FROM_TIME || timeOfDay >= FOLLOWUP_UNTIL_TIME) return 0;
    const today = this.clock.today(now);
    const due = await this.repository.dueFollowups(addDays(today, -FOLLOWUP_WITHIN_DAYS), today);
    if (due.length === 0) return 0;
    const plans = (await this.repository.regularPlans()).map((plan) => ({
      name: plan.name,
      classCount: plan.classCount,
      priceCents: plan.priceCents,
    }));
    // Nothing on sale to offer (every regular plan hidden): the mail waits, within its 7 days.
    if (plans.length === 0) return 0;
    let sent = 0;
    for (const followup of due) {
      try {
        await this.transactions.run(async () => {
          await this.repository.claimFollowup(followup.userPlanId, now);
          await this.notifications.emit({
            type: 'intro.followup',
            to: { userId: followup.userId, email: followup.email, name: followup.name },
            payload: { userPlanId: followup.userPlanId, plans },
          });
        });
        sent++;
      } catch (error) {
        // Another replica claimed it first.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return sent;
  }
}
