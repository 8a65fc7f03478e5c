import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { fromDbDatetime } from '../core/database/column-types';
import { DirectReader } from '../core/database/direct-reader';

/**
 * A studio period as the queries read it: studio dates for class dates and plan dates, and the
 * UTC instants of the studio's midnights for DATETIME columns ('YYYY-MM-DD HH:MM:SS', which
 * compares the same as both drivers store DATETIMEs: MySQL as a value, SQLite as sortable text).
 */
export interface PeriodBounds {
  from: string;
  to: string;
  fromUtc: string;
  /** Exclusive: the studio's midnight after `to`. */
  toUtc: string;
}

/** The money of one month bucket and one plan name. */
export interface MoneyRow {
  bucket: number;
  planName: string;
  /** How it was paid (payments only): mercado_pago, or a desk sale's efectivo, transferencia, terminal. */
  method?: string;
  count: number;
  grossCents: number;
  refundedCents: number;
}

export interface OccupancyRow {
  scheduleId: number;
  weekday: number;
  startTime: string;
  status: string;
  classes: number;
  capacity: number;
  taken: number;
}

export interface TimetableSlotRow {
  id: number;
  weekday: number;
  startTime: string;
  capacity: number;
  createdAt: Date | string;
}

export interface AttendanceRow {
  attended: number;
  noShow: number;
  notMarked: number;
}

export interface EndingPlanListRow {
  userPlanId: number;
  userId: number;
  name: string;
  email: string;
  phone: string | null;
  planName: string;
  classesRemaining: number;
  endDate: string;
  reminderSentAt: Date | string | null;
}

export interface WaitlistDemandRow {
  classSessionId: number;
  date: string;
  startTime: string;
  capacity: number;
  entries: number;
  promoted: number;
  waiting: number;
}

/** A client's active reservations in a period's scheduled classes. */
export interface ClientBookings {
  booked: number;
  attended: number;
  noShow: number;
}

/** One row of an export: column name → value as the driver returns it. */
export type ExportRow = Record<string, unknown>;

/**
 * Money in by payments (Mercado Pago and desk sales): only what could have reached the account (not
 * test-mode payments; a desk sale is approved at once, with no issue).
 * Unary + keeps SQLite's planner off ix_payments_status (every settled payment of all the years):
 * these reads range over the period's approvals in ix_payments_approved_figures. MySQL ignores it.
 */
const MP_SETTLED = `+p.status IN ('approved', 'refunded', 'charged_back') AND p.approved_at IS NOT NULL
  AND (p.issue IS NULL OR p.issue <> 'not_live')`;
/** Charged: what Mercado Pago reported, else the purchase's total. */
const MP_GROSS = 'COALESCE(p.paid_cents, p.total_cents)';
/** Given back: a full refund or chargeback takes it all; an approved payment its partial refunds. */
const MP_REFUNDED = `CASE WHEN p.status = 'approved' THEN p.refunded_cents ELSE ${MP_GROSS} END`;

const num = (value: unknown): number => Number(value ?? 0);
const dateText = (value: unknown): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/**
 * `CASE WHEN col < ? THEN 0 WHEN col < ? THEN 1 … END`: which month bucket a DATETIME falls in,
 * with the months' UTC starts as parameters (the studio's months, whatever the drivers' zones).
 */
const bucketCase = (column: string, starts: readonly string[]): string =>
  starts.length === 0
    ? '0'
    : `CASE ${starts.map((_, i) => `WHEN ${column} < ? THEN ${i}`).join(' ')} ELSE ${starts.length} END`;

