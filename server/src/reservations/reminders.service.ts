import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { addDays, studioTimeOfDay } from '@pilates/dates';
import { DataSource, IsNull } from 'typeorm';
import { User } from '../auth/entities/user.entity';
import { Clock } from '../core/clock/clock';
import { BookingNotifier } from './booking-notifier.service';
import { ClassSessionsService } from './class-sessions.service';
import { ClassSession } from './entities/class-session.entity';
import { Reservation } from './entities/reservation.entity';
import { Schedule } from './entities/schedule.entity';

/** From this studio time on, the day before a class, its reminders go out. */
export const REMINDER_FROM_TIME = '09:00';

interface DueReminder {
  id: number;
  date: string;
  startTime: string;
  instructor: string | null;
  durationMinutes: number;
  name: string;
  email: string;
}

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
    const due = await this.dataSource
      .createQueryBuilder()
      .select('r.id', 'id')
      .addSelect('c.date', 'date')
      .addSelect('c.start_time', 'startTime')
      .addSelect('c.instructor', 'instructor')
      .addSelect('s.duration_minutes', 'durationMinutes')
      .addSelect('u.name', 'name')
      .addSelect('u.email', 'email')
      .from(Reservation, 'r')
      .innerJoin(ClassSession, 'c', 'c.id = r.class_session_id')
      .innerJoin(Schedule, 's', 's.id = c.schedule_id')
      .innerJoin(User, 'u', 'u.id = r.user_id')
      .where("r.status = 'active' AND r.reminder_sent_at IS NULL AND c.status = 'scheduled' AND c.date = :tomorrow", {
        tomorrow,
      })
      .getRawMany<DueReminder>();

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
          durationMinutes: Number(reminder.durationMinutes),
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
