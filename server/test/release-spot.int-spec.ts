import { AuditLog } from '../src/core/audit/audit-log.entity';
import { isoWeekday } from '@pilates/dates';
import { FixedClock } from '../src/core/clock/clock';
import { ClassSession } from '../src/reservations/entities/class-session.entity';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { adminAgent, givePlan, newClient, NOW, remainingOf, scheduleAt, sessionOf, TODAY } from './helpers/booking';
import { mailsFor } from './helpers/notifications';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;
interface Client {
  agent: Agent;
  id: number;
  email: string;
  planId: number;
}

/** A studio wall time on a date (Mexico City, UTC-6 in November), whatever the machine's zone. */
const at = (studioTime: string, date = TODAY) => new Date(`${date}T${studioTime}:00-06:00`);
const TOMORROW = '2026-11-24';

let t: TestApp;
let admin: Agent;
const clock = new FixedClock(NOW);

const client = async (plan: { classes?: number; end?: string } = {}): Promise<Client> => {
  const { agent, user } = await newClient(t, 'Libera');
  const planId = await givePlan(t, user.id, { classes: plan.classes ?? 4, end: plan.end });
  return { agent, id: user.id, email: user.email, planId };
};
const book = async (c: Client, scheduleId: number, date = TODAY): Promise<number> =>
  (await c.agent.post('/api/reservations/push-reservation').send({ date, classReservation: scheduleId }).expect(201))
    .body.reservationId as number;
const release = (agent: Agent, id: number) => agent.post('/api/reservations/release-spot').send({ id });
const forgive = (id: number, reason = 'Avisó por WhatsApp: emergencia familiar', agent: Agent = admin) =>
  agent.post('/api/admin/forgive').send({ reservationId: id, reason });
const reservation = (id: number) => t.dataSource.getRepository(Reservation).findOneByOrFail({ id });
const subjects = async (email: string) => (await mailsFor(t, email)).map((m) => m.subject);
const forgiveAudits = (id: number) =>
  t.dataSource.getRepository(AuditLog).countBy({ action: 'reservation.forgive', entityId: String(id) });

/**
 * A new timetable class of `date`'s weekday at `time` (each test its own) with `capacity` places and
 * `booked` of them taken by new clients.
 */
const classAt = async (time: string, capacity: number, booked: number, date = TODAY) => {
  const schedule = await t.dataSource
    .getRepository(Schedule)
    .save({ weekday: isoWeekday(date), startTime: time, capacity, instructor: null, active: true });
  const clients: Client[] = [];
  const ids: number[] = [];
  for (let i = 0; i < booked; i++) {
    const c = await client();
    ids.push(await book(c, schedule.id, date));
    clients.push(c);
  }
  return { scheduleId: schedule.id, clients, ids };
};
const classCounts = async (scheduleId: number, date = TODAY) => {
  const session = (await sessionOf(t, scheduleId, date))!;
  const active = await t.dataSource
    .getRepository(Reservation)
    .countBy({ classSessionId: session.id, status: 'active' });
  const row = await t.dataSource.getRepository(ClassSession).findOneByOrFail({ id: session.id });
  return { active, reserved: row.reservedCount, waiting: row.waitingCount, capacity: row.capacity };
};

