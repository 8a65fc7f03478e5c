// `npm run test:deploy`: the compose deployment's moving parts, proven on one machine without Docker.
// Two built app processes (scripts/lib/built-server.mjs) on a fresh MariaDB database, started at the
// same moment, behind a local Caddy running the project's own docker/Caddyfile (tls internal, HTTPS
// and HTTP on free 127.0.0.1 ports, the two replicas as a fixed upstream list). Checks:
//   1. both replicas migrated the empty database exactly once and came up; `main.js migrate` then
//      finds nothing to do;
//   2. HTTPS answers (certificate verified against Caddy's local CA) with HSTS, compressed;
//   3. HTTP redirects to HTTPS (same host, path and query);
//   4. both replicas serve (X-Instance), and Caddy writes JSON access logs;
//   5. mixed traffic for DEPLOY_TRAFFIC_SECONDS (20) at least, while each replica in turn gets
//      SIGTERM (drains 3 s, exits) and comes back on its port: zero failed requests;
//   6. the login limit keys on the client's address through Caddy (clients bind 127.0.0.x source
//      addresses), holds across both replicas (its counters are in the database) and ignores a
//      spoofed X-Forwarded-For;
//   7. upgrade (README "Actualizar y volver atrás"): the running build is the previous version (kept
//      as a copy), the new version a copy plus one migration that changes data. Under traffic: the
//      pre-upgrade backup (`npm run backup`), the new migrations once (`main.js migrate`), app-1 then
//      app-2 restarted on the new version: zero failed requests;
//   8. rollback: under traffic, app-1 then app-2 restarted on the previous version: zero failed
//      requests; then, traffic paused and replicas stopped (the restore drops every table),
//      `npm run restore` of the pre-upgrade backup;
//   9. the `migrations` table is back at the previous head, and a client's account, plans and class
//      and the catalogue read through Caddy are as before the upgrade.
// Prints its figures; exits 1 when any check fails. Installs Debian's caddy when it is missing.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { Agent } from 'node:https';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createConnection } from 'mysql2/promise';
import { ROOT, freePort, startBuiltServer } from './lib/built-server.mjs';
import { SITE, get, startCaddy } from './lib/caddy.mjs';
import { SERVER_ENTRY } from './lib/server-command.mjs';
import { HEALTH_PROFILE, percentile, studioDate } from './bench/shared.mjs';

const MARIADB = process.env.DEPLOY_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306';
const TRAFFIC_SECONDS = Number(process.env.DEPLOY_TRAFFIC_SECONDS ?? 20);
/** Traffic in each phase of the upgrade and the rollback: a few seconds beyond the restarts themselves. */
const PHASE_SECONDS = Number(process.env.DEPLOY_PHASE_SECONDS ?? 3);
const NAMES = ['app-1', 'app-2'];
const CONNECTIONS = 16;
const DRAIN_SECONDS = 3;
const USERS = 40;
/** Per-IP limit on the auth endpoints, per replica (AUTH_RATE_LIMIT): low, so the check is quick. */
const AUTH_LIMIT = 8;
const ADMIN = { email: 'admin@deploy.local', password: 'deploy-admin-password' };
const JWT_SECRET = 'deploy-test-jwt-secret-0123456789-abcdefghij';

