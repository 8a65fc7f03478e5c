import { Injectable } from '@nestjs/common';
import {
  canCancelAt,
  cancelDeadline,
  formatLongDateWithWeekday,
  studioInstant,
  studioTimeOfDay,
  studioToday,
  to12Hour,
} from '@pilates/dates';
import { AppConfig } from '../config/app-config';
import { Clock } from './clock';

/**
 * The studio's wall clock (STUDIO_TZ): the only place the server turns "now" into a studio date
 * or time of day, and a class's date and time into an instant.
 */
@Injectable()
export class StudioClock {
  /**
   * Each class's start and its cancellation deadline without a grace (epoch ms, and the deadline as
   * ISO text), worked out once per class: the zone's rules for a date do not change while the server
   * runs, and the day view asks about every class of the day on every request.
   */
  private readonly classes = new Map<string, Map<string, ClassTimes>>();

  constructor(
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  get timeZone(): string {
    return this.config.studioTimeZone;
  }

  /**
   * The cancellation window in force for new bookings (CANCEL_HOURS): how long before a class
   * cancelling stops being possible. The one place it is read, so the owner's settings can take
   * its place; a booking keeps the window it was sold with (reservations.cancel_hours).
   */
  get cancelHours(): number {
    return this.config.cancelHours;
  }

  now(): Date {
    return this.clock.now();
  }

  /** The studio's date (YYYY-MM-DD) now, or at `at`. */
  today(at: Date = this.clock.now()): string {
    return studioToday(at, this.config.studioTimeZone);
  }

  /** The studio's time of day (HH:MM) now. */
  timeOfDay(at: Date = this.clock.now()): string {
    return studioTimeOfDay(at, this.config.studioTimeZone);
  }

  /** An instant in the studio's words: "el jueves 26 de noviembre de 2026 a las 7:00 PM". */
  describeInstant(at: Date): string {
    return `el ${formatLongDateWithWeekday(this.today(at))} a las ${to12Hour(this.timeOfDay(at))}`;
  }

  /** The instant a class on `date` at `time` (studio wall time) starts. */
  startOf(date: string, time: string): Date {
    return new Date(this.times(date, time).start);
  }

  hasStarted(date: string, time: string): boolean {
    return this.clock.now().getTime() >= this.times(date, time).start;
  }

  /** `hours`: the cancellation window; the policy in force when absent. */
  private times(date: string, time: string, hours: number = this.cancelHours): ClassTimes {
    let day = this.classes.get(date);
    if (day === undefined) {
      // A few weeks of classes are asked about again and again; the map stays small.
      if (this.classes.size >= 500) this.classes.clear();
      this.classes.set(date, (day = new Map()));
    }
    // Keyed by the window too: bookings sold under another policy keep their own deadline.
    const key = `${time}|${hours}`;
    let times = day.get(key);
    if (times === undefined) {
      const start = studioInstant(date, time, this.config.studioTimeZone);
      const deadline = cancelDeadline(start, hours);
      times = { start: start.getTime(), deadline: deadline.getTime(), cancelUntil: deadline.toISOString() };
      day.set(key, times);
    }
    return times;
  }

  /**
   * Last moment a client may cancel: the booking's window (`hours`; the policy in force when null)
   * before the start (inclusive), or a late promotion's grace when later. The one rule
   * (libs/dates), for the refusal and every promise.
   */
  cancelDeadline(date: string, time: string, graceUntil: Date | null = null, hours: number | null = null): Date {
    const times = this.times(date, time, hours ?? this.cancelHours);
    return graceUntil
      ? cancelDeadline(new Date(times.start), hours ?? this.cancelHours, graceUntil)
      : new Date(times.deadline);
  }

  /**
   * A class's cancellation terms at `now` (`hours`: the booking's window, else the policy in force), by the rule above (libs/dates): whether it has started,
   * the deadline and its ISO text (remembered per class when there is no grace), and whether
   * cancelling is still in time.
   */
  cancelTerms(
    date: string,
    time: string,
    graceUntil: Date | null,
    now: Date,
    hours: number | null = null,
  ): CancelTerms {
    const window = hours ?? this.cancelHours;
    const times = this.times(date, time, window);
    const deadline = graceUntil ? cancelDeadline(new Date(times.start), window, graceUntil) : new Date(times.deadline);
    return {
      started: now.getTime() >= times.start,
      deadline,
      cancelUntil: deadline.getTime() === times.deadline ? times.cancelUntil : deadline.toISOString(),
      inTime: canCancelAt(now, deadline),
    };
  }

  /** Whether a client may still cancel now, given the deadline above. */
  canCancel(deadline: Date): boolean {
    return canCancelAt(this.clock.now(), deadline);
  }
}

interface ClassTimes {
  start: number;
  deadline: number;
  cancelUntil: string;
}

/** See StudioClock.cancelTerms. */
export interface CancelTerms {
  started: boolean;
  deadline: Date;
  /** `deadline` as ISO 8601 text, as the API states it. */
  cancelUntil: string;
  /** Cancelling at `now` is still in time (the deadline itself is). */
  inTime: boolean;
}