describe('release-spot ("Liberar lugar") and forgive ("Perdonar")', () => {
  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { CANCEL_HOURS: '12', WAITLIST_MAX: '3', WAITLIST_CUTOFF_HOURS: '2', WAITLIST_GRACE_MINUTES: '60' },
    });
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());
  afterEach(() => clock.set(NOW));

  describe('release-spot', () => {
    it('should stamp the cancellation window a booking is sold with', async () => {
      const { ids } = await classAt('19:10', 8, 1);
      expect((await reservation(ids[0])).cancelHours).toBe(12);
    });

    it('should refuse a release one minute before the deadline and release one minute after without returning the class', async () => {
      // Monday 8:30 PM; the 12-hour deadline is 8:30 AM.
      const { scheduleId, clients, ids } = await classAt('20:30', 8, 1);
      const [ana] = clients;

      clock.set(at('08:29'));
      const early = await release(ana.agent, ids[0]).expect(409);
      expect(early.body).toMatchObject({ success: false, code: 'RELEASE_IN_TIME' });
      expect(early.body.error).toContain('usa «Cancelar»');
      expect(early.body.error).toContain('hasta el lunes 23 de noviembre de 2026 a las 8:30 AM');
      expect((await reservation(ids[0])).status).toBe('active');

      clock.set(at('08:31'));
      const done = await release(ana.agent, ids[0]).expect(200);
      expect(done.body).toEqual({
        success: true,
        message: 'Liberaste tu lugar. La clase no se devolvió a tu plan.',
        refunded: false,
      });
      const row = await reservation(ids[0]);
      expect(row.status).toBe('cancelled');
      expect(row.lateReleasedAt?.toISOString()).toBe(at('08:31').toISOString());
      expect(await remainingOf(t, ana.planId)).toBe(3);
      expect(await classCounts(scheduleId)).toMatchObject({ active: 0, reserved: 0 });
      const mail = (await mailsFor(t, ana.email)).find((m) => m.subject === 'Liberaste tu lugar')!;
      expect(mail.text).toContain('la clase no se devolvió a tu plan');
      expect(mail.text).toContain('el lunes 23 de noviembre de 2026 a las 8:30 AM');

      // Releasing twice answers the same and changes nothing more.
      expect((await release(ana.agent, ids[0]).expect(200)).body).toEqual(done.body);
      expect(await remainingOf(t, ana.planId)).toBe(3);
      expect((await subjects(ana.email)).filter((s) => s === 'Liberaste tu lugar')).toHaveLength(1);
      // The normal cancel of a released place: already cancelled, nothing returned.
      await ana.agent.post('/api/reservations/cancel-reservation').send({ id: ids[0] }).expect(200);
      expect(await remainingOf(t, ana.planId)).toBe(3);
    });

    it('should answer "La clase ya empezó" once the class has started', async () => {
      const { clients, ids } = await classAt('18:10', 8, 1);
      clock.set(at('18:10'));
      const res = await release(clients[0].agent, ids[0]).expect(409);
      expect(res.body).toMatchObject({ code: 'RELEASE_CLASS_STARTED', error: 'La clase ya empezó' });
      expect((await reservation(ids[0])).status).toBe('active');
    });

    it('should refuse a late release while Ajustes turns "Liberar lugar" off, and allow it again once on', async () => {
      const { clients, ids } = await classAt('20:40', 8, 1);
      const [ana] = clients;
      clock.set(at('08:45'));
      // Mis clases says, row by row, whether "Liberar lugar" is on offer.
      const releasable = async () =>
        (
          await ana.agent.post('/api/informacion/get-clases').send({ periodo: 'proximas' }).expect(200)
        ).body.clases.find((c: { id: number }) => c.id === ids[0])?.releasable;
      expect(await releasable()).toBe(true);
      await admin.post('/api/admin/settings/change').send({ lateCancelReleases: false }).expect(200);
      try {
        expect(await releasable()).toBe(false);
        const refused = await release(ana.agent, ids[0]).expect(409);
        expect(refused.body).toMatchObject({ success: false, code: 'RELEASE_DISABLED' });
        expect(refused.body.error).toContain('no permite liberar lugares');
        expect((await reservation(ids[0])).status).toBe('active');
      } finally {
        await admin.post('/api/admin/settings/change').send({ lateCancelReleases: true }).expect(200);
      }
      await release(ana.agent, ids[0]).expect(200);
      expect((await reservation(ids[0])).status).toBe('cancelled');
    });

    it("should keep a late promotion's grace: inside it the normal cancel returns the class and release answers RELEASE_IN_TIME", async () => {
      const { scheduleId, clients, ids } = await classAt('20:40', 1, 1);
      const beto = await client();
      await beto.agent
        .post('/api/reservations/join-waitlist')
        .send({ date: TODAY, classReservation: scheduleId })
        .expect(201);
      clock.set(at('10:00'));
      await release(clients[0].agent, ids[0]).expect(200);
      const promoted = (await t.dataSource
        .getRepository(Reservation)
        .findOneBy({ userId: beto.id, status: 'active' }))!;
      expect(promoted.cancelGraceUntil?.toISOString()).toBe(at('11:00').toISOString());
      clock.set(at('10:30'));
      expect((await release(beto.agent, promoted.id).expect(409)).body.code).toBe('RELEASE_IN_TIME');
      await beto.agent.post('/api/reservations/cancel-reservation').send({ id: promoted.id }).expect(200);
      expect(await remainingOf(t, beto.planId)).toBe(4);
    });

    it('should give the freed place to the head of the waitlist in the same call', async () => {
      const { scheduleId, clients, ids } = await classAt('20:50', 2, 2);
      const [carla, dani] = [await client(), await client()];
      for (const c of [carla, dani]) {
        await c.agent
          .post('/api/reservations/join-waitlist')
          .send({ date: TODAY, classReservation: scheduleId })
          .expect(201);
      }
      clock.set(at('09:00'));
      await release(clients[0].agent, ids[0]).expect(200);
      expect(await classCounts(scheduleId)).toMatchObject({ active: 2, reserved: 2, waiting: 1 });
      expect(await t.dataSource.getRepository(Reservation).countBy({ userId: carla.id, status: 'active' })).toBe(1);
      expect(await remainingOf(t, carla.planId)).toBe(3);
      expect(await remainingOf(t, clients[0].planId)).toBe(3);
      expect(await subjects(carla.email)).toContain('¡Tienes lugar! Pasaste de la lista de espera a la clase');
    });

    it('should give a place released while others join the waitlist and book to at most one person, counts consistent', async () => {
      const { scheduleId, clients, ids } = await classAt('21:00', 2, 2);
      const [joiner, booker] = [await client(), await client()];
      clock.set(at('10:00'));
      const [released, joined, booked] = await Promise.all([
        release(clients[0].agent, ids[0]),
        joiner.agent.post('/api/reservations/join-waitlist').send({ date: TODAY, classReservation: scheduleId }),
        booker.agent.post('/api/reservations/push-reservation').send({ date: TODAY, classReservation: scheduleId }),
      ]);
      expect(released.status).toBe(200);
      for (const res of [joined, booked]) expect(res.status).toBeLessThan(500);
      const holds = async (c: Client) =>
        (await t.dataSource.getRepository(Reservation).countBy({ userId: c.id, status: 'active' })) === 1;
      // The freed place goes to one of them, or (both read the class full before the release
      // committed and were refused) stays on sale: never to both, and the counts agree.
      const holders = [await holds(joiner), await holds(booker)].filter(Boolean).length;
      expect(holders).toBeLessThanOrEqual(1);
      const counts = await classCounts(scheduleId);
      expect(counts).toMatchObject({ active: 1 + holders, reserved: 1 + holders });
      if (holders === 0) expect(counts.waiting).toBe(0);
      // The plans add up: the releaser's class stays used, the new holder's is taken once.
      expect(await remainingOf(t, clients[0].planId)).toBe(3);
      expect((await remainingOf(t, joiner.planId)) + (await remainingOf(t, booker.planId))).toBe(8 - holders);
    });

    it("should refuse a guest (401) and another client's reservation (403), also for an admin", async () => {
      const { clients, ids } = await classAt('19:20', 8, 1);
      const other = await client();
      clock.set(at('08:00'));
      await release(t.agent(), ids[0]).expect(401);
      expect((await release(other.agent, ids[0]).expect(403)).body.code).toBe('FORBIDDEN');
      await release(admin, ids[0]).expect(403);
      await release(other.agent, 999999).expect(404);
      await release(clients[0].agent, 0).expect(400);
      expect((await reservation(ids[0])).status).toBe('active');
    });
  });

  describe('forgive', () => {
    it('should forgive a late release once, returning one class, even when called twice at the same time', async () => {
      const { clients, ids } = await classAt('21:10', 8, 1);
      const [ana] = clients;
      clock.set(at('10:00'));
      await release(ana.agent, ids[0]).expect(200);
      expect(await remainingOf(t, ana.planId)).toBe(3);
      // The roster and the client's classes say the place was released (not booked, not attended).
      const rosterRow = async () =>
        (await admin.post('/api/reservations/get-information-clases').send({ date: TODAY }).expect(200)).body.data.find(
          (slot: { time: string }) => slot.time === '9:10 PM',
        );
      expect(await rosterRow()).toMatchObject({
        enrolled: [],
        released: [{ reservationId: ids[0], id: ana.id, releasedAt: at('10:00').toISOString(), forgiven: false }],
      });
      const classesOf = async () =>
        (await admin.post('/api/informacion/get-clases').send({ id: ana.id }).expect(200)).body.clases;
      expect(await classesOf()).toEqual([
        expect.objectContaining({ id: ids[0], lateReleased: true, forgiven: false, cancellable: false }),
      ]);

      const [first, second] = await Promise.all([forgive(ids[0]), forgive(ids[0])]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.body).toEqual({
        success: true,
        message: 'Perdonado. La clase volvió al plan del cliente.',
        classReturned: true,
      });
      expect(second.body).toEqual(first.body);
      expect(await remainingOf(t, ana.planId)).toBe(4);
      expect((await forgive(ids[0]).expect(200)).body).toEqual(first.body);
      expect(await remainingOf(t, ana.planId)).toBe(4);

      const row = await reservation(ids[0]);
      expect(row.forgivenAt?.toISOString()).toBe(at('10:00').toISOString());
      expect(row.forgiveReason).toBe('Avisó por WhatsApp: emergencia familiar');
      expect(await forgiveAudits(ids[0])).toBe(1);
      expect((await subjects(ana.email)).filter((s) => s === 'El estudio te devolvió una clase')).toHaveLength(1);
      expect((await rosterRow()).released).toEqual([
        expect.objectContaining({ reservationId: ids[0], forgiven: true }),
      ]);
      expect(await classesOf()).toEqual([expect.objectContaining({ id: ids[0], lateReleased: true, forgiven: true })]);
    });

    it('should forgive a no-show (not attended) and return its class', async () => {
      const { scheduleId, clients, ids } = await classAt('07:10', 8, 1, TOMORROW);
      clock.set(at('07:20', TOMORROW));
      await admin.post('/api/reservations/mark-attendance').send({ id: ids[0], attended: false }).expect(200);
      const res = await forgive(ids[0], 'Se equivocaron al marcar').expect(200);
      expect(res.body.classReturned).toBe(true);
      expect(await remainingOf(t, clients[0].planId)).toBe(4);
      const roster = (await admin.post('/api/reservations/get-information-clases').send({ date: TOMORROW }).expect(200))
        .body.data;
      expect(roster.flatMap((slot: { enrolled: unknown[] }) => slot.enrolled)).toContainEqual(
        expect.objectContaining({ reservationId: ids[0], attended: false, forgiven: true }),
      );
      // Removing the forgiven place from the roster afterwards does not return its class a second time.
      await admin.post('/api/reservations/cancel-reservation').send({ id: ids[0] }).expect(200);
      expect(await remainingOf(t, clients[0].planId)).toBe(4);
      expect(await classCounts(scheduleId, TOMORROW)).toMatchObject({ active: 0, reserved: 0 });
    });

    it('should forgive without returning the class when the plan has ended', async () => {
      const ana = await client({ end: TODAY });
      const schedule = await scheduleAt(t, 1, '19:00');
      const id = await book(ana, schedule.id);
      clock.set(at('10:00'));
      await release(ana.agent, id).expect(200);
      clock.set(at('09:00', TOMORROW));
      const res = await forgive(id).expect(200);
      expect(res.body).toEqual({
        success: true,
        message: 'Perdonado. La clase no volvió al plan: el plan ya no está vigente o se pagó en el estudio.',
        classReturned: false,
      });
      expect(await remainingOf(t, ana.planId)).toBe(3);
      expect((await reservation(id)).forgivenAt).not.toBeNull();
      expect((await forgive(id).expect(200)).body).toEqual(res.body);
    });

    it('should refuse what is not a late release or a no-show, with a Spanish message', async () => {
      const { clients, ids } = await classAt('21:20', 8, 3);
      // An active booking not marked yet.
      const active = await forgive(ids[0]).expect(409);
      expect(active.body).toMatchObject({
        code: 'NOT_FORGIVABLE',
        error: 'Solo se puede perdonar un lugar liberado después del límite o una inasistencia.',
      });
      // A cancellation in time (the class went back already).
      await clients[1].agent.post('/api/reservations/cancel-reservation').send({ id: ids[1] }).expect(200);
      expect((await forgive(ids[1]).expect(409)).body.code).toBe('NOT_FORGIVABLE');
      // Attended.
      clock.set(at('21:25'));
      await admin.post('/api/reservations/mark-attendance').send({ id: ids[2], attended: true }).expect(200);
      expect((await forgive(ids[2]).expect(409)).body.code).toBe('NOT_FORGIVABLE');
      await forgive(999999).expect(404);
      expect((await forgive(ids[0], '').expect(400)).body.success).toBe(false);
      expect(await remainingOf(t, clients[0].planId)).toBe(3);
    });

    it('should refuse a guest (401) and a client (403)', async () => {
      const { clients, ids } = await classAt('21:30', 8, 1);
      clock.set(at('10:00'));
      await release(clients[0].agent, ids[0]).expect(200);
      await forgive(ids[0], 'x', t.agent()).expect(401);
      await forgive(ids[0], 'x', clients[0].agent).expect(403);
      expect((await reservation(ids[0])).forgivenAt).toBeNull();
    });
  });
});
