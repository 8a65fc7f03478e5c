// The open-loop mode of `npm run bench`: the mixed scenario's requests sent at a
// fixed arrival rate, whatever the answers do, stepped up from rate to rate. A closed loop of N
// connections only ever has N requests waiting, so its latency mirrors its own throughput; here a
// slow server meets a growing queue, as it would with real visitors. Latency is measured from the
// moment each request was due (not when the client got round to sending it), so a late client
// cannot hide the server's delays. Reports the highest rate whose p99 stays under 100 ms with zero
// errors; stops after two missed rates in a row. BENCH_OPEN_RATES (req/s, "200,300,…"),
// BENCH_OPEN_SECONDS per rate (5).
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { SITE } from '../lib/caddy.mjs';
import { mixedRequest } from './mixed.mjs';
import { percentile } from './shared.mjs';

export const OPEN_RATES = (process.env.BENCH_OPEN_RATES ?? '200,300,400,500,600,700,800,1000,1200')
  .split(',')
  .map((r) => Number(r.trim()))
  .filter((r) => r > 0);
export const OPEN_SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 5);
export const OPEN_P99_MS = 100;
const TIMEOUT_MS = 5000;
const WARMUP_SECONDS = 2;

/**
 * How requests reach the server: straight over HTTP (`url`), or through Caddy over HTTPS
 * (`caddy`: `{ httpsPort, ca }` from scripts/lib/caddy.mjs), on keep-alive connections opened as needed.
 */
export function sender({ url, caddy }) {
  const agent = caddy
    ? new HttpsAgent({ ca: caddy.ca, keepAlive: true, maxSockets: 512 })
    : new HttpAgent({ keepAlive: true, maxSockets: 512 });
  const target = caddy ? { host: '127.0.0.1', port: caddy.httpsPort } : new URL(url);
  const send = (req) =>
    new Promise((done, fail) => {
      const options = {
        host: target.hostname ?? target.host,
        port: target.port,
        path: req.path,
        method: req.method,
        agent,
        headers: { ...req.headers, ...(caddy ? { host: `${SITE}:${caddy.httpsPort}` } : {}) },
        ...(caddy ? { servername: SITE } : {}),
      };
      const r = (caddy ? httpsRequest : httpRequest)(options, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => done({ status: res.statusCode, body }));
        res.on('error', fail);
      });
      r.setTimeout(TIMEOUT_MS, () => r.destroy(new Error('timeout')));
      r.on('error', fail);
      r.end(req.body);
    });
  return { send, close: () => agent.destroy() };
}

/** `rate` requests per second for `seconds`, each due at its own instant; waits for the last answer. */
async function atRate(send, prepared, rate, seconds) {
  const total = Math.round(rate * seconds);
  const latencies = [];
  const failures = new Map();
  const fail = (key) => failures.set(key, (failures.get(key) ?? 0) + 1);
  const inFlight = new Set();
  let sent = 0;
  const t0 = performance.now();
  await new Promise((done) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate));
      while (sent < due) {
        const dueAt = t0 + (sent / rate) * 1000;
        sent++;
        const req = mixedRequest(prepared.users, prepared.week);
        const answer = send(req).then(
          ({ status, body }) => {
            latencies.push(performance.now() - dueAt);
            if (req.kind === 'push-reservation' && status === 201) {
              req.user.held.push(JSON.parse(body).reservationId);
            } else if (status >= 400 && !(req.kind === 'push-reservation' && status === 409)) {
              // A full class or an empty plan (409 on push-reservation) is business; the rest fails.
              fail(`${status}`);
            }
          },
          (error) =>
            fail(error.message === 'timeout' ? `timeout ${TIMEOUT_MS / 1000} s` : (error.code ?? error.message)),
        );
        inFlight.add(answer);
        void answer.finally(() => inFlight.delete(answer));
      }
      if (sent < total) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  const sendingSeconds = (performance.now() - t0) / 1000;
  await Promise.allSettled([...inFlight]);
  const errors = [...failures.values()].reduce((a, b) => a + b, 0);
  return {
    rate,
    answered: latencies.length,
    'sent req/s': Math.round(total / sendingSeconds),
    'p50 ms': Math.round(percentile(latencies, 50)),
    'p99 ms': Math.round(percentile(latencies, 99)),
    'max ms': Math.round(latencies.reduce((a, b) => Math.max(a, b), 0)),
    errors,
    'errors by kind': [...failures].map(([k, n]) => `${k}: ${n}`).join(', ') || '—',
  };
}

/**
 * Steps the rate up on a prepared target (`prepareMixed` data) until two steps in a row miss the
 * p99 target or have errors. Returns the steps and the capacity found.
 */
export async function openLoopScenario(label, target, prepared, { alive = () => true } = {}) {
  const { send, close } = sender(target);
  const steps = [];
  try {
    console.log(`\n== Open loop on ${label}: ${OPEN_RATES.join(', ')} req/s, ${OPEN_SECONDS} s each`);
    // Warm-up, not counted: connections opened, code compiled, caches filled.
    await atRate(send, prepared, OPEN_RATES[0], WARMUP_SECONDS);
    await new Promise((done) => setTimeout(done, 500));
    for (const rate of OPEN_RATES) {
      const step = await atRate(send, prepared, rate, OPEN_SECONDS);
      step.load = Number(loadavg()[0].toFixed(1));
      steps.push(step);
      console.log(
        `   ${rate} req/s (sent ${step['sent req/s']}): p50 ${step['p50 ms']} ms, p99 ${step['p99 ms']} ms, ` +
          `max ${step['max ms']} ms, errors ${step.errors} (${step['errors by kind']}), 1-min load ${step.load}`,
      );
      if (!alive()) throw new Error(`${label}: the server died during the open-loop run`);
      // Two missed steps in a row end it: one alone may be a neighbour's burst on a shared machine.
      const missed = (s) => s['p99 ms'] >= OPEN_P99_MS || s.errors > 0;
      if (steps.length >= 2 && missed(step) && missed(steps.at(-2))) break;
      await new Promise((done) => setTimeout(done, 1000));
    }
  } finally {
    close();
  }
  const passing = steps.filter((s) => s['p99 ms'] < OPEN_P99_MS && s.errors === 0);
  const best = passing.at(-1);
  const at600 = steps.find((s) => s.rate === 600);
  return {
    target: label,
    'capacity req/s (p99 < 100 ms, 0 errors)': best ? best.rate : 0,
    'p99 ms there': best ? best['p99 ms'] : '—',
    'p99 ms at 600 req/s': at600 ? at600['p99 ms'] : '—',
    'errors at 600 req/s': at600 ? at600.errors : '—',
    steps,
  };
}
