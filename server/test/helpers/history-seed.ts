import { addDays, isoWeekday } from '@pilates/dates';
import type { DataSource } from 'typeorm';
import { userSearchGrams } from '../../src/auth/user-search-grams';
import { recountUsersSql } from '../../src/auth/users-count';
import { recountAttendanceSql, recountClassAttendanceSql } from '../../src/reservations/attendance-counts';
import { randomFrom } from './dashboard-seed';
import type { TestApp } from './test-app';

/**
 * A studio with a history, written through SQL the way the app writes it (the class date copied on
 * each reservation, the audit log counted): `weeks` of every timetable class with five to eight
 * bookings, attendance marked and audited, `clients` clients who each come and go with a plan every
 * 28 days (most bought through Mercado Pago), some waitlists, old logins. `weeklyClientId` (an
 * existing account) is booked every Tuesday at 19:00 from the first week to the next one.
 */
export interface HistorySeed {
  /** The next Tuesday, where the weekly client holds a place. */
  tuesday: string;
  /** A client with purchases. */
  buyerId: number;
}

const BLOCK = 28;

interface Member {
  id: number;
  start: number;
  end: number;
}

/** Multi-row INSERT in chunks; column names quoted (`before` is reserved in MySQL). */
async function insertRows(ds: DataSource, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const size = Math.floor(4000 / columns.length);
  const names = columns.map((c) => `\`${c}\``).join(', ');
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const values = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    await ds.query(`INSERT INTO ${table} (${names}) VALUES ${values}`, chunk.flat());
  }
}

const nextId = async (ds: DataSource, table: string): Promise<number> =>
  Number(((await ds.query(`SELECT COALESCE(MAX(id), 0) AS id FROM ${table}`)) as { id: unknown }[])[0].id) + 1;

/** 'YYYY-MM-DD HH:MM:SS' in UTC: the studio's local `hour` (1 to 17) on `date`, UTC-6. */
const at = (date: string, hour: number): string => `${date} ${String(hour + 6).padStart(2, '0')}:00:00`;

