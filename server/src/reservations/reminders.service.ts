import { Injectable } from '@nestjs/common';
import { addDays } from '@pilates/dates';
import { StudioClock } from '../core/clock/studio-clock';
import { TransactionService } from '../core/database/transaction.service';
import { NotificationsService } from '../notifications';
import { toBookedClass } from './dto/reservations.mappers';
import { ReservationsRepository } from './reservations.repository';

/** From this studio time on, the day before a class, its reminders go out. */
export const REMINDER_FROM_TIME = '09:00';

/**
 * The reminder of the day before each class. Each reminder is claimed with a conditional UPDATE
 * (reminder_sent_at IS NULL) and its notification emitted in the same transaction, so with several
 * server replicas running this job each reminder is notified once, and a claim never stands
 * without its notification (the outbox retries a mail server that is down).
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
    if (this.clock.timeOfDay(now) < REMINDER_FROM_TIME) return 0;
    const tomorrow = addDays(this.clock.today(now), 1);
    const due = await this.reservations.dueForReminder(tomorrow);

    let sent = 0;
    for (const reminder of due) {
      const claimed = await this.transactions.run(async () => {
        if (!(await this.reservations.claimReminder(reminder.id, now))) return false; // another replica has it
        await this.notifications.emit({
          type: 'class.reminder',
          to: { userId: reminder.userId, email: reminder.email, name: reminder.name },
          payload: { class: toBookedClass(reminder, reminder.id) },
        });
        return true;
      });
      if (claimed) sent++;
    }
    return sent;
  }
}