const results = [];
const check = (name, ok, detail) => {
  results.push({ check: name, result: ok ? 'ok' : 'FAIL', detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
};
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function ensureCaddy() {
  if (spawnSync('caddy', ['version']).status === 0) return;
  console.log('caddy is missing: installing Debian’s package…');
  execFileSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq caddy >/dev/null'], { stdio: 'inherit' });
  // The package's own service must not hold ports 80/443 (no systemd here usually; harmless otherwise).
  spawnSync('sh', ['-c', 'systemctl disable --now caddy 2>/dev/null || true']);
}

const json = (answer) => JSON.parse(answer.body.toString('utf8') || '{}');
const cookieOf = (answer) => (answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');

/** A fresh MariaDB database, dropped by the returned function. */
async function freshDatabase() {
  const name = `pilates_deploy_${Date.now()}`;
  const admin = await createConnection({ uri: MARIADB });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = `${MARIADB.replace(/\/$/, '')}/${name}`;
  return {
    url,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    },
  };
}

const replicaEnv = (dbUrl, name) => ({
  DATABASE_URL: dbUrl,
  INSTANCE_NAME: name,
  JWT_SECRET,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  AUTH_RATE_LIMIT: String(AUTH_LIMIT),
  // The only proxy in front is Caddy on 127.0.0.1: believe its X-Forwarded-For, no one else's.
  TRUST_PROXY: '127.0.0.1',
  SHUTDOWN_GRACE_SECONDS: '10',
  // Caddy checks /api/health every second: 3 s of 503 there takes a stopping replica out of the pool.
  SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
  // As in compose: the app keeps idle connections longer than Caddy does (UPSTREAM_KEEPALIVE 30 s).
  KEEP_ALIVE_TIMEOUT_SECONDS: '35',
  LOG_LEVEL: 'warn',
});

async function checkMigrations(database, dbUrl) {
  const require = createRequire(import.meta.url);
  const { migrations } = require(join(ROOT, 'server/dist/database/migrations/index.js'));
  const conn = await createConnection({ uri: dbUrl });
  try {
    const [rows] = await conn.query('SELECT name, COUNT(*) AS n FROM migrations GROUP BY name');
    const counts = Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
    const once = migrations.every((m) => counts[m.name] === 1) && rows.length === migrations.length;
    check(
      'two replicas started together on an empty database migrate it exactly once',
      once,
      `${migrations.length} migrations, rows per migration: ${JSON.stringify(Object.values(counts))}`,
    );
  } finally {
    await conn.end();
  }
  const again = spawnSync(process.execPath, ['server/dist/main.js', 'migrate'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...replicaEnv(dbUrl, 'migrate'),
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATA_DIR: database.dir,
    },
    encoding: 'utf8',
  });
  check(
    '`node server/dist/main.js migrate` on the migrated database exits 0 with nothing to run',
    again.status === 0 && again.stdout.includes('ninguna migración pendiente'),
    `exit ${again.status}, ${again.stdout.trim().split('\n').at(-1)?.slice(0, 160)}`,
  );
}

async function checkFront(caddy, tls) {
  const health = await get(tls, '/api/health', { port: caddy.httpsPort });
  const hsts = health.headers['strict-transport-security'] ?? '';
  check(
    'HTTPS answers with HSTS (certificate verified against Caddy’s local CA)',
    health.status === 200 && /max-age=\d{7,}/.test(hsts),
    `${health.status}, Strict-Transport-Security: ${hsts}`,
  );
  const page = await get(tls, '/api/docs-json', { port: caddy.httpsPort, headers: { 'accept-encoding': 'gzip' } });
  check(
    'answers are compressed',
    page.status === 200 && page.headers['content-encoding'] === 'gzip',
    `/api/docs-json: ${page.status}, content-encoding ${page.headers['content-encoding']}`,
  );
  const redirect = await new Promise((done, fail) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: caddy.httpPort, path: '/pilates?x=1', headers: { host: `${SITE}:${caddy.httpPort}` } },
      (res) => {
        res.resume();
        done({ status: res.statusCode, location: res.headers.location });
      },
    );
    req.on('error', fail);
    req.end();
  });
  // Caddy writes no port in the Location when the site's port is its https_port: it takes that port
  // to be published as 443 (compose maps 443:443), so the same host, path and query on https://.
  const expected = `https://${SITE}/pilates?x=1`;
  check(
    'HTTP redirects to HTTPS',
    redirect.status === 308 && redirect.location === expected,
    `${redirect.status} → ${redirect.location}`,
  );
  const seen = new Map();
  for (let i = 0; i < 20; i++) {
    const answer = await get(tls, '/api/health', { port: caddy.httpsPort });
    const name = answer.headers['x-instance'];
    seen.set(name, (seen.get(name) ?? 0) + 1);
  }
  check(
    'both replicas serve (X-Instance)',
    seen.has('app-1') && seen.has('app-2'),
    [...seen].map(([name, n]) => `${name}: ${n}`).join(', '),
  );
  const lines = readFileSync(caddy.logFile, 'utf8')
    .split('\n')
    .filter((l) => l.includes('http.log.access'));
  const parsed = lines.flatMap((l) => {
    try {
      return [JSON.parse(l)];
    } catch {
      return [];
    }
  });
  check(
    'Caddy writes JSON access logs',
    parsed.length > 0 && parsed.length === lines.length && parsed.every((e) => e.request?.uri),
    `${parsed.length} JSON lines, e.g. ${parsed[0] ? `${parsed[0].request.method} ${parsed[0].request.uri} ${parsed[0].status}` : '—'}`,
  );
}

/**
 * A client registered from `localAddress` and given an 8-class plan (paid, starting today) by the
 * admin whose session cookie is `adminCookie`: `{ id, cookie }`.
 */
