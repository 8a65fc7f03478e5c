import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { readDrillStatus } from '../src/operations';
import { registerUser } from './helpers/accounts';
import { givePlan } from './helpers/booking';
import { machineNowMs } from './helpers/machine-clock';
import { startLocalS3, type LocalS3 } from './helpers/s3-server';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createMariaDbDatabase, MARIADB, type TestDatabase } from './helpers/test-database';

const SCRIPT = resolve(__dirname, '../../docker/mysql-backup.sh');
const DAY_SECONDS = 86_400;

interface Run {
  code: number | null;
  output: string;
}

/**
 * The compose `backup` service's loop (docker/mysql-backup.sh) runs the restore drill by itself: on the
 * first backup that reached the bucket RESTORE_DRILL_DAYS (30) days after the last drill that passed.
 * Here the script runs as the service runs it, against MariaDB (always, also in the SQLite run: the
 * service only knows MySQL) and a local S3-compatible server (s3rver, over HTTPS); the "month" is the
 * state file the loop keeps, written back in time.
 */
describe('pilates-backup loop: the monthly restore drill (compose backup service)', () => {
  const work = mkdtempSync(join(tmpdir(), 'pilates-drill-loop-'));
  const dataDir = join(work, 'app-data');
  const backups = join(work, 'backups');
  const stateFile = join(backups, '.drill-last-epoch');
  const drillFile = join(dataDir, 'status', 'restore-drill.json');
  let name: string;
  let s3: LocalS3;
  let t: TestApp | undefined;
  let database: TestDatabase & { name: string };
  let env: Record<string, string>;
  const children: ChildProcess[] = [];

  /** One round of the loop: started as the service starts it, stopped (TERM, as docker stop) once it sleeps. */
  const loopOnce = (extra: Record<string, string> = {}) =>
    new Promise<Run>((done, fail) => {
      // Its own process group: the loop's `sleep` goes with it.
      const child = spawn('bash', [SCRIPT, 'loop'], { env: { ...env, ...extra }, detached: true });
      children.push(child);
      let output = '';
      const timer = setTimeout(() => {
        process.kill(-child.pid!, 'SIGKILL');
        fail(new Error(`the loop did not finish its round:\n${output}`));
      }, 150_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Next backup in')) process.kill(-child.pid!, 'SIGTERM');
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', (code) => {
        clearTimeout(timer);
        done({ code, output });
      });
    });

  const run = (args: string[], extra: Record<string, string> = {}) =>
    new Promise<Run>((done) => {
      const child = spawn('bash', [SCRIPT, ...args], { env: { ...env, ...extra } });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => done({ code, output }));
    });

  const drillResult = () => JSON.parse(readFileSync(drillFile, 'utf8')) as { at: string; ok: boolean; detail: string };
  const lastDrillEpoch = () => Number(readFileSync(stateFile, 'utf8').trim());
  // The script's clock: the machine's, which the test's own may not be (TEST_WALL_CLOCK).
  const nowEpoch = () => Math.floor(machineNowMs() / 1000);
  const scratchExists = async () => {
    const admin = await createConnection({ uri: MARIADB });
    try {
      const [rows] = await admin.query('SHOW DATABASES LIKE ?', [`${name}_drill`]);
      return (rows as unknown[]).length > 0;
    } finally {
      await admin.end();
    }
  };

  beforeAll(async () => {
    s3 = await startLocalS3(work, 'pilates-backups');

    database = await createMariaDbDatabase('pilates_drill', { alsoDrop: ['_drill'] });
    name = database.name;
    // The app migrates the database and seeds the owner's account (ADMIN_EMAIL admin@test.local).
    mkdirSync(dataDir, { recursive: true });
    t = await createTestApp({ database, dataDir });
    const ana = await registerUser(t, { name: 'Ana Simulacro', email: 'ana.simulacro@example.com' });
    await givePlan(t, ana.user.id, { classes: 8, name: 'Ocho Clases' });
    writeFileSync(join(dataDir, 'jwt-secret'), 'generated-into-the-data-folder-0123456789', { mode: 0o600 });

    const mariadb = new URL(MARIADB);
    env = {
      PATH: process.env.PATH ?? '',
      HOME: work,
      TMPDIR: work,
      // As compose sets them for the service (docker/docker-compose.yml, x-backup-environment).
      DB_HOST: mariadb.hostname,
      DB_PORT: mariadb.port || '3306',
      DB_USER: decodeURIComponent(mariadb.username),
      MYSQL_PWD: decodeURIComponent(mariadb.password),
      MYSQL_DATABASE: name,
      BACKUP_DIR: backups,
      BACKUP_KEEP: '3',
      BACKUP_INTERVAL_HOURS: '24',
      PHOTOS_DIR: join(dataDir, 'photos'),
      SECRETS_DIR: dataDir,
      STATUS_DIR: join(dataDir, 'status'),
      ADMIN_EMAIL: 'Admin@Test.local',
      RESTIC_REPOSITORY: s3.repository('pilates'),
      RESTIC_PASSWORD: 'the-owner-keeps-this-key',
      RESTIC_CACERT: s3.caCertFile,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    };
  }, 180_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    await t?.close();
    await database?.drop();
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('fails on demand, saying why, while the bucket holds no backup yet', async () => {
    const failed = await run(['drill']);
    expect(failed.output).toContain('Restore drill FAILED: restic snapshots failed: Fatal: unable to open config file');
    expect(failed.code).toBe(1);
    expect(drillResult()).toMatchObject({ ok: false, detail: expect.stringContaining('restic snapshots failed') });
    expect(existsSync(stateFile)).toBe(false);
  }, 60_000);

  it('runs the drill on the first backup of a new install and records it for the app', async () => {
    const round = await loopOnce();
    expect(round.output).toContain('Off-site backup sent');
    expect(round.output).toMatch(
      /Restore drill passed: copia [0-9a-f]{8} del \S+Z: migraciones al día \(\d+\); users: \d+; plans: \d+; user_plans: 1; reservations: 0; payments: 0; cuenta de admin@test\.local legible/,
    );
    expect(round.code).toBe(0);
    expect(drillResult()).toMatchObject({ ok: true, detail: expect.stringMatching(/^copia [0-9a-f]{8} del /) });
    // The app reads what the shell wrote (the dashboard, the metrics and the owner's mail).
    expect(readDrillStatus(dataDir)).toMatchObject({ ok: true, detail: drillResult().detail });
    expect(Math.abs(lastDrillEpoch() - nowEpoch())).toBeLessThan(120);
    // The scratch database and the restored files are gone.
    expect(await scratchExists()).toBe(false);
    expect(existsSync(join(backups, 'drill-restore'))).toBe(false);
  }, 180_000);

  it('does not drill again within the month: the backup alone, and when the next drill is due', async () => {
    writeFileSync(stateFile, `${nowEpoch() - 2 * DAY_SECONDS}\n`);
    rmSync(drillFile);
    const round = await loopOnce();
    expect(round.output).toContain('Off-site backup sent');
    expect(round.output).toContain('Next restore drill in 28 days');
    expect(round.output).not.toContain('Restore drill');
    expect(existsSync(drillFile)).toBe(false);
  }, 180_000);

  it('drills again on the first backup a month after the last drill', async () => {
    const monthAgo = nowEpoch() - 31 * DAY_SECONDS;
    writeFileSync(stateFile, `${monthAgo}\n`);
    const round = await loopOnce();
    expect(round.output).toContain('Restore drill passed');
    expect(drillResult().ok).toBe(true);
    expect(lastDrillEpoch()).toBeGreaterThan(monthAgo + 30 * DAY_SECONDS);
  }, 180_000);

  it('records a failed drill with its reason and tries again with the next backup', async () => {
    const monthAgo = nowEpoch() - 31 * DAY_SECONDS;
    writeFileSync(stateFile, `${monthAgo}\n`);
    // The owner's account the drill looks for is not in the copy.
    const round = await loopOnce({ ADMIN_EMAIL: 'nadie@example.com' });
    expect(round.output).toContain("Restore drill FAILED: the owner's account (nadie@example.com) is not in the copy");
    // A failed drill does not stop the loop (docker would restart the service, and the backups with it).
    expect(round.output).toContain('Next backup in 24 h');
    expect(drillResult()).toMatchObject({
      ok: false,
      detail: "the owner's account (nadie@example.com) is not in the copy",
    });
    expect(readDrillStatus(dataDir)).toMatchObject({ ok: false });
    expect(lastDrillEpoch()).toBe(monthAgo);
    expect(await scratchExists()).toBe(false);

    const next = await loopOnce();
    expect(next.output).toContain('Restore drill passed');
    expect(drillResult().ok).toBe(true);
  }, 360_000);

  it('does not drill after a backup that did not reach the bucket, even when one is due', async () => {
    const monthAgo = nowEpoch() - 31 * DAY_SECONDS;
    writeFileSync(stateFile, `${monthAgo}\n`);
    rmSync(drillFile);
    const round = await loopOnce({ RESTIC_PASSWORD: 'not-the-key' });
    expect(round.output).toContain('Off-site backup FAILED');
    expect(round.output).not.toContain('Restore drill');
    expect(round.output).toContain('Next backup in 24 h');
    expect(existsSync(drillFile)).toBe(false);
    expect(lastDrillEpoch()).toBe(monthAgo);
  }, 180_000);

  it('runs on demand (pilates-backup drill) and fails with exit code 1 when the copy does not match the site', async () => {
    const passed = await run(['drill']);
    expect(passed.output).toContain('Restore drill passed');
    expect(passed.code).toBe(0);

    // Rows the copy cannot have: more than were created since the day before the backup. Backdated, as if
    // the backup had lost them.
    await t!.dataSource.query(
      `INSERT INTO users (name, email, password_hash, birth_date, created_at, updated_at)
       SELECT CONCAT('Perdida ', n), CONCAT('perdida', n, '@example.com'), 'x', '1990-01-01',
              '2020-01-01 00:00:00', '2020-01-01 00:00:00'
       FROM (SELECT 1 AS n UNION SELECT 2 UNION SELECT 3) AS lost`,
    );
    const failed = await run(['drill']);
    expect(failed.output).toMatch(
      /Restore drill FAILED: users: the copy has (\d+) rows, the site \d+ \(\d+ created since/,
    );
    const [, copy, site] = /the copy has (\d+) rows, the site (\d+)/.exec(failed.output)!;
    expect(Number(site) - Number(copy)).toBe(3);
    expect(failed.code).toBe(1);
    expect(drillResult()).toMatchObject({ ok: false });
  }, 180_000);
});
