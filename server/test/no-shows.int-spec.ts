import { isoWeekday } from '@pilates/dates';
import { FixedClock } from '../src/core/clock/clock';
import { JobRunner } from '../src/core/jobs/job-runner';
import { JobName } from '../src/jobs';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { adminAgent, givePlan, newClient, NOW, sessionOf, TODAY } from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;
interface Client {
  agent: Agent;
  id: number;
}

/** A studio wall time on a date (Mexico City, UTC-6 in November), whatever the machine's zone. */
const at = (studioTime: string, date = TODAY) => new Date(`${date}T${studioTime}:00-06:00`);

let t: TestApp;
let admin: Agent;
const clock = new FixedClock(NOW);

const client = async (): Promise<Client> => {
  const { agent, user } = await newClient(t, 'Falta');
  await givePlan(t, user.id, { classes: 10 });
  return { agent, id: user.id };
};
const pushReservation = (agent: Agent, scheduleId: number, date: string, userId?: number) =>
  agent
    .post('/api/reservations/push-reservation')
    .send({ date, classReservation: scheduleId, ...(userId ? { userId } : {}) });
const book = async (c: Client, scheduleId: number, date: string): Promise<number> =>
  (await pushReservation(c.agent, scheduleId, date).expect(201)).body.reservationId as number;
/** A new timetable class of `date`'s weekday at `time` (50 minutes), `booked` clients in it, booked at 6:00 AM that day. */
const classAt = async (time: string, date: string, booked: number, capacity = 8) => {
  const schedule = await t.dataSource
    .getRepository(Schedule)
    .save({ weekday: isoWeekday(date), startTime: time, capacity, instructor: null, active: true });
  clock.set(at('06:00', date));
  const clients: Client[] = [];
  const ids: number[] = [];
  for (let i = 0; i < booked; i++) {
    const c = await client();
    ids.push(await book(c, schedule.id, date));
    clients.push(c);
  }
  return { scheduleId: schedule.id, clients, ids };
};
const mark = (id: number, attended: boolean) =>
  admin.post('/api/reservations/mark-attendance').send({ id, attended }).expect(200);
const runJob = () => t.app.get(JobRunner).run(JobName.NoShows);
const attendedOf = async (ids: number[]) =>
  (await t.dataSource.getRepository(Reservation).findBy(ids.map((id) => ({ id }))))
    .sort((a, b) => a.id - b.id)
    .map((r) => r.attended);
const userCounts = async (userId: number) => {
  const [row] = await t.dataSource.query('SELECT attended_count AS a, no_show_count AS n FROM users WHERE id = ?', [
    userId,
  ]);
  return { attended: Number(row.a), noShow: Number(row.n) };
};
const classCountsOf = async (scheduleId: number, date: string) => {
  const session = (await sessionOf(t, scheduleId, date))!;
  const [row] = await t.dataSource.query(
    'SELECT attended_count AS a, no_show_count AS n FROM class_sessions WHERE id = ?',
    [session.id],
  );
  return { attended: Number(row.a), noShow: Number(row.n) };
};
const changeSettings = (body: object) => admin.post('/api/admin/settings/change').send(body).expect(200);

