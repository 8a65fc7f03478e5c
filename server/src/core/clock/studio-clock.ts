import { Injectable } from '@nestjs/common';
import { canCancelAt, cancelDeadline, studioInstant, studioTimeOfDay, studioToday } from '@pilates/dates';
import { AppConfig } from '../config/app-config';
import { Clock } from './clock';

/**
 * The studio's wall clock (STUDIO_TZ): the only place the server turns "now" into a studio date
 * or time of day, and a class's date and time into an instant.
 */
@Injectable()
export class StudioClock {
  /** Class start instants already worked out (the zone's rules for a date do not change while the server runs). */
  private readonly starts = new Map<string, Map<string, number>>();

  constructor(
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  get timeZone(): string {
    return this.config.studioTimeZone;
  }

  /** CANCEL_HOURS: how long before a class cancelling stops being possible. */
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

  /** The instant a class on `date` at `time` (studio wall time) starts. */
  startOf(date: string, time: string): Date {
    return new Date(this.startMs(date, time));
  }

  hasStarted(date: string, time: string): boolean {
    return this.clock.now().getTime() >= this.startMs(date, time);
  }

  /** startOf in epoch milliseconds, remembered per date and time: the day view asks it for every class. */
  private startMs(date: string, time: string): number {
    let day = this.starts.get(date);
    if (day === undefined) {
      // A few weeks of classes are asked about again and again; the map stays small.
      if (this.starts.size >= 500) this.starts.clear();
      this.starts.set(date, (day = new Map()));
    }
    let start = day.get(time);
    if (start === undefined) {
      start = studioInstant(date, time, this.config.studioTimeZone).getTime();
      day.set(time, start);
    }
    return start;
  }

  /**
   * Last moment a client may cancel: CANCEL_HOURS before the start (inclusive), or a late
   * promotion's grace when later. The one rule (libs/dates), for the refusal and every promise.
   */
  cancelDeadline(date: string, time: string, graceUntil: Date | null = null): Date {
    return cancelDeadline(this.startOf(date, time), this.config.cancelHours, graceUntil);
  }

  /** Whether a client may still cancel now, given the deadline above. */
  canCancel(deadline: Date): boolean {
    return canCancelAt(this.clock.now(), deadline);
  }
}
