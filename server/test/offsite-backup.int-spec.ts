import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FixedClock } from '../src/core/clock/clock';
import { loginAs, registerUser } from './helpers/accounts';
import { givePlan, NEXT_MONDAY, NOW, scheduleAt } from './helpers/booking';
import { machineNowMs } from './helpers/machine-clock';
import { createTestApp, TestApp } from './helpers/test-app';
import { startLocalS3, type LocalS3 } from './helpers/s3-server';
import { createTestDatabase, TestDatabase } from './helpers/test-database';

const SCRIPT = resolve(__dirname, '../../scripts/offsite.mjs');

interface Run {
  code: number;
  output: string;
}

/** Counts a restore must bring back. */
async function counts(t: TestApp) {
  const count = async (table: string) => Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);
  return {
    users: await count('users'),
    userPlans: await count('user_plans'),
    reservations: await count('reservations'),
    migrations: await count('migrations'),
  };
}

// backup → off-site (a local S3-compatible server, s3rver, over HTTPS) → wipe → restore → the site
// serves the same data; and the restore drill. On SQLite, and on MariaDB with TEST_DATABASE_URL.
describe('npm run backup:offsite / restore:offsite / backup:drill (restic to an S3-compatible bucket)', () => {
  const clock = new FixedClock(NOW);
  const work = mkdtempSync(join(tmpdir(), 'pilates-offsite-'));
  const dataDir = join(work, 'data');
  let s3: LocalS3;
  let database: TestDatabase;
  let source: TestApp | undefined;
  let env: Record<string, string>;

  const run = (args: string[], extra: Record<string, string> = {}) =>
    new Promise<Run>((done) => {
      execFile(
        process.execPath,
        [SCRIPT, ...args],
        { cwd: work, env: { ...env, ...extra }, timeout: 90_000 },
        (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
      );
    });

  beforeAll(async () => {
    s3 = await startLocalS3(work, 'pilates-backups');
    database = await createTestDatabase({ migrated: true });
    env = {
      PATH: process.env.PATH ?? '',
      HOME: work,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? '',
      BACKUP_DIR: join(work, 'backups'),
      ADMIN_EMAIL: 'admin@test.local',
      RESTIC_REPOSITORY: s3.repository('pilates'),
      RESTIC_PASSWORD: 'the-owner-keeps-this-key',
      RESTIC_CACERT: s3.caCertFile,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    };
    source = await createTestApp({ clock, database, dataDir });
  });

  afterAll(async () => {
    await source?.close();
    await database?.drop();
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up, wipes, restores from the bucket alone, and the site serves the same data', async () => {
    const app = source!;
    const ana = await registerUser(app, { name: 'Ana Fuera 🧘', email: 'ana.fuera@example.com' });
    await givePlan(app, ana.user.id, { classes: 8, name: 'Ocho Clases' });
    const monday7 = await scheduleAt(app, 1, '07:00');
    await ana.agent
      .post('/api/reservations/push-reservation')
      .send({ date: NEXT_MONDAY, classReservation: monday7.id })
      .expect(201);
    const before = await counts(app);
    // The key a server without JWT_SECRET generates into DATA_DIR (the tests set JWT_SECRET instead).
    const jwtSecret = 'generated-into-the-data-folder-0123456789';
    writeFileSync(join(dataDir, 'jwt-secret'), jwtSecret, { mode: 0o600 });

    // The script's clock is the machine's, which the test's own may not be (TEST_WALL_CLOCK).
    const startedAt = machineNowMs();

    const backup = await run(['backup']);
    expect(backup.output).toContain('Off-site backup done');
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.output).toMatch(/Off-site backup done: snapshot [0-9a-f]{8,64}/);
    const status = JSON.parse(readFileSync(join(dataDir, 'status/offsite-backup.json'), 'utf8'));
    expect(status).toMatchObject({ lastError: null, snapshot: expect.stringMatching(/^[0-9a-f]{8,64}$/) });
    expect(new Date(status.lastSuccessAt).getTime()).toBeGreaterThanOrEqual(Math.floor(startedAt / 1000) * 1000);
    // The first run checks the repository (then weekly); the bucket holds only encrypted data.
    expect(status.lastCheckAt).toBe(status.lastSuccessAt);
    const stored = JSON.stringify(readdirSync(s3.directory, { recursive: true }));
    expect(stored).not.toContain('database');

    const drill = await run(['drill']);
    expect(drill.output).toMatch(
      /Restore drill passed: copia [0-9a-f]{8} .*migraciones al día.*users: \d+.*cuenta de admin@test\.local legible/,
    );
    expect(drill.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dataDir, 'status/restore-drill.json'), 'utf8'))).toMatchObject({ ok: true });

    // The server dies with its disk: the data folder and the database are gone.
    await app.close();
    source = undefined;
    rmSync(dataDir, { recursive: true, force: true });
    if (database.url) {
      const tables = await (await createTestApp({ database, dataDir: join(work, 'scratch') })).dataSource;
      await tables.query('SET FOREIGN_KEY_CHECKS = 0');
      for (const row of await tables.query('SHOW TABLES'))
        await tables.query(`DROP TABLE \`${Object.values(row)[0]}\``);
      await tables.destroy();
    }

    const refused = await run(['restore']);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Nothing changed');
    const restored = await run(['restore', '--yes']);
    expect(restored.output).toContain('Restored jwt-secret');
    expect(restored.code).toBe(0);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(jwtSecret);

    source = await createTestApp({ clock, database, dataDir });
    expect(await counts(source)).toEqual(before);
    const again = await loginAs(source, 'ana.fuera@example.com', 'clave-segura-1');
    const mine = await again.get('/api/get-cookie').expect(200);
    expect(JSON.stringify(mine.body)).toContain('Ana Fuera 🧘');
  });

  it('reports a failed backup in the status file and keeps the last success', async () => {
    expect((await run(['backup'])).code).toBe(0);
    const succeeded = JSON.parse(readFileSync(join(dataDir, 'status/offsite-backup.json'), 'utf8'));
    const failed = await run(['backup'], { RESTIC_PASSWORD: 'not-the-key' });
    expect(failed.code).toBe(1);
    const status = JSON.parse(readFileSync(join(dataDir, 'status/offsite-backup.json'), 'utf8'));
    expect(status.lastError).toMatch(/restic/);
    expect(status.lastFailureAt).toEqual(expect.any(String));
    expect(status.lastSuccessAt).toBe(succeeded.lastSuccessAt);
  });
});
