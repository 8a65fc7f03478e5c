// The owner's dashboard of `npm run bench` (BENCH_SCENARIOS=dashboard): a studio with
// BENCH_DASHBOARD_CLIENTS (500) clients, each with a plan, BENCH_DASHBOARD_RESERVATIONS (10,000)
// reservations over the past year's classes of the seeded timetable (two thirds marked at the door),
// and a payment per two clients, written straight into the database; then POST /api/admin/dashboard
// for the last 365 days at 10 connections for BENCH_DASHBOARD_SECONDS (10). Target: p99 < 200 ms
// (reported, never the exit code); any 5xx or a wrong answer fails the run.
import autocannon from 'autocannon';
import { createRequire } from 'node:module';
import { ADMIN, HEADERS, api, startServer, studioDate } from './shared.mjs';

// The users search's grams, as the app writes them (from the build the bench runs against).
const { userSearchGrams } = createRequire(import.meta.url)('../../server/dist/auth/user-search-grams.js');
const { recountUsersSql } = createRequire(import.meta.url)('../../server/dist/auth/users-count.js');
const { recountAttendanceSql, recountClassAttendanceSql } = createRequire(import.meta.url)(
  '../../server/dist/reservations/attendance-counts.js',
);

export const DASHBOARD_CLIENTS = Number(process.env.BENCH_DASHBOARD_CLIENTS ?? 500);
export const DASHBOARD_RESERVATIONS = Number(process.env.BENCH_DASHBOARD_RESERVATIONS ?? 10_000);
export const DASHBOARD_SECONDS = Number(process.env.BENCH_DASHBOARD_SECONDS ?? 10);
export const DASHBOARD_P99_TARGET_MS = 200;
const CONNECTIONS = 10;
const DAYS = 365;

/** 'YYYY-MM-DD HH:MM:SS' in UTC, as both drivers compare DATETIME columns. */
const datetime = (date) => date.toISOString().slice(0, 19).replace('T', ' ');

