// Caddy in front of built app processes, with the project's own docker/Caddyfile: tls internal for
// `localhost`, HTTPS and HTTP on free 127.0.0.1 ports, the replicas as a fixed upstream list
// (UPSTREAMS_FROM=list), its data folder (and local CA) in a temp folder. Used by test:deploy and the bench.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, freePort } from './built-server.mjs';

/** The site name Caddy serves (its local CA signs it) and the client sends as SNI and Host. */
export const SITE = 'localhost';
const HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'pilates-web' };
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Caddy with the project's Caddyfile; its data folder (local CA) in a temp folder. */
export async function startCaddy(upstreams) {
  const home = mkdtempSync(join(tmpdir(), 'pilates-caddy-'));
  const httpPort = await freePort();
  const httpsPort = await freePort();
  const logFile = join(home, 'caddy.log');
  const out = openSync(logFile, 'w');
  const child = spawn('caddy', ['run', '--config', join(ROOT, 'docker/Caddyfile'), '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CONFIG_HOME: join(home, 'config'),
      SITE_DOMAIN: SITE,
      CADDY_TLS: 'internal',
      CADDY_BIND: '127.0.0.1',
      CADDY_ADMIN: 'off',
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      UPSTREAMS_FROM: 'list',
      UPSTREAMS: upstreams.join(' '),
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const rootCert = join(home, 'data/caddy/pki/authorities/local/root.crt');
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(home, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = readFileSync(logFile, 'utf8');
      await stop();
      throw new Error(`caddy exited with code ${child.exitCode}:\n${log.slice(-3000)}`);
    }
    if (existsSync(rootCert)) {
      const ca = readFileSync(rootCert);
      const answer = await get({ ca }, '/api/health', { port: httpsPort }).catch(() => undefined);
      if (answer?.status === 200) return { httpPort, httpsPort, ca, logFile, stop };
    }
    if (Date.now() > deadline) {
      const log = readFileSync(logFile, 'utf8');
      await stop();
      throw new Error(`caddy did not answer over HTTPS within 30 s:\n${log.slice(-3000)}`);
    }
    await sleep(250);
  }
}

/**
 * One HTTPS request to Caddy on 127.0.0.1 with SNI and Host `localhost`, the certificate verified
 * against Caddy's local CA (`tls.ca` or `tls.agent`). `localAddress` picks the client's source address.
 */
export function get(tls, path, { port, method = 'GET', body, headers = {}, localAddress } = {}) {
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        servername: SITE,
        path,
        method,
        localAddress,
        ...(tls.agent ? { agent: tls.agent } : { ca: tls.ca, agent: false }),
        headers: {
          host: `${SITE}:${port}`,
          ...(body === undefined ? {} : HEADERS),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', fail);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error('timeout (15 s)')));
    req.on('error', fail);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
