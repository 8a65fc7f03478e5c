// The five-year studio of the "history" bench scenario (scripts/bench/history.mjs), written straight
// into a migrated database through SQL. Deterministic: the same rows on every run and on both drivers
// (dates are relative to the studio's today).
//
// Two parts, each from its own random stream:
// - the recent part: the last RECENT_WEEKS weeks and the coming two, with RECENT_CLIENTS clients who
//   joined in those weeks. Every measured page shows only rows of this part (the newest users and
//   audit entries, the coming classes and their rosters, the first page of "Mis clases"…), so a
//   database holding only this part (the "fresh" one) answers the same pages as the five-year one.
// - the old part (the five-year database only): the `weeks` weeks before, every class of the seeded
//   timetable on every date, `clients` clients in all, each a member for a while, buying a plan
//   every 28 days (by Mercado Pago or paid at the studio), booking, coming or not (attendance
//   marked at the door, each mark audited), cancelling; waitlists on some full classes.
// - the "five-year client": a member from the first day to today, booked every Tuesday at 19:00
//   (both parts), a four-class plan bought every 28 days.

import { createRequire } from 'node:module';

// The users search's grams, as the app writes them (from the build the bench runs against).
const { userSearchGrams } = createRequire(import.meta.url)('../../server/dist/auth/user-search-grams.js');
// And the stored number of users the app keeps with every user it inserts.
const { recountUsersSql } = createRequire(import.meta.url)('../../server/dist/auth/users-count.js');
const { recountAttendanceSql, recountClassAttendanceSql } = createRequire(import.meta.url)(
  '../../server/dist/reservations/attendance-counts.js',
);

export const RECENT_WEEKS = 12;
/** Clients who joined in the recent part. */
export const RECENT_CLIENTS = 120;
/** The five-year client's weekly class. */
export const WEEKLY_CLASS = { weekday: 2, startTime: '19:00' };
const BLOCK_DAYS = 28;

