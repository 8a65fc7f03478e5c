// `npm run test:metrics`: the built app's /metrics as the host uses it, with real parts (needs the build).
//   1. the app serves /metrics with `Authorization: Bearer <METRICS_TOKEN>` only (401 otherwise);
//   2. Caddy with the project's docker/Caddyfile never forwards it: 404 through Caddy, even with the token;
//   3. Debian's `prometheus` scrapes the app with the token (as docker/prometheus/prometheus.yml does,
//      with the example's alert rules loaded) and a series of the app reads back through its HTTP API.
// Exits 1 when a check fails; bounded (30 s per wait). Installs Debian's prometheus or caddy when missing.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, freePort, startBuiltServer } from './lib/built-server.mjs';
import { get, startCaddy } from './lib/caddy.mjs';

const TOKEN = 'metrics-check-token-0123456789abcdef';
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
let failed = false;
const check = (name, ok, detail) => {
  if (!ok) failed = true;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
};

function ensurePackage(command, pkg) {
  if (spawnSync('sh', ['-c', `command -v ${command}`]).status === 0) return;
  console.log(`${command} is missing: installing Debian’s ${pkg}…`);
  execFileSync('sh', ['-c', `apt-get update -qq && apt-get install -y -qq ${pkg} >/dev/null`], { stdio: 'inherit' });
  spawnSync('sh', ['-c', `systemctl disable --now ${pkg} 2>/dev/null || true`]);
}

/** Prometheus scraping `target` every second with the bearer token; the example's rules loaded. */
async function startPrometheus(target) {
  const home = mkdtempSync(join(tmpdir(), 'pilates-prometheus-'));
  const port = await freePort();
  writeFileSync(join(home, 'metrics-token'), TOKEN, { mode: 0o600 });
  copyFileSync(join(ROOT, 'docker/prometheus/alerts.yml'), join(home, 'alerts.yml'));
  // The example's scrape job, with a fixed target instead of Docker's DNS.
  const example = readFileSync(join(ROOT, 'docker/prometheus/prometheus.yml'), 'utf8');
  const config = example
    .replace(/scrape_interval: \d+s/, 'scrape_interval: 1s')
    .replace(/evaluation_interval: \d+s/, 'evaluation_interval: 1s')
    .replace(/dns_sd_configs:[\s\S]*$/, `static_configs:\n      - targets: ['${target}']\n`);
  writeFileSync(join(home, 'prometheus.yml'), config);
  const logFile = join(home, 'prometheus.log');
  const out = openSync(logFile, 'w');
  const child = spawn(
    'prometheus',
    [
      `--config.file=${join(home, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(home, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', out, out] },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(home, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${port}`, stop, log: () => readFileSync(logFile, 'utf8').slice(-3000) };
}

/** Polls `read()` until it returns something, for up to 30 s. */
async function waitFor(read) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) return undefined;
    await sleep(500);
  }
}

async function main() {
  if (!existsSync(join(ROOT, 'server/dist/main.js')))
    throw new Error('server/dist is missing: run `npm run build` first');
  ensurePackage('prometheus', 'prometheus');
  ensurePackage('caddy', 'caddy');
  const started = Date.now();
  const app = await startBuiltServer('metrics', { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'warn' });
  let caddy;
  let prometheus;
  try {
    await fetch(`${app.url}/api/health`);
    const bare = await fetch(`${app.url}/metrics`);
    const wrong = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}-not` } });
    const right = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const text = await right.text();
    check(
      'the app serves /metrics with the bearer token only',
      bare.status === 401 &&
        wrong.status === 401 &&
        right.status === 200 &&
        text.includes('pilates_http_requests_total'),
      `no token ${bare.status}, wrong token ${wrong.status}, token ${right.status} (${text.split('\n').length} lines)`,
    );

    caddy = await startCaddy([new URL(app.url).host]);
    const tls = { ca: caddy.ca };
    const headers = { authorization: `Bearer ${TOKEN}` };
    const through = await get(tls, '/metrics', { port: caddy.httpsPort, headers });
    const nested = await get(tls, '/metrics/', { port: caddy.httpsPort, headers });
    const health = await get(tls, '/api/health', { port: caddy.httpsPort });
    check(
      'Caddy (docker/Caddyfile) answers 404 for /metrics, even with the token, and forwards the rest',
      through.status === 404 &&
        nested.status === 404 &&
        !through.body.toString().includes('pilates_') &&
        health.status === 200,
      `/metrics ${through.status}, /metrics/ ${nested.status}, /api/health ${health.status}`,
    );

    prometheus = await startPrometheus(new URL(app.url).host);
    const query = (expr) =>
      fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(expr)}`)
        .then((r) => r.json())
        .then((body) => (body.status === 'success' && body.data.result.length > 0 ? body.data.result : undefined));
    const up = await waitFor(() => query('up{job="pilates"} == 1'));
    const series = await waitFor(() => query('pilates_http_requests_total{route="/api/health",status_code="200"}'));
    const rules = await waitFor(() =>
      fetch(`${prometheus.url}/api/v1/rules`)
        .then((r) => r.json())
        .then((body) => {
          const names = body.data.groups.flatMap((g) => g.rules.map((r) => r.name));
          return names.length > 0 ? names : undefined;
        }),
    );
    check(
      'Prometheus scrapes the app with the token and reads a series back through its HTTP API',
      up !== undefined && series !== undefined && Number(series[0].value[1]) >= 1,
      series
        ? `up=1; pilates_http_requests_total{route="/api/health",status_code="200"} = ${series[0].value[1]}`
        : `no series within 30 s; log:\n${prometheus.log()}`,
    );
    check(
      'Prometheus loads the example alert rules (docker/prometheus/alerts.yml)',
      rules !== undefined && rules.includes('PilatesOffsiteBackupOld') && rules.includes('PilatesDiskAlmostFull'),
      rules ? `${rules.length} rules` : `none; log:\n${prometheus.log()}`,
    );
  } finally {
    await prometheus?.stop();
    await caddy?.stop();
    await app.stop();
  }
  console.log(`test:metrics took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (failed) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
