// `npm run bench`: booking under load against the production build on 127.0.0.1, on SQLite and on
// MariaDB (skipped when none answers on 127.0.0.1:3306). For each: GET /api/health (one trivial
// database round trip, the reference), get-information for a day with 9 classes of 8 reservations
// each, and push-reservation under contention; req/s, p50/p99 and the ratio to /api/health in the
// same run. Targets (issue "Booking"): get-information ≥ 50% of health's req/s at 50 connections,
// p99 < 100 ms, no error answers but the expected "full" ones. Every run is bounded in time.
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';

const ROOT = resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const MARIADB = process.env.BENCH_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306';
const HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'pilates-web' };
const ADMIN = { email: 'admin@bench.local', password: 'bench-admin-password' };
const CLASSES = 9;
const PER_CLASS = 8;

const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/** The studio's date `days` from now (the server computes "today" in America/Mexico_City). */
function studioDate(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The next date at least 2 days ahead that falls on `isoWeekday` (1 Monday … 7 Sunday). */
function nextWeekday(isoWeekday, fromDays = 2) {
  for (let d = fromDays; ; d++) {
    const date = studioDate(d);
    const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    if (weekday === isoWeekday) return date;
  }
}

async function startServer(env) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pilates-bench-'));
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT: '10000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr.slice(-2000)}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, dataDir, stop };
}

async function api(url, path, body, cookie) {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...HEADERS, ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return {
    json,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

/** Clients with a big plan each, logged in; returns their session cookies. */
async function clients(url, count, givePlans) {
  const stamp = Date.now();
  const made = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) => {
      const email = `bench${i + j}.${stamp}@example.com`;
      return api(url, '/api/auth/register', {
        name: `Cliente ${i + j}`,
        email,
        cumpleanos: '1990-01-01',
        password: 'bench-password-1',
        confirmPassword: 'bench-password-1',
        terms: true,
      }).then((r) => ({ id: r.json.user.id, cookie: r.cookie }));
    });
    made.push(...(await Promise.all(batch)));
  }
  await givePlans(made.map((c) => c.id));
  return made;
}

const planRow = (userId) => [userId, 'Bench', 500, 500, studioDate(-1), studioDate(60)];
const PLAN_SQL =
  'INSERT INTO user_plans (user_id, plan_id, plan_name, classes_total, classes_remaining, start_date, end_date, is_paid, source) VALUES (?, NULL, ?, ?, ?, ?, ?, 1, ?)';

async function prepareDay(url, givePlans) {
  const admin = (await api(url, '/api/auth/login', ADMIN)).cookie;
  // A weekday with six seeded classes: three more make the nine of the scenario.
  const day = nextWeekday(4);
  for (const startTime of ['10:00', '11:00', '12:00']) {
    await api(url, '/api/reservations/horario/add', { weekday: 4, startTime, capacity: PER_CLASS }, admin);
  }
  const slots = (await api(url, '/api/reservations/get-information', { date: day })).json.data;
  if (slots.length !== CLASSES) throw new Error(`expected ${CLASSES} classes on ${day}, got ${slots.length}`);
  const people = await clients(url, CLASSES * PER_CLASS, givePlans);
  for (const [i, slot] of slots.entries()) {
    const seated = people.slice(i * PER_CLASS, (i + 1) * PER_CLASS);
    await Promise.all(
      seated.map((p) =>
        api(url, '/api/reservations/push-reservation', { date: day, classReservation: slot.scheduleId }, p.cookie),
      ),
    );
  }
  return { day, viewer: people[0].cookie, admin };
}

function run(opts) {
  return new Promise((done, fail) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (error, result) =>
      error ? fail(error) : done(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

const summary = (name, r, expectedNon2xx = () => 0) => ({
  name,
  reqPerSec: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  requests: r.requests.total,
  errors: r.errors + r.timeouts + (r.non2xx - expectedNon2xx(r)),
  statuses: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count])),
});

