import { MailerService } from '@nestjs-modules/mailer';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FixedClock } from '../src/core/clock/clock';
import { TransactionService } from '../src/core/database/transaction.service';
import { NotificationsOutbox1764800000000 } from '../src/database/migrations/1764800000000-NotificationsOutbox';
import { MAIL_MAX_ATTEMPTS } from '../src/notifications/delivery-policy';
import type { NotificationEvent } from '../src/notifications/events';
import { NotificationsService } from '../src/notifications/notifications.service';
import { outboxCount, readOutboxMail } from './helpers/accounts';
import { givePlan, newClient, NEXT_MONDAY, NOW, scheduleAt } from './helpers/booking';
import { emailDeliveries, eventsFor, mailsFor } from './helpers/notifications';
import { createTestApp, TestApp } from './helpers/test-app';
import { createMariaDbDatabase, createTestDatabase, type TestDatabase } from './helpers/test-database';

const later = (ms: number) => new Date(NOW.getTime() + ms);
const MINUTE = 60_000;

/** An event for an address that belongs to no account (the old address of an email change). */
const notice = (email: string): NotificationEvent => ({
  type: 'account.email-changed',
  to: { userId: null, email, name: 'Clienta' },
  payload: { newAddress: 'nueva@example.com' },
});

/** The addresses `sendMail` was called with, sorted. */
const addressesOf = (spies: jest.SpyInstance[]) =>
  spies.flatMap((spy) => spy.mock.calls.map(([options]) => String((options as { to: unknown }).to))).sort();

/**
 * Stands for a process that dies right after the commit: the event and its deliveries are in the
 * database, the delivery that would have followed the commit never runs.
 */
const dropAfterCommitWork = (t: TestApp) =>
  jest.spyOn(t.app.get(TransactionService), 'afterCommit').mockImplementation(() => undefined);

describe('the notifications outbox: written with the change, delivered once per channel, never lost', () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    jest.restoreAllMocks();
    clock.set(NOW);
    await t.app.get(NotificationsService).settled();
  });

  const service = () => t.app.get(NotificationsService);
  const deliveriesTo = async (email: string) => (await emailDeliveries(t)).filter((d) => d.recipient === email);

  it('should keep the booking, keep its confirmation while the server is down, and send it once when it is back', async () => {
    const mailer = t.app.get(MailerService);
    const down = jest.spyOn(mailer, 'sendMail').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:25'));
    const client = await newClient(t);
    await givePlan(t, client.user.id, { classes: 2 });
    const schedule = await scheduleAt(t, 1, '19:00');
    await client.agent
      .post('/api/reservations/push-reservation')
      .send({ date: NEXT_MONDAY, classReservation: schedule.id })
      .expect(201);
    await service().settled();
    expect(down).toHaveBeenCalledTimes(1);
    const before = await outboxCount(t);
    const [item] = await deliveriesTo(client.user.email);
    expect(item).toMatchObject({ attempts: 1, sentAt: null, lastError: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(item.nextAttemptAt.getTime()).toBe(later(MINUTE).getTime());
    const [confirmation] = await mailsFor(t, client.user.email);
    expect(confirmation.attachments?.[0]).toMatchObject({ contentType: expect.stringContaining('text/calendar') });

    // Still down a minute later: the next try waits twice as long.
    clock.set(later(MINUTE));
    expect(await service().deliverDue()).toBe(0);
    expect((await deliveriesTo(client.user.email))[0]).toMatchObject({ attempts: 2, sentAt: null });
    clock.set(later(2 * MINUTE));
    expect(await service().deliverDue()).toBe(0); // not due yet (next at +3 min)

    // The server is back.
    down.mockRestore();
    clock.set(later(3 * MINUTE));
    expect(await service().deliverDue()).toBe(1);
    expect((await deliveriesTo(client.user.email))[0]).toMatchObject({ attempts: 3, lastError: null });
    expect(await outboxCount(t)).toBe(before + 1);
    const mail = await readOutboxMail(t, before + 1);
    expect(JSON.stringify(mail.to)).toContain(client.user.email);
    expect(mail.subject).toBe('Tu clase está reservada');
    // Nothing more to send, however often the job runs.
    clock.set(later(10 * MINUTE));
    expect(await service().deliverDue()).toBe(0);
    expect(await outboxCount(t)).toBe(before + 1);
  });

  it('should deliver a due mail once when two senders run at the same moment', async () => {
    const mailer = t.app.get(MailerService);
    const down = jest.spyOn(mailer, 'sendMail').mockRejectedValueOnce(new Error('421 intenta más tarde'));
    await service().emit(notice('doble@example.com'));
    await service().settled();
    down.mockRestore();
    const sends = jest.spyOn(mailer, 'sendMail');
    clock.set(later(MINUTE));
    const [a, b] = await Promise.all([service().deliverDue(), service().deliverDue()]);
    expect(a + b).toBe(1);
    expect(sends.mock.calls.filter(([options]) => options.to === 'doble@example.com')).toHaveLength(1);
  });

  it('should give a mail up after the last attempt and say so in the row', async () => {
    const mailer = t.app.get(MailerService);
    jest.spyOn(mailer, 'sendMail').mockRejectedValue(new Error('550 buzón inexistente'));
    await service().emit(notice('nadie@example.com'));
    await service().settled();
    for (let i = 1; i < MAIL_MAX_ATTEMPTS + 3; i++) {
      clock.set(later(i * 60 * MINUTE));
      await service().deliverDue();
    }
    const [item] = await deliveriesTo('nadie@example.com');
    expect(item).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, sentAt: null, lastError: '550 buzón inexistente' });
  });

  it('should write nothing and send nothing for an event emitted in a transaction that rolls back', async () => {
    const sends = jest.spyOn(t.app.get(MailerService), 'sendMail');
    const transactions = t.app.get(TransactionService);
    await expect(
      transactions.run(async () => {
        await service().emit(notice('revertido@example.com'));
        throw new Error('la reserva no procede');
      }),
    ).rejects.toThrow('la reserva no procede');
    await service().settled();
    clock.set(later(MINUTE));
    await service().deliverDue();
    expect(await eventsFor(t, 'revertido@example.com')).toEqual([]);
    expect(addressesOf([sends])).not.toContain('revertido@example.com');
  });

  it('should deliver each event once per channel: one e-mail delivery per event, by the unique index', async () => {
    const id = await service().emit(notice('unica@example.com'));
    await service().settled();
    const [delivery] = await deliveriesTo('unica@example.com');
    expect(delivery).toMatchObject({ eventId: id, channel: 'email', attempts: 1 });
    expect(delivery.sentAt).not.toBeNull();
    await expect(
      t.dataSource.query(
        "INSERT INTO notification_deliveries (event_id, channel, attempts, next_attempt_at) VALUES (?, 'email', 0, ?)",
        [id, NOW.toISOString().replace('T', ' ').replace('Z', '')],
      ),
    ).rejects.toThrow();
  });
});

