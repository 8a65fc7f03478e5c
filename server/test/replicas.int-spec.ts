import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { MailerService } from '@nestjs-modules/mailer';
import { createConnection } from 'mysql2/promise';
import { User } from '../src/auth/entities/user.entity';
import { FixedClock } from '../src/core/clock/clock';
import { migrationLockFor } from '../src/core/database/migrate';
import { JobRunner } from '../src/core/jobs/job-runner';
import { JobName } from '../src/jobs';
import { NotificationDelivery } from '../src/notifications/entities/notification-delivery.entity';
import { NotificationEventRow } from '../src/notifications/entities/notification-event.entity';
import { NotificationsService } from '../src/notifications/notifications.service';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { ClassSession } from '../src/reservations/entities/class-session.entity';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { WaitlistEntry } from '../src/reservations/entities/waitlist-entry.entity';
import { migrateCommand } from '../src/core/database/migrate-command';
import { migrations } from '../src/database/migrations';
import { schema } from '../src/database/schema';
import { createTestApp, TestApp } from './helpers/test-app';
import { createMariaDbDatabase, createTestDatabase, MARIADB, TestDatabase } from './helpers/test-database';
import { NOW, TODAY } from './helpers/booking';

/** A new, empty MariaDB schema (always MariaDB, also in the SQLite run: the lock is MySQL's). */
const emptyMariaDb = (): Promise<TestDatabase> => createMariaDbDatabase('pilates_replicas');

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

    it("should not wait for another database's migrations on the same server", async () => {
      const database = await emptyMariaDb();
      const holder = await createConnection({ uri: database.url! });
      let app: TestApp | undefined;
      try {
        // Another studio's (or test run's) database migrating on the same MariaDB server.
        const [[held]] = (await holder.query('SELECT GET_LOCK(?, 5) AS got', [
          migrationLockFor('otro_estudio'),
        ])) as unknown as [{ got: number }[]];
        expect(Number(held.got)).toBe(1);
        app = await createTestApp({ database });
        expect(await executed(app)).toEqual(migrations.map((m) => m.name));
      } finally {
        await holder.end();
        await app?.close();
        await database.drop();
      }
    });

    it('should wait for the migration lock while another process holds it', async () => {
      const database = await emptyMariaDb();
      const holder = await createConnection({ uri: database.url! });
      let app: TestApp | undefined;
      try {
        const [[{ name }]] = (await holder.query('SELECT DATABASE() AS name')) as unknown as [{ name: string }[]];
        const lock = migrationLockFor(name);
        const [[held]] = (await holder.query('SELECT GET_LOCK(?, 5) AS got', [lock])) as unknown as [{ got: number }[]];
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
        await holder.query('SELECT RELEASE_LOCK(?)', [lock]);
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

  describe('two replicas on one MariaDB database running each job at the same tick', () => {
    let database: TestDatabase;
    const dirs = [1, 2].map(() => mkdtempSync(join(tmpdir(), 'pilates-replica-')));
    const clocks = [new FixedClock(NOW), new FixedClock(NOW)];
    const apps: TestApp[] = [];
    let sent: jest.SpyInstance[];

    beforeAll(async () => {
      database = await emptyMariaDb();
      for (const [i, dataDir] of dirs.entries()) {
        apps.push(
          await createTestApp({ database, dataDir, clock: clocks[i], env: { INSTANCE_NAME: `replica-${i + 1}` } }),
        );
      }
    });
    afterAll(async () => {
      for (const t of apps) await t.close();
      await database?.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });
    beforeEach(() => {
      sent = apps.map((t) => jest.spyOn(t.app.get(MailerService), 'sendMail'));
    });
    afterEach(() => jest.restoreAllMocks());

    const setNow = (at: Date) => clocks.forEach((clock) => clock.set(at));
    /** Runs the job on both replicas at once; how many items each handled. */
    const bothRun = (name: JobName) => Promise.all(apps.map((t) => t.app.get(JobRunner).run(name)));
    /** The deliveries each replica started after its commits (they run in the background). */
    const settled = () => Promise.all(apps.map((t) => t.app.get(NotificationsService).settled()));
    const data = () => apps[0].dataSource.manager;
    /** The mails both replicas handed to the mail server, by recipient. */
    const mailedTo = () =>
      sent.flatMap((spy) => spy.mock.calls.map(([options]) => String((options as { to: unknown }).to))).sort();
    const newUsers = async (prefix: string, count: number) => {
      const users: User[] = [];
      for (let i = 0; i < count; i++) {
        users.push(
          await data().save(
            data().create(User, {
              name: `${prefix} ${i}`,
              email: `${prefix}${i}@example.com`,
              passwordHash: 'x',
              birthDate: '1990-01-01',
              role: 'user',
              active: true,
            }),
          ),
        );
      }
      return users;
    };
    const classAt = async (date: string, time: string, values: Partial<ClassSession> = {}) => {
      const schedule = await data().findOneByOrFail(Schedule, { weekday: 1, startTime: time });
      return data().save(
        data().create(ClassSession, {
          scheduleId: schedule.id,
          date,
          startTime: time,
          capacity: 8,
          reservedCount: 0,
          status: 'scheduled',
          ...values,
        }),
      );
    };

    it('should close each waitlist entry past its cutoff once, with one mail each', async () => {
      setNow(NOW); // 06:00 in the studio: the 7:00 class is within the 2-hour cutoff.
      const users = await newUsers('espera', 4);
      const klass = await classAt(TODAY, '07:00', { reservedCount: 8, waitingCount: users.length });
      for (const user of users) {
        await data().insert(WaitlistEntry, {
          classSessionId: klass.id,
          userId: user.id,
          status: 'waiting',
          waitingMarker: 1,
          createdAt: NOW,
        });
      }
      const [a, b] = await bothRun(JobName.WaitlistCutoff);
      expect(a! + b!).toBe(users.length);
      await settled();
      expect(await data().countBy(WaitlistEntry, { classSessionId: klass.id, status: 'closed' })).toBe(users.length);
      expect((await data().findOneByOrFail(ClassSession, { id: klass.id })).waitingCount).toBe(0);
      expect(mailedTo()).toEqual(users.map((u) => u.email).sort());
      expect(await bothRun(JobName.WaitlistCutoff)).toEqual([0, 0]);
    });

    it("should send each of tomorrow's reminders once", async () => {
      setNow(new Date('2026-11-23T16:00:00.000Z')); // 10:00 in the studio: tomorrow's reminders are due.
      const users = await newUsers('recordatorio', 3);
      const klass = await classAt('2026-11-24', '08:00');
      for (const user of users) {
        await data().insert(Reservation, {
          classSessionId: klass.id,
          userId: user.id,
          userPlanId: null,
          paidAtStudio: true,
          status: 'active',
          activeMarker: 1,
        });
      }
      const [a, b] = await bothRun(JobName.ClassReminders);
      expect(a! + b!).toBe(users.length);
      await settled();
      expect(mailedTo()).toEqual(users.map((u) => u.email).sort());
      expect(await bothRun(JobName.ClassReminders)).toEqual([0, 0]);
    });

    it('should send each plan its "ends soon" mail once', async () => {
      setNow(NOW);
      const users = await newUsers('fin-de-plan', 3);
      for (const user of users) {
        await data().insert(UserPlan, {
          userId: user.id,
          planId: null,
          planName: 'Ocho Clases',
          classesTotal: 8,
          classesRemaining: 2,
          startDate: '2026-11-01',
          endDate: '2026-11-27',
          isPaid: true,
          source: 'admin',
        });
      }
      const [a, b] = await bothRun(JobName.PlanEndingReminders);
      expect(a! + b!).toBe(users.length);
      await settled();
      expect(mailedTo()).toEqual(users.map((u) => u.email).sort());
      expect(await bothRun(JobName.PlanEndingReminders)).toEqual([0, 0]);
    });

    it('should deliver each due notification once', async () => {
      setNow(NOW);
      const recipients = ['cola0@example.com', 'cola1@example.com', 'cola2@example.com', 'cola3@example.com'];
      for (const recipient of recipients) {
        // Each one failed a minute ago and is due again.
        const event = await data().insert(NotificationEventRow, {
          type: 'account.email-changed',
          recipientUserId: null,
          recipientEmail: recipient,
          recipientName: 'Clienta',
          payload: { newAddress: 'nueva@example.com' },
        });
        await data().insert(NotificationDelivery, {
          eventId: Number(event.identifiers[0].id),
          channel: 'email',
          attempts: 1,
          nextAttemptAt: new Date(NOW.getTime() - 60_000),
          claimedUntil: null,
          lastError: '421 intenta más tarde',
          sentAt: null,
        });
      }
      const [a, b] = await bothRun(JobName.NotificationsDelivery);
      expect(a! + b!).toBe(recipients.length);
      expect(mailedTo()).toEqual(recipients);
      expect(await bothRun(JobName.NotificationsDelivery)).toEqual([0, 0]);
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
