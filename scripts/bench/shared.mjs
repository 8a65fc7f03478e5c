// Helpers shared by the scenarios of `npm run bench`: the production server (scripts/lib), a small
// JSON client for the API, and logged-in clients.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startBuiltServer } from '../lib/built-server.mjs';
import { HEALTH_PROFILE } from '../lib/health-profile.mjs';

export const MARIADB = process.env.BENCH_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306';
export const HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'pilates-web' };
export const ADMIN = { email: 'admin@bench.local', password: 'bench-admin-password' };

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

/** The built server for the bench: its admin, and no login rate limit (200 clients log in from one IP). */
export const startServer = (env = {}, options = {}) =>
  startBuiltServer(
    'bench',
    {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT: '10000',
      ...env,
    },
    options,
  );

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

export { HEALTH_PROFILE };

/** Registered clients (which logs each in), then `givePlans(ids)`; returns `{ id, cookie }` of each. */
export async function clients(url, count, givePlans) {
  const stamp = Date.now();
  const made = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) => {
      const email = `bench${i + j}.${stamp}@example.com`;
      return (
        api(url, '/api/auth/register', {
          name: `Cliente ${i + j}`,
          email,
          cumpleanos: '1990-01-01',
          password: 'bench-password-1',
          confirmPassword: 'bench-password-1',
          terms: true,
        })
          .then((r) => ({ id: r.json.user.id, cookie: r.cookie }))
          // Every client fills the health questionnaire before booking online (HEALTH_PROFILE_REQUIRED).
          .then(async (client) => (await api(url, '/api/informacion/health', HEALTH_PROFILE, client.cookie), client))
      );
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

/**
 * CPU time (user + system, ms) a process has used, from /proc; null where there is none. Per request,
 * it is what sets the req/s ratio on an idle machine, and it moves less than req/s when other work
 * shares the machine (a very loaded one still inflates it).
 */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