async function registerWithEightClasses(
  tls,
  port,
  { adminCookie, eightId, localAddress, name, email, birthDate, label },
) {
  const registered = await get(tls, '/api/auth/register', {
    port,
    method: 'POST',
    localAddress,
    body: {
      name,
      email,
      cumpleanos: birthDate,
      password: 'deploy-password-1',
      confirmPassword: 'deploy-password-1',
      terms: true,
    },
  });
  if (registered.status !== 201) throw new Error(`${label}register: ${registered.status} ${registered.body}`);
  const client = { id: json(registered).user.id, cookie: cookieOf(registered) };
  // Every client fills the health questionnaire before booking online (HEALTH_PROFILE_REQUIRED).
  const health = await get(tls, '/api/informacion/health', {
    port,
    method: 'POST',
    localAddress,
    headers: { cookie: client.cookie },
    body: HEALTH_PROFILE,
  });
  if (health.status !== 200) throw new Error(`${label}health: ${health.status} ${health.body}`);
  const given = await get(tls, '/api/planes/add-plan-admin', {
    port,
    method: 'POST',
    headers: { cookie: adminCookie },
    body: {
      selectplan: eightId,
      number: 8,
      startdate: studioDate(0),
      enddate: studioDate(30),
      pagado: 1,
      id_user: client.id,
    },
  });
  if (given.status !== 201) throw new Error(`${label}add-plan-admin: ${given.status} ${given.body}`);
  return client;
}

/** Clients, each registered from its own source address (127.0.1.x), with an 8-class plan. */
async function prepareClients(caddy, tls) {
  const port = caddy.httpsPort;
  const adminLogin = await get(tls, '/api/auth/login', { port, method: 'POST', body: ADMIN });
  if (adminLogin.status !== 201 && adminLogin.status !== 200) throw new Error(`admin login: ${adminLogin.status}`);
  const admin = cookieOf(adminLogin);
  const plans = json(await get(tls, '/api/planes/get-planes', { port })).planes;
  const eight = plans.find((p) => p.classes === 8);
  const users = [];
  const stamp = Date.now();
  for (let i = 0; i < USERS; i++) {
    const client = await registerWithEightClasses(tls, port, {
      adminCookie: admin,
      eightId: eight.id,
      localAddress: `127.0.1.${i + 1}`,
      name: `Cliente ${i}`,
      email: `deploy${i}.${stamp}@example.com`,
      birthDate: '1990-01-01',
      label: '',
    });
    users.push({ ...client, held: [] });
  }
  const week = [];
  for (const days of [2, 3, 4, 5, 6, 7, 8]) {
    const date = studioDate(days);
    const slots = json(await get(tls, '/api/reservations/get-information', { port, method: 'POST', body: { date } }));
    for (const slot of slots.data) week.push({ date, scheduleId: slot.scheduleId });
  }
  return { users, week };
}

/**
 * Mixed traffic (90% browsing, 10% bookings and cancellations) on CONNECTIONS keep-alive
 * connections for `seconds` at least (TRAFFIC_SECONDS), while `disrupt()` runs; every answer and
 * error is counted.
 */
async function trafficDuring(caddy, ca, { users, week }, disrupt, seconds = TRAFFIC_SECONDS) {
  const agent = new Agent({ ca, keepAlive: true, maxSockets: CONNECTIONS });
  const tls = { agent };
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const stats = { answers: 0, failed: [], byInstance: new Map(), byStatus: new Map(), latencies: [] };
  const bump = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  // At least `seconds`, and until the disruption is over plus a second.
  let until = performance.now() + seconds * 1000;
  let disrupting = true;
  const worker = async () => {
    while (disrupting || performance.now() < until) {
      const user = pick(users);
      let kind;
      let options;
      if (Math.random() < 0.1) {
        if (user.held.length > 0 && Math.random() < 0.5) {
          const [id] = user.held.splice(Math.floor(Math.random() * user.held.length), 1);
          kind = 'cancel-reservation';
          options = { method: 'POST', body: { id } };
        } else {
          const target = pick(week);
          kind = 'push-reservation';
          options = { method: 'POST', body: { date: target.date, classReservation: target.scheduleId } };
        }
      } else {
        kind = pick(['get-information', 'get-planes', 'get-cookie']);
        options = kind === 'get-information' ? { method: 'POST', body: { date: pick(week).date } } : {};
      }
      const path = {
        'get-information': '/api/reservations/get-information',
        'get-planes': '/api/planes/get-planes',
        'get-cookie': '/api/get-cookie',
        'push-reservation': '/api/reservations/push-reservation',
        'cancel-reservation': '/api/reservations/cancel-reservation',
      }[kind];
      const started = performance.now();
      try {
        const answer = await get(tls, path, {
          port: caddy.httpsPort,
          ...options,
          headers: { cookie: user.cookie, 'x-requested-with': 'pilates-web' },
        });
        stats.latencies.push(performance.now() - started);
        stats.answers++;
        bump(stats.byStatus, answer.status);
        bump(stats.byInstance, answer.headers['x-instance'] ?? '(none)');
        const body = answer.status >= 400 ? json(answer) : undefined;
        // A full class, a second booking or an empty plan is the business answering, not a failure.
        const business = kind === 'push-reservation' && answer.status === 409;
        if (answer.status >= 400 && !business) {
          stats.failed.push(`${kind} → ${answer.status} ${body?.code ?? ''}`);
        } else if (kind === 'push-reservation' && answer.status === 201) {
          user.held.push(json(answer).reservationId);
        }
      } catch (error) {
        stats.failed.push(`${kind} → ${error.message}`);
      }
    }
  };
  const started = performance.now();
  const [, events] = await Promise.all([
    Promise.all(Array.from({ length: CONNECTIONS }, worker)),
    // A disruption that throws stops the traffic too (the error is the run's answer).
    disrupt(() => (performance.now() - started) / 1000).finally(() => {
      until = Math.max(until, performance.now() + 1000);
      disrupting = false;
    }),
  ]);
  agent.destroy();
  return { ...stats, events, seconds: (performance.now() - started) / 1000 };
}

