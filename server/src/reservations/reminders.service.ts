import { Injectable } from '@nestjs/common';
import { StudioClock } from '../core/clock/studio-clock';
import { TransactionService } from '../core/database/transaction.service';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import { isUniqueViolation } from '../core/errors/database-errors';
import { NotificationsService } from '../notifications';
import { toBookedClass } from './dto/reservations.mappers';
import { ReservationsRepository, type ReservationInfo } from './reservations.repository';

/** Reminders go out only from this studio time of day… */
export const REMINDER_FROM_TIME = '09:00';
/** …until this one: nobody is mailed at night. */
export const REMINDER_UNTIL_TIME = '22:00';
/**
 * The reminder of each class, the settings' `reminderHours` before the class (by default 12 hours
 * before its cancellation deadline: a day before with a 12-hour window), and, when the settings ask
 * for it, a second one `secondReminderHours` before (claimed by its row in class_second_reminders,
 * the same way). Each reminder is claimed with a conditional UPDATE
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
    private readonly settings: StudioSettingsService,
  ) {}

  /**
   * The class-reminders job (every 10 minutes): notifies the reminders due now, and the second
   * reminders when the settings ask for them; returns how many.
   */
  async sendDueReminders(): Promise<number> {
    const now = this.clock.now();
    const timeOfDay = this.clock.timeOfDay(now);
    if (timeOfDay < REMINDER_FROM_TIME || timeOfDay >= REMINDER_UNTIL_TIME) return 0;
    const { reminderHours, secondReminderHours, cancelHours } = await this.settings.current();
    const today = this.clock.today(now);
    const due = <T extends ReservationInfo>(candidates: T[], aheadMs: number) =>
      candidates.filter(
        (r) =>
          !this.clock.hasStarted(r.date, r.startTime) &&
          now.getTime() >= this.clock.startOf(r.date, r.startTime).getTime() - aheadMs,
      );
    const until = (aheadMs: number) => this.clock.today(new Date(now.getTime() + aheadMs));

    let sent = 0;
    const firstAheadMs = reminderHours * 3600_000;
    for (const reminder of due(await this.reservations.dueForReminder(today, until(firstAheadMs)), firstAheadMs)) {
      const claimed = await this.transactions.run(async () => {
        if (!(await this.reservations.claimReminder(reminder.id, now))) return false; // another replica has it
        await this.notify(reminder, cancelHours, today);
        return true;
      });
      if (claimed) sent++;
    }

    if (secondReminderHours === null) return sent;
    const secondAheadMs = secondReminderHours * 3600_000;
    const seconds = due(await this.reservations.dueForSecondReminder(today, until(secondAheadMs)), secondAheadMs)
      // A first reminder that itself went out inside the second one's window is enough: one mail.
      .filter((r) => r.reminderSentAt.getTime() < this.clock.startOf(r.date, r.startTime).getTime() - secondAheadMs);
    for (const reminder of seconds) {
      try {
        await this.transactions.run(async () => {
          await this.reservations.claimSecondReminder(reminder.id, now);
          await this.notify(reminder, cancelHours, today);
        });
        sent++;
      } catch (error) {
        // Another replica claimed it first.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return sent;
  }

  private async notify(reminder: ReservationInfo, cancelHours: number, today: string): Promise<void> {
    const cancelUntil = this.clock.cancelDeadline(
      reminder.date,
      reminder.startTime,
      // The window the booking was sold with; the policy in force for rows from before it was kept.
      reminder.cancelHours ?? cancelHours,
      reminder.cancelGraceUntil,
    );
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
  }
}