describe('the notifications outbox across a crash', () => {
  it('should deliver, from a new app on the same database, an event committed just before the process stopped', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'pilates-outbox-'));
    const clock = new FixedClock(NOW);
    let t = await createTestApp({ database, dataDir, clock });
    try {
      const client = await newClient(t);
      await givePlan(t, client.user.id, { classes: 2 });
      const schedule = await scheduleAt(t, 1, '19:00');
      const stopped = dropAfterCommitWork(t);
      const sent = jest.spyOn(t.app.get(MailerService), 'sendMail');
      await client.agent
        .post('/api/reservations/push-reservation')
        .send({ date: NEXT_MONDAY, classReservation: schedule.id })
        .expect(201);
      expect(stopped).toHaveBeenCalled();
      await t.close();
      expect(sent).not.toHaveBeenCalled();
      jest.restoreAllMocks();

      t = await createTestApp({ database, dataDir, clock });
      const resent = jest.spyOn(t.app.get(MailerService), 'sendMail');
      expect(await t.app.get(NotificationsService).deliverDue()).toBe(1);
      expect(addressesOf([resent])).toEqual([client.user.email]);
      expect((await emailDeliveries(t)).filter((d) => d.recipient === client.user.email)).toMatchObject([
        { attempts: 1, lastError: null },
      ]);
      expect(await t.app.get(NotificationsService).deliverDue()).toBe(0);
    } finally {
      jest.restoreAllMocks();
      await t.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('two workers on one MariaDB database (always MariaDB: SQLite is one process)', () => {
  let database: TestDatabase;
  const apps: TestApp[] = [];
  const dirs = [1, 2].map(() => mkdtempSync(join(tmpdir(), 'pilates-outbox-')));

  beforeAll(async () => {
    database = await createMariaDbDatabase('pilates_outbox');
    for (const dataDir of dirs) apps.push(await createTestApp({ database, dataDir }));
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => jest.restoreAllMocks());

  it('should send each mail exactly once when both deliver at the same moment', async () => {
    const [first, second] = apps;
    const sends = apps.map((t) => jest.spyOn(t.app.get(MailerService), 'sendMail'));
    // Twenty events whose delivery after the commit never ran (a replica stopped)...
    dropAfterCommitWork(first);
    const pending = Array.from({ length: 20 }, (_, i) => `pendiente${i}@example.com`);
    for (const email of pending) await first.app.get(NotificationsService).emit(notice(email));
    jest.mocked(first.app.get(TransactionService).afterCommit).mockRestore();
    // ...and twenty more emitted on the first replica while both sweep.
    const fresh = Array.from({ length: 20 }, (_, i) => `nuevo${i}@example.com`);
    const [swept] = await Promise.all([
      Promise.all(apps.map((t) => t.app.get(NotificationsService).deliverDue())),
      Promise.all(fresh.map((email) => first.app.get(NotificationsService).emit(notice(email)))),
    ]);
    await Promise.all(apps.map((t) => t.app.get(NotificationsService).settled()));
    await Promise.all(apps.map((t) => t.app.get(NotificationsService).deliverDue()));
    expect(swept[0] + swept[1]).toBeGreaterThan(0);
    expect(addressesOf(sends)).toEqual([...pending, ...fresh].sort());
    const deliveries = await emailDeliveries(second);
    expect(deliveries).toHaveLength(pending.length + fresh.length);
    expect(deliveries.every((d) => d.sentAt !== null && d.attempts === 1)).toBe(true);
  });
});

describe("the outbox's migration", () => {
  it('should move the mails still unsent in mail_queue into the outbox, and deliver them as they were written', async () => {
    const t = await createTestApp({ clock: new FixedClock(NOW) });
    try {
      // Back to just before the outbox's migration: the ones after it are undone first.
      const applied = async () =>
        ((await t.dataSource.query('SELECT name FROM migrations')) as { name: string }[]).map((m) => m.name);
      while ((await applied()).includes(NotificationsOutbox1764800000000.name)) await t.dataSource.undoLastMigration();
      const queue = (values: unknown[]) =>
        t.dataSource.query(
          `INSERT INTO mail_queue (recipient, subject, html, text, attachments, attempts, next_attempt_at, last_error, sent_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          values,
        );
      // A DATETIME as TypeORM writes it (UTC), which both drivers take as a parameter.
      const now = NOW.toISOString().replace('T', ' ').replace('Z', '');
      const ics = [{ filename: 'clase-pilates.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' }];
      await queue(['enviado@example.com', 'Ya salió', '<p>a</p>', 'a', null, 1, now, null, now]);
      await queue([
        'pendiente@example.com',
        'Tu clase está reservada',
        '<p>b</p>',
        'b',
        JSON.stringify(ics),
        2,
        now,
        '421',
        null,
      ]);
      await queue(['rendido@example.com', 'Nunca', '<p>c</p>', 'c', null, MAIL_MAX_ATTEMPTS, now, '550', null]);
      await t.dataSource.runMigrations();

      expect(await t.dataSource.query('SELECT recipient FROM mail_queue')).toEqual([
        { recipient: 'enviado@example.com' },
      ]);
      expect(await mailsFor(t)).toEqual([
        expect.objectContaining({
          recipient: 'pendiente@example.com',
          subject: 'Tu clase está reservada',
          text: 'b',
          attachments: ics,
        }),
        expect.objectContaining({ recipient: 'rendido@example.com', subject: 'Nunca', text: 'c' }),
      ]);
      expect((await emailDeliveries(t)).map((d) => [d.recipient, d.attempts, d.lastError, d.sentAt])).toEqual([
        ['pendiente@example.com', 2, '421', null],
        ['rendido@example.com', MAIL_MAX_ATTEMPTS, '550', null],
      ]);

      const sends = jest.spyOn(t.app.get(MailerService), 'sendMail');
      expect(await t.app.get(NotificationsService).deliverDue()).toBe(1);
      expect(sends).toHaveBeenCalledWith(
        expect.objectContaining({ to: 'pendiente@example.com', subject: 'Tu clase está reservada', html: '<p>b</p>' }),
      );
      // New events take ids after the moved ones.
      const id = await t.app.get(NotificationsService).emit(notice('despues@example.com'));
      expect(id).toBeGreaterThan(Math.max(...(await eventsFor(t)).filter((e) => e.id !== id).map((e) => e.id)));
    } finally {
      jest.restoreAllMocks();
      await t.close();
    }
  });
});
