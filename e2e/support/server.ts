/* The built server (npm run build first), started on a free port with a fresh SQLite database. */
import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ARTIFACTS } from './browser';

export const ADMIN = { email: 'admin@e2e.local', password: 'e2e-admin-password' };

export interface RunningServer {
  baseUrl: string;
  /** The server's DATA_DIR: its SQLite file, and mails in its outbox/ folder. */
  dataDir: string;
  stop: () => Promise<void>;
}

const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

const waitForHealth = async (url: string, child: ChildProcess, logName: string): Promise<void> => {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode}; see e2e/artifacts/${logName}.log`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer /api/health within 30 s');
};

/**
 * Starts a server of its own, its log in e2e/artifacts/<logName>.log. `env` adds to (or overrides)
 * the suite's settings: scheduled jobs off, a high per-address login limit.
 */
export async function startServer(logName: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const root = resolve(__dirname, '..', '..');
  mkdirSync(ARTIFACTS, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'pilates-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(join(ARTIFACTS, `${logName}.log`));
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Every browser of the suite comes from 127.0.0.1 and dozens of journeys register and log in
      // within a minute; the per-address limit is the server suite's subject (abuse.int-spec.ts).
      AUTH_RATE_LIMIT: '1000',
      ARCO_RATE_LIMIT: '1000',
      // No job runs by timer in a test suite (a tick mid-journey would change what it set up).
      JOBS_ENABLED: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  await waitForHealth(baseUrl, child, logName);

  return {
    baseUrl,
    dataDir,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