async function checkClientAddress(caddy, tls) {
  const port = caddy.httpsPort;
  const login = (localAddress, headers = {}, n = 0) =>
    get(tls, '/api/auth/login', {
      port,
      method: 'POST',
      localAddress,
      headers,
      // A new email each time: the per-email lockout (5 failures) must not be what answers 429.
      body: { email: `nadie${n}.${Date.now()}@example.com`, password: 'incorrecta-123' },
    }).then((a) => a.status);
  // The replicas count together (the counters are in the database): AUTH_LIMIT attempts from one
  // address pass, whichever replica answers each, and the next ones are refused on both.
  const first = [];
  for (let i = 0; i < AUTH_LIMIT + 2; i++) first.push(await login('127.0.0.2', {}, i));
  const limited = first.slice(0, AUTH_LIMIT).every((s) => s === 401) && first.slice(AUTH_LIMIT).every((s) => s === 429);
  const other = await login('127.0.0.3', {}, 100);
  check(
    'the login limit keys on the client address through Caddy and holds across both replicas',
    limited && other === 401,
    `127.0.0.2: ${first.join(' ')}; then 127.0.0.3 (another client, same Caddy): ${other}`,
  );
  const spoofed = [];
  for (let i = 0; i < 4; i++) {
    spoofed.push(await login('127.0.0.2', { 'x-forwarded-for': `203.0.113.${i + 1}` }, 200 + i));
  }
  const impersonating = await login('127.0.0.4', { 'x-forwarded-for': '127.0.0.2' }, 300);
  check(
    'a spoofed X-Forwarded-For neither escapes nor borrows the limit',
    spoofed.every((s) => s === 429) && impersonating === 401,
    `127.0.0.2 claiming 203.0.113.x: ${spoofed.join(' ')}; 127.0.0.4 claiming 127.0.0.2: ${impersonating}`,
  );
}

/** Seconds into a traffic run and the clock time (to match Caddy's log), prefixed to each event. */
const clockOf = (elapsed, events) => (text) =>
  events.push(`${elapsed().toFixed(1)} s (${new Date().toISOString().slice(11, 23)}) ${text}`);

/**
 * A rolling restart: each replica in turn gets SIGTERM (it drains and exits), then starts again on
 * its port from the build in `root`; the next one 2 s after, once Caddy's health check has seen it.
 */
async function restartInTurn({ database, replicas, ports }, root, log, version = '') {
  for (const [i, name] of NAMES.entries()) {
    if (i > 0) await sleep(2000);
    const replica = replicas[i];
    const exited = replica.alive()
      ? new Promise((done) => replica.child.once('exit', (code) => done(code)))
      : Promise.resolve(`before its turn (${replica.child.exitCode ?? replica.child.signalCode})`);
    replica.child.kill('SIGTERM');
    log(`SIGTERM ${name}`);
    const code = await exited;
    log(`${name} exited ${code}`);
    await replica.stop();
    replicas[i] = await startBuiltServer(`deploy-${name}`, replicaEnv(database.url, name), { port: ports[i], root });
    log(`${name} back on :${ports[i]}${version ? ` (${version})` : ''}`);
  }
}

