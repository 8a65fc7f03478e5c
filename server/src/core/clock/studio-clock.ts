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
   * ISO text), worked out once per class and cancellation window: the zone's rules for a date do not
   * change while the server runs, and the day view asks about every class of the day on every
   * request. The window (hours) is the caller's: the owner's settings, read per request.
   */
  private readonly classes = new Map<string, Map<string, ClassTimes>>();

  constructor(
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  get timeZone(): string {
    return this.config.studioTimeZone;
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

  private times(date: string, time: string): ClassTimes {
    let day = this.classes.get(date);
    if (day === undefined) {
      // A few weeks of classes are asked about again and again; the map stays small.
      if (this.classes.size >= 500) this.classes.clear();
      this.classes.set(date, (day = new Map()));
    }
    let times = day.get(time);
    if (times === undefined) {
      times = { start: studioInstant(date, time, this.config.studioTimeZone).getTime(), byHours: new Map() };
      day.set(time, times);
    }
    return times;
  }

  private deadlineOf(times: ClassTimes, cancelHours: number): ClassDeadline {
    let deadline = times.byHours.get(cancelHours);
    if (deadline === undefined) {
      const at = cancelDeadline(new Date(times.start), cancelHours);
      deadline = { at: at.getTime(), iso: at.toISOString() };
      times.byHours.set(cancelHours, deadline);
    }
    return deadline;
  }

  /**
   * Last moment a client may cancel: `cancelHours` (the settings' window) before the start
   * (inclusive), or a late promotion's grace when later. The one rule (libs/dates), for the refusal
   * and every promise.
   */
  cancelDeadline(date: string, time: string, cancelHours: number, graceUntil: Date | null = null): Date {
    const times = this.times(date, time);
    return graceUntil
      ? cancelDeadline(new Date(times.start), cancelHours, graceUntil)
      : new Date(this.deadlineOf(times, cancelHours).at);
  }

  /**
   * A class's cancellation terms at `now` with a `cancelHours` window, by the rule above (libs/dates): whether it has started,
   * the deadline and its ISO text (remembered per class when there is no grace), and whether
   * cancelling is still in time.
   */
  cancelTerms(date: string, time: string, cancelHours: number, graceUntil: Date | null, now: Date): CancelTerms {
    const times = this.times(date, time);
    const plain = this.deadlineOf(times, cancelHours);
    const deadline = graceUntil ? cancelDeadline(new Date(times.start), cancelHours, graceUntil) : new Date(plain.at);
    return {
      started: now.getTime() >= times.start,
      deadline,
      cancelUntil: deadline.getTime() === plain.at ? plain.iso : deadline.toISOString(),
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
  /** The deadline without a grace, per cancellation window (one or two windows in practice). */
  byHours: Map<number, ClassDeadline>;
}

interface ClassDeadline {
  at: number;
  /** `at` as ISO 8601 text, as the API states it. */
  iso: string;
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