export async function seedHistory(
  t: TestApp,
  options: { today: string; weeks: number; clients: number; weeklyClientId: number; seed: number },
): Promise<HistorySeed> {
  const ds = t.dataSource;
  const rnd = randomFrom(options.seed);
  const day = (offset: number) => addDays(options.today, offset);
  const first = -options.weeks * 7;
  const [admin] = (await ds.query("SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1")) as { id: number }[];
  const adminId = Number(admin.id);
  const schedules = (
    (await ds.query('SELECT id, weekday, start_time AS startTime FROM schedules WHERE active = 1')) as {
      id: number;
      weekday: number;
      startTime: string;
    }[]
  ).map((s) => ({ id: Number(s.id), weekday: Number(s.weekday), startTime: s.startTime }));
  const catalogue = (
    (await ds.query('SELECT id, name, class_count AS classes, price_cents AS price FROM plans')) as {
      id: number;
      name: string;
      classes: number;
      price: number;
    }[]
  ).map((p) => ({ id: Number(p.id), name: p.name, classes: Number(p.classes), price: Number(p.price) }));
  const four = catalogue.find((p) => p.classes === 4) ?? catalogue[0];

  let userId = await nextId(ds, 'users');
  const members: Member[] = [];
  const userRows: unknown[][] = [];
  for (let i = 0; i < options.clients; i++) {
    const start = first + rnd.int(0, options.weeks * 7 - 30);
    const member = { id: userId++, start, end: Math.min(start + rnd.int(60, 400), 7) };
    members.push(member);
    userRows.push([
      member.id,
      `Cliente Historia ${i}`,
      `historia${i}.${options.seed}@example.com`,
      null,
      'x',
      '1990-01-01',
      'user',
      1,
      0,
      at(day(start), 9),
      at(day(start), 9),
    ]);
  }
  const weekly: Member = { id: options.weeklyClientId, start: first, end: 14 };

  // Plans: one per 28 days of a membership.
  let planId = await nextId(ds, 'user_plans');
  const plans = new Map<string, { id: number; member: Member; start: number; used: number }>();
  const planOf = (member: Member, offset: number) => {
    const block = Math.floor((offset - member.start) / BLOCK);
    const key = `${member.id}/${block}`;
    let plan = plans.get(key);
    if (!plan) {
      plan = { id: planId++, member, start: member.start + block * BLOCK, used: 0 };
      plans.set(key, plan);
    }
    return plan;
  };

  let sessionId = await nextId(ds, 'class_sessions');
  let reservationId = await nextId(ds, 'reservations');
  const sessionRows: unknown[][] = [];
  const reservationRows: unknown[][] = [];
  const waitlistRows: unknown[][] = [];
  const auditRows: unknown[][] = [];
  for (let offset = first; offset <= 7; offset++) {
    if (offset === 0) continue;
    const date = day(offset);
    const pool = members.filter((m) => m.start <= offset && m.end >= offset);
    for (const schedule of schedules.filter((s) => s.weekday === isoWeekday(date))) {
      const seated: Member[] = [];
      if (schedule.weekday === 2 && schedule.startTime === '19:00') seated.push(weekly);
      const wanted = offset > 0 ? rnd.int(1, 4) : rnd.int(5, 8);
      for (let tries = 0; seated.length < wanted && tries < 30 && pool.length > 0; tries++) {
        const member = pool[rnd.int(0, pool.length - 1)];
        if (!seated.includes(member)) seated.push(member);
      }
      const id = sessionId++;
      sessionRows.push([
        id,
        schedule.id,
        date,
        schedule.startTime,
        8,
        seated.length,
        0,
        'scheduled',
        at(day(offset - 7), 10),
        at(day(offset - 7), 10),
      ]);
      for (const member of seated) {
        const plan = planOf(member, offset);
        plan.used++;
        const roll = rnd.next();
        const attended = offset > 0 ? null : roll < 0.85 ? 1 : roll < 0.95 ? 0 : null;
        const rid = reservationId++;
        reservationRows.push([
          rid,
          id,
          member.id,
          plan.id,
          0,
          'active',
          1,
          date,
          attended,
          attended === null ? null : adminId,
          attended === null ? null : at(date, 17),
          at(day(offset - 2), 8),
        ]);
        if (attended !== null) {
          auditRows.push([
            adminId,
            'reservation.attendance',
            'reservation',
            String(rid),
            member.id,
            JSON.stringify({ attended: null }),
            JSON.stringify({ attended: attended === 1 }),
            at(date, 17),
          ]);
        }
      }
      // A cancelled booking now and then, and a line on some full classes.
      const other = pool.length > 0 ? pool[rnd.int(0, pool.length - 1)] : undefined;
      if (other && !seated.includes(other) && rnd.next() < 0.1) {
        reservationRows.push([
          reservationId++,
          id,
          other.id,
          planOf(other, offset).id,
          0,
          'cancelled',
          null,
          date,
          null,
          null,
          null,
          at(day(offset - 3), 8),
        ]);
      }
      if (other && !seated.includes(other) && seated.length === 8 && offset < 0) {
        waitlistRows.push([id, other.id, 'left', null, at(day(offset - 1), 9), at(day(offset - 1), 12)]);
      }
    }
  }

  const planRows: unknown[][] = [];
  const paymentRows: unknown[][] = [];
  let paymentId = await nextId(ds, 'payments');
  for (const plan of plans.values()) {
    const item = catalogue.find((c) => c.classes >= Math.max(4, plan.used)) ?? catalogue[catalogue.length - 1];
    const bought = rnd.next() < 0.8;
    const created = at(day(plan.start), 10);
    planRows.push([
      plan.id,
      plan.member.id,
      item.id,
      item.name,
      item.classes,
      Math.max(0, item.classes - plan.used),
      day(plan.start),
      day(plan.start + BLOCK - 1),
      1,
      bought ? 'payment' : 'admin',
      created,
      created,
    ]);
    if (!bought) {
      auditRows.push([
        adminId,
        'user_plan.create',
        'user_plan',
        String(plan.id),
        plan.member.id,
        null,
        JSON.stringify({ planName: item.name }),
        created,
      ]);
      continue;
    }
    if (rnd.next() < 0.25) {
      paymentRows.push([
        paymentId++,
        plan.member.id,
        item.id,
        item.name,
        item.classes,
        item.price,
        0,
        item.price,
        'MXN',
        'expired',
        null,
        `historia-${options.seed}-${paymentId}`,
        null,
        null,
        null,
        null,
        0,
        at(day(plan.start), 9),
      ]);
    }
    paymentRows.push([
      paymentId++,
      plan.member.id,
      item.id,
      item.name,
      item.classes,
      item.price,
      0,
      item.price,
      'MXN',
      'approved',
      'accredited',
      `historia-${options.seed}-${paymentId}`,
      String(80_000_000 + paymentId),
      plan.id,
      created,
      item.price,
      0,
      created,
    ]);
  }
  // The weekly client's checkout that failed last week: "Mis planes" lists it.
  paymentRows.push([
    paymentId++,
    weekly.id,
    four.id,
    four.name,
    4,
    four.price,
    0,
    four.price,
    'MXN',
    'rejected',
    'cc_rejected_other_reason',
    `historia-${options.seed}-${paymentId}`,
    null,
    null,
    null,
    null,
    0,
    at(day(-6), 11),
  ]);

  await insertRows(
    ds,
    'users',
    [
      'id',
      'name',
      'email',
      'phone',
      'password_hash',
      'birth_date',
      'role',
      'active',
      'session_version',
      'created_at',
      'updated_at',
    ],
    userRows,
  );
  // The users search's index, which the app keeps with every name and email it writes.
  await insertRows(
    ds,
    'user_search_grams',
    ['gram', 'user_id'],
    userRows.flatMap(([id, name, email]) => userSearchGrams(name as string, email as string).map((gram) => [gram, id])),
  );
  await ds.query(recountUsersSql);
  await insertRows(
    ds,
    'user_plans',
    [
      'id',
      'user_id',
      'plan_id',
      'plan_name',
      'classes_total',
      'classes_remaining',
      'start_date',
      'end_date',
      'is_paid',
      'source',
      'created_at',
      'updated_at',
    ],
    planRows,
  );
  await insertRows(
    ds,
    'payments',
    [
      'id',
      'user_id',
      'plan_id',
      'plan_name',
      'class_count',
      'price_cents',
      'commission_cents',
      'total_cents',
      'currency',
      'status',
      'status_detail',
      'reference',
      'provider_payment_id',
      'user_plan_id',
      'approved_at',
      'paid_cents',
      'refunded_cents',
      'created_at',
    ],
    paymentRows,
  );
  await insertRows(
    ds,
    'class_sessions',
    [
      'id',
      'schedule_id',
      'date',
      'start_time',
      'capacity',
      'reserved_count',
      'waiting_count',
      'status',
      'created_at',
      'updated_at',
    ],
    sessionRows,
  );
  await insertRows(
    ds,
    'reservations',
    [
      'id',
      'class_session_id',
      'user_id',
      'user_plan_id',
      'paid_at_studio',
      'status',
      'active_marker',
      'class_date',
      'attended',
      'attendance_marked_by',
      'attendance_marked_at',
      'created_at',
    ],
    reservationRows,
  );
  // The clients' stored attendance counters, which the app keeps with every mark.
  await ds.query(recountAttendanceSql);
  await ds.query(recountClassAttendanceSql);
  await insertRows(
    ds,
    'waitlist_entries',
    ['class_session_id', 'user_id', 'status', 'waiting_marker', 'created_at', 'ended_at'],
    waitlistRows,
  );
  auditRows.sort((a, b) => String(a[7]).localeCompare(String(b[7])));
  await insertRows(
    ds,
    'audit_log',
    ['actor_id', 'action', 'entity_type', 'entity_id', 'subject_user_id', 'before', 'after', 'created_at'],
    auditRows,
  );
  await ds.query("UPDATE row_counts SET total = total + ? WHERE name = 'audit_log'", [auditRows.length]);
  await insertRows(
    ds,
    'sessions',
    ['id', 'user_id', 'created_at', 'expires_at', 'last_seen_at', 'revoked_at'],
    members.flatMap((m) =>
      [0, 1, 2].map((k) => {
        const when = at(day(m.start + k), 9);
        return [`historia-${options.seed}-${m.id}-${k}`, m.id, when, when, when, null];
      }),
    ),
  );

  let tuesday = day(1);
  while (isoWeekday(tuesday) !== 2) tuesday = addDays(tuesday, 1);
  return { tuesday, buyerId: members[members.length - 1].id };
}
