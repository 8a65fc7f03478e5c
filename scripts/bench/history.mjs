// Five years of history in `npm run bench` (BENCH_SCENARIOS=history): every daily read as fast on a
// studio's five years as on a fresh database, and the owner's dashboard of a year of it in time.
//
// Two servers up at once on the same driver: "fresh" holds only the recent part of the studio
// (scripts/bench/history-seed.mjs: its last 12 weeks and coming two, 120 clients), "five years" the
// same recent part after BENCH_HISTORY_WEEKS (260) weeks of history with BENCH_HISTORY_CLIENTS
// (2,000) clients: about 8,700 classes, 55,000 reservations, 44,000 plans and payments and 50,000
// audit entries, written through SQL in one transaction, then both servers restarted (as a server
// finds its database at start). Each measured read answers the same page on both (the same rows
// shown; totals differ), checked before it is measured; it then runs at 10 connections alternately
// on both, A/B/A/B (BENCH_HISTORY_SECONDS per read and server, in two rounds), and its req/s on five
// years over its req/s on fresh is printed against the target (≥ 0.9).
// Then the dashboard for the last 365 days of the five-year studio: its figures checked against the
// seed, then 10 connections for BENCH_HISTORY_DASHBOARD_SECONDS (10): targets p50 < 100 ms, p99 <
// 300 ms. Then the CSV exports of that year: each file's rows checked, and the server's memory
// (RSS) growth during the year's export beside a week's (target: within 5 MB of it).
// Beside each ratio, the app's CPU per answer on each server (from /proc): on a busy machine it
// moves less than req/s. On MariaDB it leaves out the database server's own CPU, which both share.
// Wrong answers, 5xx and a dead server fail the run; ratios and latencies are printed PASS/FAIL only.
import autocannon from 'autocannon';
import { Buffer } from 'node:buffer';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { cpuProfile, printProfile } from './profile.mjs';
import { ADMIN, HEADERS, api, cpuMs, startServer, studioDate } from './shared.mjs';
import { RECENT_WEEKS, WEEKLY_CLASS, addDays, generateStudio, isoWeekday, writeStudio } from './history-seed.mjs';

export const HISTORY_SECONDS = Number(process.env.BENCH_HISTORY_SECONDS ?? 6);
/** Whole multiples of four weeks: the five-year client's 28-day plans line up with the recent part. */
export const HISTORY_WEEKS = Math.max(
  RECENT_WEEKS + 4,
  Math.round(Number(process.env.BENCH_HISTORY_WEEKS ?? 260) / 4) * 4,
);
export const HISTORY_CLIENTS = Number(process.env.BENCH_HISTORY_CLIENTS ?? 2000);
export const HISTORY_DASHBOARD_SECONDS = Number(process.env.BENCH_HISTORY_DASHBOARD_SECONDS ?? 10);
/**
 * While finding where time goes: BENCH_HISTORY_READS keeps only the reads whose name contains one
 * of its comma-separated words ("none": only the dashboard and exports), and BENCH_HISTORY_PROFILE=1
 * starts the five-year server with `node --cpu-prof` and prints its profile (every load on it).
 */
