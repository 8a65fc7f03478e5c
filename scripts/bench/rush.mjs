// The release rush of `npm run bench` (BENCH_SCENARIOS=rush): RUSH_CLIENTS (200) logged-in clients
// with plans try to book the same class (capacity 8) at the same moment; on CLASS_FULL each joins
// the waitlist (WAITLIST_MAX 10). Expected: exactly 8 booked, exactly 10 waiting in the order their
// joins committed, the rest WAITLIST_FULL, zero 5xx, p99 < 1 s; then an audit of places, plans and
// positions read from the database. Then the 8 booked cancel at once: exactly the first 8 in line
// are promoted, in order, each plan charged once.
import { performance } from 'node:perf_hooks';
import { api, clients, nextWeekday, percentile, startServer } from './shared.mjs';

export const RUSH_CLIENTS = Number(process.env.BENCH_RUSH_CLIENTS ?? 200);
const WAITLIST_MAX = 10;
const PLAN_CLASSES = 500;
export const RUSH_P99_TARGET_MS = 1000;

/** POST that never throws: status, code and the time it took. */
async function attempt(url, path, body, cookie) {
  const started = performance.now();
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'pilates-web', cookie },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  return { status: res.status, code: json.code, json, ms: performance.now() - started };
}

/**
 * `givePlans(ids, server)` gives each client a plan straight in the database; `openDb(server)` opens
 * a reader ({ all(sql), close() }) for the audit.
 */
