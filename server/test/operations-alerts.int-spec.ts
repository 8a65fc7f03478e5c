import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FixedClock } from '../src/core/clock/clock';
import { JobRunner } from '../src/core/jobs/job-runner';
import { JobName } from '../src/jobs';
import { NotificationDelivery } from '../src/notifications/entities';
import { NotificationEventRow } from '../src/notifications/entities/notification-event.entity';
import type { OperationsAlert } from '../src/notifications/events/operations-alert';
import { createTestApp, TestApp } from './helpers/test-app';

const HOUR = 3600_000;
const START = new Date('2026-12-03T15:00:00Z');

/** The alert mails written to the outbox since the last call: [recipient, problem, state]. */
function alertMails(t: TestApp, seen: Set<number>) {
  return async () => {
    const rows = await t.dataSource.getRepository(NotificationEventRow).find({ order: { id: 'ASC' } });
    const fresh = rows.filter((row) => row.type === 'operations.alert' && !seen.has(row.id));
    for (const row of fresh) seen.add(row.id);
    return fresh.map((row) => {
      const payload = row.payload as OperationsAlert;
      return [row.recipientEmail, payload.problem, payload.state];
    });
  };
}

describe('the owner’s alerts (operations-alerts job), driven by the clock', () => {
  const clock = new FixedClock(START);
  let t: TestApp;
  let newMails: () => Promise<string[][]>;
  let status: string;
  const run = () => t.app.get(JobRunner).run(JobName.OperationsAlerts);
  const backupAt = (date: Date) =>
    writeFileSync(join(status, 'offsite-backup.json'), JSON.stringify({ lastSuccessAt: date.toISOString() }));

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { HOST_EMAIL: 'host@servidor.example', ALERT_DISK_PERCENT: '100' } });
    newMails = alertMails(t, new Set());
    status = join(t.config.dataDir, 'status');
    mkdirSync(status, { recursive: true });
  });
  afterAll(() => t.close());

  it('mails nothing while everything is fine (no off-site backup configured counts as fine)', async () => {
    expect(await run()).toBe(0);
    backupAt(new Date(START.getTime() - 2 * HOUR));
    expect(await run()).toBe(0);
    expect(await newMails()).toEqual([]);
  });

  it('mails the owner and the host once when the newest off-site backup is older than 26 hours, again the next day, and once when solved', async () => {
    clock.set(new Date(START.getTime() + 24 * HOUR + 1000)); // the backup is now 26 h and a second old
    expect(await run()).toBe(1);
    expect(await newMails()).toEqual([
      ['admin@test.local', 'offsite-backup', 'open'],
      ['host@servidor.example', 'offsite-backup', 'open'],
    ]);
    // Same studio day: nothing more, however often the job runs.
    clock.set(new Date(clock.now().getTime() + 5 * HOUR));
    await run();
    await run();
    expect(await newMails()).toEqual([]);
    // The next studio day, still failing: one reminder.
    clock.set(new Date(clock.now().getTime() + 24 * HOUR));
    await run();
    expect(await newMails()).toEqual([
      ['admin@test.local', 'offsite-backup', 'reminder'],
      ['host@servidor.example', 'offsite-backup', 'reminder'],
    ]);
    // A fresh backup: one "solved" mail, then silence.
    backupAt(clock.now());
    await run();
    expect(await newMails()).toEqual([
      ['admin@test.local', 'offsite-backup', 'solved'],
      ['host@servidor.example', 'offsite-backup', 'solved'],
    ]);
    await run();
    expect(await newMails()).toEqual([]);
  });

  it('mails each restore drill’s result once, and a failed drill as a problem', async () => {
    const at = clock.now();
    writeFileSync(
      join(status, 'restore-drill.json'),
      JSON.stringify({ at: at.toISOString(), ok: false, detail: 'users: the copy has 0 rows' }),
    );
    await run();
    const mails = await newMails();
    expect(mails).toContainEqual(['admin@test.local', 'restore-drill', 'open']);
    expect(mails).toContainEqual(['admin@test.local', 'drill-result', 'report']);
    const events = await t.dataSource.getRepository(NotificationEventRow).find({ order: { id: 'DESC' }, take: 4 });
    const report = events.find((e) => (e.payload as OperationsAlert).problem === 'drill-result')!;
    expect((report.payload as OperationsAlert).lines[0]).toMatch(
      /^Último simulacro de restauración: falló, 5 de diciembre a las 14:00\.$/,
    );
    writeFileSync(
      join(status, 'restore-drill.json'),
      JSON.stringify({ at: new Date(at.getTime() + 60_000).toISOString(), ok: true, detail: 'todo bien' }),
    );
    await run();
    expect(await newMails()).toEqual([
      ['admin@test.local', 'restore-drill', 'solved'],
      ['host@servidor.example', 'restore-drill', 'solved'],
      ['admin@test.local', 'drill-result', 'report'],
      ['host@servidor.example', 'drill-result', 'report'],
    ]);
  });

  it('mails when e-mails have been failing for an hour, not before', async () => {
    const event = await t.dataSource.getRepository(NotificationEventRow).save({
      type: 'account.welcome',
      recipientUserId: null,
      recipientEmail: 'ana@test.local',
      recipientName: 'Ana',
      payload: {},
    } as unknown as NotificationEventRow);
    // Failing since the studio clock's now (written, not the database's clock: the suites also run
    // with the machine's clock moved, which the database's does not follow).
    const failingSince = clock.now();
    await t.dataSource.getRepository(NotificationDelivery).insert({
      eventId: event.id,
      channel: 'email',
      attempts: 3,
      nextAttemptAt: failingSince,
      lastError: 'SMTP caído',
      createdAt: failingSince,
    });
    clock.set(new Date(failingSince.getTime() + 30 * 60_000));
    backupAt(clock.now());
    await run();
    expect((await newMails()).filter(([, problem]) => problem === 'mails')).toEqual([]);
    clock.set(new Date(failingSince.getTime() + 61 * 60_000));
    backupAt(clock.now());
    await run();
    expect((await newMails()).filter(([, problem]) => problem === 'mails')).toEqual([
      ['admin@test.local', 'mails', 'open'],
      ['host@servidor.example', 'mails', 'open'],
    ]);
  });
});

describe('the owner’s alerts about the certificate and the disk', () => {
  const work = mkdtempSync(join(tmpdir(), 'pilates-alerts-tls-'));
  let server: Server;
  let t: TestApp;

  beforeAll(async () => {
    // The site's address answers with a certificate that expires in 5 days.
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '5', '-subj', '/CN=127.0.0.1'].concat([
        '-keyout',
        join(work, 'key.pem'),
        '-out',
        join(work, 'cert.pem'),
      ]),
      { stdio: 'ignore' },
    );
    server = createServer(
      { key: readFileSync(join(work, 'key.pem')), cert: readFileSync(join(work, 'cert.pem')) },
      (s) => s.end(),
    );
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as { port: number }).port;
    // Any used disk is over 1 %.
    t = await createTestApp({ env: { APP_URL: `https://127.0.0.1:${port}`, ALERT_DISK_PERCENT: '1' } });
  });
  afterAll(async () => {
    await t.close();
    server.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('mails the owner when the certificate expires in under 14 days and when the disk is fuller than the limit', async () => {
    expect(await t.app.get(JobRunner).run(JobName.OperationsAlerts)).toBe(2);
    const mails = await alertMails(t, new Set())();
    expect(mails).toEqual([
      ['admin@test.local', 'certificate', 'open'],
      ['admin@test.local', 'disk', 'open'],
    ]);
  });
});
