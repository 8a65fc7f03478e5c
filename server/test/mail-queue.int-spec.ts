import { MailerService } from '@nestjs-modules/mailer';
import { FixedClock } from '../src/core/clock/clock';
import { MailQueueItem } from '../src/core/mail/mail-queue.entity';
import { MAIL_MAX_ATTEMPTS, MailService } from '../src/core/mail/mail.service';
import { BookingNotifier } from '../src/reservations/booking-notifier.service';
import { outboxCount, readOutboxMail } from './helpers/accounts';
import { givePlan, newClient, NEXT_MONDAY, NOW, scheduleAt } from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';

const later = (ms: number) => new Date(NOW.getTime() + ms);
const MINUTE = 60_000;

describe('the mail queue: a mail server that refuses never loses a mail nor undoes a booking', () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    jest.restoreAllMocks();
    clock.set(NOW);
    await t.app.get(BookingNotifier).settle();
  });

  const queued = () => t.dataSource.getRepository(MailQueueItem).find({ order: { id: 'ASC' } });

  it('should keep the booking, queue its confirmation while the server is down, and send it once when it is back', async () => {
    const mailer = t.app.get(MailerService);
    const down = jest.spyOn(mailer, 'sendMail').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:25'));
    const client = await newClient(t);
    await givePlan(t, client.user.id, { classes: 2 });
    const schedule = await scheduleAt(t, 1, '19:00');
    await client.agent
      .post('/api/reservations/push-reservation')
      .send({ date: NEXT_MONDAY, classReservation: schedule.id })
      .expect(201);
    await t.app.get(BookingNotifier).settle();
    expect(down).toHaveBeenCalledTimes(1);
    const before = await outboxCount(t);
    const [item] = (await queued()).filter((m) => m.recipient === client.user.email);
    expect(item).toMatchObject({ attempts: 1, sentAt: null, lastError: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(item.nextAttemptAt.getTime()).toBe(later(MINUTE).getTime());
    expect(item.attachments?.[0]).toMatchObject({ contentType: expect.stringContaining('text/calendar') });

    // Still down a minute later: the next try waits twice as long.
    const service = t.app.get(MailService);
    clock.set(later(MINUTE));
    expect(await service.retryDue()).toBe(0);
    expect((await queued()).find((m) => m.id === item.id)).toMatchObject({ attempts: 2, sentAt: null });
    clock.set(later(2 * MINUTE));
    expect(await service.retryDue()).toBe(0); // not due yet (next at +3 min)

    // The server is back.
    down.mockRestore();
    clock.set(later(3 * MINUTE));
    expect(await service.retryDue()).toBe(1);
    expect((await queued()).find((m) => m.id === item.id)).toMatchObject({ attempts: 3, lastError: null });
    expect(await outboxCount(t)).toBe(before + 1);
    const mail = await readOutboxMail(t, before + 1);
    expect(JSON.stringify(mail.to)).toContain(client.user.email);
    // Nothing more to send, however often the job runs.
    clock.set(later(10 * MINUTE));
    expect(await service.retryDue()).toBe(0);
    expect(await outboxCount(t)).toBe(before + 1);
  });

  it('should deliver a due mail once when two senders run at the same moment', async () => {
    const mailer = t.app.get(MailerService);
    const down = jest.spyOn(mailer, 'sendMail').mockRejectedValueOnce(new Error('421 intenta más tarde'));
    const service = t.app.get(MailService);
    await service.send({ to: 'doble@example.com', subject: 'Prueba', html: '<p>Hola</p>', text: 'Hola' });
    down.mockRestore();
    const sends = jest.spyOn(mailer, 'sendMail');
    clock.set(later(MINUTE));
    const [a, b] = await Promise.all([service.retryDue(), service.retryDue()]);
    expect(a + b).toBe(1);
    expect(sends.mock.calls.filter(([options]) => options.to === 'doble@example.com')).toHaveLength(1);
  });

  it('should give a mail up after the last attempt and say so in the row', async () => {
    const mailer = t.app.get(MailerService);
    jest.spyOn(mailer, 'sendMail').mockRejectedValue(new Error('550 buzón inexistente'));
    const service = t.app.get(MailService);
    await service.send({ to: 'nadie@example.com', subject: 'Nunca', html: '<p>x</p>', text: 'x' });
    for (let i = 1; i < MAIL_MAX_ATTEMPTS + 3; i++) {
      clock.set(later(i * 60 * MINUTE));
      await service.retryDue();
    }
    const item = (await queued()).find((m) => m.recipient === 'nadie@example.com')!;
    expect(item).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, sentAt: null, lastError: '550 buzón inexistente' });
  });
});
