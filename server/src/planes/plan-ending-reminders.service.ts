import { Injectable } from '@nestjs/common';
import { addDays } from '@pilates/dates';
import { AuditService } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { StudioClock } from '../core/clock/studio-clock';
import { TransactionService } from '../core/database/transaction.service';
import { NotificationsService } from '../notifications';
import { PlanReminderError, PlanReminderErrorCode } from './plan-reminder.errors';
import { PlanRemindersRepository, type EndingPlanRow } from './plan-reminders.repository';

/** A plan gets its "ends soon" mail when it ends within this many days (today included) with classes left. */
export const PLAN_ENDING_DAYS = 7;

export interface ReminderOutcome {
  /** False when the plan's one reminder had already been sent (by the job or an admin). */
  sent: boolean;
  sentAt: Date;
}

/**
 * The mail to a client whose plan ends within a week with classes left, once per plan. Each plan
 * is claimed by a conditional UPDATE (ending_reminder_sent_at IS NULL, still qualifying) and its
 * `plan.ending` notification emitted in the same transaction, so with several replicas, or the job
 * and an admin's click together, exactly one is emitted; the outbox delivers and retries it.
 */
@Injectable()
export class PlanEndingRemindersService {
  constructor(
    private readonly repository: PlanRemindersRepository,
    readonly transactions: TransactionService,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
    private readonly clock: StudioClock,
  ) {}

  /** The window on the studio's `today`: plans ending from today to today + 7 days. */
  window(now: Date = this.clock.now()): { today: string; until: string } {
    const today = this.clock.today(now);
    return { today, until: addDays(today, PLAN_ENDING_DAYS) };
  }

  /** The plan-ending-reminders job (hourly): notifies the plans due now; returns how many this caller claimed. */
  async sendDue(): Promise<number> {
    const now = this.clock.now();
    const { today, until } = this.window(now);
    const due = await this.repository.due(today, until);
    let claimed = 0;
    for (const plan of due) {
      const won = await this.transactions.run(async () => {
        if (!(await this.repository.claim(plan.id, now, today, until))) return false; // another replica has it
        await this.notify(plan);
        return true;
      });
      if (won) claimed++;
    }
    return claimed;
  }

  /**
   * The dashboard's "Enviar recordatorio": the same mail and the same claim, so it is idempotent per
   * plan: a second click, or a plan the job already reminded, emits nothing and says when it went.
   */
  async sendFor(admin: Caller, userPlanId: number): Promise<ReminderOutcome> {
    const now = this.clock.now();
    const { today, until } = this.window(now);
    const outcome = await this.transactions.run(async () => {
      const plan = await this.repository.endingPlan(userPlanId);
      if (!plan) throw new PlanReminderError(PlanReminderErrorCode.USER_PLAN_NOT_FOUND);
      if (plan.sentAt) return { sentAt: plan.sentAt, sent: false };
      if (!(await this.repository.claim(plan.id, now, today, until))) return { sentAt: null, sent: false };
      await this.notify(plan);
      await this.audit.record(admin, {
        action: 'user_plan.remind',
        entityType: 'user_plan',
        entityId: plan.id,
        subjectUserId: plan.userId,
        // Keys the audit page already labels ("Clases restantes", "Fecha de término").
        after: { classes_remaining: plan.classesRemaining, endDate: plan.endDate },
      });
      return { sentAt: now, sent: true };
    });
    if (outcome.sent) return { sent: true, sentAt: now };
    if (outcome.sentAt) return { sent: false, sentAt: outcome.sentAt };
    // The claim lost: to a click or a replica that committed meanwhile (read again, after that
    // commit, outside this transaction's snapshot), or because the plan does not qualify.
    const latest = await this.transactions.run(() => this.repository.endingPlan(userPlanId));
    if (latest?.sentAt) return { sent: false, sentAt: latest.sentAt };
    throw new PlanReminderError(PlanReminderErrorCode.PLAN_NOT_ENDING);
  }

  private notify(plan: EndingPlanRow): Promise<number> {
    return this.notifications.emit({
      type: 'plan.ending',
      to: { userId: plan.userId, email: plan.email, name: plan.name },
      payload: {
        userPlanId: plan.id,
        planName: plan.planName,
        classesRemaining: plan.classesRemaining,
        endDate: plan.endDate,
      },
    });
  }
}
