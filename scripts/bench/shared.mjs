// Helpers shared by the scenarios of `npm run bench`: a production server on a free port of
// 127.0.0.1 with its own temp DATA_DIR, a small JSON client for the API, and logged-in clients.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const MARIADB = process.env.BENCH_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306';
export const HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'pilates-web' };
export const ADMIN = { email: 'admin@bench.local', password: 'bench-admin-password' };

export const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/** The studio's date `days` from now (the server computes "today" in America/Mexico_City). */
export function studioDate(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The next date at least 2 days ahead that falls on `isoWeekday` (1 Monday … 7 Sunday). */
export function nextWeekday(isoWeekday, fromDays = 2) {
  for (let d = fromDays; ; d++) {
    const date = studioDate(d);
    const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    if (weekday === isoWeekday) return date;
  }
}

/** node server/dist/main.js on a free port with a fresh DATA_DIR; `stop()` ends it and removes the directory. */
export async function startServer(env) {
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
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-20_000)));
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
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    url,
    dataDir,
    stop,
    /** Whether the process is still running (a crash under load shows here). */
    alive: () => child.exitCode === null && child.signalCode === null,
    stderrTail: (chars = 2000) => stderr.slice(-chars),
  };
}

export async function api(url, path, body, cookie) {
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

/** Registered clients (which logs each in), then `givePlans(ids)`; returns `{ id, cookie }` of each. */
export async function clients(url, count, givePlans) {
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

/** Nearest-rank percentile of an unsorted list of numbers (0 when empty). */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