const READ_FILTER = (process.env.BENCH_HISTORY_READS ?? '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
const PROFILE_HISTORY = process.env.BENCH_HISTORY_PROFILE === '1';
const chosen = (read) => READ_FILTER.length === 0 || READ_FILTER.some((word) => read.name.toLowerCase().includes(word));
export const RATIO_TARGET = 0.9;
export const DASHBOARD_P50_TARGET_MS = 100;
export const DASHBOARD_P99_TARGET_MS = 300;
/**
 * A streamed export's memory: the year's may grow the server's RSS this much more than a week's
 * (the allocator's and the garbage collector's noise); a file built whole grew it 23 MB for a year
 * of reservations (1.2 MB of CSV).
 */
const FLAT_MEMORY_MB = 5;
const CONNECTIONS = 10;
const ROUNDS = 2;
const JWT_SECRET = 'bench-history-jwt-secret-0123456789-abcdef';
const WEEKLY_EMAIL = 'cinco.anios@clientes.example.com';
const WEEKLY_PASSWORD = 'cinco-anios-password-1';
/** The search the admin types in Usuarios: the five-year client's address, one match on both. */
const SEARCH = 'cinco.anios';

/** One autocannon run; `steady` holds p50/p99 of the answers after each connection's first. */
function load(opts) {
  return new Promise((done, fail) => {
    const answered = new Set();
    const latencies = [];
    const instance = autocannon({ connections: CONNECTIONS, ...opts }, (error, result) => {
      if (error) return fail(error);
      latencies.sort((a, b) => a - b);
      const at = (share) => latencies[Math.max(0, Math.ceil(share * latencies.length) - 1)] ?? Number.NaN;
      done({ ...result, steady: { p50: at(0.5), p99: at(0.99) } });
    });
    instance.on('response', (client, _status, _bytes, time) => {
      if (answered.has(client)) latencies.push(time);
      else answered.add(client);
    });
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/** The autocannon options of a read on one server. */
const requestOf = (studio, read) => ({
  url: `${studio.server.url}${read.path}`,
  method: read.body === undefined ? 'GET' : 'POST',
  headers: {
    ...(read.body === undefined ? {} : HEADERS),
    ...(read.cookie ? { cookie: read.cookie(studio) } : {}),
    ...(read.html ? { accept: 'text/html' } : {}),
  },
  ...(read.body === undefined ? {} : { body: JSON.stringify(read.body(studio)) }),
});

/** What a read answers on one server, for its check. */
async function answerOf(studio, read) {
  const opts = requestOf(studio, read);
  const res = await fetch(opts.url, { method: opts.method, headers: opts.headers, body: opts.body });
  const text = await res.text();
  if (!res.ok) return { problem: `${res.status} ${text.slice(0, 200)}` };
  return { body: read.html ? text : JSON.parse(text) };
}

/**
 * A fresh MariaDB database per studio, or a data folder per SQLite studio; `driver` gives
 * { env(name), open(name) → db, cleanup() }.
 */
async function prepareStudio(driver, name, weeks, profile = null) {
  const env = { ...driver.env(name), JWT_SECRET, STUDIO_TZ: 'America/Mexico_City' };
  let server = await startServer(env);
  let weekly;
  let facts;
  try {
    weekly = (
      await api(server.url, '/api/auth/register', {
        name: 'Cliente de Cinco Años',
        email: WEEKLY_EMAIL,
        cumpleanos: '1988-04-12',
        password: WEEKLY_PASSWORD,
        confirmPassword: WEEKLY_PASSWORD,
        terms: true,
      })
    ).json.user;
  } finally {
    await server.stop();
  }
  const db = await driver.open(name);
  const started = Date.now();
  try {
    const today = studioDate(0);
    const schedules = (
      await db.all(
        'SELECT id, weekday, start_time AS startTime, capacity FROM schedules WHERE active = 1 ORDER BY id',
        [],
      )
    ).map((s) => ({ ...s, id: Number(s.id), weekday: Number(s.weekday), capacity: Number(s.capacity) }));
    const catalogue = (
      await db.all('SELECT id, name, class_count AS classes, price_cents AS price FROM plans ORDER BY class_count', [])
    ).map((c) => ({ ...c, id: Number(c.id), classes: Number(c.classes), price: Number(c.price) }));
    const adminId = Number((await db.all("SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1", []))[0].id);
    const studio = generateStudio({
      today,
      weeks,
      clients: weeks > RECENT_WEEKS ? HISTORY_CLIENTS : 0,
      schedules,
      catalogue,
      adminId,
      weeklyClient: { id: Number(weekly.id) },
    });
    facts = await writeStudio(db, studio, { today, weeks });
    facts.today = today;
    // The timetable's created_at (writeStudio): its classes are offered from that day on.
    facts.timetableFrom = addDays(today, -weeks * 7);
    facts.weeklyId = Number(weekly.id);
    facts.schedules = schedules;
    facts.catalogue = catalogue;
    facts.seedSeconds = (Date.now() - started) / 1000;
  } finally {
    await db.close();
  }
  // Started again on the database as written: what a server finds when it starts on a studio's history.
  server = await startServer(env, profile ? { nodeArgs: profile.nodeArgs } : {});
  const admin = (await api(server.url, '/api/auth/login', ADMIN)).cookie;
  const client = (await api(server.url, '/api/auth/login', { email: WEEKLY_EMAIL, password: WEEKLY_PASSWORD })).cookie;
  return { server, admin, client, facts, name };
}

/** The next Tuesday (the five-year client's day) at least two days ahead. */
function measuredDay() {
  for (let d = 2; ; d++) {
    const date = studioDate(d);
    if (isoWeekday(date) === WEEKLY_CLASS.weekday) return date;
  }
}

/** What every read must answer on one studio, from its seed. */
function expectations(facts, day) {
  const weeklyActive = facts.reservations.filter((r) => r.member.id === facts.weeklyId && r.status === 'active');
  const recent = facts.members.filter((m) => m.email.startsWith('reciente.'));
  const listed = recent.find((m) => m.email === 'reciente.0@clientes.example.com');
  const daySessions = facts.sessions.filter((s) => s.date === day);
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
  return {
    weeklyClasses: weeklyActive.length,
    users: facts.counts.users,
    newestEmail: recent.at(-1)?.email,
    audit: facts.counts.audit,
    listedId: listed?.id,
    listedPurchases: facts.payments.filter((p) => p.member === listed && ['approved', 'refunded'].includes(p.status))
      .length,
    weeklyOpenPurchases: facts.payments.filter(
      (p) =>
        p.member.id === facts.weeklyId &&
        p.plan === null &&
        ['rejected', 'expired'].includes(p.status) &&
        p.createdAt > since,
    ).length,
    dayClasses: facts.schedules.filter((s) => s.weekday === isoWeekday(day)).length,
    dayTaken: daySessions.reduce((sum, s) => sum + s.reserved, 0),
  };
}

/** The measured reads: path, body, cookie, and the check of the answer against the seed. */
function reads(day) {
  const expect = (studio) => studio.expect;
  const slots = (body) => body.data ?? [];
  return [
    {
      name: 'day view, guest',
      path: '/api/reservations/get-information',
      body: () => ({ date: day }),
      check: (body, s) => slots(body).length === expect(s).dayClasses || `${slots(body).length} classes`,
    },
    {
      name: 'day view, five-year client',
      path: '/api/reservations/get-information',
      body: () => ({ date: day }),
      cookie: (s) => s.client,
      check: (body, s) =>
        (slots(body).length === expect(s).dayClasses &&
          slots(body).filter((x) => x.myReservationId !== null).length === 1) ||
        `${slots(body).length} classes, booked in ${slots(body).filter((x) => x.myReservationId !== null).length}`,
    },
    {
      name: 'day view, admin',
      path: '/api/reservations/get-information',
      body: () => ({ date: day }),
      cookie: (s) => s.admin,
      check: (body, s) => slots(body).length === expect(s).dayClasses || `${slots(body).length} classes`,
    },
    {
      name: 'roster of the day (admin)',
      path: '/api/reservations/get-information-clases',
      body: () => ({ date: day }),
      cookie: (s) => s.admin,
      check: (body, s) => {
        const seated = slots(body).reduce((sum, x) => sum + x.enrolled.length, 0);
        return seated === expect(s).dayTaken || `${seated} seated, seeded ${expect(s).dayTaken}`;
      },
    },
    {
      name: '/pilates/reservar (SSR), five-year client',
      path: `/pilates/reservar?fecha=${day}`,
      html: true,
      cookie: (s) => s.client,
      check: (body) => body.includes('Cliente de Cinco') || 'the page does not name the client',
    },
    {
      name: 'Mis clases, page 1, five-year client',
      path: '/api/informacion/get-clases',
      body: () => ({ pagination: 1 }),
      cookie: (s) => s.client,
      check: (body, s) =>
        (body.pagination?.totalRecords === expect(s).weeklyClasses && body.clases.length === 10) ||
        `totalRecords ${body.pagination?.totalRecords} (seeded ${expect(s).weeklyClasses}), ${body.clases?.length} rows`,
    },
    {
      name: 'Usuarios, page 1',
      path: '/api/informacion/get-users',
      body: () => ({ pagination: 1 }),
      cookie: (s) => s.admin,
      check: (body, s) =>
        (body.pagination?.totalRecords === expect(s).users && body.usuarios[0]?.email === expect(s).newestEmail) ||
        `totalRecords ${body.pagination?.totalRecords} (seeded ${expect(s).users}), first ${body.usuarios?.[0]?.email}`,
    },
    {
      name: 'Usuarios, search',
      path: '/api/informacion/get-users',
      body: () => ({ pagination: 1, search: SEARCH }),
      cookie: (s) => s.admin,
      check: (body) =>
        (body.pagination?.totalRecords === 1 && body.usuarios[0]?.email === WEEKLY_EMAIL) ||
        `${body.pagination?.totalRecords} found`,
    },
    {
      name: 'audit log, page 1',
      path: '/api/admin/get-audit',
      body: () => ({ pagination: 1 }),
      cookie: (s) => s.admin,
      check: (body, s) =>
        (body.pagination?.totalRecords === expect(s).audit && body.entries.length === 20) ||
        `totalRecords ${body.pagination?.totalRecords} (seeded ${expect(s).audit})`,
    },
    {
      name: "a client's payments (admin)",
      path: '/api/admin/get-purchases',
      body: (s) => ({ userId: expect(s).listedId }),
      cookie: (s) => s.admin,
      check: (body, s) =>
        body.purchases?.length === expect(s).listedPurchases ||
        `${body.purchases?.length} purchases, seeded ${expect(s).listedPurchases}`,
    },
    {
      name: "five-year client's own purchases",
      path: '/api/mercadopago/purchases',
      cookie: (s) => s.client,
      check: (body, s) =>
        body.purchases?.length === expect(s).weeklyOpenPurchases ||
        `${body.purchases?.length} purchases, seeded ${expect(s).weeklyOpenPurchases}`,
    },
  ];
}

/** Dashboard figures of the last 365 days, from the seed. */
function dashboardExpected(facts, from, to) {
  const inPeriod = (date) => date >= from && date <= to;
  const sessions = facts.sessions.filter((s) => inPeriod(s.date) && s.status === 'scheduled');
  const started = facts.reservations.filter(
    (r) =>
      r.status === 'active' &&
      r.session.status === 'scheduled' &&
      inPeriod(r.session.date) &&
      r.session.date < facts.today,
  );
  const fromUtc = `${from} 06:00:00`;
  const toUtc = `${addDays(to, 1)} 06:00:00`;
  const settled = facts.payments.filter(
    (p) => ['approved', 'refunded'].includes(p.status) && p.approvedAt >= fromUtc && p.approvedAt < toUtc,
  );
  // Every date of the timetable from its first day is offered, booked or not (a class nobody booked has
  // no class row), except the classes the studio cancelled.
  let offered = 0;
  for (let date = from > facts.timetableFrom ? from : facts.timetableFrom; date <= to; date = addDays(date, 1)) {
    for (const s of facts.schedules) if (s.weekday === isoWeekday(date)) offered += s.capacity;
  }
  offered -= facts.sessions
    .filter((s) => inPeriod(s.date) && s.status !== 'scheduled')
    .reduce((sum, s) => sum + s.capacity, 0);
  return {
    attended: started.filter((r) => r.attended === 1).length,
    noShow: started.filter((r) => r.attended === 0).length,
    notMarked: started.filter((r) => r.attended === null).length,
    taken: sessions.reduce((sum, s) => sum + s.reserved, 0),
    offered,
    mercadoPagoNetCents: settled.reduce((sum, p) => sum + (p.status === 'refunded' ? 0 : p.catalogue.price), 0),
    adminPaidCents: facts.plans
      .filter((p) => p.source === 'admin' && p.isPaid && p.createdAt >= fromUtc && p.createdAt < toUtc)
      .reduce((sum, p) => sum + p.catalogue.price, 0),
    newClients: [...facts.members.map((m) => m.createdAt), facts.weeklyCreatedAt].filter(
      (createdAt) => createdAt >= fromUtc && createdAt < toUtc,
    ).length,
    exportRows: {
      // Every client with an account by the period's end (all of them: none joins after today).
      clients: facts.counts.users - 1,
      payments: settled.length,
      plans: facts.plans.filter((p) => p.createdAt >= fromUtc && p.createdAt < toUtc).length,
      reservations: facts.reservations.filter((r) => inPeriod(r.session.date)).length,
    },
  };
}

function dashboardProblems(answer, expected) {
  const got = {
    attended: answer.attendance.attended,
    noShow: answer.attendance.noShow,
    notMarked: answer.attendance.notMarked,
    taken: answer.occupancy.taken,
    offered: answer.occupancy.offered,
    mercadoPagoNetCents: answer.revenue.mercadoPagoNetCents,
    adminPaidCents: answer.revenue.adminPaidCents,
    newClients: answer.clients.newClients,
  };
  return Object.entries(got)
    .filter(([key, value]) => value !== expected[key])
    .map(([key, value]) => `dashboard ${key} ${value}, seeded ${expected[key]}`);
}

/** Resident memory of a process (kB), from /proc; null where there is none. */
function rssKb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);
  } catch {
    return null;
  }
}

/** Downloads an export while sampling the server's RSS; its data lines and the RSS growth (MB). */
async function exportWithMemory(server, admin, kind, from, to) {
  const pid = server.child.pid;
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    const now = rssKb(pid);
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, 5);
  try {
    const res = await fetch(`${server.url}/api/admin/export/${kind}.csv?from=${from}&to=${to}`, {
      headers: { cookie: admin },
    });
    const text = await res.text();
    return {
      status: res.status,
      lines: text.split('\r\n').filter((line) => line.length > 0).length - 1,
      bytes: Buffer.byteLength(text),
      growthMb: before === null || peak === null ? null : (peak - before) / 1024,
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The scenario on one driver. `driver`: { label, env(name), open(name) → { run, all, begin, commit,
 * close }, cleanup() }. Returns the run's rows for the summary and whether it failed.
 */
export async function historyScenario(driver) {
  console.log(
    `\n== History on ${driver.label}: a fresh studio (${RECENT_WEEKS} weeks) beside five years (${HISTORY_WEEKS} weeks, ${HISTORY_CLIENTS} clients), seeded through SQL…`,
  );
  const problems = [];
  const studios = [];
  const profile = PROFILE_HISTORY ? cpuProfile() : null;
  const window = {};
  try {
    studios.push(await prepareStudio(driver, 'fresh', RECENT_WEEKS));
    studios.push(await prepareStudio(driver, 'history', HISTORY_WEEKS, profile));
    const [fresh, history] = studios;
    const day = measuredDay();
    for (const studio of studios) studio.expect = expectations(studio.facts, day);
    const c = history.facts.counts;
    console.log(
      `   five years: ${c.users} users, ${c.classes} classes, ${c.reservations} reservations, ${c.plans} plans, ` +
        `${c.payments} payments, ${c.audit} audit entries, the weekly client's ${history.expect.weeklyClasses} classes ` +
        `(seeded in ${history.facts.seedSeconds.toFixed(1)} s); ` +
        `fresh: ${fresh.facts.counts.users} users, ${fresh.facts.counts.reservations} reservations`,
    );

    const rows = [];
    window.start = Date.now();
    for (const read of reads(day).filter(chosen)) {
      const checks = [];
      for (const studio of studios) {
        const answer = await answerOf(studio, read);
        const verdict = answer.problem ?? read.check(answer.body, studio);
        if (verdict !== true) checks.push(`${studio.name}: ${verdict}`);
      }
      if (checks.length > 0) {
        problems.push(`${read.name}: ${checks.join('; ')}`);
        continue;
      }
      // Not counted: the first answers compile the code paths (and the renderer's, for the page).
      for (const studio of studios) await load({ ...requestOf(studio, read), amount: read.html ? 200 : 500 });
      const results = { fresh: [], history: [] };
      const cpu = { fresh: 0, history: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        for (const studio of studios) {
          const before = cpuMs(studio.server.child.pid);
          results[studio.name].push(await load({ ...requestOf(studio, read), duration: HISTORY_SECONDS / ROUNDS }));
          cpu[studio.name] += (cpuMs(studio.server.child.pid) ?? Number.NaN) - (before ?? Number.NaN);
        }
      }
      const total = (list) => list.reduce((sum, r) => sum + r.requests.total, 0);
      const rate = (list) => total(list) / list.reduce((sum, r) => sum + r.duration, 0);
      // The app's CPU per answer: what sets the ratio on a quiet machine, steadier than req/s on a busy one.
      const cpuPer = (name) => Math.round((cpu[name] * 1000) / Math.max(1, total(results[name])));
      const bad = [...results.fresh, ...results.history].reduce((sum, r) => sum + r.non2xx + r.errors, 0);
      if (bad > 0) problems.push(`${read.name}: ${bad} answers not 2xx or failed`);
      const ratio = rate(results.history) / rate(results.fresh);
      rows.push({
        read: read.name,
        'fresh req/s': Math.round(rate(results.fresh)),
        'five years req/s': Math.round(rate(results.history)),
        ratio: Number(ratio.toFixed(2)),
        [`≥ ${RATIO_TARGET}`]: ratio >= RATIO_TARGET ? 'PASS' : 'FAIL',
        'p99 ms, five years': Math.round(Math.max(...results.history.map((r) => r.steady.p99))),
        'app CPU µs/req, fresh → five years': `${cpuPer('fresh')} → ${cpuPer('history')}`,
      });
    }
    console.table(rows);

    // The owner's dashboard for the last 365 days of the five-year studio.
    const from = studioDate(-364);
    const to = studioDate(0);
    const expected = dashboardExpected(history.facts, from, to);
    const answer = (await api(history.server.url, '/api/admin/dashboard', { from, to }, history.admin)).json;
    problems.push(...dashboardProblems(answer, expected));
    const dashboardRequest = {
      url: `${history.server.url}/api/admin/dashboard`,
      method: 'POST',
      headers: { ...HEADERS, cookie: history.admin },
      body: JSON.stringify({ from, to }),
    };
    await load({ ...dashboardRequest, amount: 20 });
    const dashboard = await load({ ...dashboardRequest, duration: HISTORY_DASHBOARD_SECONDS });
    if (dashboard.non2xx + dashboard.errors > 0)
      problems.push(`dashboard: ${dashboard.non2xx + dashboard.errors} failed answers`);
    const p50 = Math.round(dashboard.steady.p50);
    const p99 = Math.round(dashboard.steady.p99);
    console.log(
      `dashboard, last 365 days of five years (${expected.taken} places taken, ${expected.exportRows.payments} payments), ` +
        `${CONNECTIONS} connections: ${Math.round(dashboard.requests.average)} req/s, p50 ${p50} ms ` +
        `(target < ${DASHBOARD_P50_TARGET_MS}: ${p50 < DASHBOARD_P50_TARGET_MS ? 'PASS' : 'FAIL'}), p99 ${p99} ms ` +
        `(target < ${DASHBOARD_P99_TARGET_MS}: ${p99 < DASHBOARD_P99_TARGET_MS ? 'PASS' : 'FAIL'}); figures ` +
        `${problems.some((p) => p.startsWith('dashboard')) ? 'WRONG' : 'checked against the seed'}`,
    );

    // The year's CSV exports: their rows against the seed, and the server's memory while one streams.
    const week = { from: studioDate(-7), to };
    const exportsTable = [];
    // One download first, not measured: the first large answer after start grows V8's young
    // generation (up to --max-semi-space-size, 32 MB) once, whatever export it is, and charged it to
    // whichever export came first. Measured after that, the growth is what each export holds.
    await exportWithMemory(history.server, history.admin, 'reservations', from, to);
    for (const kind of ['reservations', 'payments', 'plans', 'clients']) {
      const small = await exportWithMemory(history.server, history.admin, kind, week.from, week.to);
      const year = await exportWithMemory(history.server, history.admin, kind, from, to);
      if (year.status !== 200 || small.status !== 200)
        problems.push(`export ${kind}: status ${year.status}/${small.status}`);
      if (year.lines !== expected.exportRows[kind]) {
        problems.push(`export ${kind}: ${year.lines} rows, seeded ${expected.exportRows[kind]}`);
      }
      exportsTable.push({
        export: `${kind}.csv`,
        'year rows': year.lines,
        'year MB': Number((year.bytes / 1_048_576).toFixed(2)),
        'RSS growth, year (MB)': year.growthMb === null ? '?' : Number(year.growthMb.toFixed(1)),
        'RSS growth, week (MB)': small.growthMb === null ? '?' : Number(small.growthMb.toFixed(1)),
        [`year ≤ week + ${FLAT_MEMORY_MB} MB`]:
          year.growthMb === null || small.growthMb === null
            ? '?'
            : year.growthMb <= small.growthMb + FLAT_MEMORY_MB
              ? 'PASS'
              : 'FAIL',
      });
    }
    console.table(exportsTable);
    for (const studio of studios) if (!studio.server.alive()) problems.push(`the ${studio.name} server died`);
    if (problems.length > 0) console.log(`   PROBLEMS: ${problems.join('; ')}`);
    return {
      database: driver.label,
      reads: rows.length,
      'reads ≥ 0.9': rows.filter((r) => r.ratio >= RATIO_TARGET).length,
      'worst ratio': rows.length ? Math.min(...rows.map((r) => r.ratio)) : null,
      'dashboard p50 ms': p50,
      'dashboard p99 ms': p99,
      problems: problems.join('; ') || 'none',
      failed: problems.length > 0,
    };
  } finally {
    window.end = Date.now();
    for (const studio of studios) await studio.server.stop();
    window.exited = Date.now();
    if (profile && window.start)
      printProfile(`five years on ${driver.label}`, profile.read(window), 'the history reads and dashboard');
    // BENCH_HISTORY_KEEP=1 leaves both studios' databases for EXPLAIN and timing by hand.
    if (process.env.BENCH_HISTORY_KEEP === '1') console.log(`   kept: ${JSON.stringify(driver.kept?.() ?? null)}`);
    else await driver.cleanup();
  }
}

/** SQLite: each studio in its own data folder, kept across the server's restart. */
export function sqliteHistoryDriver(openSqlite) {
  const dirs = new Map();
  const dir = (name) => {
    if (!dirs.has(name)) dirs.set(name, mkdtempSync(join(tmpdir(), `pilates-history-${name}-`)));
    return dirs.get(name);
  };
  return {
    label: 'SQLite',
    env: (name) => ({ DATABASE_URL: '', DATA_DIR: dir(name) }),
    open: async (name) => openSqlite(join(dir(name), 'pilates.sqlite')),
    kept: () => Object.fromEntries(dirs),
    cleanup: async () => {
      for (const path of dirs.values()) rmSync(path, { recursive: true, force: true });
    },
  };
}