/** mulberry32: a small deterministic PRNG. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Calendar arithmetic on 'YYYY-MM-DD' (UTC midnights: no zone moves a day). */
export function addDays(date, days) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
export const isoWeekday = (date) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * A studio-local time of a date as the UTC DATETIME text both drivers compare. The studio is UTC-6
 * (UTC-5 under the daylight saving time Mexico kept until 2022): local hours 1 to 17 land on the
 * same date in UTC either way, which is all the seed needs (the dashboard's periods are whole days).
 */
export function utc(date, localHour, minute = 0) {
  if (localHour < 1 || localHour > 17) throw new Error(`local hour ${localHour} out of the safe range`);
  return `${date} ${String(localHour + 6).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`;
}

const FIRST_NAMES = [
  'Ana',
  'María',
  'Lucía',
  'Sofía',
  'Valeria',
  'Camila',
  'Fernanda',
  'Daniela',
  'Paola',
  'Andrea',
  'Gabriela',
  'Regina',
  'Mariana',
  'Ximena',
  'Renata',
  'Carlos',
  'Jorge',
  'Luis',
  'Diego',
  'Alejandro',
];
const LAST_NAMES = [
  'García',
  'Hernández',
  'López',
  'Martínez',
  'González',
  'Pérez',
  'Rodríguez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Flores',
  'Rivera',
  'Gómez',
  'Díaz',
  'Cruz',
  'Morales',
  'Ortiz',
  'Gutiérrez',
  'Chávez',
  'Ramos',
];

/**
 * The rows of one part, without ids. `from`/`to`: the part's first and last day (offsets from today);
 * `clients`: how many join in it; `upcoming`: days after today with bookings (the recent part).
 */
function part({ seed, today, from, to, clients, upcoming, weekly, schedules, catalogue, label }) {
  const rand = random(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const day = (offset) => addDays(today, offset);

  // Members: each joins on a day of the part and stays a while (to the part's end at most; the
  // recent part's clients are all still members).
  const members = [];
  for (let i = 0; i < clients; i++) {
    const start = from + Math.floor(rand() * Math.max(1, to - from - 20));
    const stay = upcoming > 0 ? Number.POSITIVE_INFINITY : 90 + Math.floor(rand() * 600);
    members.push({
      key: `${label}${i}`,
      name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)} ${pick(LAST_NAMES)}`,
      email: `${label}.${i}@clientes.example.com`,
      phone: i % 4 === 0 ? null : `722${String(1_000_000 + ((i * 7919) % 8_999_999)).padStart(7, '0')}`,
      start,
      end: Math.min(start + stay, to + upcoming),
      createdAt: utc(day(start), 9 + (i % 8), i % 60),
      active: upcoming > 0 || i % 20 !== 0,
    });
  }
  if (weekly) members.push(weekly);

  // Plans: one per 28-day block of a membership, from its first day. The plan's size is set once
  // its bookings are known.
  const plans = new Map();
  const planOf = (member, offset) => {
    const block = Math.floor((offset - member.start) / BLOCK_DAYS);
    const key = `${member.key}/${block}`;
    let plan = plans.get(key);
    if (!plan) {
      const start = member.start + block * BLOCK_DAYS;
      plan = { key, member, start, end: start + BLOCK_DAYS - 1, used: 0, booked: 0 };
      plans.set(key, plan);
    }
    return plan;
  };

  const sessions = [];
  const reservations = [];
  const waitlist = [];
  const days = [];
  for (let d = from; d <= to; d++) days.push(d);
  for (let d = 1; d <= upcoming; d++) days.push(d);
  for (const d of days) {
    const date = day(d);
    const weekday = isoWeekday(date);
    const pool = members.filter((m) => m !== weekly && m.start <= d && m.end >= d);
    for (const schedule of schedules.filter((s) => s.weekday === weekday)) {
      const isWeekly =
        weekly &&
        weekly.start <= d &&
        schedule.weekday === WEEKLY_CLASS.weekday &&
        schedule.startTime === WEEKLY_CLASS.startTime;
      // Upcoming classes fill as the week goes: fewer bookings the further away.
      const wanted = d > 0 ? Math.max(0, 7 - Math.floor(d / 2) - Math.floor(rand() * 3)) : 5 + Math.floor(rand() * 4);
      const seated = [];
      if (isWeekly) seated.push(weekly);
      for (
        let tries = 0;
        seated.length < Math.min(wanted + (isWeekly ? 1 : 0), schedule.capacity) && tries < 40;
        tries++
      ) {
        const member = pool.length > 0 ? pick(pool) : undefined;
        if (!member || seated.includes(member)) continue;
        if (planOf(member, d).booked >= 20) continue;
        seated.push(member);
      }
      const cancelledClass = d < 0 && rand() < 0.005;
      const session = {
        scheduleId: schedule.id,
        date,
        offset: d,
        startTime: schedule.startTime,
        capacity: schedule.capacity,
        status: cancelledClass ? 'cancelled' : 'scheduled',
        reserved: 0,
        createdAt: utc(day(d - 10), 10),
      };
      if (seated.length === 0) continue;
      sessions.push(session);
      const hour = Number(schedule.startTime.slice(0, 2));
      for (const member of seated) {
        const plan = member === weekly || rand() > 0.01 ? planOf(member, d) : null;
        const cancelledBySelf = !cancelledClass && member !== weekly && rand() < 0.05;
        const active = !cancelledClass && !cancelledBySelf;
        if (plan) plan.booked++;
        if (plan && active) plan.used++;
        if (active) session.reserved++;
        const roll = rand();
        const attended = !active || d >= 0 ? null : roll < 0.85 ? 1 : roll < 0.95 ? 0 : null;
        reservations.push({
          session,
          member,
          plan,
          status: active ? 'active' : 'cancelled',
          cancelledAt: active ? null : utc(day(d - 1), 12),
          cancelledBy: cancelledClass ? 'admin' : active ? null : member,
          reminderSentAt: d < 0 ? utc(day(d - 1), hour >= 17 ? 11 : 8) : null,
          attended,
          // Evening classes are marked the next morning.
          markedAt: attended === null ? null : hour >= 17 ? utc(day(d + 1), 8) : utc(day(d), hour + 1),
          createdAt: utc(day(d - 1 - Math.floor(rand() * 6)), 7 + Math.floor(rand() * 10)),
        });
      }
      // Yesterday is inside the no-show job's reach (server/src/reservations/no-shows.service.ts):
      // the seed holds what the job has done by now, so a run of it during the bench changes
      // nothing the checks count. Nobody unmarked stays in a class whose attendance was taken, nor
      // in a class of yesterday nobody took; the job's marks carry no admin and no audit entry.
      if (d === -1) {
        for (const r of reservations) {
          if (r.session !== session || r.status !== 'active' || r.attended !== null) continue;
          r.attended = 0;
          r.markedAt = utc(day(0), 1, 10);
          r.bySystem = true;
        }
      }
      // Some full past classes had a line, closed before the class.
      if (d < 0 && session.reserved >= schedule.capacity && rand() < 0.4) {
        for (let w = 0; w < 1 + Math.floor(rand() * 3); w++) {
          const member = pool.length > 0 ? pick(pool) : undefined;
          if (!member || seated.includes(member)) continue;
          waitlist.push({ session, member, createdAt: utc(day(d - 1), 9), endedAt: utc(day(d), 1) });
        }
      }
    }
  }

  // Each plan: the smallest catalogue plan that holds its bookings (four classes at least), bought
  // through Mercado Pago (four in five, a few refunded) or paid at the studio (given by the admin).
  const payments = [];
  const planRows = [];
  for (const plan of [...plans.values()].sort((a, b) => a.start - b.start || (a.key < b.key ? -1 : 1))) {
    const weeklyPlan = plan.member === weekly;
    const item = catalogue.find((c) => c.classes >= Math.max(4, plan.booked)) ?? catalogue[catalogue.length - 1];
    const viaPayment = weeklyPlan || rand() < 0.8;
    const refunded = viaPayment && !weeklyPlan && rand() < 0.02;
    const createdAt = utc(day(plan.start), 10, 15);
    // The same object the reservations point at.
    const row = Object.assign(plan, {
      catalogue: item,
      source: viaPayment ? 'payment' : 'admin',
      isPaid: !refunded,
      revokedAt: refunded ? utc(day(plan.start + 3), 12) : null,
      createdAt,
    });
    planRows.push(row);
    if (!viaPayment) continue;
    // One in five purchases had an abandoned or rejected checkout before it.
    if (rand() < 0.25) {
      const failed = rand() < 0.5 ? 'expired' : 'rejected';
      payments.push({
        member: plan.member,
        plan: null,
        catalogue: item,
        status: failed,
        createdAt: utc(day(plan.start), 9),
      });
    }
    payments.push({
      member: plan.member,
      plan: row,
      catalogue: item,
      status: refunded ? 'refunded' : 'approved',
      approvedAt: createdAt,
      createdAt: utc(day(plan.start), 10),
    });
  }
  return { members, sessions, reservations, waitlist, plans: planRows, payments };
}

/**
 * Generates the studio: the recent part always, the old part when `weeks` > RECENT_WEEKS. `existing`:
 * the ids the running server already gave (admin, five-year client, timetable, catalogue).
 */
export function generateStudio({ today, weeks, clients, schedules, catalogue, adminId, weeklyClient }) {
  const first = -weeks * 7;
  const weekly = {
    key: 'weekly',
    id: weeklyClient.id,
    start: first,
    end: Number.POSITIVE_INFINITY,
    existing: true,
  };
  const recentFrom = -RECENT_WEEKS * 7;
  const old =
    weeks > RECENT_WEEKS
      ? part({
          seed: 1_2345,
          today,
          from: first,
          to: recentFrom - 1,
          clients: Math.max(0, clients - RECENT_CLIENTS),
          upcoming: 0,
          weekly,
          schedules,
          catalogue,
          label: 'antigua',
        })
      : null;
  // The weekly client's plans restart at the recent part's first day in both databases (28-day blocks
  // from five years back land there too: 5 × 52 weeks and 12 weeks are multiples of 4 weeks).
  const recentWeekly = { ...weekly, start: recentFrom };
  const recent = part({
    seed: 6_789,
    today,
    from: recentFrom,
    to: -1,
    clients: RECENT_CLIENTS,
    upcoming: 14,
    weekly: recentWeekly,
    schedules,
    catalogue,
    label: 'reciente',
  });
  // One rejected checkout of the weekly client five days ago: their "Mis planes" shows it.
  recent.payments.push({
    member: recentWeekly,
    plan: null,
    catalogue: catalogue.find((c) => c.classes === 8) ?? catalogue[0],
    status: 'rejected',
    createdAt: utc(addDays(today, -5), 11),
  });
  return { parts: old ? [old, recent] : [recent], adminId, weekly };
}

/** Multi-row INSERTs of `rows` (arrays in `columns` order), in chunks both drivers take. */
async function insertRows(db, table, columns, rows) {
  const size = Math.max(1, Math.floor(8000 / columns.length));
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const values = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    // Backticks: `before` is a reserved word in MySQL (SQLite reads backticks as quotes too).
    const names = columns.map((c) => `\`${c}\``).join(', ');
    await db.run(`INSERT INTO ${table} (${names}) VALUES ${values}`, chunk.flat());
  }
}

const maxId = async (db, table) => Number((await db.all(`SELECT COALESCE(MAX(id), 0) AS id FROM ${table}`, []))[0].id);

/**
 * Writes the studio into `db` ({ run, all, begin, commit }) in one transaction, with ids after
 * those already there; returns what the measured reads must answer.
 */
export async function writeStudio(db, studio, { today, weeks }) {
  const first = -weeks * 7;
  const day = (offset) => addDays(today, offset);
  const next = {};
  for (const table of [
    'users',
    'user_plans',
    'payments',
    'class_sessions',
    'reservations',
    'waitlist_entries',
    'audit_log',
  ]) {
    next[table] = (await maxId(db, table)) + 1;
  }
  const existingAudit = Number((await db.all('SELECT COUNT(*) AS n FROM audit_log', []))[0].n);
  const existingUsers = Number((await db.all('SELECT COUNT(*) AS n FROM users', []))[0].n);
  const members = studio.parts.flatMap((p) => p.members.filter((m) => !m.existing));
  for (const m of members) m.id = next.users++;
  const idOf = (member) => member.id;
  for (const p of studio.parts) {
    for (const plan of p.plans) plan.id = next.user_plans++;
    for (const payment of p.payments) payment.id = next.payments++;
    for (const s of p.sessions) s.id = next.class_sessions++;
    for (const r of p.reservations) r.id = next.reservations++;
    for (const w of p.waitlist) w.id = next.waitlist_entries++;
  }
  // Audit entries in time order (the page reads them by id, newest first).
  const audit = [];
  for (const p of studio.parts) {
    const entries = [];
    for (const plan of p.plans.filter((x) => x.source === 'admin')) {
      entries.push([
        plan.createdAt,
        'user_plan.create',
        'user_plan',
        plan.id,
        idOf(plan.member),
        null,
        JSON.stringify({ planName: plan.catalogue.name, classesTotal: plan.catalogue.classes }),
      ]);
    }
    for (const r of p.reservations.filter((x) => x.attended !== null && !x.bySystem)) {
      entries.push([
        r.markedAt,
        'reservation.attendance',
        'reservation',
        r.id,
        idOf(r.member),
        JSON.stringify({ attended: null }),
        JSON.stringify({ attended: r.attended === 1 }),
      ]);
    }
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    audit.push(...entries);
  }

  await db.begin();
  await db.run('UPDATE schedules SET created_at = ?', [utc(day(first), 8)]);
  await db.run('UPDATE users SET created_at = ? WHERE id = ?', [utc(day(first), 9), studio.weekly.id]);
  await insertRows(
    db,
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
    members.map((m, i) => [
      m.id,
      m.name,
      m.email,
      m.phone,
      'x',
      `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`,
      'user',
      m.active ? 1 : 0,
      0,
      m.createdAt,
      m.createdAt,
    ]),
  );
  // The users search's index, which the app keeps with every name and email it writes.
  await insertRows(
    db,
    'user_search_grams',
    ['gram', 'user_id'],
    members.flatMap((m) => userSearchGrams(m.name, m.email).map((gram) => [gram, m.id])),
  );
  await db.run(recountUsersSql, []);
  const plans = studio.parts.flatMap((p) => p.plans);
  await insertRows(
    db,
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
      'revoked_at',
      'created_at',
      'updated_at',
    ],
    plans.map((p) => [
      p.id,
      idOf(p.member),
      p.catalogue.id,
      p.catalogue.name,
      p.catalogue.classes,
      p.catalogue.classes - p.used,
      day(p.start),
      day(p.end),
      p.isPaid ? 1 : 0,
      p.source,
      p.revokedAt,
      p.createdAt,
      p.createdAt,
    ]),
  );
  const payments = studio.parts.flatMap((p) => p.payments);
  await insertRows(
    db,
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
      'preference_id',
      'user_plan_id',
      'approved_at',
      'last_checked_at',
      'paid_cents',
      'refunded_cents',
      'created_at',
      'updated_at',
    ],
    payments.map((p) => {
      const settled = p.status === 'approved' || p.status === 'refunded';
      const price = p.catalogue.price;
      return [
        p.id,
        idOf(p.member),
        p.catalogue.id,
        p.catalogue.name,
        p.catalogue.classes,
        price,
        0,
        price,
        'MXN',
        p.status,
        settled ? 'accredited' : p.status === 'rejected' ? 'cc_rejected_other_reason' : null,
        `pilates-historia-${p.id}`,
        settled ? String(70_000_000 + p.id) : null,
        `pref-historia-${p.id}`,
        p.plan ? p.plan.id : null,
        settled ? p.approvedAt : null,
        settled ? p.approvedAt : p.createdAt,
        settled ? price : null,
        p.status === 'refunded' ? price : 0,
        p.createdAt,
        p.approvedAt ?? p.createdAt,
      ];
    }),
  );
  const sessions = studio.parts.flatMap((p) => p.sessions);
  await insertRows(
    db,
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
    sessions.map((s) => [
      s.id,
      s.scheduleId,
      s.date,
      s.startTime,
      s.capacity,
      s.reserved,
      0,
      s.status,
      s.createdAt,
      s.createdAt,
    ]),
  );
  const reservations = studio.parts.flatMap((p) => p.reservations);
  await insertRows(
    db,
    'reservations',
    [
      'id',
      'class_session_id',
      'user_id',
      'user_plan_id',
      'paid_at_studio',
      'status',
      'active_marker',
      'cancelled_at',
      'cancelled_by',
      'reminder_sent_at',
      'attended',
      'attendance_marked_at',
      'attendance_marked_by',
      'created_at',
      // What the app writes with each reservation: its class's date.
      'class_date',
    ],
    reservations.map((r) => [
      r.id,
      r.session.id,
      idOf(r.member),
      r.plan ? r.plan.id : null,
      r.plan ? 0 : 1,
      r.status,
      r.status === 'active' ? 1 : null,
      r.cancelledAt,
      r.cancelledBy === null ? null : r.cancelledBy === 'admin' ? studio.adminId : idOf(r.cancelledBy),
      r.reminderSentAt,
      r.attended,
      r.markedAt,
      r.attended === null || r.bySystem ? null : studio.adminId,
      r.createdAt,
      r.session.date,
    ]),
  );
  // The clients' stored attendance counters, which the app keeps with every mark.
  await db.run(recountAttendanceSql, []);
  await db.run(recountClassAttendanceSql, []);
  await insertRows(
    db,
    'waitlist_entries',
    ['id', 'class_session_id', 'user_id', 'status', 'waiting_marker', 'reason', 'created_at', 'ended_at'],
    studio.parts
      .flatMap((p) => p.waitlist)
      .map((w) => [w.id, w.session.id, idOf(w.member), 'closed', null, null, w.createdAt, w.endedAt]),
  );
  await insertRows(
    db,
    'audit_log',
    ['id', 'actor_id', 'action', 'entity_type', 'entity_id', 'subject_user_id', 'before', 'after', 'created_at'],
    audit.map((a) => [next.audit_log++, studio.adminId, a[1], a[2], String(a[3]), a[4], a[5], a[6], a[0]]),
  );
  // Logins over the years: three per client, long expired (the session check reads one by its id).
  await insertRows(
    db,
    'sessions',
    ['id', 'user_id', 'created_at', 'expires_at', 'last_seen_at', 'revoked_at'],
    members.flatMap((m) =>
      [0, 1, 2].map((k) => [
        `historia-${m.id}-${k}`,
        m.id,
        m.createdAt,
        m.createdAt,
        m.createdAt,
        k === 2 ? m.createdAt : null,
      ]),
    ),
  );
  // The app counts the audit log as it writes it (row_counts): the seed writes what the app would have.
  await db.run("UPDATE row_counts SET total = total + ? WHERE name = 'audit_log'", [audit.length]);
  await db.commit();

  return {
    counts: {
      users: existingUsers + members.length,
      plans: plans.length,
      payments: payments.length,
      classes: sessions.length,
      reservations: reservations.length,
      audit: existingAudit + audit.length,
    },
    reservations,
    sessions,
    plans,
    payments,
    members,
    // The weekly client registered through the app; their account dates from the history's first day.
    weeklyCreatedAt: utc(day(first), 9),
  };
}
