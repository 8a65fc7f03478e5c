import { addDays } from '@pilates/dates';
import { FixedClock } from '../src/core/clock/clock';
import { NotificationsService } from '../src/notifications/notifications.service';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { WaitlistEntry } from '../src/reservations/entities/waitlist-entry.entity';
import { WaitlistService } from '../src/reservations/waitlist.service';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import {
  adminAgent,
  clientWithPlan,
  newClient,
  NEXT_MONDAY,
  NOW,
  type PlanClient,
  remainingOf,
  scheduleAt,
  sessionOf,
  TODAY,
} from './helpers/booking';
import { mailsFor } from './helpers/notifications';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;
type Client = PlanClient;

/** "now" of the suite: Monday 2026-11-23, 06:00 in the studio (Mexico City, UTC-6). */
const at = (studioTime: string, date = TODAY) => new Date(`${date}T${studioTime}:00-06:00`);

let t: TestApp;
const clock = new FixedClock(NOW);

const client = (classes = 4, plan: { start?: string; end?: string } = {}) =>
  clientWithPlan(t, 'Espera', { classes, ...plan });
const book = (c: Client, date: string, scheduleId: number) =>
  c.agent.post('/api/reservations/push-reservation').send({ date, classReservation: scheduleId });
const join = (c: Client, date: string, scheduleId: number) =>
  c.agent.post('/api/reservations/join-waitlist').send({ date, classReservation: scheduleId });
/** A class of the timetable with `capacity` places, filled by new clients. */
const fullClass = async (weekday: number, time: string, date: string, capacity = 2) => {
  const schedule = await scheduleAt(t, weekday, time);
  await t.dataSource.getRepository(Schedule).update({ id: schedule.id }, { capacity });
  const booked: Client[] = [];
  for (let i = 0; i < capacity; i++) {
    const c = await client();
    await book(c, date, schedule.id).expect(201);
    booked.push(c);
  }
  return { scheduleId: schedule.id, booked };
};
const entriesOf = async (scheduleId: number, date: string) => {
  const session = await sessionOf(t, scheduleId, date);
  return t.dataSource
    .getRepository(WaitlistEntry)
    .find({ where: { classSessionId: session!.id }, order: { id: 'ASC' } });
};
const mailsTo = async (email: string): Promise<string[]> => (await mailsFor(t, email)).map((m) => m.subject);
const mailTo = async (email: string, subjectStart: string) =>
  (await mailsFor(t, email)).find((m) => m.subject.startsWith(subjectStart))!;
const reservationOf = (userId: number, scheduleId: number, date: string) =>
  sessionOf(t, scheduleId, date).then((s) =>
    t.dataSource.getRepository(Reservation).findOneBy({ classSessionId: s!.id, userId, status: 'active' }),
  );
const cancelAsAdmin = async (reservationId: number) =>
  (await adminAgent(t)).post('/api/reservations/cancel-reservation').send({ id: reservationId }).expect(200);
const slotOf = async (agent: Agent, date: string, scheduleId: number) => {
  const res = await agent.post('/api/reservations/get-information').send({ date }).expect(200);
  return res.body.data.find((s: { scheduleId: number }) => s.scheduleId === scheduleId);
};

