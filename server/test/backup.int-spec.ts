import { execFile } from 'node:child_process';
import Database from 'better-sqlite3';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FixedClock } from '../src/core/clock/clock';
import { User } from '../src/auth/entities/user.entity';
import { Plan } from '../src/planes/entities/plan.entity';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { loginAs, registerUser } from './helpers/accounts';
import { adminAgent, givePlan, NEXT_MONDAY, NOW, scheduleAt } from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';
import { createTestDatabase, TestDatabase } from './helpers/test-database';
import { instructorNamed } from './helpers/instructors';
import sharp from 'sharp';
import type { Response } from 'superagent';

const SCRIPTS = resolve(__dirname, '../../scripts');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `node scripts/<name>.mjs …` as an operator runs it, from an empty folder (so no .env is read). */
const runScript = (name: 'backup' | 'restore', args: string[], env: Record<string, string>, cwd: string) =>
  new Promise<Run>((done) => {
    execFile(
      process.execPath,
      [join(SCRIPTS, `${name}.mjs`), ...args],
      { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, timeout: 60000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

/** Everything a restore must bring back, row by row, and the counts. */
async function contents(t: TestApp) {
  const count = async (table: string) => Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);
  const byId = { order: { id: 'ASC' as const } };
  return {
    counts: {
      users: await count('users'),
      plans: await count('plans'),
      userPlans: await count('user_plans'),
      reservations: await count('reservations'),
      schedules: await count('schedules'),
      migrations: await count('migrations'),
    },
    users: await t.dataSource.getRepository(User).find(byId),
    plans: await t.dataSource.getRepository(Plan).find(byId),
    userPlans: await t.dataSource.getRepository(UserPlan).find(byId),
    reservations: await t.dataSource.getRepository(Reservation).find(byId),
  };
}

/** supertest's parser for a binary answer: the bytes as they came. */
const binary = (response: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('npm run backup / npm run restore', () => {
  const clock = new FixedClock(NOW);
  const work = mkdtempSync(join(tmpdir(), 'pilates-backup-'));
  const backupDir = join(work, 'backups');
  let source: TestApp;
  let before: Awaited<ReturnType<typeof contents>>;
  let backupFile: string;
  /** An instructor's photo uploaded before the backup: its address, and the bytes served there. */
  let photoUrl: string;
  let photoBytes: Buffer;
  const sourceEnv = () => ({
    DATA_DIR: source.config.dataDir,
    DATABASE_URL: source.config.databaseUrl ?? '',
    BACKUP_DIR: backupDir,
  });
  const driver = process.env.TEST_DATABASE_URL ? 'mysql' : 'sqlite';

  beforeAll(async () => {
    source = await createTestApp({ clock });
    // Real rows through the API: two clients (accents and an emoji must survive), plans, three bookings.
    const ana = await registerUser(source, { name: 'Ana Núñez 🧘', email: 'ana.respaldo@example.com' });
    const beto = await registerUser(source, { name: 'Beto Ortiz', email: 'beto.respaldo@example.com' });
    await givePlan(source, ana.user.id, { classes: 8, name: 'Ocho Clases' });
    await givePlan(source, beto.user.id, { classes: 4, name: 'Cuatro Clases' });
    const monday7 = await scheduleAt(source, 1, '07:00');
    const monday8 = await scheduleAt(source, 1, '08:00');
    for (const [agent, scheduleId] of [
      [ana.agent, monday7.id],
      [ana.agent, monday8.id],
      [beto.agent, monday7.id],
    ] as const) {
      await agent
        .post('/api/reservations/push-reservation')
        .send({ date: NEXT_MONDAY, classReservation: scheduleId })
        .expect(201);
    }
    before = await contents(source);
    const nora = await instructorNamed(source, 'Nora Respaldo');
    const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const uploaded = await (
      await adminAgent(source)
    )
      .post('/api/admin/instructores/photo')
      .field('instructorId', String(nora.id))
      .attach('file', picture, 'nora.jpg')
      .expect(200);
    photoUrl = uploaded.body.instructor.photoUrl;
    photoBytes = (await source.http().get(photoUrl).buffer(true).parse(binary).expect(200)).body as Buffer;
  });

  afterAll(async () => {
    await source?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('has real rows to back up', () => {
    expect(before.counts).toMatchObject({ users: 3, userPlans: 2, reservations: 3 });
    expect(before.counts.plans).toBeGreaterThan(0);
    expect(before.userPlans.map((p) => p.classesRemaining)).toEqual([6, 3]);
  });

  it('backs up the running database into BACKUP_DIR under a UTC timestamp and says where', async () => {
    const run = await runScript('backup', [], sourceEnv(), work);
    expect(run).toMatchObject({ code: 0 });
    const name = driver === 'mysql' ? new URL(source.config.databaseUrl!).pathname.slice(1) : 'pilates';
    const ext = driver === 'mysql' ? '\\.sql\\.gz' : '\\.sqlite';
    const files = readdirSync(backupDir).filter((f) => !f.endsWith('.photos'));
    expect(files).toEqual([expect.stringMatching(new RegExp(`^${name}-\\d{8}T\\d{6}Z${ext}$`))]);
    backupFile = join(backupDir, files[0]);
    expect(run.stdout).toContain(`Backup written: ${backupFile}`);
    // The photos beside it, as DATA_DIR/photos holds them.
    const photos = backupFile.replace(/\.(sqlite|sql\.gz)$/, '.photos');
    expect(run.stdout).toContain(`Photos copied: ${photos}`);
    expect(readdirSync(join(photos, 'instructors'))).toHaveLength(6);
    // A change after the backup must not come back with the restore.
    await registerUser(source, { name: 'Después', email: 'despues@example.com' });
  });

  describe('restore', () => {
    const targetDir = join(work, 'restored-data');
    let target: TestDatabase;
    let restored: TestApp | undefined;
    const targetEnv = () => ({ DATA_DIR: targetDir, DATABASE_URL: target.url ?? '', BACKUP_DIR: backupDir });

    beforeAll(async () => {
      target = await createTestDatabase();
    });
    afterAll(async () => {
      await restored?.close();
      await target.drop();
    });

    it('refuses without a file, and without --yes or RESTORE_CONFIRM=1', async () => {
      const noFile = await runScript('restore', ['--yes'], targetEnv(), work);
      expect(noFile.code).toBe(1);
      expect(noFile.stderr).toContain('name exactly one backup file');

      const unconfirmed = await runScript('restore', [backupFile], targetEnv(), work);
      expect(unconfirmed.code).toBe(1);
      expect(unconfirmed.stderr).toContain('run again with --yes');
      expect(existsSync(join(targetDir, 'pilates.sqlite'))).toBe(false);
    });

    if (driver === 'sqlite') {
      it('refuses a file that is not an SQLite database', async () => {
        const junk = join(work, 'junk.sqlite');
        writeFileSync(junk, 'not a database at all, just text that is long enough to look like a header');
        const run = await runScript('restore', [junk, '--yes'], targetEnv(), work);
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('is not a valid SQLite database');
      });

      it('refuses to replace a database the server has open', async () => {
        const run = await runScript('restore', [backupFile, '--yes'], sourceEnv(), work);
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('stop the server');
      });
    }

    it('restores into a fresh database that the app then serves with the same rows', async () => {
      const run = await runScript('restore', [backupFile], { ...targetEnv(), RESTORE_CONFIRM: '1' }, work);
      expect(run.stderr).toBe('');
      expect(run).toMatchObject({ code: 0 });
      expect(run.stdout).toContain('Restored.');

      restored = await createTestApp({ clock, database: target, dataDir: targetDir });
      const after = await contents(restored);
      expect(after).toEqual(before);
      expect(after.users.map((u) => u.name)).toContain('Ana Núñez 🧘');
      expect(after.users.map((u) => u.email)).not.toContain('despues@example.com');

      // The instructor's photo came back with the database that names it, served as before.
      const served = await restored.http().get(photoUrl).buffer(true).parse(binary).expect(200);
      expect(Buffer.compare(served.body as Buffer, photoBytes)).toBe(0);
      const listed = await restored.http().get('/api/instructores').expect(200);
      expect(listed.body.map((i: { photoUrl: string | null }) => i.photoUrl)).toContain(photoUrl);

      // The password hashes and bookings work in the restored app.
      await loginAs(restored, 'ana.respaldo@example.com', 'clave-segura-1');
      const admin = await adminAgent(restored);
      const day = await admin.post('/api/reservations/get-information').send({ date: NEXT_MONDAY }).expect(200);
      const reserved = day.body.data.map((c: { time: string; reservedCount: number }) => [c.time, c.reservedCount]);
      expect(reserved).toEqual(
        expect.arrayContaining([
          ['7:00 AM', 2],
          ['8:00 AM', 1],
        ]),
      );
    });

    it('saves the database it replaces next to the backups', async () => {
      await restored!.close();
      restored = undefined;
      const run = await runScript('restore', [backupFile, '--yes'], targetEnv(), work);
      expect(run).toMatchObject({ code: 0 });
      const saved = readdirSync(backupDir).find((f) => f.includes('-before-restore-') && !f.endsWith('.photos'));
      expect(saved).toBeDefined();
      expect(run.stdout).toContain(`Current database saved to ${join(backupDir, saved!)}`);
      // With the photos it had.
      const savedPhotos = join(backupDir, saved!.replace(/\.(sqlite|sql\.gz)$/, '.photos'), 'instructors');
      expect(readdirSync(savedPhotos)).toHaveLength(6);
    });
  });

  it('keeps the newest BACKUP_KEEP backups of its kind, names the removed ones, and touches nothing else', async () => {
    // The rotation is the same code for both drivers; a small SQLite file exercises it.
    const dataDir = join(work, 'rotation-data');
    const dir = join(work, 'rotation-backups');
    mkdirSync(dataDir);
    mkdirSync(dir);
    const db = new Database(join(dataDir, 'pilates.sqlite'));
    db.exec('CREATE TABLE t (x INTEGER)');
    db.close();
    const old = ['pilates-20200101T000000Z.sqlite', 'pilates-20200102T000000Z.sqlite'];
    const others = ['notes.txt', 'pilates-before-restore-20200101T000000Z.sqlite', 'pilates-20200101T000000Z.sql.gz'];
    for (const f of [...old, ...others]) writeFileSync(join(dir, f), '');
    // The removed backup's photos go with it.
    mkdirSync(join(dir, 'pilates-20200101T000000Z.photos'));

    const run = await runScript('backup', [], { DATA_DIR: dataDir, BACKUP_DIR: dir, BACKUP_KEEP: '2' }, work);
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toContain(`removed 1 older:\n  ${join(dir, old[0])}`);
    const left = readdirSync(dir);
    expect(left).not.toContain(old[0]);
    expect(left).not.toContain('pilates-20200101T000000Z.photos');
    expect(left).toEqual(expect.arrayContaining([old[1], ...others]));
    expect(left.filter((f) => /^pilates-\d{8}T\d{6}Z\.sqlite$/.test(f))).toHaveLength(2);
  });

  it('hands the MySQL password to the tools in MYSQL_PWD, never on their command line or in the output', async () => {
    const bin = join(work, 'fake-bin');
    const log = join(work, 'fake-calls');
    mkdirSync(bin);
    // Stand-ins for Oracle's mysqldump and mysql: log "argv<TAB>MYSQL_PWD" per call, answer like the real ones.
    const fake = (body: string) => `#!/bin/sh\nprintf '%s\\t%s\\n' "$*" "$MYSQL_PWD" >> '${log}'\n${body}\n`;
    writeFileSync(
      join(bin, 'mysqldump'),
      fake(
        'case "$1" in --version) echo "mysqldump  Ver 8.4.3 for Linux on x86_64"; exit 0;; esac\n' +
          "printf '%s\\n' '-- MySQL dump 10.13' 'CREATE TABLE t (id int);' '-- Dump completed on 2026-01-01'",
      ),
    );
    writeFileSync(join(bin, 'mysql'), fake('exec /bin/cat > /dev/null'));
    chmodSync(join(bin, 'mysqldump'), 0o755);
    chmodSync(join(bin, 'mysql'), 0o755);
    const password = 'p@ss w0rd';
    const env = {
      PATH: bin,
      DATA_DIR: join(work, 'fake-data'),
      DATABASE_URL: 'mysql://studio:p%40ss%20w0rd@db.internal:3307/pilates',
    };

    const backup = await runScript('backup', [], env, work);
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.stdout).toContain('MySQL studio@db.internal:3307/pilates');
    const dumps = readdirSync(join(work, 'fake-data', 'backups')).filter((f) => f.endsWith('.sql.gz'));
    const dump = join(work, 'fake-data', 'backups', dumps[0]);
    const restore = await runScript('restore', [dump, '--yes'], env, work);
    expect(restore).toMatchObject({ code: 0 });

    const calls = readFileSync(log, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    const connecting = calls.filter(([argv]) => argv !== '--version');
    // the dump, the restore's table listing, the load
    expect(connecting).toHaveLength(3);
    for (const [argv, pwd] of connecting) {
      expect(argv).toContain('--host=db.internal --port=3307 --user=studio --protocol=TCP');
      expect(argv).not.toContain('p@ss');
      expect(pwd).toBe(password);
    }
    expect(connecting[0][0]).toContain('--single-transaction --routines --triggers --no-tablespaces');
    expect(connecting[0][0]).toMatch(/--set-gtid-purged=OFF pilates$/);
    for (const run of [backup, restore]) {
      expect(run.stdout + run.stderr).not.toMatch(/p@ss|p%40ss/);
    }
  });
});