/** Prints a traffic run's figures and checks it: no failed request, every replica exited 0. */
function reportTraffic({ caddy }, traffic, title) {
  const p = (q) => Math.round(percentile(traffic.latencies, q));
  console.log(`   ${traffic.events.join('; ')}`);
  console.log(
    `   ${traffic.answers} answers in ${traffic.seconds.toFixed(1)} s (${Math.round(traffic.answers / traffic.seconds)} req/s), ` +
      `p50 ${p(50)} ms, p99 ${p(99)} ms, max ${p(100)} ms; by replica ${[...traffic.byInstance].map(([k, v]) => `${k}: ${v}`).join(', ')}; ` +
      `by status ${[...traffic.byStatus].map(([k, v]) => `${k}: ${v}`).join(', ')}`,
  );
  const exits = traffic.events.filter((e) => e.includes('exited'));
  check(
    title,
    traffic.failed.length === 0 && traffic.answers > 0 && exits.every((e) => e.endsWith('exited 0')),
    `${traffic.failed.length} failed of ${traffic.answers + traffic.failed.length}` +
      (traffic.failed.length > 0 ? ` (e.g. ${[...new Set(traffic.failed)].slice(0, 5).join('; ')})` : '') +
      `; ${exits.join(', ')}`,
  );
  if (traffic.failed.length > 0) {
    // What Caddy saw: its own error lines (a refused or dropped upstream connection, no upstream left).
    const errors = readFileSync(caddy.logFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"logger":"http.log.error'))
      .map((l) => {
        const e = JSON.parse(l);
        const time = new Date(e.ts * 1000).toISOString().slice(11, 23);
        return `   ${time} ${e.request?.method} ${e.request?.uri} ${e.status}: ${e.msg}`;
      });
    console.log(`   Caddy's error log (${errors.length}):\n${errors.slice(-10).join('\n')}`);
  }
}

/** Runs node with `args` without blocking the traffic of this process; resolves with its exit code and output. */
function runNode(args, { cwd, env }) {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', (error) => done({ code: -1, out: `${out}${error.message}` }));
    child.on('close', (code) => done({ code, out }));
  });
}

const lastLine = (text) => text.trim().split('\n').at(-1)?.slice(0, 200) ?? '';

/**
 * An "image" without Docker: this checkout's build copied into `dir` (server/dist, client/dist and
 * the package files), its installed dependencies linked, not copied. The server finds client/dist
 * beside its own dist, so a replica started there runs only what is in the copy.
 */
function copyBuild(dir) {
  for (const path of ['package.json', 'server/package.json', 'client/package.json', 'server/dist', 'client/dist']) {
    if (!existsSync(join(ROOT, path))) continue;
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    cpSync(join(ROOT, path), join(dir, path), { recursive: true });
  }
  for (const path of ['node_modules', 'server/node_modules', 'client/node_modules']) {
    if (existsSync(join(ROOT, path))) symlinkSync(join(ROOT, path), join(dir, path), 'dir');
  }
  return dir;
}

/** The plans' column the new version's migration adds. */
const PROBE_COLUMN = 'upgrade_probe';
/** How the new version's migration rewrites every plan's name: what the site would serve were the data not restored. */
const PROBE_PREFIX = '(v2) ';

/**
 * Makes the copy in `dir` the "new version": one more migration in compiled JS, with a timestamp
 * after every real one, listed in its migrations index. It changes data the previous version must
 * not keep (every plan renamed, the old name moved into a new column), so going back takes the
 * pre-upgrade backup, not only the previous build. Returns the migration's name.
 */
function writeUpgradeMigration(dir) {
  const require = createRequire(import.meta.url);
  const { migrations } = require(join(ROOT, 'server/dist/database/migrations/index.js'));
  const newest = Math.max(...migrations.map((m) => Number(/(\d{13})$/.exec(m.name)?.[1] ?? 0)));
  const name = `DeployUpgradeProbe${newest + 1}`;
  const folder = join(dir, 'server/dist/database/migrations');
  const file = `${newest + 1}-DeployUpgradeProbe`;
  writeFileSync(
    join(folder, `${file}.js`),
    `"use strict";
// Written by scripts/test-deploy.mjs into its "new version" only: a migration the previous version lacks.
Object.defineProperty(exports, "__esModule", { value: true });
exports.${name} = void 0;
const typeorm_1 = require("typeorm");
class ${name} {
    constructor() {
        this.name = "${name}";
    }
    async up(queryRunner) {
        await queryRunner.addColumn("plans", new typeorm_1.TableColumn({ name: "${PROBE_COLUMN}", type: "varchar", length: "80", isNullable: true }));
        await queryRunner.query("UPDATE plans SET ${PROBE_COLUMN} = name, name = LEFT(CONCAT('${PROBE_PREFIX}', name), 80)");
    }
    async down(queryRunner) {
        await queryRunner.query("UPDATE plans SET name = ${PROBE_COLUMN} WHERE ${PROBE_COLUMN} IS NOT NULL");
        await queryRunner.dropColumn("plans", "${PROBE_COLUMN}");
    }
}
exports.${name} = ${name};
`,
  );
  appendFileSync(
    join(folder, 'index.js'),
    `\n// test:deploy's new version.\nexports.migrations.push(require("./${file}").${name});\n`,
  );
  return name;
}