describe('waitlist', () => {
  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { CANCEL_HOURS: '12', WAITLIST_MAX: '3', WAITLIST_CUTOFF_HOURS: '2', WAITLIST_GRACE_MINUTES: '60' },
    });
  });
  afterAll(() => t.close());
  afterEach(() => clock.set(NOW));

  describe('joining and leaving', () => {
    it('should let a client with a covering plan join a full class without taking a class, and show their position', async () => {
      const { scheduleId } = await fullClass(1, '07:00', NEXT_MONDAY);
      const ana = await client();
      const beto = await client();
      const res = await join(ana, NEXT_MONDAY, scheduleId).expect(201);
      expect(res.body).toEqual({
        success: true,
        message: 'Te uniste a la lista de espera. Eres el 1.º en la lista.',
        waitlistId: expect.any(Number),
        position: 1,
      });
      expect((await join(beto, NEXT_MONDAY, scheduleId).expect(201)).body.position).toBe(2);
      expect(await remainingOf(t, ana.planId)).toBe(4);

      const slot = await slotOf(beto.agent, NEXT_MONDAY, scheduleId);
      expect(slot).toMatchObject({ waitlistCount: 2, myWaitlistPosition: 2, myWaitlistId: expect.any(Number) });
      const guest = await slotOf(t.agent(), NEXT_MONDAY, scheduleId);
      expect(guest).toMatchObject({ waitlistCount: 2, myWaitlistPosition: null, myWaitlistId: null });

      const mine = await beto.agent.post('/api/informacion/get-clases').send({}).expect(200);
      expect(mine.body.listaEspera).toEqual([
        { id: slot.myWaitlistId, date: NEXT_MONDAY, time: '7:00 AM', instructor: null, position: 2 },
      ]);

      // Ana leaves: Beto moves up; leaving again is not an error.
      await ana.agent.post('/api/reservations/leave-waitlist').send({ id: res.body.waitlistId }).expect(200);
      const again = await ana.agent
        .post('/api/reservations/leave-waitlist')
        .send({ id: res.body.waitlistId })
        .expect(200);
      expect(again.body.message).toBe('Ya no estabas en la lista de espera.');
      expect(await slotOf(beto.agent, NEXT_MONDAY, scheduleId)).toMatchObject({
        waitlistCount: 1,
        myWaitlistPosition: 1,
      });
      // Someone else's entry is not theirs to leave.
      const other = await ana.agent
        .post('/api/reservations/leave-waitlist')
        .send({ id: slot.myWaitlistId })
        .expect(403);
      expect(other.body.code).toBe('FORBIDDEN');
    });

    it('should refuse with the booking codes and its own: not full, already in, booked, full list, no plan, out of plan', async () => {
      const notFull = await scheduleAt(t, 1, '08:00');
      const someone = await client();
      const res = await join(someone, NEXT_MONDAY, notFull.id).expect(409);
      expect(res.body).toEqual({
        success: false,
        code: 'CLASS_NOT_FULL',
        error: 'La clase tiene lugares disponibles: resérvala directamente.',
      });

      const { scheduleId, booked } = await fullClass(1, '09:00', NEXT_MONDAY);
      expect((await join(booked[0], NEXT_MONDAY, scheduleId).expect(409)).body.code).toBe('ALREADY_BOOKED');
      const first = await client();
      await join(first, NEXT_MONDAY, scheduleId).expect(201);
      expect((await join(first, NEXT_MONDAY, scheduleId).expect(409)).body.code).toBe('ALREADY_WAITLISTED');

      const { user: noPlan, agent: noPlanAgent } = await newClient(t, 'Sin plan');
      expect(noPlan.id).toBeGreaterThan(0);
      const noPlanRes = await noPlanAgent
        .post('/api/reservations/join-waitlist')
        .send({ date: NEXT_MONDAY, classReservation: scheduleId })
        .expect(409);
      expect(noPlanRes.body.code).toBe('NO_CLASSES_LEFT');
      const later = await client(4, { start: addDays(NEXT_MONDAY, 1), end: addDays(NEXT_MONDAY, 30) });
      expect((await join(later, NEXT_MONDAY, scheduleId).expect(409)).body.code).toBe('DATE_OUT_OF_PLAN');

      await join(await client(), NEXT_MONDAY, scheduleId).expect(201);
      await join(await client(), NEXT_MONDAY, scheduleId).expect(201);
      const full = await join(await client(), NEXT_MONDAY, scheduleId).expect(409);
      expect(full.body).toEqual({ success: false, code: 'WAITLIST_FULL', error: 'La lista de espera está llena' });

      const bad = await first.agent
        .post('/api/reservations/join-waitlist')
        .send({ date: '2026-02-30', classReservation: 'x' })
        .expect(400);
      expect(bad.body.success).toBe(false);
    });
  });

  describe('promotion', () => {
    it('should book the first in line in the same transaction as a cancellation, taking one class, with a mail and .ics', async () => {
      const { scheduleId, booked } = await fullClass(2, '07:00', addDays(NEXT_MONDAY, 1));
      const date = addDays(NEXT_MONDAY, 1);
      const [ana, beto] = [await client(), await client()];
      await join(ana, date, scheduleId).expect(201);
      await join(beto, date, scheduleId).expect(201);

      await booked[0].agent
        .post('/api/reservations/cancel-reservation')
        .send({ id: (await reservationOf(booked[0].id, scheduleId, date))!.id })
        .expect(200);

      const promoted = await reservationOf(ana.id, scheduleId, date);
      expect(promoted).toMatchObject({ userPlanId: ana.planId, cancelGraceUntil: null });
      expect(await remainingOf(t, ana.planId)).toBe(3);
      expect(await remainingOf(t, beto.planId)).toBe(4);
      const session = await sessionOf(t, scheduleId, date);
      expect(session).toMatchObject({ reservedCount: 2, waitingCount: 1 });
      expect((await entriesOf(scheduleId, date)).map((e) => [e.userId, e.status])).toEqual([
        [ana.id, 'promoted'],
        [beto.id, 'waiting'],
      ]);
      expect(await mailsTo(ana.email)).toContain('¡Tienes lugar! Pasaste de la lista de espera a la clase');
      const { attachments } = await mailTo(ana.email, '¡Tienes lugar!');
      expect(String(attachments?.[0].content)).toContain('BEGIN:VCALENDAR');

      // Her personal calendar feed lists it like any booking.
      const feedUrl = (await ana.agent.post('/api/informacion/calendar-feed').expect(200)).body.url as string;
      const feed = await t.http().get(new URL(feedUrl).pathname).expect(200);
      expect(feed.text).toContain(`DTSTART;TZID=America/Mexico_City:${date.replaceAll('-', '')}T070000`);

      // Ana sees it in Mis clases like any booking; Beto is first now.
      const mine = await ana.agent.post('/api/informacion/get-clases').send({}).expect(200);
      expect(mine.body.clases.map((c: { date: string }) => c.date)).toContain(date);
      expect((await slotOf(beto.agent, date, scheduleId)).myWaitlistPosition).toBe(1);
      // The freed place went to the line: a direct booking finds the class full.
      expect((await book(await client(), date, scheduleId).expect(409)).body.code).toBe('CLASS_FULL');
    });

    it('should skip a client who can no longer be booked, with a mail saying why, and promote the next', async () => {
      const date = addDays(NEXT_MONDAY, 2);
      const { scheduleId, booked } = await fullClass(3, '07:00', date);
      const [ana, beto] = [await client(1), await client()];
      await join(ana, date, scheduleId).expect(201);
      await join(beto, date, scheduleId).expect(201);
      // Ana spends her only class elsewhere meanwhile.
      await book(ana, addDays(NEXT_MONDAY, 3), (await scheduleAt(t, 4, '07:00')).id).expect(201);

      await cancelAsAdmin((await reservationOf(booked[1].id, scheduleId, date))!.id);

      expect((await entriesOf(scheduleId, date)).map((e) => [e.userId, e.status, e.reason])).toEqual([
        [ana.id, 'skipped', 'NO_CLASSES_LEFT'],
        [beto.id, 'promoted', null],
      ]);
      expect(await reservationOf(beto.id, scheduleId, date)).not.toBeNull();
      expect(await mailsTo(ana.email)).toContain('No pudimos darte el lugar de la lista de espera');
      const { text } = await mailTo(ana.email, 'No pudimos');
      expect(text).toContain('ya no tienes clases disponibles en tu plan');
    });

    it('should fill new places when the capacity grows, in order', async () => {
      const date = addDays(NEXT_MONDAY, 4);
      const { scheduleId } = await fullClass(5, '07:00', date);
      const waiting = [await client(), await client(), await client()];
      for (const c of waiting) await join(c, date, scheduleId).expect(201);
      const admin = await adminAgent(t);
      await admin.post('/api/reservations/horario/change').send({ id: scheduleId, capacity: 4 }).expect(200);
      expect((await entriesOf(scheduleId, date)).map((e) => e.status)).toEqual(['promoted', 'promoted', 'waiting']);
      expect(await sessionOf(t, scheduleId, date)).toMatchObject({ reservedCount: 4, waitingCount: 1 });
    });

    it('should close the list with a mail when the studio cancels the class', async () => {
      const date = addDays(NEXT_MONDAY, 4);
      const { scheduleId } = await fullClass(5, '08:00', date);
      const ana = await client();
      await join(ana, date, scheduleId).expect(201);
      const admin = await adminAgent(t);
      await admin.post('/api/reservations/cancel-class').send({ date, scheduleId }).expect(200);
      expect((await entriesOf(scheduleId, date)).map((e) => [e.status, e.reason])).toEqual([
        ['closed', 'class_cancelled'],
      ]);
      expect(await mailsTo(ana.email)).toContain('La lista de espera cerró');
      expect(await remainingOf(t, ana.planId)).toBe(4);
    });
  });

  describe('cutoff and grace (studio time, whatever the machine zone)', () => {
    it('should promote until 4:59 PM, stop at the 5:00 PM cutoff, open the freed place to anyone, and close the list with a mail', async () => {
      // Today 7:00 PM; the cutoff is 5:00 PM.
      const { scheduleId, booked } = await fullClass(1, '19:00', TODAY);
      const [ana, beto] = [await client(), await client()];
      await join(ana, TODAY, scheduleId).expect(201);
      await join(beto, TODAY, scheduleId).expect(201);

      clock.set(at('16:59'));
      await cancelAsAdmin((await reservationOf(booked[0].id, scheduleId, TODAY))!.id);
      expect(await reservationOf(ana.id, scheduleId, TODAY)).not.toBeNull();

      clock.set(at('17:00'));
      expect((await join(await client(), TODAY, scheduleId).expect(409)).body.code).toBe('WAITLIST_CLOSED');
      await cancelAsAdmin((await reservationOf(booked[1].id, scheduleId, TODAY))!.id);
      expect(await reservationOf(beto.id, scheduleId, TODAY)).toBeNull();
      expect((await entriesOf(scheduleId, TODAY)).map((e) => e.status)).toEqual(['promoted', 'waiting']);
      await book(await client(), TODAY, scheduleId).expect(201);

      expect(await t.app.get(WaitlistService).closeAtCutoff()).toBe(1);
      expect((await entriesOf(scheduleId, TODAY)).map((e) => [e.status, e.reason])).toEqual([
        ['promoted', null],
        ['closed', 'cutoff'],
      ]);
      expect(await mailsTo(beto.email)).toContain('La lista de espera cerró');
      expect(await t.app.get(WaitlistService).closeAtCutoff()).toBe(0);
    });

    it('should let a client promoted after the free-cancellation deadline cancel for WAITLIST_GRACE_MINUTES, and not after', async () => {
      const { scheduleId, booked } = await fullClass(1, '20:00', TODAY);
      const [ana, beto] = [await client(), await client()];
      await join(ana, TODAY, scheduleId).expect(201);
      await join(beto, TODAY, scheduleId).expect(201);

      // 10:00: past the 12-hour deadline (8:00), before the cutoff (6:00 PM).
      clock.set(at('10:00'));
      await cancelAsAdmin((await reservationOf(booked[0].id, scheduleId, TODAY))!.id);
      const promoted = (await reservationOf(ana.id, scheduleId, TODAY))!;
      expect(promoted.cancelGraceUntil?.toISOString()).toBe(at('11:00').toISOString());
      const { text } = await mailTo(ana.email, '¡Tienes lugar!');
      expect(text).toContain('hasta el lunes 23 de noviembre de 2026 a las 11:00 AM');

      const mine = await ana.agent.post('/api/informacion/get-clases').send({}).expect(200);
      const line = mine.body.clases.find((c: { id: number }) => c.id === promoted.id);
      expect(line).toMatchObject({ cancellable: true, cancellableUntil: at('11:00').toISOString() });
      // The day view states her own grace; to anyone else, the class's usual deadline, passed.
      const dayRow = async (who: { agent: typeof ana.agent }) =>
        (await who.agent.post('/api/reservations/get-information').send({ date: TODAY }).expect(200)).body.data.find(
          (slot: { scheduleId: number }) => slot.scheduleId === scheduleId,
        );
      expect(await dayRow(ana)).toMatchObject({
        myReservationId: promoted.id,
        cancelUntil: at('11:00').toISOString(),
        cancellable: true,
      });
      expect(await dayRow(beto)).toMatchObject({
        myReservationId: null,
        cancelUntil: at('08:00').toISOString(),
        cancellable: false,
      });

      // 11:00 is still in the grace; Ana cancels, the class returns to her plan, Beto gets the place.
      clock.set(at('11:00'));
      await ana.agent.post('/api/reservations/cancel-reservation').send({ id: promoted.id }).expect(200);
      expect(await remainingOf(t, ana.planId)).toBe(4);
      const betos = (await reservationOf(beto.id, scheduleId, TODAY))!;
      expect(betos.cancelGraceUntil?.toISOString()).toBe(at('12:00').toISOString());

      // Past his grace, Beto cannot cancel.
      clock.set(at('12:01'));
      const late = await beto.agent.post('/api/reservations/cancel-reservation').send({ id: betos.id }).expect(409);
      expect(late.body.code).toBe('CANCEL_WINDOW_CLOSED');
    });
  });

  describe('admin', () => {
    it('should list the line in the roster, remove an entry and promote one by hand while a place is free, audited', async () => {
      const date = addDays(NEXT_MONDAY, 7);
      const { scheduleId, booked } = await fullClass(1, '18:00', date);
      const [ana, beto] = [await client(), await client()];
      const anaEntry = (await join(ana, date, scheduleId).expect(201)).body.waitlistId;
      const betoEntry = (await join(beto, date, scheduleId).expect(201)).body.waitlistId;
      const admin = await adminAgent(t);

      const roster = await admin.post('/api/reservations/get-information-clases').send({ date }).expect(200);
      const slot = roster.body.data.find((s: { scheduleId: number }) => s.scheduleId === scheduleId);
      expect(slot.waitlist).toEqual([
        { id: anaEntry, userId: ana.id, name: expect.any(String), email: ana.email, position: 1 },
        { id: betoEntry, userId: beto.id, name: expect.any(String), email: beto.email, position: 2 },
      ]);
      // No place free: nobody can be promoted by hand.
      expect(
        (await admin.post('/api/reservations/promote-from-waitlist').send({ id: betoEntry }).expect(409)).body.code,
      ).toBe('CLASS_FULL');

      await admin.post('/api/reservations/remove-from-waitlist').send({ id: anaEntry }).expect(200);
      // After the cutoff a freed place is not handed out automatically; the admin gives it to Beto.
      clock.set(at('17:00', date));
      await cancelAsAdmin((await reservationOf(booked[0].id, scheduleId, date))!.id);
      const later = await adminAgent(t);
      const promoted = await later.post('/api/reservations/promote-from-waitlist').send({ id: betoEntry }).expect(201);
      expect(promoted.body.reservationId).toBe((await reservationOf(beto.id, scheduleId, date))!.id);
      expect(await remainingOf(t, beto.planId)).toBe(3);

      const audit = await later.post('/api/admin/get-audit').send({ pagination: 1, limit: 20 }).expect(200);
      const actions = audit.body.entries.map((e: { action: string }) => e.action);
      expect(actions).toEqual(expect.arrayContaining(['waitlist.remove', 'waitlist.promote']));
    });
  });

  it('keeps mails out of the transaction on failure: a refused promotion leaves no mail and no reservation', async () => {
    // Promotion by hand of an entry whose client has no classes left fails with the booking code, and nothing stays.
    const date = addDays(NEXT_MONDAY, 11);
    const { scheduleId, booked } = await fullClass(5, '18:00', date, 1);
    const ana = await client(1);
    const entry = (await join(ana, date, scheduleId).expect(201)).body.waitlistId;
    await t.dataSource.getRepository(UserPlan).update({ id: ana.planId }, { classesRemaining: 0 });
    clock.set(at('17:00', date));
    await cancelAsAdmin((await reservationOf(booked[0].id, scheduleId, date))!.id);
    const admin = await adminAgent(t);
    const res = await admin.post('/api/reservations/promote-from-waitlist').send({ id: entry }).expect(409);
    expect(res.body.code).toBe('NO_CLASSES_LEFT');
    expect(await reservationOf(ana.id, scheduleId, date)).toBeNull();
    expect(await mailsTo(ana.email)).not.toContain('¡Tienes lugar! Pasaste de la lista de espera a la clase');
    expect((await entriesOf(scheduleId, date)).map((e) => e.status)).toEqual(['waiting']);
    await t.app.get(NotificationsService).settled();
    await t.app.get(NotificationsService).deliverDue();
  });
});

