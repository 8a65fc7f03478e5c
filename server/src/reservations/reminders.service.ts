import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { addDays, studioTimeOfDay } from '@pilates/dates';
import { DataSource, IsNull } from 'typeorm';
import { Clock } from '../core/clock/clock';
import { BookingNotifier } from './booking-notifier.service';
import { BookingService } from './booking.service';
import { ClassSessionsService } from './class-sessions.service';
import { Reservation } from './entities/reservation.entity';

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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: ClassSessionsService,
    private readonly booking: BookingService,
    private readonly notifier: BookingNotifier,
    private readonly clock: Clock,
  ) {}

  @Cron(CronExpression.EVERY_10_MINUTES, { name: 'class-reminders' })
  async runScheduled(): Promise<void> {
    try {
      await this.sendDueReminders();
    } catch (error) {
      this.logger.error(`Los recordatorios fallaron: ${(error as Error).message}`);
    }
  }

  /** Sends the reminders due now; returns how many were sent. */
  async sendDueReminders(): Promise<number> {
    const now = this.clock.now();
    if (studioTimeOfDay(now, this.sessions.timeZone) < REMINDER_FROM_TIME) return 0;
    const tomorrow = addDays(this.sessions.today(), 1);
    const due = await this.booking.remindersDueOn(tomorrow);

    let sent = 0;
    for (const reminder of due) {
      const id = Number(reminder.id);
      const claim = await this.dataSource
        .createQueryBuilder()
        .update(Reservation)
        .set({ reminderSentAt: now })
        .where({ id, reminderSentAt: IsNull() })
        .execute();
      if (claim.affected !== 1) continue; // another replica has it
      try {
        await this.notifier.sendReminder(reminder, {
          reservationId: id,
          date: reminder.date,
          startTime: reminder.startTime,
          durationMinutes: reminder.durationMinutes,
          instructor: reminder.instructor,
        });
        sent++;
      } catch (error) {
        this.logger.error(`Recordatorio de la reserva ${id} no enviado: ${(error as Error).message}`);
        await this.dataSource
          .createQueryBuilder()
          .update(Reservation)
          .set({ reminderSentAt: null })
          .where({ id })
          .execute();
      }
    }
    return sent;
  }
}