/** The owner's dashboard and exports: every aggregate over a period, in SQL. */
@Injectable()
export class DashboardRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly reader: DirectReader,
  ) {}

  /** ISO weekday (1 Monday … 7 Sunday) of a DATE column, in each driver's dialect. */
  private weekdayOf(column: string): string {
    return this.txHost.tx.connection.options.type === 'better-sqlite3'
      ? `((CAST(strftime('%w', ${column}) AS INTEGER) + 6) % 7 + 1)`
      : `WEEKDAY(${column}) + 1`;
  }

  /** Class sessions of the period grouped by timetable class, weekday, time and status. */
  async occupancy(period: PeriodBounds): Promise<OccupancyRow[]> {
    const weekday = this.weekdayOf('c.date');
    const rows = await this.reader.all<Record<string, unknown>>(
      `SELECT c.schedule_id AS scheduleId, ${weekday} AS weekday, c.start_time AS startTime, c.status AS status,
         COUNT(*) AS classes, SUM(c.capacity) AS capacity, SUM(c.reserved_count) AS taken
       FROM class_sessions c WHERE c.date >= ? AND c.date <= ?
       GROUP BY c.schedule_id, weekday, c.start_time, c.status`,
      [period.from, period.to],
    );
    return rows.map((r) => ({
      scheduleId: num(r.scheduleId),
      weekday: num(r.weekday),
      startTime: String(r.startTime),
      status: String(r.status),
      classes: num(r.classes),
      capacity: num(r.capacity),
      taken: num(r.taken),
    }));
  }

  /** The active timetable: the classes offered on dates that have no class session yet. */
  async activeTimetable(): Promise<TimetableSlotRow[]> {
    const rows = await this.reader.all<Record<string, unknown>>(
      `SELECT s.id AS id, s.weekday AS weekday, s.start_time AS startTime, s.capacity AS capacity,
         s.created_at AS createdAt FROM schedules s WHERE s.active = 1`,
      [],
    );
    return rows.map((r) => ({
      id: num(r.id),
      weekday: num(r.weekday),
      startTime: String(r.startTime),
      capacity: num(r.capacity),
      createdAt: r.createdAt as Date | string,
    }));
  }

  /**
   * Active reservations of the scheduled classes of the period that have started by (`today`,
   * `time`): came, did not come, not marked. Walk-ins without a plan count like any reservation.
   * Summed from each class's counters (reserved_count, attended_count, no_show_count) in
   * ix_class_sessions_date_figures: a year's classes, not a year's reservations.
   */
  async attendance(period: PeriodBounds, today: string, time: string): Promise<AttendanceRow> {
    const [row] = await this.reader.all<Record<string, unknown>>(
      `SELECT COALESCE(SUM(c.attended_count), 0) AS attended, COALESCE(SUM(c.no_show_count), 0) AS noShow,
         COALESCE(SUM(c.reserved_count - c.attended_count - c.no_show_count), 0) AS notMarked
       FROM class_sessions c
       WHERE c.date >= ? AND c.date <= ? AND c.status = 'scheduled'
         AND (c.date < ? OR (c.date = ? AND c.start_time <= ?))`,
      [period.from, period.to, today, today, time],
    );
    return { attended: num(row?.attended), noShow: num(row?.noShow), notMarked: num(row?.notMarked) };
  }

  /**
   * Money of the payments approved in the period, by month bucket, plan name and method (Mercado
   * Pago or the desk's): read from ix_payments_approved_figures alone (method is its last column).
   */
  async paymentsRevenue(period: PeriodBounds, monthStarts: readonly string[]): Promise<MoneyRow[]> {
    const bucket = bucketCase('p.approved_at', monthStarts);
    const rows = await this.reader.all<Record<string, unknown>>(
      `SELECT ${bucket} AS bucket, p.plan_name AS planName, p.method AS method, COUNT(*) AS count,
         SUM(${MP_GROSS}) AS grossCents, SUM(${MP_REFUNDED}) AS refundedCents
       FROM payments p WHERE ${MP_SETTLED} AND p.approved_at >= ? AND p.approved_at < ?
       GROUP BY bucket, p.plan_name, p.method`,
      [...monthStarts, period.fromUtc, period.toUtc],
    );
    return rows.map(toMoneyRow);
  }

  /**
   * The period's promo code discounts and gift balance spent on plans: approved purchases that are no
   * duplicate (a refunded or charged back one gave nothing), from ix_payments_approved_figures alone
   * (`+p.status`: never every approved purchase through ix_payments_status).
   */
  async planDiscountsAndBalance(period: PeriodBounds): Promise<{ discountsCents: number; balanceSpentCents: number }> {
    const [row] = await this.reader.all<Record<string, unknown>>(
      `SELECT SUM(p.discount_cents) AS discountsCents,
         SUM(CASE WHEN p.balance_status = 'spent' THEN p.balance_cents ELSE 0 END) AS balanceSpentCents
       FROM payments p WHERE ${MP_SETTLED} AND +p.status = 'approved' AND (p.issue IS NULL OR p.issue <> 'duplicate')
         AND p.approved_at >= ? AND p.approved_at < ?`,
      [period.fromUtc, period.toUtc],
    );
    return { discountsCents: num(row?.discountsCents), balanceSpentCents: num(row?.balanceSpentCents) };
  }

  /**
   * Gift cards paid in the period and not voided since (their amount, without the commission), from
   * ix_gift_cards_approved_figures alone (`+g.status`: the period's range, never ix_gift_cards_status).
   */
  async giftCardSales(period: PeriodBounds): Promise<{ count: number; amountCents: number }> {
    const [row] = await this.reader.all<Record<string, unknown>>(
      `SELECT COUNT(*) AS n, SUM(g.amount_cents) AS amountCents FROM gift_cards g
       WHERE g.approved_at >= ? AND g.approved_at < ? AND +g.status IN ('paid', 'sent', 'redeemed')`,
      [period.fromUtc, period.toUtc],
    );
    return { count: num(row?.n), amountCents: num(row?.amountCents) };
  }

  /**
   * The money gift cards brought in the period by how they were paid (Mercado Pago or the desk's),
   * apart from plans: cards paid in it, a voided one (its payment refunded) counted as refunded in
   * full. From ix_gift_cards_approved_figures alone.
   */
  async giftCardsByMethod(
    period: PeriodBounds,
  ): Promise<{ method: string; count: number; grossCents: number; refundedCents: number }[]> {
    const gross = 'COALESCE(g.paid_cents, g.total_cents)';
    const rows = await this.reader.all<Record<string, unknown>>(
      `SELECT g.method AS method, COUNT(*) AS n, SUM(${gross}) AS grossCents,
         SUM(CASE WHEN g.status = 'voided' THEN ${gross} ELSE g.refunded_cents END) AS refundedCents
       FROM gift_cards g
       WHERE g.approved_at >= ? AND g.approved_at < ? AND +g.status IN ('paid', 'sent', 'redeemed', 'voided')
       GROUP BY g.method`,
      [period.fromUtc, period.toUtc],
    );
    return rows.map((r) => ({
      method: String(r.method),
      count: num(r.n),
      grossCents: num(r.grossCents),
      refundedCents: num(r.refundedCents),
    }));
  }

  /**
   * Paid plans an admin gave in the period (paid at the studio), valued at their catalogue plan's
   * current price (0 when the catalogue plan is gone), by month bucket and plan name.
   */
  async adminPaidPlans(period: PeriodBounds, monthStarts: readonly string[]): Promise<MoneyRow[]> {
    const bucket = bucketCase('up.created_at', monthStarts);
    // Counted per catalogue plan from ix_user_plans_created_figures alone, then priced: one price
    // lookup per plan of the catalogue, not one per plan given.
    const rows = await this.reader.all<Record<string, unknown>>(
      `SELECT g.bucket AS bucket, g.planName AS planName, SUM(g.n) AS count,
         SUM(g.n * COALESCE(pl.price_cents, 0)) AS grossCents, 0 AS refundedCents
       FROM (SELECT ${bucket} AS bucket, up.plan_name AS planName, up.plan_id AS planId, COUNT(*) AS n
             FROM user_plans up
             WHERE up.source = 'admin' AND up.is_paid = 1 AND up.created_at >= ? AND up.created_at < ?
             GROUP BY 1, 2, 3) g
         LEFT JOIN plans pl ON pl.id = g.planId
       GROUP BY g.bucket, g.planName`,
      [...monthStarts, period.fromUtc, period.toUtc],
    );
    return rows.map(toMoneyRow);
  }

  /** Clients (role user) whose account was created in the period. */
  /**
   * The WhatsApp messages written in the period by their state now: Meta took them (sent), reached
   * the phone (delivered), were read, or failed. From ix_whatsapp_messages_created alone.
   */
  async whatsappMessages(period: PeriodBounds): Promise<{ status: string; n: number }[]> {
    const rows = await this.reader.all<Record<string, unknown>>(
      `SELECT m.status AS status, COUNT(*) AS n FROM whatsapp_messages m
       WHERE m.created_at >= ? AND m.created_at < ? GROUP BY m.status`,
      [period.fromUtc, period.toUtc],
    );
    return rows.map((row) => ({ status: String(row.status), n: num(row.n) }));
  }

  /** Memberships with a failed charge not yet paid: how many, and the 20 longest in debt with their clients. */
  async pastDueMemberships(): Promise<{
    count: number;
    items: { id: number; clientName: string; planName: string; pastDueSince: Date }[];
  }> {
    const [total] = await this.reader.all<Record<string, unknown>>(
      "SELECT COUNT(*) AS n FROM memberships WHERE status = 'past_due'",
      [],
    );
    const rows = await this.reader.all<Record<string, unknown>>(
      `SELECT m.id AS id, u.name AS clientName, m.plan_name AS planName, m.past_due_since AS pastDueSince
       FROM memberships m JOIN users u ON u.id = m.user_id
       WHERE m.status = 'past_due' ORDER BY m.past_due_since ASC, m.id ASC LIMIT 20`,
      [],
    );
    return {
      count: num(total?.n),
      items: rows.map((row) => ({
        id: num(row.id),
        clientName: String(row.clientName),
        planName: String(row.planName),
        pastDueSince: fromDbDatetime(row.pastDueSince as Date | string) as Date,
      })),
    };
  }

  async newClients(period: PeriodBounds): Promise<number> {
    const [row] = await this.reader.all<Record<string, unknown>>(
      `SELECT COUNT(*) AS n FROM users u WHERE u.role = 'user' AND u.created_at >= ? AND u.created_at < ?`,
      [period.fromUtc, period.toUtc],
    );
    return num(row?.n);
  }

  /**
   * Active clients holding a plan whose dates cover `today` and that was not revoked. The plans come
   * from ix_user_plans_end (those not ended yet: the current ones, however old the studio), then
   * their holders by id. Each driver is told so its own way: a plain join let SQLite walk every
   * client (to count them distinct in order), and MariaDB turns the IN below into a scan of all
   * clients when it has few; STRAIGHT_JOIN takes the tables as written.
   */
  async activeClients(today: string): Promise<number> {
    const sql = this.reader.isSqlite
      ? `SELECT COUNT(*) AS n FROM users u
           WHERE u.id IN (SELECT up.user_id FROM user_plans up
               WHERE up.end_date >= ? AND up.start_date <= ? AND up.revoked_at IS NULL)
             AND u.active = 1 AND u.role = 'user'`
      : `SELECT STRAIGHT_JOIN COUNT(DISTINCT up.user_id) AS n FROM user_plans up JOIN users u ON u.id = up.user_id
           WHERE up.end_date >= ? AND up.start_date <= ? AND up.revoked_at IS NULL AND u.active = 1 AND u.role = 'user'`;
    const [row] = await this.reader.all<Record<string, unknown>>(sql, [today, today]);
    return num(row?.n);
  }

  /** Plans of active clients ending from `today` to `until` with classes left, soonest first. */
  async plansEnding(today: string, until: string): Promise<EndingPlanListRow[]> {
    const rows = await this.reader.all<Record<string, unknown>>(
      `SELECT up.id AS userPlanId, u.id AS userId, u.name AS name, u.email AS email, u.phone AS phone,
         up.plan_name AS planName, up.classes_remaining AS classesRemaining, up.end_date AS endDate,
         up.ending_reminder_sent_at AS reminderSentAt
       FROM user_plans up JOIN users u ON u.id = up.user_id
       WHERE up.end_date >= ? AND up.end_date <= ? AND up.start_date <= ? AND up.classes_remaining > 0
         AND up.revoked_at IS NULL AND u.active = 1
       ORDER BY up.end_date, up.id LIMIT 200`,
      [today, until, today],
    );
    return rows.map((r) => ({
      userPlanId: num(r.userPlanId),
      userId: num(r.userId),
      name: String(r.name),
      email: String(r.email),
      phone: r.phone === null || r.phone === undefined ? null : String(r.phone),
      planName: String(r.planName),
      classesRemaining: num(r.classesRemaining),
      endDate: dateText(r.endDate),
      reminderSentAt: (r.reminderSentAt ?? null) as Date | string | null,
    }));
  }

  /** Classes of the period with a waitlist: how many joined it, were promoted, still wait. */
  async waitlistDemand(period: PeriodBounds): Promise<WaitlistDemandRow[]> {
    // The period's classes first, then their lines: never every waitlist entry of the years (MariaDB
    // chose that while the entries were fewer than a year's classes). The join order is forced:
    // SQLite's CROSS JOIN and MySQL's STRAIGHT_JOIN both take the tables as written.
    const straight = this.reader.isSqlite ? '' : 'STRAIGHT_JOIN ';
    const rows = await this.reader.all<Record<string, unknown>>(
      `SELECT ${straight}c.id AS classSessionId, c.date AS date, c.start_time AS startTime, c.capacity AS capacity,
         COUNT(*) AS entries, SUM(CASE WHEN w.status = 'promoted' THEN 1 ELSE 0 END) AS promoted,
         SUM(CASE WHEN w.status = 'waiting' THEN 1 ELSE 0 END) AS waiting
       FROM class_sessions c CROSS JOIN waitlist_entries w ON w.class_session_id = c.id
       WHERE c.date >= ? AND c.date <= ?
       GROUP BY c.id, c.date, c.start_time, c.capacity
       ORDER BY COUNT(*) DESC, c.date, c.start_time LIMIT 20`,
      [period.from, period.to],
    );
    return rows.map((r) => ({
      classSessionId: num(r.classSessionId),
      date: dateText(r.date),
      startTime: String(r.startTime),
      capacity: num(r.capacity),
      entries: num(r.entries),
      promoted: num(r.promoted),
      waiting: num(r.waiting),
    }));
  }
  /** Payments approved in the period (duplicates and refunds included), oldest first. */
  exportPayments(period: PeriodBounds): Promise<ExportRow[]> {
    return this.reader.all<ExportRow>(
      `SELECT p.id AS id, p.approved_at AS approvedAt, u.name AS name, u.email AS email, p.plan_name AS planName,
         p.status AS status, ${MP_GROSS} AS grossCents, ${MP_REFUNDED} AS refundedCents,
         p.provider_payment_id AS providerPaymentId, p.reference AS reference, p.duplicate_of AS duplicateOf,
         p.issue AS issue, p.method AS method, p.received_cents AS receivedCents,
         pc.code AS promoCode, p.discount_cents AS discountCents, p.balance_cents AS balanceCents
       FROM payments p JOIN users u ON u.id = p.user_id LEFT JOIN promo_codes pc ON pc.id = p.promo_code_id
       WHERE ${MP_SETTLED} AND p.approved_at >= ? AND p.approved_at < ?
       ORDER BY p.approved_at, p.id`,
      [period.fromUtc, period.toUtc],
    );
  }

  /**
   * Gift cards paid in the period (Mercado Pago or the desk), refunded and voided ones included,
   * oldest first: who bought, for whom, how it was paid, and who redeemed it.
   */
  exportGiftCards(period: PeriodBounds): Promise<ExportRow[]> {
    return this.reader.all<ExportRow>(
      `SELECT g.id AS id, g.approved_at AS approvedAt, b.name AS name, b.email AS email,
         g.recipient_name AS recipientName, g.recipient_email AS recipientEmail, g.deliver_on AS deliverOn,
         g.status AS status, g.amount_cents AS amountCents, COALESCE(g.paid_cents, g.total_cents) AS grossCents,
         g.refunded_cents AS refundedCents, g.method AS method, g.received_cents AS receivedCents,
         g.provider_payment_id AS providerPaymentId, r.name AS redeemerName, g.redeemed_at AS redeemedAt
       FROM gift_cards g JOIN users b ON b.id = g.buyer_id LEFT JOIN users r ON r.id = g.redeemed_by
       WHERE g.approved_at >= ? AND g.approved_at < ? AND g.status IN ('paid', 'sent', 'redeemed', 'voided')
       ORDER BY g.approved_at, g.id`,
      [period.fromUtc, period.toUtc],
    );
  }

  /** Plans created in the period (given by an admin or bought), with the catalogue price. */
  exportPlansGiven(period: PeriodBounds): Promise<ExportRow[]> {
    return this.reader.all<ExportRow>(
      `SELECT up.id AS id, up.created_at AS createdAt, u.name AS name, u.email AS email, up.plan_name AS planName,
         up.source AS source, up.is_paid AS isPaid, up.classes_total AS classesTotal,
         up.classes_remaining AS classesRemaining, up.start_date AS startDate, up.end_date AS endDate,
         up.revoked_at AS revokedAt, pl.price_cents AS priceCents, pay.method AS method,
         pc.code AS promoCode, pay.discount_cents AS discountCents, pay.balance_cents AS balanceCents
       FROM user_plans up JOIN users u ON u.id = up.user_id LEFT JOIN plans pl ON pl.id = up.plan_id
         LEFT JOIN payments pay ON pay.user_plan_id = up.id LEFT JOIN promo_codes pc ON pc.id = pay.promo_code_id
       WHERE up.created_at >= ? AND up.created_at < ?
       ORDER BY up.created_at, up.id`,
      [period.fromUtc, period.toUtc],
    );
  }

  /** Reservations of the period's classes with their attendance; walk-ins paid at the studio have no plan. */
  exportReservations(period: PeriodBounds): Promise<ExportRow[]> {
    return this.reader.all<ExportRow>(
      `SELECT r.id AS id, c.date AS date, c.start_time AS startTime, c.status AS classStatus, u.name AS name,
         u.email AS email, r.status AS status, r.attended AS attended, up.plan_name AS planName
       FROM reservations r JOIN class_sessions c ON c.id = r.class_session_id JOIN users u ON u.id = r.user_id
         LEFT JOIN user_plans up ON up.id = r.user_plan_id
       WHERE c.date >= ? AND c.date <= ?
       ORDER BY c.date, c.start_time, r.id`,
      [period.from, period.to],
    );
  }

  /**
   * Active reservations of the period's scheduled classes, per client: booked, came, did not come.
   * Read from the period's classes and ix_reservations_session_attendance_user alone.
   */
  async bookingsByClient(period: PeriodBounds): Promise<Map<number, ClientBookings>> {
    const rows = await this.reader.all<Record<string, unknown>>(
      `SELECT r.user_id AS userId, COUNT(*) AS booked,
         SUM(CASE WHEN r.attended = 1 THEN 1 ELSE 0 END) AS attended,
         SUM(CASE WHEN r.attended = 0 THEN 1 ELSE 0 END) AS noShow
       FROM class_sessions c JOIN reservations r ON r.class_session_id = c.id
       WHERE c.date >= ? AND c.date <= ? AND c.status = 'scheduled' AND r.status = 'active'
       GROUP BY r.user_id`,
      [period.from, period.to],
    );
    return new Map(
      rows.map((r) => [num(r.userId), { booked: num(r.booked), attended: num(r.attended), noShow: num(r.noShow) }]),
    );
  }

  /**
   * Clients with an account before `endUtc`, in name order (then id), `limit` of them after `after`:
   * the clients export reads them a batch at a time.
   */
  clientsForExport(endUtc: string, after: { name: string; id: number } | null, limit: number): Promise<ExportRow[]> {
    const columns = `u.id AS id, u.name AS name, u.email AS email, u.phone AS phone, u.birth_date AS birthDate,
         u.created_at AS createdAt, u.active AS active`;
    return after === null
      ? this.reader.all<ExportRow>(
          `SELECT ${columns} FROM users u WHERE u.role = 'user' AND u.created_at < ?
           ORDER BY u.name, u.id LIMIT ?`,
          [endUtc, limit],
        )
      : this.reader.all<ExportRow>(
          `SELECT ${columns} FROM users u WHERE u.role = 'user' AND u.created_at < ?
             AND (u.name > ? OR (u.name = ? AND u.id > ?))
           ORDER BY u.name, u.id LIMIT ?`,
          [endUtc, after.name, after.name, after.id, limit],
        );
  }
}

function toMoneyRow(r: Record<string, unknown>): MoneyRow {
  return {
    bucket: num(r.bucket),
    planName: String(r.planName),
    ...(r.method === undefined ? {} : { method: String(r.method) }),
    count: num(r.count),
    grossCents: num(r.grossCents),
    refundedCents: num(r.refundedCents),
  };
}