/** The names in the `migrations` table, oldest first, and whether the plans have the probe's column. */
async function schemaState(dbUrl) {
  const conn = await createConnection({ uri: dbUrl });
  try {
    const [rows] = await conn.query('SELECT name FROM migrations ORDER BY id');
    const [columns] = await conn.query(
      'SELECT COUNT(*) AS n FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?',
      ['plans', PROBE_COLUMN],
    );
    return { names: rows.map((r) => r.name), probeColumn: Number(columns[0].n) > 0 };
  } finally {
    await conn.end();
  }
}

/**
 * A client the traffic never touches (so what the pre-upgrade backup holds of her is known while the
 * traffic runs): registered from her own address, given an 8-class plan by the admin, one class booked.
 */
async function prepareWitness(caddy, tls, { week }) {
  const port = caddy.httpsPort;
  const stamp = Date.now();
  const adminLogin = await get(tls, '/api/auth/login', {
    port,
    method: 'POST',
    localAddress: '127.0.2.2',
    body: ADMIN,
  });
  if (adminLogin.status !== 201 && adminLogin.status !== 200) throw new Error(`admin login: ${adminLogin.status}`);
  const eight = json(await get(tls, '/api/planes/get-planes', { port })).planes.find((p) => p.classes === 8);
  const witness = await registerWithEightClasses(tls, port, {
    adminCookie: cookieOf(adminLogin),
    eightId: eight.id,
    localAddress: '127.0.2.1',
    name: 'Testigo Despliegue',
    email: `testigo.${stamp}@example.com`,
    birthDate: '1985-06-15',
    label: 'witness ',
  });
  // The last days of the week first: the traffic books all of it, so a class there is likelier to have room.
  for (const slot of [...week].reverse()) {
    const booked = await get(tls, '/api/reservations/push-reservation', {
      port,
      method: 'POST',
      headers: { cookie: witness.cookie },
      body: { date: slot.date, classReservation: slot.scheduleId },
    });
    if (booked.status === 201) return witness;
  }
  throw new Error('witness: no class of the week had room for her booking');
}

/** What the site serves about the witness and to a visitor, through Caddy: her account, plans, classes; the catalogue. */
async function readWitness(caddy, tls, witness) {
  const port = caddy.httpsPort;
  const headers = { cookie: witness.cookie, 'x-requested-with': 'pilates-web' };
  const read = async (path, options) => {
    const answer = await get(tls, path, { port, ...options });
    const { success: _success, ...body } = json(answer);
    return { status: answer.status, ...body };
  };
  return {
    account: await read('/api/get-cookie', { headers }),
    plans: await read('/api/informacion/get-planes', { method: 'POST', body: {}, headers }),
    classes: await read('/api/informacion/get-clases', { method: 'POST', body: {}, headers }),
    catalogue: await read('/api/planes/get-planes', {}),
  };
}

/** Until Caddy's health checks have both replicas back in the pool (a request answered by each). */
async function waitForBothReplicas(caddy, tls) {
  const deadline = performance.now() + 20_000;
  const seen = new Set();
  while (seen.size < NAMES.length && performance.now() < deadline) {
    const answer = await get(tls, '/api/health', { port: caddy.httpsPort }).catch(() => undefined);
    if (answer?.status === 200) seen.add(answer.headers['x-instance']);
    else await sleep(250);
  }
  return [...seen];
}

/**
 * README "Actualizar y volver atrás", with processes for containers: the running build is the
 * previous version (a copy kept, like `docker tag … :previous`), the new version is the same build
 * plus one migration that changes data. Upgrade under traffic: the pre-upgrade backup (the real
 * `npm run backup`), the new version's migrations once (`main.js migrate`, the compose `migrate`
 * service), then app-1 and app-2 restarted on it. Rollback under traffic: both replicas restarted on
 * the previous version; then, traffic paused and both replicas stopped (the restore drops every
 * table), the real `npm run restore` of the pre-upgrade backup, and both replicas started again.
 */
