// The production build (node server/dist/main.js, started as server-command.mjs says) on a free 127.0.0.1 port with its own throwaway
// DATA_DIR: what `npm run bench` and `npm run lighthouse` run against.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SERVER_ENTRY, SERVER_NODE_ARGS } from './server-command.mjs';

export const ROOT = resolve(import.meta.dirname, '../..');

export const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/**
 * Starts the built server for `name` (used in its temp folder and admin email) and waits for
 * /api/health. SQLite unless `env` sets DATABASE_URL. `stop()` ends it and removes its DATA_DIR;
 * a server that fails to start is stopped before the error is thrown. With `options.logFile` the
 * server's JSON logs (standard output) go to that file instead of nowhere; `options.port` starts it
 * on that port (a replica coming back where it was) instead of a free one; `options.nodeArgs` go to
 * node before the script (the bench's `--cpu-prof`); `options.root` runs the build laid out in that
 * folder (server/dist, client/dist, node_modules) instead of this repository's (test:deploy's
 * previous and new versions).
 */
export async function startBuiltServer(name, env = {}, options = {}) {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), `pilates-${name}-`));
  const url = `http://127.0.0.1:${port}`;
  const logFd = options.logFile ? openSync(options.logFile, 'w') : undefined;
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: options.root ?? ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: `admin@${name}.local`,
      ADMIN_PASSWORD: `${name}-admin-password`,
      ...env,
    },
    stdio: ['ignore', logFd ?? 'ignore', 'pipe'],
  });
  if (logFd !== undefined) closeSync(logFd);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-20_000)));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (alive()) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
      if (alive()) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!alive()) {
      await stop();
      throw new Error(`the server exited with code ${child.exitCode}:\n${stderr.slice(-2000)}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer /api/health within 60 s');
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    url,
    dataDir,
    stop,
    /** Whether the process is still running (a crash under load shows here). */
    alive,
    /** The server's process, for tests that signal it themselves. */
    child,
    stderrTail: (chars = 2000) => stderr.slice(-chars),
  };
}
