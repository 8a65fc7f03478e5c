import { addDays } from '@pilates/dates';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FixedClock } from '../src/core/clock/clock';
import { NotificationsService } from '../src/notifications/notifications.service';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { adminAgent, clientWithPlan, NOW, remainingOf, sessionOf, TODAY, type PlanClient } from './helpers/booking';
import { instructorNamed } from './helpers/instructors';
import { createTestApp, TestApp } from './helpers/test-app';

// NOW: Monday 2026-11-23 06:00 in the studio (America/Mexico_City, UTC-6), whatever the machine's zone.
const TUESDAY = addDays(TODAY, 1);
const WEDNESDAY = addDays(TODAY, 2);
const THURSDAY = addDays(TODAY, 3);

describe('substitutes for a class date or a range', () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());
  afterEach(() => clock.set(NOW));

  const settled = () => t.app.get(NotificationsService).settled();

  /** The mails to `email` with `subject`, parsed. */
  async function mailsTo(email: string, subject: string) {
    const dir = join(t.config.dataDir, 'outbox');
    const found = [];
    for (const file of (await readdir(dir)).sort()) {
      const mail = await simpleParser(await readFile(join(dir, file)));
      if (mail.subject === subject && JSON.stringify(mail.to).includes(email)) found.push(mail);
    }
    return found;
  }

  const sequenceOf = (text: string) => {
    const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
    return {
      uid: String(event.getFirstPropertyValue('uid')),
      sequence: Number(event.getFirstPropertyValue('sequence')),
    };
  };

  let slotTime = 0;
  /** A new timetable class on a weekday, taught by `instructor` (a fresh time each, so none collide). */
  async function scheduleOf(weekday: number, instructor: { id: number; name: string }, at?: string): Promise<Schedule> {
    slotTime++;
    return t.dataSource.getRepository(Schedule).save({
      weekday,
      // 06:05, 06:10, …: after NOW (06:00) on its day, before 08:00.
      startTime: at ?? `06:${String(slotTime * 5).padStart(2, '0')}`,
      capacity: 6,
      durationMinutes: 50,
      instructorId: instructor.id,
      instructor: instructor.name,
      active: true,
    });
  }

  async function book(client: PlanClient, scheduleId: number, date: string) {
    await client.agent
      .post('/api/reservations/push-reservation')
      .send({ date, classReservation: scheduleId })
      .expect(201);
  }

  it('should set a substitute on one date, mail the booked clients with the updated event and show it in the day view', async () => {
    const luis = await instructorNamed(t, 'Luis Titular');
    const ana = await instructorNamed(t, 'Ana Suplente');
    const schedule = await scheduleOf(2, luis);
    const client = await clientWithPlan(t, 'Suplida', { classes: 4 });
    await book(client, schedule.id, TUESDAY);
    const admin = await adminAgent(t);

    const { body } = await admin
      .post('/api/reservations/set-substitute')
      .send({ scheduleId: schedule.id, date: TUESDAY, instructorId: ana.id })
      .expect(200);
    expect(body).toMatchObject({ success: true, classes: 1, told: 1 });
    await settled();

    const [mail] = await mailsTo(client.email, 'Cambio de instructor');
    expect(mail.text).toContain(
      `Cambio de instructor: el martes 24 de noviembre de 2026 a las ${schedule.startTime.slice(1)} AM la clase la dará Ana Suplente`,
    );
    // 24 hours after the notice: Tuesday 06:00 in the studio.
    expect(mail.text).toContain('sin perder la clase hasta el martes 24 de noviembre de 2026 a las 6:00 AM');
    const reservation = await t.dataSource
      .getRepository(Reservation)
      .findOneByOrFail({ userId: client.id, status: 'active' });
    const ics = mail.attachments.find((a) => a.contentType === 'text/calendar')!;
    const event = sequenceOf(ics.content.toString('utf8'));
    expect(event.uid).toMatch(new RegExp(`^reserva-${reservation.id}@`));
    expect(event.sequence).toBe(1);
    expect(reservation.cancelGraceUntil?.toISOString()).toBe('2026-11-24T12:00:00.000Z');

    const { body: feedLink } = await client.agent.post('/api/informacion/calendar-feed').expect(200);
    const feed = (await t.http().get(new URL(feedLink.url).pathname).expect(200)).text;
    expect(sequenceOf(feed)).toEqual(event);

    const { body: day } = await client.agent
      .post('/api/reservations/get-information')
      .send({ date: TUESDAY })
      .expect(200);
    const slot = (day.data as { scheduleId: number }[]).find((s) => s.scheduleId === schedule.id);
    expect(slot).toMatchObject({ instructorId: ana.id, instructor: 'Ana Suplente', substitute: true });

    // A timetable change of instructor leaves the date with its substitute.
    const rosa = await instructorNamed(t, 'Rosa Nueva');
    await admin.post('/api/reservations/horario/change').send({ id: schedule.id, instructorId: rosa.id }).expect(200);
    expect(await sessionOf(t, schedule.id, TUESDAY)).toMatchObject({ instructorId: ana.id, substitute: true });

    // null: back to the timetable's instructor, told again, one revision up.
    await admin
      .post('/api/reservations/set-substitute')
      .send({ scheduleId: schedule.id, date: TUESDAY, instructorId: null })
      .expect(200);
    await settled();
    expect(await sessionOf(t, schedule.id, TUESDAY)).toMatchObject({ instructorId: rosa.id, substitute: false });
    const mails = await mailsTo(client.email, 'Cambio de instructor');
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('la clase la dará Rosa Nueva');
    expect(sequenceOf(mails[1].attachments[0].content.toString('utf8')).sequence).toBe(2);

    const { body: audit } = await admin.post('/api/admin/get-audit').send({ action: 'class.substitute' }).expect(200);
    expect(JSON.stringify(audit)).toContain('Ana Suplente');
  });

  it('should create the class row of a date nobody booked yet', async () => {
    const luis = await instructorNamed(t, 'Luis Vacío');
    const ana = await instructorNamed(t, 'Ana Vacío');
    const schedule = await scheduleOf(4, luis);
    const admin = await adminAgent(t);
    const { body } = await admin
      .post('/api/reservations/set-substitute')
      .send({ scheduleId: schedule.id, date: THURSDAY, instructorId: ana.id })
      .expect(200);
    expect(body).toMatchObject({ classes: 1, told: 0 });
    expect(await sessionOf(t, schedule.id, THURSDAY)).toMatchObject({ instructorId: ana.id, substitute: true });
  });

  it("should set a substitute on every class of an instructor's vacations, leaving others and started classes", async () => {
    const luis = await instructorNamed(t, 'Luis Vacaciones');
    const ana = await instructorNamed(t, 'Ana Cubre');
    const mon = await scheduleOf(1, luis, '05:45');
    const wed = await scheduleOf(3, luis);
    const other = await scheduleOf(3, ana);
    const client = await clientWithPlan(t, 'Vacacional', { classes: 4 });
    await book(client, wed.id, WEDNESDAY);
    const admin = await adminAgent(t);
    // Monday's class of today started at 05:45 (before 06:00): left as it is.
    const { body } = await admin
      .post('/api/reservations/set-substitutes')
      .send({ from: TODAY, to: addDays(TODAY, 9), instructorId: luis.id, substituteId: ana.id })
      .expect(200);
    // Wednesday 25, Monday 30 (Monday 23 started), Wednesday 2.
    expect(body).toMatchObject({ classes: 3, told: 1 });
    expect(await sessionOf(t, mon.id, TODAY)).toBeNull();
    expect(await sessionOf(t, mon.id, addDays(TODAY, 7))).toMatchObject({ instructorId: ana.id, substitute: true });
    expect(await sessionOf(t, wed.id, WEDNESDAY)).toMatchObject({ instructorId: ana.id, substitute: true });
    expect(await sessionOf(t, other.id, WEDNESDAY)).toBeNull();
    await settled();
    expect(await mailsTo(client.email, 'Cambio de instructor')).toHaveLength(1);

    // The same again changes nothing; removing puts Luis back.
    const again = await admin
      .post('/api/reservations/set-substitutes')
      .send({ from: TODAY, to: addDays(TODAY, 9), instructorId: luis.id, substituteId: ana.id })
      .expect(200);
    expect(again.body).toMatchObject({ classes: 0, told: 0, message: 'Ninguna clase cambió.' });
    const back = await admin
      .post('/api/reservations/set-substitutes')
      .send({ from: TODAY, to: addDays(TODAY, 9), scheduleId: wed.id, substituteId: null })
      .expect(200);
    expect(back.body).toMatchObject({ classes: 2, told: 1 });
    expect(await sessionOf(t, wed.id, WEDNESDAY)).toMatchObject({ instructorId: luis.id, substitute: false });
    expect(await sessionOf(t, mon.id, addDays(TODAY, 7))).toMatchObject({ instructorId: ana.id, substitute: true });
  });

  describe('the 24-hour free cancellation (studio time, whatever the machine zone)', () => {
    it('should let the client cancel and keep the class until 24 hours after the notice, not a second later', async () => {
      const luis = await instructorNamed(t, 'Luis Borde');
      const ana = await instructorNamed(t, 'Ana Borde');
      // Wednesday 06:xx studio time (12:xx UTC); the usual 12-hour window closes Wednesday 00:xx UTC.
      const schedule = await scheduleOf(3, luis);
      const before = await clientWithPlan(t, 'Justo', { classes: 2 });
      const after = await clientWithPlan(t, 'Tarde', { classes: 2 });
      await book(before, schedule.id, WEDNESDAY);
      await book(after, schedule.id, WEDNESDAY);
      // The notice on Tuesday 10:00 UTC: free until Wednesday 10:00 UTC, after the window, before the class.
      clock.set(new Date('2026-11-24T10:00:00.000Z'));
      const admin = await adminAgent(t);
      await admin
        .post('/api/reservations/set-substitute')
        .send({ scheduleId: schedule.id, date: WEDNESDAY, instructorId: ana.id })
        .expect(200);

      const reservationOf = (userId: number) =>
        t.dataSource.getRepository(Reservation).findOneByOrFail({ userId, status: 'active' });
      const first = await reservationOf(before.id);
      const second = await reservationOf(after.id);

      clock.set(new Date('2026-11-25T09:59:59.000Z'));
      const { body: mine } = await before.agent.post('/api/informacion/get-clases').send({}).expect(200);
      expect(JSON.stringify(mine)).toContain('2026-11-25T10:00:00.000Z');
      await before.agent.post('/api/reservations/cancel-reservation').send({ id: first.id }).expect(200);
      expect(await remainingOf(t, before.planId)).toBe(2);

      clock.set(new Date('2026-11-25T10:00:01.000Z'));
      const late = await after.agent.post('/api/reservations/cancel-reservation').send({ id: second.id });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('CANCEL_WINDOW_CLOSED');
      expect(await remainingOf(t, after.planId)).toBe(1);
    });

    it('should reopen the free cancellation of a class whose usual window already closed', async () => {
      const luis = await instructorNamed(t, 'Luis Cerrado');
      const ana = await instructorNamed(t, 'Ana Cerrado');
      const schedule = await scheduleOf(2, luis);
      const client = await clientWithPlan(t, 'Cerrada', { classes: 2 });
      await book(client, schedule.id, TUESDAY);
      // Tuesday 04:00 UTC (Monday 22:00 in the studio): the 12-hour window of Tuesday's 06:xx class closed.
      clock.set(new Date('2026-11-24T04:00:00.000Z'));
      const reservation = await t.dataSource
        .getRepository(Reservation)
        .findOneByOrFail({ userId: client.id, status: 'active' });
      const closed = await client.agent.post('/api/reservations/cancel-reservation').send({ id: reservation.id });
      expect(closed.status).toBe(409);
      const admin = await adminAgent(t);
      await admin
        .post('/api/reservations/set-substitute')
        .send({ scheduleId: schedule.id, date: TUESDAY, instructorId: ana.id })
        .expect(200);
      clock.set(new Date('2026-11-24T05:00:00.000Z'));
      await client.agent.post('/api/reservations/cancel-reservation').send({ id: reservation.id }).expect(200);
      expect(await remainingOf(t, client.planId)).toBe(2);
    });
  });

  it('should refuse started, cancelled and unknown classes and unavailable instructors, in Spanish', async () => {
    const luis = await instructorNamed(t, 'Luis Rechazo');
    const gone = await instructorNamed(t, 'Ida Inactiva', { active: false });
    const ana = await instructorNamed(t, 'Ana Rechazo');
    const today = await scheduleOf(1, luis, '05:50');
    const tuesday = await scheduleOf(2, luis);
    const admin = await adminAgent(t);
    const send = (body: object) => admin.post('/api/reservations/set-substitute').send(body);

    const started = await send({ scheduleId: today.id, date: TODAY, instructorId: ana.id });
    expect([started.status, started.body.code]).toEqual([409, 'CLASS_STARTED']);
    const inactive = await send({ scheduleId: tuesday.id, date: TUESDAY, instructorId: gone.id });
    expect([inactive.status, inactive.body.code]).toEqual([400, 'INSTRUCTOR_NOT_AVAILABLE']);
    const unknown = await send({ scheduleId: tuesday.id, date: TUESDAY, instructorId: 999_999 });
    expect(unknown.status).toBe(400);
    const wrongDay = await send({ scheduleId: tuesday.id, date: WEDNESDAY, instructorId: ana.id });
    expect([wrongDay.status, wrongDay.body.code]).toEqual([404, 'CLASS_NOT_FOUND']);
    const noSchedule = await send({ scheduleId: 999_999, date: TUESDAY, instructorId: ana.id });
    expect(noSchedule.status).toBe(404);
    await admin.post('/api/reservations/cancel-class').send({ scheduleId: tuesday.id, date: TUESDAY }).expect(200);
    const cancelled = await send({ scheduleId: tuesday.id, date: TUESDAY, instructorId: ana.id });
    expect([cancelled.status, cancelled.body.code]).toEqual([409, 'CLASS_CANCELLED']);
    expect(started.body.error).toBe('Esta clase ya comenzó');
    expect(inactive.body.error).toBe(
      'Ese instructor no existe o no está activo. Elige uno de la lista de instructores.',
    );

    const unscoped = await admin
      .post('/api/reservations/set-substitutes')
      .send({ from: TUESDAY, to: THURSDAY, substituteId: ana.id });
    expect([unscoped.status, unscoped.body.code]).toEqual([400, 'SUBSTITUTE_RANGE_UNSCOPED']);
    const backwards = await admin
      .post('/api/reservations/set-substitutes')
      .send({ from: THURSDAY, to: TUESDAY, instructorId: luis.id, substituteId: ana.id });
    expect(backwards.status).toBe(400);
  });
});