async function checkUpgradeAndRollback(deployment, tls, prepared) {
  const { caddy, database, replicas, ports } = deployment;
  const work = mkdtempSync(join(tmpdir(), 'pilates-deploy-versions-'));
  try {
    const previous = copyBuild(join(work, 'previous'));
    const next = copyBuild(join(work, 'next'));
    const probe = writeUpgradeMigration(next);
    // The backup and restore scripts as the README runs them, in a folder with no .env.
    const scripts = {
      cwd: work,
      env: { DATABASE_URL: database.url, DATA_DIR: join(work, 'data'), BACKUP_DIR: join(work, 'backups') },
    };
    mkdirSync(scripts.env.DATA_DIR);
    const witness = await prepareWitness(caddy, tls, prepared);
    const before = await readWitness(caddy, tls, witness);
    const stateBefore = await schemaState(database.url);
    console.log(
      `upgrade: at least ${PHASE_SECONDS} s of traffic; the pre-upgrade backup, the new version's migration ${probe} once, ` +
        `then each replica in turn restarted on the new version (${next})`,
    );

    let backup;
    let backupFile;
    let migrate;
    const upgrade = await trafficDuring(
      caddy,
      caddy.ca,
      prepared,
      async (elapsed) => {
        const events = [];
        const log = clockOf(elapsed, events);
        await sleep(1000);
        backup = await runNode([join(ROOT, 'scripts/backup.mjs')], scripts);
        backupFile = /Backup written: (.+) \(/.exec(backup.out)?.[1];
        log(`npm run backup exit ${backup.code}${backupFile ? `, ${basename(backupFile)}` : ''}`);
        if (backup.code !== 0 || !backupFile) throw new Error(`npm run backup failed:\n${backup.out}`);
        migrate = await runNode([SERVER_ENTRY, 'migrate'], {
          cwd: next,
          env: {
            ...replicaEnv(database.url, 'migrate'),
            NODE_ENV: 'development',
            LOG_LEVEL: 'info',
            DATA_DIR: scripts.env.DATA_DIR,
          },
        });
        log(`new version's main.js migrate exit ${migrate.code}`);
        if (migrate.code !== 0) throw new Error(`the new version's migrate failed:\n${migrate.out}`);
        await restartInTurn(deployment, next, log, 'new version');
        return events;
      },
      PHASE_SECONDS,
    );
    check(
      'the pre-upgrade backup (npm run backup, MariaDB dump) is taken under traffic before any migration',
      backup.code === 0 && existsSync(backupFile) && upgrade.events[0]?.includes('npm run backup'),
      `${basename(backupFile)}, ${(statSync(backupFile).size / 1024).toFixed(0)} kB`,
    );
    const stateUpgraded = await schemaState(database.url);
    const upgradedCatalogue = (await readWitness(caddy, tls, witness)).catalogue;
    check(
      'the new version’s migrations run once (`main.js migrate`) and change the data',
      migrate.out.includes(probe) &&
        stateUpgraded.names.length === stateBefore.names.length + 1 &&
        stateUpgraded.names.filter((n) => n === probe).length === 1 &&
        stateUpgraded.probeColumn &&
        upgradedCatalogue.planes.every((p) => p.name.startsWith(PROBE_PREFIX)),
      `migrations ${stateBefore.names.length} → ${stateUpgraded.names.length}, head ${stateUpgraded.names.at(-1)}; ` +
        `plans.${PROBE_COLUMN} ${stateUpgraded.probeColumn ? 'added' : 'missing'}; catalogue now: ${upgradedCatalogue.planes
          .map((p) => p.name)
          .slice(0, 3)
          .join(', ')}…`,
    );
    reportTraffic(
      deployment,
      upgrade,
      'upgrade under traffic (backup, migrations once, app-1 then app-2 restarted on the new version): zero failed requests',
    );

    console.log(
      `rollback: at least ${PHASE_SECONDS} s of traffic; each replica in turn restarted on the previous version (${previous})`,
    );
    const rollback = await trafficDuring(
      caddy,
      caddy.ca,
      prepared,
      async (elapsed) => {
        const events = [];
        await sleep(1000);
        await restartInTurn(deployment, previous, clockOf(elapsed, events), 'previous version');
        return events;
      },
      PHASE_SECONDS,
    );
    reportTraffic(
      deployment,
      rollback,
      'rollback under traffic (app-1 then app-2 restarted on the previous version, on the upgraded database): zero failed requests',
    );

    // The restore drops and reloads every table: README says stop every replica first, so the traffic pauses here.
    console.log(`restore: traffic paused, both replicas stopped; npm run restore -- ${basename(backupFile)} --yes`);
    for (const replica of replicas) await replica.stop();
    const t0 = performance.now();
    const restore = await runNode([join(ROOT, 'scripts/restore.mjs'), backupFile, '--yes'], scripts);
    const restoreMs = Math.round(performance.now() - t0);
    check(
      'the pre-upgrade backup is restored (npm run restore --yes, replicas stopped)',
      restore.code === 0 && restore.out.includes('Restored.'),
      `exit ${restore.code} in ${restoreMs} ms: ${lastLine(restore.out)}`,
    );
    const stateRestored = await schemaState(database.url);
    check(
      'the database is back at the previous head (the new migration’s row and column are gone)',
      JSON.stringify(stateRestored.names) === JSON.stringify(stateBefore.names) &&
        !stateRestored.names.includes(probe) &&
        !stateRestored.probeColumn,
      `${stateRestored.names.length} migrations, head ${stateRestored.names.at(-1)}; ${probe} ${stateRestored.names.includes(probe) ? 'still there' : 'gone'}; ` +
        `plans.${PROBE_COLUMN} ${stateRestored.probeColumn ? 'still there' : 'gone'}`,
    );

    const started = await Promise.allSettled(
      NAMES.map((name, i) =>
        startBuiltServer(`deploy-${name}`, replicaEnv(database.url, name), { port: ports[i], root: previous }),
      ),
    );
    replicas.splice(0, replicas.length, ...started.filter((s) => s.status === 'fulfilled').map((s) => s.value));
    const failedStart = started.find((s) => s.status === 'rejected');
    if (failedStart) throw failedStart.reason;
    const serving = await waitForBothReplicas(caddy, tls);
    const after = await readWitness(caddy, tls, witness);
    const same = JSON.stringify(after) === JSON.stringify(before);
    check(
      'after the rollback the site serves the same data as before the upgrade (a client’s account, plans and classes; the catalogue)',
      same && serving.length === NAMES.length && after.account.status === 200,
      `${serving.sort().join(' and ')} on the previous version; ${after.account.user?.email}: ` +
        `${after.plans.planes?.map((p) => `${p.plan} ${p.classes_remaining}/${p.classes_total}`).join(', ')}, ` +
        `${after.classes.clases?.length} class(es) booked; catalogue ${after.catalogue.planes
          ?.map((p) => p.name)
          .slice(0, 3)
          .join(', ')}…` +
        (same
          ? ''
          : `\n   before: ${JSON.stringify(before).slice(0, 600)}\n   after:  ${JSON.stringify(after).slice(0, 600)}`),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  if (!existsSync(join(ROOT, 'server/dist/main.js')))
    throw new Error('server/dist is missing: run `npm run build` first');
  ensureCaddy();
  console.log(`test:deploy — ${execFileSync('caddy', ['version']).toString().trim()}, MariaDB at ${MARIADB}`);
  const database = await freshDatabase();
  database.dir = mkdtempSync(join(tmpdir(), 'pilates-deploy-migrate-'));
  const replicas = [];
  let caddy;
  try {
    // Both replicas at the same moment, on the empty database.
    const ports = [await freePort(), await freePort()];
    const names = NAMES;
    const t0 = performance.now();
    const started = await Promise.allSettled(
      names.map((name, i) => startBuiltServer(`deploy-${name}`, replicaEnv(database.url, name), { port: ports[i] })),
    );
    for (const s of started) if (s.status === 'fulfilled') replicas.push(s.value);
    check(
      'two replicas started at the same moment on an empty database both come up',
      replicas.length === 2,
      started.map((s) => (s.status === 'fulfilled' ? 'up' : s.reason.message.slice(0, 300))).join('; ') +
        ` (${Math.round(performance.now() - t0)} ms)`,
    );
    if (replicas.length !== 2) return;
    await checkMigrations(database, database.url);

    caddy = await startCaddy(ports.map((p) => `127.0.0.1:${p}`));
    const tls = { ca: caddy.ca };
    console.log(`Caddy: https://${SITE}:${caddy.httpsPort} and http://${SITE}:${caddy.httpPort} on 127.0.0.1`);
    await checkFront(caddy, tls);

    const prepared = await prepareClients(caddy, tls);
    console.log(
      `traffic: at least ${TRAFFIC_SECONDS} s, ${CONNECTIONS} connections, ${USERS} clients, ${prepared.week.length} classes; each replica in turn gets SIGTERM and comes back`,
    );
    const deployment = { caddy, database, replicas, ports };
    const traffic = await trafficDuring(caddy, caddy.ca, prepared, async (elapsed) => {
      const events = [];
      // app-1 at 3 s; app-2 once app-1 is back and Caddy's health check has seen it.
      await sleep(3000);
      await restartInTurn(deployment, ROOT, clockOf(elapsed, events));
      return events;
    });
    reportTraffic(
      deployment,
      traffic,
      'mixed traffic through a rolling restart (SIGTERM, exit, back) of both replicas: zero failed requests',
    );

    await checkClientAddress(caddy, tls);
    await checkUpgradeAndRollback(deployment, tls, prepared);
  } finally {
    await caddy?.stop();
    for (const replica of replicas) await replica.stop();
    await database.drop();
    rmSync(database.dir, { recursive: true, force: true });
  }
}

main()
  .catch((error) => {
    check('test:deploy ran to the end', false, error.stack ?? String(error));
  })
  .finally(() => {
    const failed = results.filter((r) => r.result !== 'ok');
    console.log(`\ntest:deploy: ${results.length - failed.length} of ${results.length} checks passed`);
    process.exit(failed.length === 0 && results.length > 0 ? 0 : 1);
  });