export async function rushScenario(label, env, givePlans, openDb) {
  const server = await startServer({ ...env, WAITLIST_MAX: String(WAITLIST_MAX) });
  const problems = [];
  const check = (ok, what) => {
    if (!ok) problems.push(what);
  };
  try {
    console.log(`\n== Rush on ${label}: registering ${RUSH_CLIENTS} clients with plans…`);
    const people = await clients(server.url, RUSH_CLIENTS, (ids) => givePlans(ids, server));
    const date = nextWeekday(3);
    const slots = (await api(server.url, '/api/reservations/get-information', { date })).json.data;
    const target = slots.find((s) => !s.isPastClass && !s.isCancelled && s.capacity === 8);
    if (!target) throw new Error(`no class with 8 places on ${date}`);
    const classBody = { date, classReservation: target.scheduleId };

    // Everyone at once: book; on CLASS_FULL, join the waitlist.
    const latencies = [];
    const outcomes = await Promise.all(
      people.map(async (person) => {
        const booked = await attempt(server.url, '/api/reservations/push-reservation', classBody, person.cookie);
        latencies.push(booked.ms);
        if (booked.status === 201) return { person, kind: 'booked', status: booked.status };
        if (booked.code !== 'CLASS_FULL')
          return { person, kind: `book ${booked.status} ${booked.code}`, status: booked.status };
        const joined = await attempt(server.url, '/api/reservations/join-waitlist', classBody, person.cookie);
        latencies.push(joined.ms);
        if (joined.status === 201) {
          return {
            person,
            kind: 'waiting',
            status: 201,
            entryId: joined.json.waitlistId,
            position: joined.json.position,
          };
        }
        return {
          person,
          kind: joined.code === 'WAITLIST_FULL' ? 'full' : `join ${joined.status} ${joined.code}`,
          status: joined.status,
        };
      }),
    );
    const count = (kind) => outcomes.filter((o) => o.kind === kind).length;
    const fiveHundreds = outcomes.filter((o) => o.status >= 500).length;
    const p99 = percentile(latencies, 99);
    const booked = outcomes.filter((o) => o.kind === 'booked');
    const waiting = outcomes.filter((o) => o.kind === 'waiting').sort((a, b) => a.entryId - b.entryId);
    const others = outcomes.filter((o) => !['booked', 'waiting', 'full'].includes(o.kind));
    check(booked.length === 8, `${booked.length} booked, expected 8`);
    check(waiting.length === WAITLIST_MAX, `${waiting.length} waiting, expected ${WAITLIST_MAX}`);
    check(count('full') === RUSH_CLIENTS - 8 - WAITLIST_MAX, `${count('full')} WAITLIST_FULL`);
    check(others.length === 0, `unexpected answers: ${[...new Set(others.map((o) => o.kind))].join(', ')}`);
    check(fiveHundreds === 0, `${fiveHundreds} answers 5xx`);
    // Positions: 1..10 in the order the joins committed (the entries' ids).
    check(
      waiting.every((w, i) => w.position === i + 1),
      `positions by commit order: ${waiting.map((w) => w.position).join(',')}`,
    );

    const db = await openDb(server);
    const audit = async (stage, expectedPromoted) => {
      const [klass] = await db.all(
        `SELECT id, capacity, reserved_count AS reserved, waiting_count AS waiting FROM class_sessions
         WHERE schedule_id = ${Number(target.scheduleId)} AND date = '${date}'`,
      );
      const [active] = await db.all(
        `SELECT COUNT(*) AS n FROM reservations WHERE class_session_id = ${klass.id} AND status = 'active'`,
      );
      const entries = await db.all(
        `SELECT id, user_id AS userId, status FROM waitlist_entries WHERE class_session_id = ${klass.id} ORDER BY id`,
      );
      const plans = await db.all(
        `SELECT p.user_id AS userId, p.classes_remaining AS remaining FROM user_plans p WHERE p.classes_total = ${PLAN_CLASSES}`,
      );
      const remaining = new Map(plans.map((p) => [Number(p.userId), Number(p.remaining)]));
      const activeIds = new Set(
        (
          await db.all(
            `SELECT user_id AS userId FROM reservations WHERE class_session_id = ${klass.id} AND status = 'active'`,
          )
        ).map((r) => Number(r.userId)),
      );
      check(
        Number(klass.reserved) === 8 && Number(active.n) === 8,
        `${stage}: ${klass.reserved} places taken, ${active.n} active reservations (capacity 8)`,
      );
      const stillWaiting = entries.filter((e) => e.status === 'waiting').length;
      check(
        Number(klass.waiting) === stillWaiting,
        `${stage}: waiting_count ${klass.waiting}, ${stillWaiting} entries waiting`,
      );
      check(
        entries.slice(0, expectedPromoted).every((e) => e.status === 'promoted') &&
          entries.slice(expectedPromoted).every((e) => e.status === 'waiting'),
        `${stage}: entries in order ${entries.map((e) => e.status).join(',')}`,
      );
      // Every client holding a place was charged exactly one class; nobody else was.
      const wrongCharge = people.filter((p) => remaining.get(p.id) !== PLAN_CLASSES - (activeIds.has(p.id) ? 1 : 0));
      check(wrongCharge.length === 0, `${stage}: ${wrongCharge.length} plans charged wrongly`);
      return { reserved: Number(klass.reserved), waiting: Number(klass.waiting) };
    };

    try {
      const first = await audit('after the rush', 0);
      // The 8 cancel at once: the first 8 in line take their places, in order.
      const reservations = await db.all(
        `SELECT r.id, r.user_id AS userId FROM reservations r JOIN class_sessions c ON c.id = r.class_session_id
         WHERE c.schedule_id = ${Number(target.scheduleId)} AND c.date = '${date}' AND r.status = 'active'`,
      );
      const cookieOf = new Map(people.map((p) => [p.id, p.cookie]));
      const cancelStarted = performance.now();
      const cancels = await Promise.all(
        reservations.map((r) =>
          attempt(
            server.url,
            '/api/reservations/cancel-reservation',
            { id: Number(r.id) },
            cookieOf.get(Number(r.userId)),
          ),
        ),
      );
      const cancelMs = performance.now() - cancelStarted;
      check(
        cancels.every((c) => c.status === 200),
        `cancellations: ${cancels.map((c) => c.status).join(',')}`,
      );
      const second = await audit('after 8 cancellations', 8);
      return {
        label,
        clients: RUSH_CLIENTS,
        booked: booked.length,
        waiting: waiting.length,
        WAITLIST_FULL: count('full'),
        '5xx': fiveHundreds,
        'p99 ms': Math.round(p99),
        'max ms': Math.round(Math.max(...latencies)),
        'places after': `${first.reserved}/8, ${first.waiting} waiting`,
        'after cancels': `${second.reserved}/8, ${second.waiting} waiting (${Math.round(cancelMs)} ms)`,
        audit: problems.length === 0 ? 'ok' : problems.join('; '),
        failed: problems.length > 0,
      };
    } finally {
      await db.close();
    }
  } finally {
    await server.stop();
  }
}