describe('no-shows and the strike rule', () => {
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { CANCEL_HOURS: '12' } });
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());
  afterEach(() => clock.set(NOW));

  describe('the no-show job', () => {
    it('should mark the unmarked clients of an ended class whose attendance was taken, once, counters exact', async () => {
      // Monday 9:05–9:55.
      const { scheduleId, clients, ids } = await classAt('09:05', TODAY, 3);
      clock.set(at('09:10'));
      await mark(ids[0], true);

      clock.set(at('09:54'));
      await runJob();
      expect(await attendedOf(ids)).toEqual([true, null, null]);

      clock.set(at('09:56'));
      // Two replicas at the same tick: each reservation marked once.
      await Promise.all([runJob(), runJob()]);
      expect(await attendedOf(ids)).toEqual([true, false, false]);
      expect(await runJob()).toBe(0);
      const row = await t.dataSource.getRepository(Reservation).findOneByOrFail({ id: ids[1] });
      expect(row.attendanceMarkedBy).toBeNull();
      expect(row.attendanceMarkedAt?.toISOString()).toBe(at('09:56').toISOString());
      expect(await classCountsOf(scheduleId, TODAY)).toEqual({ attended: 1, noShow: 2 });
      expect(await userCounts(clients[0].id)).toEqual({ attended: 1, noShow: 0 });
      expect(await userCounts(clients[1].id)).toEqual({ attended: 0, noShow: 1 });
      expect(await userCounts(clients[2].id)).toEqual({ attended: 0, noShow: 1 });

      // An admin's correction moves the counters as any mark does.
      await mark(ids[1], true);
      expect(await classCountsOf(scheduleId, TODAY)).toEqual({ attended: 2, noShow: 1 });
      expect(await userCounts(clients[1].id)).toEqual({ attended: 1, noShow: 0 });
    });

    it('should mark a class where nobody took attendance on the first run after the studio day ends, not before', async () => {
      // Tuesday 24, 10:05.
      const date = '2026-11-24';
      const { scheduleId, clients, ids } = await classAt('10:05', date, 2);
      clock.set(at('23:59', date));
      await runJob();
      expect(await attendedOf(ids)).toEqual([null, null]);

      clock.set(at('00:01', '2026-11-25'));
      await runJob();
      expect(await attendedOf(ids)).toEqual([false, false]);
      expect(await classCountsOf(scheduleId, date)).toEqual({ attended: 0, noShow: 2 });
      expect(await userCounts(clients[0].id)).toEqual({ attended: 0, noShow: 1 });
    });

    it('should not reach back past yesterday (a day without runs, or the setting turned on later)', async () => {
      const date = '2026-11-26';
      const { ids } = await classAt('10:05', date, 1);
      clock.set(at('00:30', '2026-11-28'));
      await runJob();
      expect(await attendedOf(ids)).toEqual([null]);
    });

    it('should mark nothing when "Marcar inasistencias automáticamente" is off', async () => {
      const date = '2026-11-27';
      const { ids } = await classAt('10:05', date, 2);
      clock.set(at('10:10', date));
      await mark(ids[0], true);
      await changeSettings({ autoNoShows: false });
      try {
        clock.set(at('00:30', '2026-11-28'));
        expect(await runJob()).toBe(0);
        expect(await attendedOf(ids)).toEqual([true, null]);
      } finally {
        await changeSettings({ autoNoShows: true });
      }
    });
  });

  describe('the strike rule', () => {
    // Two strikes in 30 days pause online booking for 7 days.
    const rule = { enabled: true, count: 2, days: 30, blockDays: 7 };
    const BLOCKED =
      'Tu reserva en línea está pausada hasta el lunes 30 de noviembre de 2026 por 2 inasistencias en 30 días. ' +
      'Escríbenos por WhatsApp al 722 123 4567 si crees que es un error.';

    /** A client with two no-shows on Monday 23 (classes at `a` and `b`), and a later class to book at 15:00-ish. */
    const struckClient = async (a: string, b: string) => {
      const first = await classAt(a, TODAY, 1);
      const ana = first.clients[0];
      const second = await classAt(b, TODAY, 0);
      const secondId = await book(ana, second.scheduleId, TODAY);
      clock.set(at('14:30'));
      await mark(first.ids[0], false);
      await mark(secondId, false);
      return { ana, noShowIds: [first.ids[0], secondId] };
    };
    const laterClass = async (time: string, capacity = 8) =>
      (await classAt(time, '2026-11-25', 0, capacity)).scheduleId;

    afterEach(() => changeSettings({ strikeRule: { enabled: false } }));

    it('should not block anyone while the rule is off', async () => {
      const { ana } = await struckClient('12:05', '12:15');
      const later = await laterClass('16:05');
      clock.set(at('14:30'));
      await pushReservation(ana.agent, later, '2026-11-25').expect(201);
      const day = await ana.agent.post('/api/reservations/get-information').send({ date: '2026-11-25' }).expect(200);
      expect(day.body.bloqueo).toBeUndefined();
    });

    it("should refuse the client's own booking and waitlist join with 403 BOOKING_BLOCKED saying why, until when and whom to write to", async () => {
      const { ana } = await struckClient('12:25', '12:35');
      const later = await laterClass('16:15');
      const full = (await classAt('16:25', '2026-11-25', 1, 1)).scheduleId;
      await changeSettings({ strikeRule: rule });
      clock.set(at('14:30'));

      // The booking page says it before she tries (the day's answer), and only to her.
      const day = (date: string, agent: Agent = ana.agent) =>
        agent.post('/api/reservations/get-information').send({ date }).expect(200);
      expect((await day('2026-11-25')).body.bloqueo).toEqual({ until: '2026-11-30', message: BLOCKED });
      expect((await day('2026-11-25', admin)).body.bloqueo).toBeUndefined();
      expect((await day('2026-11-25', (await client()).agent)).body.bloqueo).toBeUndefined();

      const refused = await pushReservation(ana.agent, later, '2026-11-25').expect(403);
      expect(refused.body).toEqual({ success: false, code: 'BOOKING_BLOCKED', error: BLOCKED });
      const joined = await ana.agent
        .post('/api/reservations/join-waitlist')
        .send({ date: '2026-11-25', classReservation: full })
        .expect(403);
      expect(joined.body).toMatchObject({ code: 'BOOKING_BLOCKED', error: BLOCKED });
      // Buying a plan with the class held ("Contrata un plan" from the booking dialog) books it: refused
      // before any purchase. A plan alone she may still buy.
      const planId = (await t.agent().get('/api/planes/get-planes').expect(200)).body.planes[0].id as number;
      const held = await ana.agent
        .post('/api/mercadopago')
        .send({ planId, hold: { date: '2026-11-25', scheduleId: later } })
        .expect(403);
      expect(held.body).toMatchObject({ code: 'BOOKING_BLOCKED', error: BLOCKED });
      await ana.agent.post('/api/mercadopago').send({ planId }).expect(200);

      // The last blocked day is Monday 30; on Tuesday 1 she books again.
      clock.set(at('06:00', '2026-11-30'));
      await pushReservation(ana.agent, later, '2026-12-02').expect(403);
      clock.set(at('06:00', '2026-12-01'));
      await pushReservation(ana.agent, later, '2026-12-02').expect(201);
    });

    it('should let an admin book for a blocked client, and keep authorization as it was', async () => {
      const { ana } = await struckClient('12:45', '12:55');
      const later = await laterClass('16:35');
      await changeSettings({ strikeRule: rule });
      clock.set(at('14:30'));
      const other = await client();
      // Naming another user is refused as before (FORBIDDEN), not as a block.
      const forbidden = await pushReservation(ana.agent, later, '2026-11-25', other.id).expect(403);
      expect(forbidden.body.code).not.toBe('BOOKING_BLOCKED');
      await pushReservation(admin, later, '2026-11-25', ana.id).expect(201);
    });

    it('should lift the block at once when a forgiven strike drops the count below the rule', async () => {
      const { ana, noShowIds } = await struckClient('13:05', '13:15');
      const later = await laterClass('16:45');
      await changeSettings({ strikeRule: rule });
      clock.set(at('14:30'));
      await pushReservation(ana.agent, later, '2026-11-25').expect(403);
      await admin
        .post('/api/admin/forgive')
        .send({ reservationId: noShowIds[0], reason: 'Avisó por WhatsApp' })
        .expect(200);
      await pushReservation(ana.agent, later, '2026-11-25').expect(201);
    });

    it('should count a late release as a strike and name both kinds', async () => {
      const noShow = await classAt('13:25', TODAY, 1);
      const ana = noShow.clients[0];
      const released = await classAt('20:05', TODAY, 0);
      const releasedId = await book(ana, released.scheduleId, TODAY);
      clock.set(at('14:30'));
      await mark(noShow.ids[0], false);
      await ana.agent.post('/api/reservations/release-spot').send({ id: releasedId }).expect(200);
      const later = await laterClass('16:55');
      await changeSettings({ strikeRule: rule });
      const refused = await pushReservation(ana.agent, later, '2026-11-25').expect(403);
      expect(refused.body.error).toBe(
        'Tu reserva en línea está pausada hasta el lunes 30 de noviembre de 2026 por 1 inasistencia y ' +
          '1 cancelación tardía en 30 días. Escríbenos por WhatsApp al 722 123 4567 si crees que es un error.',
      );
    });
  });
});
