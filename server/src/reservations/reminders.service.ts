import { Injectable, Logger } from '@nestjs/common';
import { addDays } from '@pilates/dates';
import { StudioClock } from '../core/clock/studio-clock';
import { BookingNotifier } from './booking-notifier.service';
import { toBookedClass } from './dto/reservations.mappers';
import { ReservationsRepository } from './reservations.repository';

/** From this studio time on, the day before a class, its reminders go out. */
export const REMINDER_FROM_TIME = '09:00';

/**
 * The reminder mail of the day before each class. Each reminder is claimed with a conditional
 * UPDATE (reminder_sent_at IS NULL) before it is sent, so with several server replicas running
 * this job each mail still goes out once; a failed send releases the claim for the next run.
 */
@Injectable()
export class RemindersService {
  private readonly logger = new Logger('Reminders');

  constructor(
    private readonly reservations: ReservationsRepository,
    private readonly notifier: BookingNotifier,
    private readonly clock: StudioClock,
  ) {}

  /** The class-reminders job (every 10 minutes): sends the reminders due now; returns how many were sent. */
  async sendDueReminders(): Promise<number> {
    const now = this.clock.now();
    if (this.clock.timeOfDay(now) < REMINDER_FROM_TIME) return 0;
    const tomorrow = addDays(this.clock.today(now), 1);
    const due = await this.reservations.dueForReminder(tomorrow);

    let sent = 0;
    for (const reminder of due) {
      const id = reminder.id;
      if (!(await this.reservations.claimReminder(id, now))) continue; // another replica has it
      try {
        await this.notifier.sendReminder(reminder, toBookedClass(reminder, id));
        sent++;
      } catch (error) {
        this.logger.error(`Recordatorio de la reserva ${id} no enviado: ${(error as Error).message}`);
        await this.reservations.releaseReminder(id);
      }
    }
    return sent;
  }
}
