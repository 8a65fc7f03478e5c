import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { addDays } from '@pilates/dates';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { User } from '../auth/entities/user.entity';
import { AppConfig } from '../core/config/app-config';
import { BookingNotifier } from './booking-notifier.service';
import { BookingService } from './booking.service';
import { ClassSessionsService } from './class-sessions.service';
import { BookingError, BookingErrorCode } from './reservations.errors';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The feed also shows the last weeks, so a class just taken does not vanish from the calendar. */
const FEED_PAST_DAYS = 30;

/**
 * Each client's personal calendar feed: a secret URL (32 random bytes) that calendar apps
 * subscribe to. Resetting it gives a new URL and the old one stops working at once.
 */
@Injectable()
export class CalendarFeedService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly sessions: ClassSessionsService,
    private readonly booking: BookingService,
    private readonly notifier: BookingNotifier,
  ) {}

  urlFor(token: string): string {
    return `${this.config.appUrl.replace(/\/$/, '')}/api/calendar/${token}.ics`;
  }

  /** The user's feed URL, created on first request. */
  async feedUrl(user: User): Promise<string> {
    if (user.calendarToken) return this.urlFor(user.calendarToken);
    const token = randomBytes(32).toString('base64url');
    // Only set when still empty: two first requests at once end with one token.
    await this.dataSource
      .createQueryBuilder()
      .update(User)
      .set({ calendarToken: token })
      .where('id = :id AND calendar_token IS NULL', { id: user.id })
      .execute();
    const saved = await this.dataSource.manager.findOneByOrFail(User, { id: user.id });
    return this.urlFor(saved.calendarToken!);
  }

  /** A new URL; the old one answers 404 from now on. */
  async resetFeed(user: User): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.dataSource.manager.update(User, { id: user.id }, { calendarToken: token });
    return this.urlFor(token);
  }

  /** The iCalendar text behind a feed token. */
  async feed(token: string): Promise<string> {
    const user = TOKEN.test(token)
      ? await this.dataSource.manager.findOneBy(User, { calendarToken: token, active: true })
      : null;
    if (!user) throw new BookingError(BookingErrorCode.CALENDAR_FEED_NOT_FOUND);
    const classes = await this.booking.upcomingOf(user.id, addDays(this.sessions.today(), -FEED_PAST_DAYS));
    return this.notifier.calendar(classes, 'Mis clases de Pilates');
  }
}
