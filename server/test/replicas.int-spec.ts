import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createConnection } from 'mysql2/promise';
import { MIGRATION_LOCK } from '../src/core/database/migrate';
import { migrateCommand } from '../src/core/database/migrate-command';
import { migrations } from '../src/database/migrations';
import { schema } from '../src/database/schema';
import { createTestApp, TestApp } from './helpers/test-app';
import { createTestDatabase, TestDatabase } from './helpers/test-database';

const MARIADB = process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/test';

/** A new, empty MariaDB schema (always MariaDB, also in the SQLite run: the lock is MySQL's). */
async function emptyMariaDb(): Promise<TestDatabase> {
  const name = `pilates_replicas_${randomBytes(4).toString('hex')}`;
  const admin = await createConnection({ uri: MARIADB });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(MARIADB);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    driver: 'mysql',
    drop: async () => {
      const connection = await createConnection({ uri: MARIADB });
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.end();
    },
  };
}

const executed = async (t: TestApp): Promise<string[]> =>
  ((await t.dataSource.query('SELECT name FROM migrations ORDER BY id')) as { name: string }[]).map((r) => r.name);

/** Counts how often each migration's `up` runs, across every app of this process. */
function countMigrationRuns(): { runs: () => Record<string, number>; restore: () => void } {
  const spies = migrations.map((migration) => [migration.name, jest.spyOn(migration.prototype, 'up')] as const);
  return {
    runs: () => Object.fromEntries(spies.map(([name, spy]) => [name, spy.mock.calls.length])),
    restore: () => spies.forEach(([, spy]) => spy.mockRestore()),
  };
}

describe('replicas', () => {
  describe('two replicas started at the same moment on an empty MariaDB database', () => {
    it('should run each migration exactly once, and both should come up', async () => {
      const database = await emptyMariaDb();
      const counter = countMigrationRuns();
      const dirs = [1, 2].map(() => mkdtempSync(join(tmpdir(), 'pilates-replica-')));
      const apps: TestApp[] = [];
      try {
        const started = await Promise.allSettled(
          dirs.map((dataDir, i) =>
            createTestApp({ database, dataDir, env: { INSTANCE_NAME: `replica-${i + 1}` } }).then((t) => {
              apps.push(t);
              return t;
            }),
          ),
        );
        expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
        expect(counter.runs()).toEqual(Object.fromEntries(migrations.map((m) => [m.name, 1])));
        expect(await executed(apps[0])).toEqual(migrations.map((m) => m.name));
        for (const t of apps) {
          const health = await t.http().get('/api/health').expect(200);
          expect(health.body).toMatchObject({ success: true, database: 'up', driver: 'mysql' });
        }
        // Seeded once too (SeedService's own lock): one catalogue, one admin.
        const [{ n }] = (await apps[0].dataSource.query('SELECT COUNT(*) AS n FROM plans')) as { n: string }[];
        expect(Number(n)).toBe(6);
      } finally {
        counter.restore();
        for (const t of apps) await t.close();
        await database.drop();
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
    });

    it('should wait for the migration lock while another process holds it', async () => {
      const database = await emptyMariaDb();
      const holder = await createConnection({ uri: database.url! });
      let app: TestApp | undefined;
      try {
        const [[held]] = (await holder.query('SELECT GET_LOCK(?, 5) AS got', [MIGRATION_LOCK])) as unknown as [
          { got: number }[],
        ];
        expect(Number(held.got)).toBe(1);
        let startedAt = 0;
        const starting = createTestApp({ database }).then((t) => {
          startedAt = Date.now();
          app = t;
          return t;
        });
        await new Promise((done) => setTimeout(done, 1500));
        // Still waiting: nothing migrated while the lock is held elsewhere.
        expect(app).toBeUndefined();
        const [tables] = (await holder.query(
          "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'users'",
        )) as unknown as [{ n: number }[]];
        expect(Number(tables[0].n)).toBe(0);
        const releasedAt = Date.now();
        await holder.query('SELECT RELEASE_LOCK(?)', [MIGRATION_LOCK]);
        const t = await starting;
        expect(startedAt).toBeGreaterThanOrEqual(releasedAt);
        expect(await executed(t)).toEqual(migrations.map((m) => m.name));
      } finally {
        await holder.end();
        await app?.close();
        await database.drop();
      }
    });
  });

  describe('the migrate command (node dist/main.js migrate)', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const messages = () => lines.map((l) => (JSON.parse(l) as { msg: string }).msg);

    it('should migrate the configured database, exit 0, and leave nothing for the app to run', async () => {
      const database = await createTestDatabase();
      const dataDir = mkdtempSync(join(tmpdir(), 'pilates-migrate-'));
      const env = {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      };
      const counter = countMigrationRuns();
      let t: TestApp | undefined;
      try {
        expect(await migrateCommand(env, schema, { destination })).toBe(0);
        expect(messages().at(-1)).toBe(
          `Migraciones aplicadas (${migrations.length}): ${migrations.map((m) => m.name).join(', ')}`,
        );
        expect(await migrateCommand(env, schema, { destination })).toBe(0);
        expect(messages().at(-1)).toBe('La base de datos ya estaba al día: ninguna migración pendiente');

        t = await createTestApp({ database, dataDir });
        expect(counter.runs()).toEqual(Object.fromEntries(migrations.map((m) => [m.name, 1])));
        expect(await executed(t)).toEqual(migrations.map((m) => m.name));
      } finally {
        counter.restore();
        await t?.close();
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('should exit 1 with a log line when the database cannot be reached', async () => {
      const url = new URL(MARIADB);
      url.port = '1';
      url.pathname = '/nada';
      const env = {
        NODE_ENV: 'test',
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
        DATABASE_URL: url.toString(),
      };
      expect(await migrateCommand(env, schema, { destination }, 10)).toBe(1);
      const last = JSON.parse(lines.at(-1)!) as { level: string; msg: string };
      expect(last).toMatchObject({ level: 'error', msg: 'Las migraciones fallaron' });
    });
  });

  it('should name the replica in the X-Instance header of every answer', async () => {
    const t = await createTestApp({ env: { INSTANCE_NAME: 'app-7' } });
    try {
      expect((await t.http().get('/api/health').expect(200)).headers['x-instance']).toBe('app-7');
      expect((await t.http().get('/api/no-existe').expect(404)).headers['x-instance']).toBe('app-7');
      const refused = await t.http().post('/api/auth/login').send({}).expect(403);
      expect(refused.headers['x-instance']).toBe('app-7');
    } finally {
      await t.close();
    }
  });
});