/** Multi-row INSERTs in chunks (both SQLite and MariaDB take them). */
async function insertRows(db, table, columns, rows) {
  for (let i = 0; i < rows.length; i += 400) {
    const chunk = rows.slice(i, i + 400);
    const values = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    await db.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}`, chunk.flat());
  }
}

/**
 * `openDb(server)` gives { run(sql, params), all(sql, params), close() } on the server's database.
 * Returns the run's row for the summary table.
 */
export async function dashboardScenario(label, env, openDb) {
  const server = await startServer(env);
  const db = await openDb(server);
  try {
    console.log(
      `\n== Dashboard on ${label}: seeding ${DASHBOARD_CLIENTS} clients and ${DASHBOARD_RESERVATIONS} reservations…`,
    );
    const now = new Date();
    const stamp = Date.now();
    await insertRows(
      db,
      'users',
      [
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
      Array.from({ length: DASHBOARD_CLIENTS }, (_, i) => [
        `Cliente Panel ${i}`,
        `panel${i}.${stamp}@example.com`,
        i % 3 === 0 ? null : `55${String(10_000_000 + i).slice(-8)}`,
        'x',
        '1990-01-01',
        'user',
        1,
        0,
        datetime(new Date(now.getTime() - ((i * 7919) % DAYS) * 86_400_000)),
        datetime(now),
      ]),
    );
    const users = await db.all(`SELECT id, name, email FROM users WHERE email LIKE ? ORDER BY id`, [
      `panel%.${stamp}@example.com`,
    ]);
    // The users search's index, which the app keeps with every name and email it writes.
    await insertRows(
      db,
      'user_search_grams',
      ['gram', 'user_id'],
      users.flatMap((u) => userSearchGrams(u.name, u.email).map((gram) => [gram, u.id])),
    );
    await db.run(recountUsersSql, []);
    const catalogue = await db.all(
      'SELECT id, name, price_cents AS price, class_count AS classes FROM plans ORDER BY id',
      [],
    );
    await insertRows(
      db,
      'user_plans',
      [
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
      users.map((u, i) => {
        const plan = catalogue[i % catalogue.length];
        return [
          u.id,
          plan.id,
          plan.name,
          500,
          400 + (i % 50),
          studioDate(-DAYS),
          studioDate(i % 20),
          1,
          i % 2 ? 'admin' : 'payment',
          datetime(new Date(now.getTime() - (i % DAYS) * 86_400_000)),
          datetime(now),
        ];
      }),
    );
    const plans = await db.all('SELECT id, user_id AS userId FROM user_plans ORDER BY id', []);
    await insertRows(
      db,
      'payments',
      [
        'user_id',
        'plan_id',
        'plan_name',
        'class_count',
        'price_cents',
        'commission_cents',
        'total_cents',
        'currency',
        'status',
        'reference',
        'paid_cents',
        'refunded_cents',
        'approved_at',
        'created_at',
        'updated_at',
      ],
      users
        .filter((_, i) => i % 2 === 0)
        .map((u, i) => {
          const plan = catalogue[i % catalogue.length];
          const at = datetime(new Date(now.getTime() - ((i * 104_729) % (DAYS * 24)) * 3_600_000));
          return [
            u.id,
            plan.id,
            plan.name,
            plan.classes,
            plan.price,
            0,
            plan.price,
            'MXN',
            i % 10 === 0 ? 'refunded' : 'approved',
            `pilates-bench-panel-${stamp}-${i}`,
            plan.price,
            i % 10 === 0 ? plan.price : 0,
            at,
            at,
            at,
          ];
        }),
    );

    // The past year's classes of the timetable (the 365 days the dashboard is asked about, today's
    // left out), filled in turn until the reservations are all placed.
    const schedules = await db.all(
      'SELECT id, weekday, start_time AS time, capacity FROM schedules WHERE active = 1',
      [],
    );
    const slots = [];
    for (let d = -DAYS + 1; d < 0; d++) {
      const date = studioDate(d);
      const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
      for (const s of schedules.filter((x) => x.weekday === weekday)) slots.push({ ...s, date });
    }
    const places = slots.reduce((sum, s) => sum + s.capacity, 0);
    if (places < DASHBOARD_RESERVATIONS) throw new Error(`only ${places} places in the past year's timetable`);
    const fill = DASHBOARD_RESERVATIONS / places;
    let left = DASHBOARD_RESERVATIONS;
    const sessions = slots.map((s, i) => {
      const taken =
        i === slots.length - 1
          ? Math.min(left, s.capacity)
          : Math.min(left, s.capacity, Math.round(s.capacity * fill + ((i % 3) - 1)));
      left -= taken;
      return { ...s, taken };
    });
    for (let i = 0; left > 0; i++) {
      const s = sessions[i % sessions.length];
      if (s.taken < s.capacity) {
        s.taken++;
        left--;
      }
    }
    await insertRows(
      db,
      'class_sessions',
      [
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
      sessions.map((s) => [s.id, s.date, s.time, s.capacity, s.taken, 0, 'scheduled', datetime(now), datetime(now)]),
    );
    const sessionIds = await db.all('SELECT id, schedule_id AS scheduleId, date FROM class_sessions', []);
    const idOf = new Map(
      sessionIds.map((s) => [
        `${s.scheduleId} ${String(s.date instanceof Date ? s.date.toISOString() : s.date).slice(0, 10)}`,
        s.id,
      ]),
    );
    const reservations = [];
    let next = 0;
    for (const s of sessions) {
      const sessionId = idOf.get(`${s.id} ${s.date}`);
      for (let k = 0; k < s.taken; k++) {
        const plan = plans[(next + k * 37) % plans.length];
        const roll = (next + k) % 3;
        reservations.push([
          sessionId,
          plan.userId,
          plan.id,
          'active',
          1,
          roll === 0 ? null : roll === 1 ? 1 : 0,
          datetime(now),
        ]);
      }
      next += s.taken;
    }
    await insertRows(
      db,
      'reservations',
      ['class_session_id', 'user_id', 'user_plan_id', 'status', 'active_marker', 'attended', 'created_at'],
      reservations,
    );
    // The clients' stored attendance counters, which the app keeps with every mark.
    await db.run(recountAttendanceSql, []);
    await db.run(recountClassAttendanceSql, []);

    const admin = (await api(server.url, '/api/auth/login', ADMIN)).cookie;
    const period = { from: studioDate(-DAYS + 1), to: studioDate(0) };
    const check = (await api(server.url, '/api/admin/dashboard', period, admin)).json;
    const counted = check.attendance.attended + check.attendance.noShow + check.attendance.notMarked;
    const problems = [];
    if (counted !== DASHBOARD_RESERVATIONS)
      problems.push(`attendance counts ${counted} reservations, seeded ${DASHBOARD_RESERVATIONS}`);
    if (check.occupancy.taken !== DASHBOARD_RESERVATIONS)
      problems.push(`occupancy counts ${check.occupancy.taken} places taken`);

    const result = await new Promise((resolve, reject) => {
      const instance = autocannon(
        {
          url: `${server.url}/api/admin/dashboard`,
          connections: CONNECTIONS,
          duration: DASHBOARD_SECONDS,
          method: 'POST',
          headers: { ...HEADERS, cookie: admin },
          body: JSON.stringify(period),
        },
        (error, r) => (error ? reject(error) : resolve(r)),
      );
      autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
    });
    const fiveHundreds = result['5xx'] ?? 0;
    if (fiveHundreds > 0) problems.push(`${fiveHundreds} answers 5xx`);
    if (result.non2xx > 0) problems.push(`${result.non2xx} answers not 2xx`);
    if (!server.alive()) problems.push('the server died');
    const row = {
      database: label,
      clients: DASHBOARD_CLIENTS,
      reservations: DASHBOARD_RESERVATIONS,
      connections: CONNECTIONS,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      requests: result.requests.total,
      [`p99 < ${DASHBOARD_P99_TARGET_MS} ms`]: result.latency.p99 < DASHBOARD_P99_TARGET_MS ? 'met' : 'NOT met',
      problems: problems.join('; ') || 'none',
      failed: problems.length > 0,
    };
    console.log(
      `   ${row['req/s']} req/s, p99 ${row['p99 ms']} ms; ${row.problems === 'none' ? 'figures checked' : row.problems}`,
    );
    return row;
  } finally {
    await db.close();
    await server.stop();
  }
}
