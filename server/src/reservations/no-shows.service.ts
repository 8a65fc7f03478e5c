import { Injectable } from '@nestjs/common';
import { addDays, formatLongDateWithWeekday } from '@pilates/dates';
import { StudioClock } from '../core/clock/studio-clock';
import { TransactionService } from '../core/database/transaction.service';
import type { StrikeRule, StudioContact } from '../core/settings/studio-settings';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import { ReservationsRepository, type Strike } from './reservations.repository';
import { BookingError, BookingErrorCode } from './reservations.errors';

/** A client's online booking paused by the strike rule: through `until` (studio date, inclusive). */
export interface BookingBlock {
  until: string;
  noShows: number;
  lateReleases: number;
  days: number;
}

/**
 * No-shows and the strike rule. The no-show job (every 10 minutes, setting "autoNoShows") marks
 * attended = false every active reservation nobody marked, of a class that has ended and whose
 * attendance was taken (one mark at least), and at the end of the studio day, of the day's classes
 * where nobody took it. It looks at today's and yesterday's classes only: turning the setting on
 * never reaches back into days it was off, and a whole day without any run leaves its classes to
 * the admins (who mark for 7 days). Each reservation is marked through the attendance path's
 * conditional UPDATE (attended IS NULL), so two replicas mark it once and counters move once.
 * The marks are not audited: the audit log records what people did, and the row itself says
 * what happened (attendance_marked_by NULL = the system, attendance_marked_at = when); an admin
 * changing it afterwards is audited as any mark.
 */
@Injectable()
export class NoShowsService {
  constructor(
    private readonly reservations: ReservationsRepository,
    private readonly transactions: TransactionService,
    private readonly clock: StudioClock,
    private readonly settings: StudioSettingsService,
  ) {}

  /** The no-show job: how many reservations it marked. */
  async markDue(): Promise<number> {
    if (!(await this.settings.current()).autoNoShows) return 0;
    const now = this.clock.now();
    const today = this.clock.today(now);
    const classes = await this.reservations.classesWithUnmarked([addDays(today, -1), today]);
    let marked = 0;
    for (const klass of classes) {
      const end = this.clock.startOf(klass.date, klass.startTime).getTime() + klass.durationMinutes * 60_000;
      if (now.getTime() < end) continue;
      // Attendance taken, or the class's day is over with nobody taking it.
      if (klass.markedCount === 0 && klass.date >= today) continue;
      marked += await this.transactions.run(async () => {
        let done = 0;
        for (const id of await this.reservations.unmarkedIn(klass.classId)) {
          if (await this.reservations.markAttendance(id, { attended: false, by: null, at: now }, true)) done++;
        }
        return done;
      });
    }
    return marked;
  }

  /**
   * The strike rule's block of a client now, or null: a strike (a no-show or a late release, not
   * forgiven, by its class's date) that is at least the rule's `count`-th within `days` days pauses
   * online booking through `blockDays` days after it. One indexed read; none when the rule is off.
   */
  async blockOf(userId: number, rule: StrikeRule): Promise<BookingBlock | null> {
    if (!rule.enabled) return null;
    const today = this.clock.today();
    // A block in force began at most blockDays ago, and counts strikes up to `days` before that.
    const strikes = await this.reservations.strikesOf(userId, addDays(today, -(rule.blockDays + rule.days)));
    return blockFrom(strikes, rule, today);
  }

  /** Refuses online booking to a blocked client: 403 BOOKING_BLOCKED saying why, until when and whom to write to. */
  async assertNotBlocked(userId: number, rule: StrikeRule, contact: StudioContact): Promise<void> {
    const block = await this.blockOf(userId, rule);
    if (block) throw new BookingError(BookingErrorCode.BOOKING_BLOCKED, blockMessage(block, contact), true);
  }
}

/** The block the strikes make on `today` (strikes sorted by date), or null. Pure: unit-tested. */
export function blockFrom(strikes: Strike[], rule: StrikeRule, today: string): BookingBlock | null {
  let block: BookingBlock | null = null;
  strikes.forEach((strike, index) => {
    const window = strikes.slice(0, index + 1).filter((s) => s.date > addDays(strike.date, -rule.days));
    if (window.length < rule.count) return;
    const until = addDays(strike.date, rule.blockDays);
    if (until < today || (block && block.until >= until)) return;
    block = {
      until,
      noShows: window.filter((s) => s.kind === 'no_show').length,
      lateReleases: window.filter((s) => s.kind === 'late_release').length,
      days: rule.days,
    };
  });
  return block;
}

/**
 * "Tu reserva en línea está pausada hasta el viernes 12 de diciembre de 2026 por 3 inasistencias en
 * 30 días. Escríbenos por WhatsApp al 722 123 4567 si crees que es un error."
 */
export function blockMessage(block: BookingBlock, contact: StudioContact): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const reasons = [
    block.noShows > 0 ? plural(block.noShows, 'inasistencia', 'inasistencias') : null,
    block.lateReleases > 0 ? plural(block.lateReleases, 'cancelación tardía', 'cancelaciones tardías') : null,
  ].filter((reason): reason is string => reason !== null);
  const whom = contact.whatsapp.trim()
    ? `Escríbenos por WhatsApp al ${displayWhatsapp(contact.whatsapp)}`
    : contact.phone.trim()
      ? `Llámanos al ${contact.phone.trim()}`
      : 'Escríbenos al estudio';
  return (
    `Tu reserva en línea está pausada hasta el ${formatLongDateWithWeekday(block.until)} por ` +
    `${reasons.join(' y ')} en ${block.days} días. ${whom} si crees que es un error.`
  );
}

/** "527221234567" (wa.me format) → "722 123 4567" for a Mexican number; others as "+<digits>". */
function displayWhatsapp(number: string): string {
  const digits = number.replace(/\D/g, '');
  const local = /^521?(\d{10})$/.exec(digits)?.[1] ?? (digits.length === 10 ? digits : null);
  return local ? `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}` : `+${digits}`;
}