async function benchDriver(label, env, givePlansTo, countQueries) {
  const server = await startServer(env);
  const givePlans = (ids) => givePlansTo(ids, server);
  try {
    console.log(`\n== ${label}: preparing ${CLASSES} classes × ${PER_CLASS} reservations…`);
    const { day, viewer } = await prepareDay(server.url, givePlans);

    const health = await run({ url: `${server.url}/api/health` });
    const info = await run({
      url: `${server.url}/api/reservations/get-information`,
      method: 'POST',
      headers: { ...HEADERS, cookie: viewer },
      body: JSON.stringify({ date: day }),
    });

    // Contention: 100 clients with plans race for the places of the classes of another day.
    const contenders = await clients(server.url, 100, givePlans);
    const busyDay = nextWeekday(5);
    const busySlots = (await api(server.url, '/api/reservations/get-information', { date: busyDay })).json.data;
    let next = 0;
    const booking = await run({
      url: `${server.url}/api/reservations/push-reservation`,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const i = next++;
            return {
              ...req,
              headers: { ...HEADERS, cookie: contenders[i % contenders.length].cookie },
              body: JSON.stringify({ date: busyDay, classReservation: busySlots[i % busySlots.length].scheduleId }),
            };
          },
        },
      ],
    });
    // 409s here are the expected refusals (full class, already booked); anything else is an error.
    const booked = summary('push-reservation (contention)', booking, (r) => r.statusCodeStats?.['409']?.count ?? 0);

    const rows = [summary('GET /api/health (reference)', health), summary('get-information (9×8)', info), booked];
    console.table(rows);
    const ratio = info.requests.average / health.requests.average;
    console.log(
      `get-information / health req/s: ${(ratio * 100).toFixed(0)}% (target ≥ 50%); ` +
        `get-information p99 ${info.latency.p99} ms (target < 100 ms)`,
    );
    const audit = await auditCounts(server.url, busyDay);
    console.log(`contention audit on ${busyDay}: ${audit}`);
    if (countQueries) console.log(`queries per get-information: ${await countQueries(server.url, day, viewer)}`);
  } finally {
    await server.stop();
  }
}

/** Every class of the contended day holds at most its capacity, and the roster agrees with the count. */
async function auditCounts(url, date) {
  const admin = (await api(url, '/api/auth/login', ADMIN)).cookie;
  const roster = (await api(url, '/api/reservations/get-information-clases', { date }, admin)).json.data;
  const bad = roster.filter((s) => s.reservedCount > s.capacity || s.enrolled.length !== s.reservedCount);
  const seated = roster.reduce((sum, s) => sum + s.reservedCount, 0);
  return bad.length === 0
    ? `ok (${seated} places taken in ${roster.length} classes)`
    : `MISMATCH in ${bad.length} classes`;
}

async function main() {
  console.log(
    `Bench: ${CONNECTIONS} connections, ${DURATION} s per endpoint, on ${process.platform} with Node ${process.version}`,
  );

  await benchDriver(
    'SQLite',
    { DATABASE_URL: '' },
    async (ids, server) => {
      // Plans go straight into the database: the admin's plan tools arrive with their own issue.
      const db = new Database(join(server.dataDir, 'pilates.sqlite'));
      db.pragma('busy_timeout = 5000');
      const insert = db.prepare(PLAN_SQL);
      db.transaction(() => ids.forEach((id) => insert.run(...planRow(id), 'admin')))();
      db.close();
    },
    undefined,
  );

  const mysql = await createConnection({ uri: MARIADB }).catch(() => null);
  if (!mysql) {
    console.log(`\n== MariaDB: skipped (nothing answers at ${MARIADB})`);
    return;
  }
  const database = `pilates_bench_${Date.now()}`;
  await mysql.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  try {
    const dbUrl = `${MARIADB.replace(/\/$/, '')}/${database}`;
    const conn = await createConnection({ uri: dbUrl });
    await benchDriver(
      'MariaDB',
      { DATABASE_URL: dbUrl },
      async (ids) => {
        for (const id of ids) await conn.query(PLAN_SQL, [...planRow(id), 'admin']);
      },
      async (url, day, viewer) => {
        // MariaDB counts every statement the server runs; 100 sequential calls give the per-call figure.
        const questions = async () => Number((await conn.query("SHOW GLOBAL STATUS LIKE 'Questions'"))[0][0].Value);
        const calls = 100;
        const before = await questions();
        for (let i = 0; i < calls; i++) {
          await api(url, '/api/reservations/get-information', { date: day }, viewer);
        }
        const perCall = ((await questions()) - before - 1) / calls;
        return `${perCall.toFixed(1)} (a logged-in client, ${CLASSES} classes, ${CLASSES * PER_CLASS} reservations; includes the session's user lookup)`;
      },
    );
    await conn.end();
  } finally {
    await mysql.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await mysql.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
