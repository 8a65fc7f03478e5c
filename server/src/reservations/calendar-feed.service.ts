import { Injectable } from '@nestjs/common';
import { addDays, STUDIO_CONTACT } from '@pilates/dates';
import { ICalCalendarMethod } from 'ical-generator';
import { randomBytes } from 'node:crypto';
import type { Caller } from '../core/auth/caller';
import { StudioClock } from '../core/clock/studio-clock';
import { AppConfig } from '../core/config/app-config';
import { replyToAddress } from '../core/settings/studio-settings';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import { classCalendar } from '../notifications';
import { BookingService } from './booking.service';
import { CalendarFeedRepository } from './calendar-feed.repository';
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
    private readonly feeds: CalendarFeedRepository,
    private readonly config: AppConfig,
    private readonly clock: StudioClock,
    private readonly booking: BookingService,
    private readonly settings: StudioSettingsService,
  ) {}

  urlFor(token: string): string {
    return `${this.config.appUrl.replace(/\/$/, '')}/api/calendar/${token}.ics`;
  }

  /** The user's feed URL, created on first request. */
  async feedUrl(caller: Caller): Promise<string> {
    const existing = await this.feeds.tokenOf(caller.id);
    if (existing) return this.urlFor(existing);
    await this.feeds.setTokenIfNone(caller.id, randomBytes(32).toString('base64url'));
    return this.urlFor((await this.feeds.tokenOf(caller.id))!);
  }

  /** A new URL; the old one answers 404 from now on. */
  async resetFeed(caller: Caller): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.feeds.setToken(caller.id, token);
    return this.urlFor(token);
  }

  /** The iCalendar text behind a feed token. */
  async feed(token: string): Promise<string> {
    const userId = TOKEN.test(token) ? await this.feeds.activeUserIdByToken(token) : null;
    if (userId === null) throw new BookingError(BookingErrorCode.CALENDAR_FEED_NOT_FOUND);
    const classes = await this.booking.upcomingOf(userId, addDays(this.clock.today(), -FEED_PAST_DAYS));
    return classCalendar(classes, {
      timeZone: this.config.studioTimeZone,
      uidDomain: new URL(this.config.appUrl).hostname,
      name: 'Mis clases de Pilates',
      method: ICalCalendarMethod.PUBLISH,
      organizer: {
        name: STUDIO_CONTACT.name,
        email: replyToAddress(this.config.mailReplyTo, await this.settings.current()),
      },
      stamp: this.clock.now(),
    });
  }
}
