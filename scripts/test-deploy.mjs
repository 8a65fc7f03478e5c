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
//      spoofed X-Forwarded-For.
// Prints its figures; exits 1 when any check fails. Installs Debian's caddy when it is missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:https';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createConnection } from 'mysql2/promise';
import { ROOT, freePort, startBuiltServer } from './lib/built-server.mjs';
import { SITE, get, startCaddy } from './lib/caddy.mjs';
import { percentile, studioDate } from './bench/shared.mjs';

const MARIADB = process.env.DEPLOY_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306';
const TRAFFIC_SECONDS = Number(process.env.DEPLOY_TRAFFIC_SECONDS ?? 20);
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
    const registered = await get(tls, '/api/auth/register', {
      port,
      method: 'POST',
      localAddress: `127.0.1.${i + 1}`,
      body: {
        name: `Cliente ${i}`,
        email: `deploy${i}.${stamp}@example.com`,
        cumpleanos: '1990-01-01',
        password: 'deploy-password-1',
        confirmPassword: 'deploy-password-1',
        terms: true,
      },
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.body}`);
    const user = { id: json(registered).user.id, cookie: cookieOf(registered), held: [] };
    const given = await get(tls, '/api/planes/add-plan-admin', {
      port,
      method: 'POST',
      headers: { cookie: admin },
      body: {
        selectplan: eight.id,
        number: 8,
        startdate: studioDate(0),
        enddate: studioDate(30),
        pagado: 1,
        id_user: user.id,
      },
    });
    if (given.status !== 201) throw new Error(`add-plan-admin: ${given.status} ${given.body}`);
    users.push(user);
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
 * connections for TRAFFIC_SECONDS, while `disrupt()` runs; every answer and error is counted.
 */
async function trafficDuring(caddy, ca, { users, week }, disrupt) {
  const agent = new Agent({ ca, keepAlive: true, maxSockets: CONNECTIONS });
  const tls = { agent };
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const stats = { answers: 0, failed: [], byInstance: new Map(), byStatus: new Map(), latencies: [] };
  const bump = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  // At least TRAFFIC_SECONDS, and until the disruption is over plus a second.
  let until = performance.now() + TRAFFIC_SECONDS * 1000;
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
    disrupt(() => (performance.now() - started) / 1000).then((events) => {
      until = Math.max(until, performance.now() + 1000);
      disrupting = false;
      return events;
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
    const names = ['app-1', 'app-2'];
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
    const traffic = await trafficDuring(caddy, caddy.ca, prepared, async (elapsed) => {
      // Seconds into the run, and the clock time to match Caddy's log.
      const at = () => `${elapsed().toFixed(1)} s (${new Date().toISOString().slice(11, 23)})`;
      const events = [];
      // app-1 at 3 s; app-2 once app-1 is back and Caddy's health check has seen it (2 s later).
      for (const [i, name] of names.entries()) {
        await sleep(i === 0 ? 3000 : 2000);
        const replica = replicas[i];
        const exited = new Promise((done) => replica.child.once('exit', (code) => done(code)));
        replica.child.kill('SIGTERM');
        events.push(`${at()} SIGTERM ${name}`);
        const code = await exited;
        events.push(`${at()} ${name} exited ${code}`);
        await replica.stop();
        replicas[i] = await startBuiltServer(`deploy-${name}`, replicaEnv(database.url, name), { port: ports[i] });
        events.push(`${at()} ${name} back on :${ports[i]}`);
      }
      return events;
    });
    const p = (q) => Math.round(percentile(traffic.latencies, q));
    console.log(`   ${traffic.events.join('; ')}`);
    console.log(
      `   ${traffic.answers} answers in ${traffic.seconds.toFixed(1)} s (${Math.round(traffic.answers / traffic.seconds)} req/s), ` +
        `p50 ${p(50)} ms, p99 ${p(99)} ms, max ${p(100)} ms; by replica ${[...traffic.byInstance].map(([k, v]) => `${k}: ${v}`).join(', ')}; ` +
        `by status ${[...traffic.byStatus].map(([k, v]) => `${k}: ${v}`).join(', ')}`,
    );
    const exits = traffic.events.filter((e) => e.includes('exited'));
    check(
      'mixed traffic through a rolling restart (SIGTERM, exit, back) of both replicas: zero failed requests',
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

    await checkClientAddress(caddy, tls);
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
