import { addDays } from '@pilates/dates';
import { FixedClock } from '../src/core/clock/clock';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/core/auth/csrf.guard';
import { ClassSession } from '../src/reservations/entities/class-session.entity';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
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
import { createTestApp, TestApp } from './helpers/test-app';

const TUESDAY = addDays(TODAY, 1);

describe('booking', () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { CANCEL_HOURS: '12' } });
  });
  afterAll(() => t.close());
  afterEach(() => clock.set(NOW));

  const book = (agent: ReturnType<TestApp['agent']>, date: string, scheduleId: number, userId?: number) =>
    agent.post('/api/reservations/push-reservation').send({ date, classReservation: scheduleId, userId });

  describe('get-information', () => {
    it('should answer the timetable of a weekday sorted by time, in 12-hour studio time', async () => {
      const res = await t
        .http()
        .post('/api/reservations/get-information')
        .set(CSRF_HEADER, CSRF_HEADER_VALUE)
        .send({ date: TODAY })
        .expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data.map((s: { time: string }) => s.time)).toEqual([
        '7:00 AM',
        '8:00 AM',
        '9:00 AM',
        '6:00 PM',
        '7:00 PM',
        '8:00 PM',
      ]);
      expect(res.body.data[0]).toEqual({
        scheduleId: expect.any(Number),
        classId: null,
        time: '7:00 AM',
        durationMinutes: 50,
        capacity: 8,
        reservedCount: 0,
        isPastClass: false,
        // 7:00 in Mexico City (13:00Z): twelve hours before, an hour before now, a booking could not be cancelled.
        cancelUntil: '2026-11-23T01:00:00.000Z',
        cancellable: false,
        isCancelled: false,
        instructorId: null,
        instructor: null,
        substitute: false,
        instructorPhotoUrl: null,
        classType: { id: 1, name: 'Pilates Reformer', level: 'basico', levelName: 'Básico', colour: '#1d4ed8' },
        users: '[{"id":null,"name":null}]',
        myReservationId: null,
        waitlistCount: 0,
        myWaitlistPosition: null,
        myWaitlistId: null,
        // The seeded room: eight reformers in two rows of four, all free.
        spots: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({
          id: expect.any(Number),
          label: `Reformer ${n}`,
          row: n <= 4 ? 1 : 2,
          column: (n - 1) % 4,
          state: 'free',
        })),
      });
    });

    it('should give Saturday its three classes and Sunday none', async () => {
      const saturday = await t
        .agent()
        .post('/api/reservations/get-information')
        .send({ date: '2026-11-28' })
        .expect(200);
      expect(saturday.body.data.map((s: { time: string }) => s.time)).toEqual(['8:00 AM', '9:00 AM', '10:00 AM']);
      const sunday = await t.agent().post('/api/reservations/get-information').send({ date: '2026-11-29' }).expect(200);
      expect(sunday.body.data).toEqual([]);
    });

    it('should mark classes that already started in studio time as past', async () => {
      clock.set(new Date('2026-11-23T14:30:00Z')); // 8:30 in Mexico City
      const res = await t.agent().post('/api/reservations/get-information').send({ date: TODAY }).expect(200);
      expect(res.body.data.map((s: { isPastClass: boolean }) => s.isPastClass)).toEqual([
        true,
        true,
        false,
        false,
        false,
        false,
      ]);
      const yesterday = await t
        .agent()
        .post('/api/reservations/get-information')
        .send({ date: addDays(TODAY, -7) })
        .expect(200);
      expect(yesterday.body.data.every((s: { isPastClass: boolean }) => s.isPastClass)).toBe(true);
    });

    it('should refuse an invalid date with the spec message', async () => {
      const res = await t.agent().post('/api/reservations/get-information').send({ date: '2026-02-30' }).expect(400);
      expect(res.body).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        error: { date: ['La fecha proporcionada no es válida.'] },
      });
      await t.agent().post('/api/reservations/get-information').send({ date: TODAY, extra: 1 }).expect(400);
    });

    it('should list enrolled names for admins, only the caller for a client, nobody for a guest', async () => {
      const schedule = await scheduleAt(t, 2, '18:00');
      const ana = await newClient(t, 'Ana');
      const beto = await newClient(t, 'Beto');
      await givePlan(t, ana.user.id, { classes: 4 });
      await givePlan(t, beto.user.id, { classes: 4 });
      await book(ana.agent, TUESDAY, schedule.id).expect(201);
      await book(beto.agent, TUESDAY, schedule.id).expect(201);

      const slotOf = async (agent: ReturnType<TestApp['agent']>) =>
        (await agent.post('/api/reservations/get-information').send({ date: TUESDAY }).expect(200)).body.data.find(
          (s: { scheduleId: number }) => s.scheduleId === schedule.id,
        );
      const admin = await adminAgent(t);
      const forAdmin = await slotOf(admin);
      expect(forAdmin.reservedCount).toBe(2);
      expect(JSON.parse(forAdmin.users)).toEqual([
        { id: ana.user.id, name: ana.user.name },
        { id: beto.user.id, name: beto.user.name },
      ]);
      const forAna = await slotOf(ana.agent);
      expect(JSON.parse(forAna.users)).toEqual([{ id: ana.user.id, name: ana.user.name }]);
      expect(forAna.myReservationId).toEqual(expect.any(Number));
      const forGuest = await slotOf(t.agent());
      expect(forGuest.reservedCount).toBe(2);
      expect(forGuest.users).toBe('[{"id":null,"name":null}]');
    });
  });

  describe('push-reservation', () => {
    it('should book a place: one reservation, the count up, one class taken from the plan', async () => {
      const { agent, user } = await newClient(t);
      const planId = await givePlan(t, user.id, { classes: 4 });
      const schedule = await scheduleAt(t, 1, '19:00');
      const res = await book(agent, TODAY, schedule.id).expect(201);
      expect(res.body).toEqual({
        success: true,
        message: '¡Has reservado con éxito!',
        reservationId: expect.any(Number),
        // "Cualquiera" for a client with no favourite nor history: the front row's first reformer.
        spot: { id: expect.any(Number), label: 'Reformer 1' },
        // Monday 19:00 in Mexico City: cancellable for free until 7:00 that morning, an hour from now.
        cancelUntil: '2026-11-23T13:00:00.000Z',
        cancellable: true,
      });
      expect((await sessionOf(t, schedule.id, TODAY))!.reservedCount).toBe(1);
      expect(await remainingOf(t, planId)).toBe(3);
      const reservation = await t.dataSource.getRepository(Reservation).findOneByOrFail({ id: res.body.reservationId });
      expect(reservation).toMatchObject({
        userId: user.id,
        userPlanId: planId,
        status: 'active',
        spotId: res.body.spot.id,
      });
    });

    it('should refuse a second place in the same class', async () => {
      const { agent, user } = await newClient(t);
      const planId = await givePlan(t, user.id, { classes: 4 });
      const schedule = await scheduleAt(t, 1, '20:00');
      await book(agent, TODAY, schedule.id).expect(201);
      const res = await book(agent, TODAY, schedule.id).expect(409);
      expect(res.body).toEqual({ success: false, code: 'ALREADY_BOOKED', error: 'Ya tienes un lugar en esta clase' });
      expect(await remainingOf(t, planId)).toBe(3);
    });

    it('should answer NO_CLASSES_LEFT without a plan or with every plan used up', async () => {
      const { agent, user } = await newClient(t);
      const schedule = await scheduleAt(t, 2, '07:00');
      const none = await book(agent, TUESDAY, schedule.id).expect(409);
      expect(none.body).toEqual({
        success: false,
        code: 'NO_CLASSES_LEFT',
        error: 'No tienes clases disponibles en tu plan.',
      });
      await givePlan(t, user.id, { classes: 0 });
      expect((await book(agent, TUESDAY, schedule.id).expect(409)).body.code).toBe('NO_CLASSES_LEFT');
      expect(await sessionOf(t, schedule.id, TUESDAY).then((s) => s?.reservedCount ?? 0)).toBe(0);
    });

    it('should answer DATE_OUT_OF_PLAN when no plan with classes covers the date', async () => {
      const { agent, user } = await newClient(t);
      const planId = await givePlan(t, user.id, { classes: 5, start: TODAY, end: TUESDAY });
      const schedule = await scheduleAt(t, 3, '07:00');
      const res = await book(agent, addDays(TODAY, 2), schedule.id).expect(409);
      expect(res.body).toEqual({ success: false, code: 'DATE_OUT_OF_PLAN', error: 'La fecha está fuera del plan.' });
      expect(await remainingOf(t, planId)).toBe(5);
    });

    it('should take the class from the covering plan that ends soonest', async () => {
      const { agent, user } = await newClient(t);
      const later = await givePlan(t, user.id, { classes: 3, end: '2026-12-20' });
      const sooner = await givePlan(t, user.id, { classes: 3, end: '2026-12-10' });
      const notCovering = await givePlan(t, user.id, { classes: 3, start: '2026-12-15', end: '2026-12-31' });
      const schedule = await scheduleAt(t, 2, '08:00');
      await book(agent, TUESDAY, schedule.id).expect(201);
      expect([await remainingOf(t, sooner), await remainingOf(t, later), await remainingOf(t, notCovering)]).toEqual([
        2, 3, 3,
      ]);
    });

    it('should refuse a class that already started, in studio time', async () => {
      const { agent, user } = await newClient(t);
      await givePlan(t, user.id, { classes: 2 });
      clock.set(new Date('2026-11-23T13:00:00Z')); // 7:00 sharp in Mexico City
      const schedule = await scheduleAt(t, 1, '07:00');
      const res = await book(agent, TODAY, schedule.id).expect(409);
      expect(res.body).toEqual({ success: false, code: 'CLASS_STARTED', error: 'Esta clase ya comenzó' });
    });

    it('should refuse a class that does not run on that date', async () => {
      const { agent, user } = await newClient(t);
      await givePlan(t, user.id, { classes: 2 });
      const saturdayOnly = await scheduleAt(t, 6, '10:00');
      const res = await book(agent, TODAY, saturdayOnly.id).expect(404);
      expect(res.body.code).toBe('CLASS_NOT_FOUND');
      expect((await book(agent, TODAY, 999_999).expect(404)).body.code).toBe('CLASS_NOT_FOUND');
    });

    it('should refuse a full class, and give the plan its class back', async () => {
      const admin = await adminAgent(t);
      const schedule = await scheduleAt(t, 4, '07:00');
      await admin.post('/api/reservations/horario/change').send({ id: schedule.id, capacity: 1 }).expect(200);
      const thursday = addDays(TODAY, 3);
      const first = await newClient(t);
      await givePlan(t, first.user.id, { classes: 1 });
      await book(first.agent, thursday, schedule.id).expect(201);
      const second = await newClient(t);
      const planId = await givePlan(t, second.user.id, { classes: 1 });
      const res = await book(second.agent, thursday, schedule.id).expect(409);
      expect(res.body).toEqual({ success: false, code: 'CLASS_FULL', error: 'La clase está llena' });
      expect(await remainingOf(t, planId)).toBe(1);
    });

    it('should let only an admin book for another user', async () => {
      const ana = await newClient(t);
      const beto = await newClient(t);
      const betoPlan = await givePlan(t, beto.user.id, { classes: 2 });
      const schedule = await scheduleAt(t, 5, '07:00');
      const friday = addDays(TODAY, 4);
      const refused = await book(ana.agent, friday, schedule.id, beto.user.id).expect(403);
      expect(refused.body.code).toBe('FORBIDDEN');
      const admin = await adminAgent(t);
      await book(admin, friday, schedule.id, beto.user.id).expect(201);
      expect(await remainingOf(t, betoPlan)).toBe(1);
      expect(await activeReservations(t, { userId: beto.user.id })).toBe(1);
    });

    it('should need a session, the CSRF header and a clean body', async () => {
      const schedule = await scheduleAt(t, 1, '18:00');
      await t
        .http()
        .post('/api/reservations/push-reservation')
        .set(CSRF_HEADER, CSRF_HEADER_VALUE)
        .send({ date: TODAY, classReservation: schedule.id })
        .expect(401);
      const { agent } = await newClient(t);
      const noCsrf = await t
        .http()
        .post('/api/reservations/push-reservation')
        .send({ date: TODAY, classReservation: schedule.id });
      expect(noCsrf.status).toBe(403);
      const bad = await agent
        .post('/api/reservations/push-reservation')
        .send({ date: 'mañana', classReservation: 'x', sneaky: true })
        .expect(400);
      expect(bad.body.error).toMatchObject({
        date: ['La fecha proporcionada no es válida.'],
        classReservation: ['La clase no es válida'],
      });
    });
  });

  describe('under concurrency', () => {
    it('should seat exactly 8 of 50 clients booking one class of 8 at once', async () => {
      const schedule = await scheduleAt(t, 2, '19:00');
      const clients = await Promise.all(Array.from({ length: 50 }, () => newClient(t, 'Simultáneo')));
      const planIds = await Promise.all(clients.map((c) => givePlan(t, c.user.id, { classes: 3 })));

      const results = await Promise.all(clients.map((c) => book(c.agent, TUESDAY, schedule.id)));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(8);
      expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'CLASS_FULL')).toBe(true);
      expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);

      const session = await sessionOf(t, schedule.id, TUESDAY);
      expect(session!.reservedCount).toBe(8);
      expect(await activeReservations(t, { classSessionId: session!.id })).toBe(8);
      const remaining = await Promise.all(planIds.map((id) => remainingOf(t, id)));
      expect(remaining.filter((r) => r === 2)).toHaveLength(8);
      expect(remaining.filter((r) => r === 3)).toHaveLength(42);
    });

    it('should book one place when one client with 1 class left sends 10 bookings at once', async () => {
      const { agent, user } = await newClient(t);
      const planId = await givePlan(t, user.id, { classes: 1 });
      const schedules = await Promise.all(
        ['07:00', '08:00', '09:00', '18:00', '20:00'].map((time) => scheduleAt(t, 3, time)),
      );
      const wednesday = addDays(TODAY, 2);
      // Ten requests over five classes: two at each, so both rules race (same class, last class).
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => book(agent, wednesday, schedules[i % 5].id)),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(
        results
          .filter((r) => r.status !== 201)
          .every((r) => ['NO_CLASSES_LEFT', 'ALREADY_BOOKED'].includes(r.body.code)),
      ).toBe(true);
      expect(await remainingOf(t, planId)).toBe(0);
      expect(await activeReservations(t, { userId: user.id })).toBe(1);
      const counts = await t.dataSource.getRepository(ClassSession).findBy({ date: wednesday });
      expect(counts.reduce((sum, s) => sum + s.reservedCount, 0)).toBe(1);
    });
  });

  describe('cancellation', () => {
    const cancel = (agent: ReturnType<TestApp['agent']>, id: number) =>
      agent.post('/api/reservations/cancel-reservation').send({ id });

    it('should give the class back to the plan it came from, once', async () => {
      const { agent, user } = await newClient(t);
      const first = await givePlan(t, user.id, { classes: 1, end: '2026-12-01' });
      const second = await givePlan(t, user.id, { classes: 5, end: '2026-12-22' });
      const schedule = await scheduleAt(t, 1, '18:00');
      const booked = await book(agent, NEXT_MONDAY, schedule.id).expect(201);
      expect(await remainingOf(t, first)).toBe(0);
      const res = await cancel(agent, booked.body.reservationId).expect(200);
      expect(res.body).toEqual({ success: true, message: 'Reserva cancelada. La clase volvió al plan.' });
      expect([await remainingOf(t, first), await remainingOf(t, second)]).toEqual([1, 5]);
      expect((await sessionOf(t, schedule.id, NEXT_MONDAY))!.reservedCount).toBe(0);

      const again = await cancel(agent, booked.body.reservationId).expect(200);
      expect(again.body.message).toBe('La reserva ya estaba cancelada.');
      expect([await remainingOf(t, first), await remainingOf(t, second)]).toEqual([1, 5]);
      // The place can be taken again.
      await book(agent, NEXT_MONDAY, schedule.id).expect(201);
    });

    it('should allow cancelling exactly CANCEL_HOURS before the class and not a moment later', async () => {
      const schedule = await scheduleAt(t, 2, '20:00'); // Tuesday 20:00 in Mexico City = Wednesday 02:00 UTC
      const { agent, user } = await newClient(t);
      await givePlan(t, user.id, { classes: 4 });
      const onTime = (await book(agent, TUESDAY, schedule.id).expect(201)).body.reservationId;
      const late = await newClient(t);
      await givePlan(t, late.user.id, { classes: 4 });
      const tooLate = (await book(late.agent, TUESDAY, schedule.id).expect(201)).body.reservationId;

      clock.set(new Date('2026-11-24T14:00:00.000Z')); // exactly 12 hours before
      await cancel(agent, onTime).expect(200);
      clock.set(new Date('2026-11-24T14:00:00.001Z'));
      const res = await cancel(late.agent, tooLate).expect(409);
      expect(res.body).toEqual({
        success: false,
        code: 'CANCEL_WINDOW_CLOSED',
        error: 'Ya no es posible cancelar esta clase',
      });
      expect(await activeReservations(t, { id: tooLate })).toBe(1);
    });

    it('should state the deadline the refusal applies in the day view, the booking answer and Mis clases', async () => {
      const schedule = await scheduleAt(t, 3, '19:00'); // Wednesday 19:00 in Mexico City = Thursday 01:00 UTC
      const { agent, user } = await newClient(t);
      await givePlan(t, user.id, { classes: 4 });
      const wednesday = addDays(TODAY, 2);
      const deadline = '2026-11-25T13:00:00.000Z';
      const dayRow = async () =>
        (await agent.post('/api/reservations/get-information').send({ date: wednesday }).expect(200)).body.data.find(
          (slot: { scheduleId: number }) => slot.scheduleId === schedule.id,
        );

      // Outside the window: booking it keeps free cancellation until the deadline.
      expect(await dayRow()).toMatchObject({ cancelUntil: deadline, cancellable: true });
      const booked = await book(agent, wednesday, schedule.id).expect(201);
      expect(booked.body).toMatchObject({ cancelUntil: deadline, cancellable: true });
      const mine = async () =>
        (await agent.post('/api/informacion/get-clases').send({ periodo: 'proximas' }).expect(200)).body.clases.find(
          (row: { id: number }) => row.id === booked.body.reservationId,
        );
      expect(await mine()).toMatchObject({ cancellableUntil: deadline, cancellable: true });

      // Past the deadline: every answer says it can no longer be cancelled, and the server refuses it.
      clock.set(new Date('2026-11-25T13:00:00.001Z'));
      expect(await dayRow()).toMatchObject({ myReservationId: booked.body.reservationId, cancellable: false });
      expect(await mine()).toMatchObject({ cancellableUntil: deadline, cancellable: false });
      await cancel(agent, booked.body.reservationId).expect(409);

      // Inside the window, a class not yet booked says so before booking, and the booking answer too.
      const other = await newClient(t);
      await givePlan(t, other.user.id, { classes: 4 });
      const otherRow = (
        await other.agent.post('/api/reservations/get-information').send({ date: wednesday }).expect(200)
      ).body.data.find((slot: { scheduleId: number }) => slot.scheduleId === schedule.id);
      expect(otherRow).toMatchObject({ myReservationId: null, cancelUntil: deadline, cancellable: false });
      const late = await book(other.agent, wednesday, schedule.id).expect(201);
      expect(late.body).toMatchObject({ cancelUntil: deadline, cancellable: false });
      await cancel(other.agent, late.body.reservationId).expect(409);
    });

    it("should refuse another client's reservation and let an admin remove anyone at any time", async () => {
      const owner = await newClient(t);
      const planId = await givePlan(t, owner.user.id, { classes: 2 });
      const schedule = await scheduleAt(t, 1, '09:00');
      const reservationId = (await book(owner.agent, TODAY, schedule.id).expect(201)).body.reservationId;
      const other = await newClient(t);
      expect((await cancel(other.agent, reservationId).expect(403)).body.code).toBe('FORBIDDEN');
      expect((await cancel(other.agent, 999_999).expect(404)).body.code).toBe('RESERVATION_NOT_FOUND');

      clock.set(new Date('2026-11-23T14:50:00Z')); // 8:50, ten minutes before the class
      const admin = await adminAgent(t);
      await cancel(admin, reservationId).expect(200);
      expect(await remainingOf(t, planId)).toBe(2);
    });
  });

  describe('get-clases', () => {
    it('should list upcoming classes first (soonest first), then past ones, with Spanish weekdays', async () => {
      const { agent, user } = await newClient(t);
      await givePlan(t, user.id, { classes: 10, start: '2026-11-01' });
      clock.set(new Date('2026-11-16T12:00:00Z')); // a week earlier, to book what is past now
      const lastMonday = await scheduleAt(t, 1, '08:00');
      const lastTuesday = await scheduleAt(t, 2, '09:00');
      await book(agent, '2026-11-16', lastMonday.id).expect(201);
      await book(agent, '2026-11-17', lastTuesday.id).expect(201);
      clock.set(NOW);
      const friday = await scheduleAt(t, 5, '18:00');
      const tuesday = await scheduleAt(t, 2, '09:00');
      await book(agent, addDays(TODAY, 4), friday.id).expect(201);
      await book(agent, TUESDAY, tuesday.id).expect(201);

      const res = await agent
        .post('/api/informacion/get-clases')
        .send({ id: user.id, pagination: 1, limit: 10 })
        .expect(200);
      expect(
        res.body.clases.map((c: { date: string; dayOfWeek: string; time: string; isPast: boolean }) => [
          c.date,
          c.dayOfWeek,
          c.time,
          c.isPast,
        ]),
      ).toEqual([
        ['2026-11-24', 'Martes', '9:00 AM', false],
        ['2026-11-27', 'Viernes', '6:00 PM', false],
        ['2026-11-17', 'Martes', '9:00 AM', true],
        ['2026-11-16', 'Lunes', '8:00 AM', true],
      ]);
      expect(res.body.clases[0]).toMatchObject({ cancellable: true, cancellableUntil: '2026-11-24T03:00:00.000Z' });
      expect(res.body.clases[2].cancellable).toBe(false);
      expect(res.body.pagination).toEqual({ currentPage: 1, totalPages: 1, totalRecords: 4 });

      const page2 = await agent.post('/api/informacion/get-clases').send({ pagination: 2, limit: 3 }).expect(200);
      expect(page2.body.clases.map((c: { date: string }) => c.date)).toEqual(['2026-11-16']);
      expect(page2.body.pagination).toEqual({ currentPage: 2, totalPages: 2, totalRecords: 4 });
    });

    it("should refuse another user's classes to a client and show them to an admin", async () => {
      const ana = await newClient(t);
      const beto = await newClient(t);
      await ana.agent.post('/api/informacion/get-clases').send({ id: beto.user.id }).expect(403);
      const admin = await adminAgent(t);
      const res = await admin.post('/api/informacion/get-clases').send({ id: beto.user.id }).expect(200);
      expect(res.body).toEqual({
        success: true,
        clases: [],
        pagination: { currentPage: 1, totalPages: 1, totalRecords: 0 },
        listaEspera: [],
        asistencia: { attended: 0, noShow: 0 },
      });
      await t.agent().post('/api/informacion/get-clases').send({}).expect(401);
    });
  });

  describe('get-information-clases (rosters)', () => {
    it('should show admins the enrolled names and refuse clients and guests', async () => {
      const schedule = await scheduleAt(t, 4, '19:00');
      const thursday = addDays(TODAY, 3);
      const { agent, user } = await newClient(t, 'Carla');
      await givePlan(t, user.id, { classes: 1 });
      const reservationId = (await book(agent, thursday, schedule.id).expect(201)).body.reservationId;

      const admin = await adminAgent(t);
      const res = await admin.post('/api/reservations/get-information-clases').send({ date: thursday }).expect(200);
      const slot = res.body.data.find((s: { scheduleId: number }) => s.scheduleId === schedule.id);
      expect(slot.enrolled).toEqual([
        {
          reservationId,
          id: user.id,
          name: user.name,
          email: user.email,
          attended: null,
          paidAtStudio: false,
          spot: { id: expect.any(Number), label: 'Reformer 1' },
          forgiven: false,
          healthNote: false,
        },
      ]);
      expect(slot.released).toEqual([]);
      expect(slot.reservedCount).toBe(1);

      await agent.post('/api/reservations/get-information-clases').send({ date: thursday }).expect(403);
      await t.agent().post('/api/reservations/get-information-clases').send({ date: thursday }).expect(401);
    });
  });

  it('should keep counts consistent: reservations per class and classes per plan', async () => {
    const sessions = await t.dataSource.getRepository(ClassSession).find();
    for (const session of sessions) {
      expect(await activeReservations(t, { classSessionId: session.id })).toBe(session.reservedCount);
      expect(session.reservedCount).toBeLessThanOrEqual(session.capacity);
    }
    const plans = await t.dataSource.getRepository(UserPlan).find();
    for (const plan of plans) {
      expect(plan.classesRemaining + (await activeReservations(t, { userPlanId: plan.id }))).toBe(plan.classesTotal);
    }
  });
});
