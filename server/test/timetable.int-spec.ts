import { addDays } from '@pilates/dates';
import { simpleParser } from 'mailparser';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FixedClock } from '../src/core/clock/clock';
import { MailerService } from '@nestjs-modules/mailer';
import { NotificationsService } from '../src/notifications/notifications.service';
import { RemindersService } from '../src/reservations/reminders.service';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { outboxCount, readOutboxMail } from './helpers/accounts';
import {
  activeReservations,
  adminAgent,
  givePlan,
  newClient,
  NEXT_MONDAY,
  NOW,
  remainingOf,
  scheduleAt,
  sessionOf,
  TODAY,
} from './helpers/booking';
import { instructorNamed } from './helpers/instructors';
import { createTestApp, TestApp } from './helpers/test-app';

const TUESDAY = addDays(TODAY, 1);

describe('timetable, studio cancellations, mails and calendar feeds', () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { APP_URL: 'https://estudio.example' } });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    clock.set(NOW);
    await t.app.get(NotificationsService).settled();
  });

  const book = (agent: ReturnType<TestApp['agent']>, date: string, scheduleId: number) =>
    agent.post('/api/reservations/push-reservation').send({ date, classReservation: scheduleId }).expect(201);

  /** Mails to one address, parsed, in the order they were written. */
  const mailsTo = async (email: string) => {
    const all = [];
    for (let i = 1; i <= (await outboxCount(t)); i++) all.push(await readOutboxMail(t, i));
    return all.filter((m) => JSON.stringify(m.to).includes(email));
  };

  describe('admin timetable endpoints', () => {
    it('should list the seeded timetable: Monday–Friday six classes, Saturday three, capacity 8', async () => {
      const admin = await adminAgent(t);
      const res = await admin.get('/api/reservations/horario').expect(200);
      expect(res.body.horario).toHaveLength(33);
      expect(res.body.horario[0]).toEqual({
        id: expect.any(Number),
        weekday: 1,
        dayName: 'Lunes',
        startTime: '07:00',
        time: '7:00 AM',
        capacity: 8,
        durationMinutes: 50,
        classType: { id: 1, name: 'Pilates Reformer', level: 'basico', levelName: 'Básico', colour: '#1d4ed8' },
        instructorId: null,
        instructor: null,
        active: true,
      });
    });

    it('should refuse every timetable endpoint to clients (403) and guests (401)', async () => {
      const { agent } = await newClient(t);
      const calls: [string, string, object][] = [
        ['get', '/api/reservations/horario', {}],
        ['post', '/api/reservations/horario/add', { weekday: 7, startTime: '10:00', capacity: 6 }],
        ['post', '/api/reservations/horario/change', { id: 1, capacity: 6 }],
        ['post', '/api/reservations/horario/deactivate', { id: 1 }],
        ['post', '/api/reservations/horario/activate', { id: 1 }],
        ['post', '/api/reservations/cancel-class', { date: TUESDAY, scheduleId: 1 }],
      ];
      for (const [method, url, body] of calls) {
        const asClient = method === 'get' ? agent.get(url) : agent.post(url).send(body);
        expect((await asClient).status).toBe(403);
        const asGuest = method === 'get' ? t.agent().get(url) : t.agent().post(url).send(body);
        expect((await asGuest).status).toBe(401);
      }
      expect(await t.dataSource.getRepository(Schedule).countBy({ weekday: 7 })).toBe(0);
    });

    it('should add a class, refuse a second one at the same time, and show it on its weekday', async () => {
      const admin = await adminAgent(t);
      const mariana = await instructorNamed(t, 'Mariana');
      const res = await admin
        .post('/api/reservations/horario/add')
        .send({ weekday: 7, startTime: '10:30', capacity: 6, instructorId: mariana.id })
        .expect(201);
      expect(res.body).toMatchObject({
        success: true,
        schedule: {
          dayName: 'Domingo',
          time: '10:30 AM',
          capacity: 6,
          instructorId: mariana.id,
          instructor: 'Mariana',
        },
      });
      const again = await admin
        .post('/api/reservations/horario/add')
        .send({ weekday: 7, startTime: '10:30', capacity: 4 })
        .expect(409);
      expect(again.body.code).toBe('SCHEDULE_TIME_TAKEN');
      const sunday = await t.agent().post('/api/reservations/get-information').send({ date: '2026-11-29' }).expect(200);
      expect(sunday.body.data).toEqual([
        expect.objectContaining({ time: '10:30 AM', capacity: 6, instructorId: mariana.id, instructor: 'Mariana' }),
      ]);
      const bad = await admin
        .post('/api/reservations/horario/add')
        .send({ weekday: 8, startTime: '7:00', capacity: 0 })
        .expect(400);
      expect(Object.keys(bad.body.error).sort()).toEqual(['capacity', 'startTime', 'weekday']);
    });

    it('should never lower a capacity below the places taken in a coming class', async () => {
      const schedule = await scheduleAt(t, 2, '18:00');
      for (let i = 0; i < 3; i++) {
        const client = await newClient(t);
        await givePlan(t, client.user.id, { classes: 2 });
        await book(client.agent, TUESDAY, schedule.id);
      }
      const admin = await adminAgent(t);
      const refused = await admin
        .post('/api/reservations/horario/change')
        .send({ id: schedule.id, capacity: 2 })
        .expect(409);
      expect(refused.body.code).toBe('CAPACITY_BELOW_RESERVED');
      expect((await sessionOf(t, schedule.id, TUESDAY))!.capacity).toBe(8);

      const luis = await instructorNamed(t, 'Luis');
      await admin
        .post('/api/reservations/horario/change')
        .send({ id: schedule.id, capacity: 3, instructorId: luis.id })
        .expect(200);
      expect(await sessionOf(t, schedule.id, TUESDAY)).toMatchObject({
        capacity: 3,
        instructorId: luis.id,
        instructor: 'Luis',
      });
      const slot = (await t.agent().post('/api/reservations/get-information').send({ date: TUESDAY })).body.data.find(
        (s: { scheduleId: number }) => s.scheduleId === schedule.id,
      );
      expect(slot).toMatchObject({ capacity: 3, reservedCount: 3, instructorId: luis.id, instructor: 'Luis' });
    });

    it('should move a class to a free time only', async () => {
      const admin = await adminAgent(t);
      const schedule = await scheduleAt(t, 3, '20:00');
      const taken = await admin
        .post('/api/reservations/horario/change')
        .send({ id: schedule.id, startTime: '19:00' })
        .expect(409);
      expect(taken.body.code).toBe('SCHEDULE_TIME_TAKEN');
      await admin.post('/api/reservations/horario/change').send({ id: schedule.id, startTime: '20:30' }).expect(200);
      const wednesday = await t
        .agent()
        .post('/api/reservations/get-information')
        .send({ date: addDays(TODAY, 2) });
      expect(wednesday.body.data.map((s: { time: string }) => s.time)).toContain('8:30 PM');
    });

    it('should deactivate a class: it leaves the calendar and its booked coming classes are cancelled and returned', async () => {
      const schedule = await scheduleAt(t, 5, '19:00');
      const friday = addDays(TODAY, 4);
      const client = await newClient(t, 'Paula');
      const planId = await givePlan(t, client.user.id, { classes: 2 });
      await book(client.agent, friday, schedule.id);
      const admin = await adminAgent(t);
      const res = await admin.post('/api/reservations/horario/deactivate').send({ id: schedule.id }).expect(200);
      expect(res.body.schedule.active).toBe(false);
      expect(await remainingOf(t, planId)).toBe(2);
      expect(await activeReservations(t, { userId: client.user.id })).toBe(0);
      const day = await t
        .agent()
        .post('/api/reservations/get-information')
        .send({ date: addDays(friday, 7) });
      expect(day.body.data.map((s: { time: string }) => s.time)).not.toContain('7:00 PM');
      await t.app.get(NotificationsService).settled();
      expect((await mailsTo(client.user.email)).map((m) => m.subject)).toContain('El estudio canceló tu clase');

      await admin.post('/api/reservations/horario/activate').send({ id: schedule.id }).expect(200);
      const back = await t
        .agent()
        .post('/api/reservations/get-information')
        .send({ date: addDays(friday, 7) });
      expect(back.body.data.map((s: { time: string }) => s.time)).toContain('7:00 PM');
    });
  });

  describe('cancelling one class on one date', () => {
    it('should cancel every reservation, return the classes, email each client and stop new bookings', async () => {
      const schedule = await scheduleAt(t, 1, '18:00');
      const clients = [await newClient(t, 'Uno'), await newClient(t, 'Dos')];
      const plans = [];
      for (const client of clients) {
        plans.push(await givePlan(t, client.user.id, { classes: 3 }));
        await book(client.agent, NEXT_MONDAY, schedule.id);
      }
      const admin = await adminAgent(t);
      const res = await admin
        .post('/api/reservations/cancel-class')
        .send({ date: NEXT_MONDAY, scheduleId: schedule.id })
        .expect(200);
      expect(res.body).toMatchObject({ success: true, cancelledReservations: 2 });
      expect(await Promise.all(plans.map((id) => remainingOf(t, id)))).toEqual([3, 3]);
      expect(await sessionOf(t, schedule.id, NEXT_MONDAY)).toMatchObject({ status: 'cancelled', reservedCount: 0 });

      const late = await newClient(t);
      await givePlan(t, late.user.id, { classes: 1 });
      const refused = await late.agent
        .post('/api/reservations/push-reservation')
        .send({ date: NEXT_MONDAY, classReservation: schedule.id })
        .expect(409);
      expect(refused.body.code).toBe('CLASS_CANCELLED');
      const slot = (
        await t.agent().post('/api/reservations/get-information').send({ date: NEXT_MONDAY })
      ).body.data.find((s: { scheduleId: number }) => s.scheduleId === schedule.id);
      expect(slot.isCancelled).toBe(true);

      await t.app.get(NotificationsService).settled();
      for (const client of clients) {
        const mail = (await mailsTo(client.user.email)).find((m) => m.subject === 'El estudio canceló tu clase');
        expect(mail?.text).toContain('lunes 30 de noviembre de 2026 a las 6:00 PM');
      }
      const again = await admin
        .post('/api/reservations/cancel-class')
        .send({ date: NEXT_MONDAY, scheduleId: schedule.id })
        .expect(200);
      expect(again.body.cancelledReservations).toBe(0);
    });
  });

  describe('booking mails', () => {
    it('should send a confirmation with an .ics event in the studio time zone', async () => {
      const client = await newClient(t, 'Ivana');
      await givePlan(t, client.user.id, { classes: 2 });
      const schedule = await scheduleAt(t, 2, '07:00');
      await book(client.agent, TUESDAY, schedule.id);
      await t.app.get(NotificationsService).settled();
      const mail = (await mailsTo(client.user.email)).find((m) => m.subject === 'Tu clase está reservada');
      expect(mail?.text).toContain('martes 24 de noviembre de 2026 a las 7:00 AM');
      const raw = await rawMailTo(client.user.email, 'Tu clase está reservada');
      expect(raw).toContain('BEGIN:VCALENDAR');
      expect(raw).toContain('TZID:America/Mexico_City');
      expect(raw).toMatch(/DTSTART;TZID=America\/Mexico_City:20261124T070000/);
      expect(raw).toMatch(/DTEND;TZID=America\/Mexico_City:20261124T075000/);
    });

    it('should keep the booking when the mail server fails', async () => {
      const send = jest.spyOn(t.app.get(MailerService), 'sendMail').mockRejectedValue(new Error('SMTP caído'));
      try {
        const client = await newClient(t);
        const planId = await givePlan(t, client.user.id, { classes: 2 });
        const schedule = await scheduleAt(t, 2, '08:00');
        await book(client.agent, TUESDAY, schedule.id);
        await t.app.get(NotificationsService).settled();
        expect(send).toHaveBeenCalled();
        expect(await remainingOf(t, planId)).toBe(1);
        expect(await activeReservations(t, { userId: client.user.id })).toBe(1);
      } finally {
        send.mockRestore();
      }
    });
  });

  describe('reminders', () => {
    it('should remind each client once, the day before, even when two replicas run the job at once', async () => {
      const schedule = await scheduleAt(t, 4, '08:00');
      const thursday = addDays(TODAY, 3);
      const client = await newClient(t, 'Rita');
      await givePlan(t, client.user.id, { classes: 2 });
      await book(client.agent, thursday, schedule.id);
      await t.app.get(NotificationsService).settled();
      const reminders = t.app.get(RemindersService);

      clock.set(new Date('2026-11-25T14:00:00Z')); // Wednesday 8:00: too early in the day
      expect(await reminders.sendDueReminders()).toBe(0);
      clock.set(new Date('2026-11-25T16:00:00Z')); // Wednesday 10:00
      const before = (await mailsTo(client.user.email)).length;
      const [a, b] = await Promise.all([reminders.sendDueReminders(), reminders.sendDueReminders()]);
      expect(a + b).toBeGreaterThanOrEqual(1);
      expect(await reminders.sendDueReminders()).toBe(0);
      await t.app.get(NotificationsService).settled();
      const reminderMails = (await mailsTo(client.user.email))
        .slice(before)
        .filter((m) => m.subject === 'Tu clase de mañana');
      expect(reminderMails).toHaveLength(1);
      expect(reminderMails[0].text).toContain('jueves 26 de noviembre de 2026 a las 8:00 AM');
    });

    it('should keep a reminder whose mail failed in the outbox, and deliver it on a later run', async () => {
      const schedule = await scheduleAt(t, 4, '09:00');
      const client = await newClient(t);
      await givePlan(t, client.user.id, { classes: 1 });
      await book(client.agent, addDays(TODAY, 3), schedule.id);
      const notifications = t.app.get(NotificationsService);
      await notifications.settled();
      clock.set(new Date('2026-11-25T16:00:00Z'));
      const reminders = t.app.get(RemindersService);
      const send = jest.spyOn(t.app.get(MailerService), 'sendMail').mockRejectedValue(new Error('SMTP caído'));
      try {
        expect(await reminders.sendDueReminders()).toBe(1);
        await notifications.settled();
        expect(send).toHaveBeenCalledTimes(1);
      } finally {
        send.mockRestore();
      }
      // The claim stands (no second reminder is emitted); the outbox retries the mail a minute later.
      expect(await reminders.sendDueReminders()).toBe(0);
      clock.set(new Date('2026-11-25T16:01:00Z'));
      expect(await notifications.deliverDue()).toBeGreaterThanOrEqual(1);
      const sent = (await mailsTo(client.user.email)).filter((m) => m.subject === 'Tu clase de mañana');
      expect(sent).toHaveLength(1);
    });
  });

  describe('reminders and the cancellation deadline', () => {
    it('should remind an evening class the evening before, while it can still be cancelled, saying until when', async () => {
      const schedule = await scheduleAt(t, 4, '19:00');
      const thursday = addDays(TODAY, 3);
      const client = await newClient(t, 'Vera');
      await givePlan(t, client.user.id, { classes: 2 });
      await book(client.agent, thursday, schedule.id);
      const reminders = t.app.get(RemindersService);

      // Thursday 19:00 can be cancelled until Thursday 7:00; its reminder is due twelve hours before that.
      clock.set(new Date('2026-11-25T16:00:00Z')); // Wednesday 10:00: too soon
      expect(await reminders.sendDueReminders()).toBe(0);
      clock.set(new Date('2026-11-26T01:10:00Z')); // Wednesday 19:10
      expect(await reminders.sendDueReminders()).toBeGreaterThanOrEqual(1);
      await t.app.get(NotificationsService).settled();
      const [mail] = (await mailsTo(client.user.email)).filter((m) => m.subject === 'Tu clase de mañana');
      expect(mail.text).toContain('jueves 26 de noviembre de 2026 a las 7:00 PM');
      expect(mail.text).toContain(
        'cancela desde «Mis clases» (https://estudio.example/pilates/clases) hasta el jueves 26 de noviembre de 2026 a las 7:00 AM',
      );
      expect(mail.text).toContain('Ver mis clases: https://estudio.example/pilates/clases');
      expect(mail.html).toContain('<html lang="es">');
      expect(mail.html).toContain('src="https://estudio.example/mail-logo.png"');
      expect(mail.html).toContain('alt="Estudio Pilates Reformer"');
      expect(mail.html).toContain('href="https://estudio.example/pilates/clases"');
      // The studio's address and WhatsApp, in both parts.
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('Av. Leona Vicario 1020, local 4');
        expect(part).toContain('https://wa.me/527221234567');
      }
    });

    it('should say a class booked inside the window can no longer be cancelled, in the confirmation and the reminder', async () => {
      const schedule = await scheduleAt(t, 4, '20:00');
      const thursday = addDays(TODAY, 3);
      const client = await newClient(t, 'Tardía');
      await givePlan(t, client.user.id, { classes: 2 });
      clock.set(new Date('2026-11-26T16:00:00Z')); // Thursday 10:00, past its 8:00 deadline
      const booked = await book(client.agent, thursday, schedule.id);
      expect(booked.body).toMatchObject({ cancellable: false, cancelUntil: '2026-11-26T14:00:00.000Z' });
      await t.app.get(NotificationsService).settled();
      const confirmation = (await mailsTo(client.user.email)).find((m) => m.subject === 'Tu clase está reservada')!;
      expect(confirmation.text).toContain('Reservaste dentro del límite de cancelación');
      expect(confirmation.text).not.toContain('Puedes cancelar sin costo');

      clock.set(new Date('2026-11-26T16:10:00Z'));
      expect(await t.app.get(RemindersService).sendDueReminders()).toBeGreaterThanOrEqual(1);
      await t.app.get(NotificationsService).settled();
      const [reminder] = (await mailsTo(client.user.email)).filter((m) => m.subject === 'Tu clase de hoy');
      expect(reminder.text).toContain('El límite para cancelar ya pasó');
      expect(reminder.text).not.toContain('cancela desde');
    });
  });

  describe('personal calendar feed', () => {
    it("should serve a secret iCalendar URL with the client's classes, and stop the old URL on reset", async () => {
      const client = await newClient(t);
      await givePlan(t, client.user.id, { classes: 2 });
      const schedule = await scheduleAt(t, 2, '09:00');
      await book(client.agent, TUESDAY, schedule.id);

      const first = await client.agent.post('/api/informacion/calendar-feed').expect(200);
      expect(first.body.url).toMatch(/^https:\/\/estudio\.example\/api\/calendar\/[\w-]{43}\.ics$/);
      const same = await client.agent.post('/api/informacion/calendar-feed').expect(200);
      expect(same.body.url).toBe(first.body.url);

      const path = new URL(first.body.url).pathname;
      const feed = await t.http().get(path).expect(200);
      expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
      expect(feed.text).toContain('BEGIN:VEVENT');
      expect(feed.text).toMatch(/DTSTART;TZID=America\/Mexico_City:20261124T090000/);
      expect(feed.text).toContain('SUMMARY:Pilates Reformer');

      const reset = await client.agent.post('/api/informacion/calendar-feed/reset').expect(200);
      expect(reset.body.url).not.toBe(first.body.url);
      await t.http().get(path).expect(404);
      await t.http().get(new URL(reset.body.url).pathname).expect(200);
      await t.http().get('/api/calendar/no-es-un-token.ics').expect(404);
      await t.agent().post('/api/informacion/calendar-feed').expect(401);
    });
  });

  /** The attachments' text of the first mail to `email` with `subject`. */
  async function rawMailTo(email: string, subject: string): Promise<string> {
    const dir = join(t.config.dataDir, 'outbox');
    for (const file of (await readdir(dir)).sort()) {
      const parsed = await simpleParser(await readFile(join(dir, file)));
      if (parsed.subject === subject && JSON.stringify(parsed.to).includes(email)) {
        return parsed.attachments.map((a) => a.content.toString('utf8')).join('\n');
      }
    }
    throw new Error(`no mail "${subject}" to ${email}`);
  }
});
