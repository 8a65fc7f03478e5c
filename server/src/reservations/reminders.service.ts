import { Injectable } from '@nestjs/common';
import { StudioClock } from '../core/clock/studio-clock';
import { TransactionService } from '../core/database/transaction.service';
import { NotificationsService } from '../notifications';
import { toBookedClass } from './dto/reservations.mappers';
import { ReservationsRepository } from './reservations.repository';

/** Reminders go out only from this studio time of day… */
export const REMINDER_FROM_TIME = '09:00';
/** …until this one: nobody is mailed at night. */
export const REMINDER_UNTIL_TIME = '22:00';
/**
 * A reminder is due this many hours before its class's cancellation deadline: more than the night
 * without mail (22:00–9:00, 11 hours), so a reminder that falls due at night still goes out while
 * the client can cancel.
 */
export const REMINDER_LEAD_HOURS = 12;

/**
 * The reminder of each class, REMINDER_LEAD_HOURS before its cancellation deadline (with
 * CANCEL_HOURS = 12, a day before the class). Each reminder is claimed with a conditional UPDATE
 * (reminder_sent_at IS NULL) and its notification emitted in the same transaction, so with several
 * server replicas running this job each reminder is notified once, and a claim never stands
 * without its notification (the outbox retries a mail server that is down). A class booked after
 * its deadline is reminded too, saying it can no longer be cancelled.
 */
@Injectable()
export class RemindersService {
  constructor(
    private readonly reservations: ReservationsRepository,
    private readonly transactions: TransactionService,
    private readonly notifications: NotificationsService,
    private readonly clock: StudioClock,
  ) {}

  /** The class-reminders job (every 10 minutes): notifies the reminders due now; returns how many. */
  async sendDueReminders(): Promise<number> {
    const now = this.clock.now();
    const timeOfDay = this.clock.timeOfDay(now);
    if (timeOfDay < REMINDER_FROM_TIME || timeOfDay >= REMINDER_UNTIL_TIME) return 0;
    const aheadMs = (this.clock.cancelHours + REMINDER_LEAD_HOURS) * 3600_000;
    const today = this.clock.today(now);
    const candidates = await this.reservations.dueForReminder(
      today,
      this.clock.today(new Date(now.getTime() + aheadMs)),
    );
    const due = candidates.filter(
      (r) =>
        !this.clock.hasStarted(r.date, r.startTime) &&
        now.getTime() >= this.clock.startOf(r.date, r.startTime).getTime() - aheadMs,
    );

    let sent = 0;
    for (const reminder of due) {
      const cancelUntil = this.clock.cancelDeadline(
        reminder.date,
        reminder.startTime,
        reminder.cancelGraceUntil,
        reminder.cancelHours,
      );
      const claimed = await this.transactions.run(async () => {
        if (!(await this.reservations.claimReminder(reminder.id, now))) return false; // another replica has it
        await this.notifications.emit({
          type: 'class.reminder',
          to: { userId: reminder.userId, email: reminder.email, name: reminder.name },
          payload: {
            class: toBookedClass(reminder, reminder.id),
            cancelUntil: cancelUntil.toISOString(),
            cancellable: this.clock.canCancel(cancelUntil),
            sentOn: today,
          },
        });
        return true;
      });
      if (claimed) sent++;
    }
    return sent;
  }
}