// Its own app, created after the other is closed (Passport's strategies are registered process-wide).
describe('waitlist under concurrency (WAITLIST_MAX 10)', () => {
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { CANCEL_HOURS: '12', WAITLIST_MAX: '10' } });
  });
  afterAll(() => t.close());
  afterEach(() => clock.set(NOW));

  it('should promote exactly the first 3 of 10 in order when 3 places free at the same moment', async () => {
    const date = addDays(NEXT_MONDAY, 8);
    const { scheduleId, booked } = await fullClass(2, '18:00', date, 3);
    const waiting: Client[] = [];
    for (let i = 0; i < 10; i++) {
      const c = await client();
      await join(c, date, scheduleId).expect(201);
      waiting.push(c);
    }
    const ids = await Promise.all(booked.map((b) => reservationOf(b.id, scheduleId, date)));
    await Promise.all(
      booked.map((b, i) => b.agent.post('/api/reservations/cancel-reservation').send({ id: ids[i]!.id }).expect(200)),
    );
    const entries = await entriesOf(scheduleId, date);
    expect(entries.map((e) => e.status)).toEqual([...Array(3).fill('promoted'), ...Array(7).fill('waiting')]);
    expect(entries.slice(0, 3).map((e) => e.userId)).toEqual(waiting.slice(0, 3).map((c) => c.id));
    expect(await sessionOf(t, scheduleId, date)).toMatchObject({ reservedCount: 3, capacity: 3, waitingCount: 7 });
    for (const c of waiting.slice(0, 3)) expect(await remainingOf(t, c.planId)).toBe(3);
    for (const c of waiting.slice(3)) expect(await remainingOf(t, c.planId)).toBe(4);
    const positions = await Promise.all(
      waiting.slice(3).map(async (c) => (await slotOf(c.agent, date, scheduleId)).myWaitlistPosition),
    );
    expect(positions).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('should never let a direct booking racing a cancellation take the place from the head of the line', async () => {
    const date = addDays(NEXT_MONDAY, 9);
    for (const time of ['07:00', '08:00', '09:00']) {
      const { scheduleId, booked } = await fullClass(3, time, date, 1);
      const head = await client();
      await join(head, date, scheduleId).expect(201);
      const racers = [await client(), await client(), await client()];
      const reservation = (await reservationOf(booked[0].id, scheduleId, date))!;
      const [cancel, ...attempts] = await Promise.all([
        booked[0].agent.post('/api/reservations/cancel-reservation').send({ id: reservation.id }),
        ...racers.map((r) => book(r, date, scheduleId)),
      ]);
      expect(cancel.status).toBe(200);
      expect(attempts.map((a) => a.body.code)).toEqual(['CLASS_FULL', 'CLASS_FULL', 'CLASS_FULL']);
      expect(await reservationOf(head.id, scheduleId, date)).not.toBeNull();
      expect(await sessionOf(t, scheduleId, date)).toMatchObject({ reservedCount: 1, waitingCount: 0 });
    }
  });

  it('should let exactly 5 of 20 parallel joins into a list with 5 free entries, at positions 6..10 in commit order', async () => {
    const date = addDays(NEXT_MONDAY, 10);
    const { scheduleId } = await fullClass(4, '18:00', date, 1);
    for (let i = 0; i < 5; i++) await join(await client(), date, scheduleId).expect(201);
    const clients = await Promise.all(Array.from({ length: 20 }, () => client()));
    const answers = await Promise.all(clients.map((c) => join(c, date, scheduleId)));
    const joined = answers.filter((a) => a.status === 201);
    expect(joined).toHaveLength(5);
    expect(answers.filter((a) => a.status !== 201).map((a) => a.body.code)).toEqual(Array(15).fill('WAITLIST_FULL'));
    expect(joined.map((a) => a.body.position).sort((a, b) => a - b)).toEqual([6, 7, 8, 9, 10]);
    const entries = await entriesOf(scheduleId, date);
    const byId = new Map(joined.map((a) => [a.body.waitlistId, a.body.position]));
    expect(entries.slice(5).map((e) => byId.get(e.id))).toEqual([6, 7, 8, 9, 10]);
    expect(await sessionOf(t, scheduleId, date)).toMatchObject({ waitingCount: 10 });
  });
});
