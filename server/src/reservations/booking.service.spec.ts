import { admin, client } from '../testing/fakes';
import { reservationsRules } from '../testing/reservations-rules';

/** Monday 2026-11-23, 06:00 in Mexico City (UTC-6), as in the HTTP suite. */
const NOW = '2026-11-23T12:00:00.000Z';
const TODAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';

/** The booking rules against in-memory repositories: no Nest app, no database, no HTTP. */
function arrange() {
  const rules = reservationsRules(NOW);
  const { db } = rules;
  const ana = db.addUser({ name: 'Ana', email: 'ana@example.com' });
  const beto = db.addUser({ name: 'Beto', email: 'beto@example.com' });
  const studio = db.addUser({ name: 'Estudio', email: 'admin@example.com' });
  const monday19 = db.addSchedule({ weekday: 1, startTime: '19:00' });
  const tuesday07 = db.addSchedule({ weekday: 2, startTime: '07:00' });
  const plan = (userId: number, classes = 4, start = TODAY, end = '2026-12-22') =>
    db.addUserPlan({ userId, classesRemaining: classes, startDate: start, endDate: end }).id;
  const book = async (userId: number, date: string, scheduleId: number, by = client(userId)) =>
    (await rules.booking.book(by, { date, classReservation: scheduleId, ...(by.id === userId ? {} : { userId }) }))
      .reservationId;
  return { ...rules, ana, beto, studio, monday19, tuesday07, plan, book };
}

describe('BookingService', () => {
  describe('book', () => {
    it('should book a place: one reservation, the count up, one class taken from the plan, a confirmation', async () => {
      const { db, ana, monday19, plan, book } = arrange();
      const planId = plan(ana.id, 4);
      const id = await book(ana.id, TODAY, monday19.id);
      const [reservation] = db.reservations;
      expect(reservation).toMatchObject({ id, userId: ana.id, userPlanId: planId, status: 'active' });
      expect(db.classOf(reservation.classSessionId)).toMatchObject({ date: TODAY, reservedCount: 1 });
      expect(db.userPlan(planId).classesRemaining).toBe(3);
      expect(db.events).toEqual([
        {
          type: 'reservation.confirmed',
          to: { userId: ana.id, email: 'ana@example.com', name: 'Ana' },
          payload: {
            class: expect.objectContaining({ reservationId: id, date: TODAY, startTime: '19:00' }),
            cancelUntil: '2026-11-23T13:00:00.000Z',
            cancellable: true,
          },
        },
      ]);
      expect(db.audit).toEqual([]);
    });

    it('should refuse a second place in the same class and keep the plan as it was', async () => {
      const { db, ana, monday19, plan, book } = arrange();
      const planId = plan(ana.id, 4);
      await book(ana.id, TODAY, monday19.id);
      await expect(book(ana.id, TODAY, monday19.id)).rejects.toMatchObject({
        code: 'ALREADY_BOOKED',
        status: 409,
        error: 'Ya tienes un lugar en esta clase',
      });
      expect(db.reservations).toHaveLength(1);
      expect(db.userPlan(planId).classesRemaining).toBe(3);
      expect(db.classes[0].reservedCount).toBe(1);
    });

    it('should answer NO_CLASSES_LEFT without a plan, with every plan used up, or with a revoked plan', async () => {
      const { db, ana, tuesday07, book } = arrange();
      const noPlan = { code: 'NO_CLASSES_LEFT', error: 'No tienes clases disponibles en tu plan.' };
      await expect(book(ana.id, TUESDAY, tuesday07.id)).rejects.toMatchObject(noPlan);
      db.addUserPlan({ userId: ana.id, classesRemaining: 0, startDate: TODAY, endDate: '2026-12-22' });
      await expect(book(ana.id, TUESDAY, tuesday07.id)).rejects.toMatchObject(noPlan);
      db.addUserPlan({ userId: ana.id, startDate: TODAY, endDate: '2026-12-22', revokedAt: new Date(NOW) });
      await expect(book(ana.id, TUESDAY, tuesday07.id)).rejects.toMatchObject(noPlan);
      expect(db.reservations).toEqual([]);
      expect(db.classes.map((c) => c.reservedCount)).toEqual([0]);
    });

    it('should answer CLASS_TYPE_NOT_IN_PLAN when no covering plan includes the class type, taking nothing', async () => {
      const { db, ana, plan, book } = arrange();
      const prenatal = db.addClassType({ name: 'Prenatal', level: 'prenatal' });
      const reformer = db.addSchedule({ weekday: 2, startTime: '08:00' });
      const pack = plan(ana.id, 4);
      db.limitUserPlan(pack, [prenatal.id]);
      await expect(book(ana.id, TUESDAY, reformer.id)).rejects.toMatchObject({
        code: 'CLASS_TYPE_NOT_IN_PLAN',
        status: 409,
        error: 'Tu plan no incluye clases de Pilates Reformer.',
      });
      expect(db.reservations).toEqual([]);
      expect(db.userPlan(pack).classesRemaining).toBe(4);
    });

    it('should take a class of a type from the plan limited to it before a plan of every type', async () => {
      const { db, ana, plan, book } = arrange();
      const prenatal = db.addClassType({ name: 'Prenatal', level: 'prenatal' });
      const prenatalClass = db.addSchedule({ weekday: 2, startTime: '10:00', classTypeId: prenatal.id });
      const reformer = db.addSchedule({ weekday: 2, startTime: '08:00' });
      // The general plan ends first: still, the prenatal pack pays for the prenatal class.
      const general = plan(ana.id, 4, TODAY, '2026-12-01');
      const pack = plan(ana.id, 4, TODAY, '2026-12-22');
      db.limitUserPlan(pack, [prenatal.id]);
      await book(ana.id, TUESDAY, prenatalClass.id);
      expect([db.userPlan(general).classesRemaining, db.userPlan(pack).classesRemaining]).toEqual([4, 3]);
      await book(ana.id, TUESDAY, reformer.id);
      expect([db.userPlan(general).classesRemaining, db.userPlan(pack).classesRemaining]).toEqual([3, 3]);
      expect(db.events.at(-1)).toMatchObject({
        payload: { class: expect.objectContaining({ classType: 'Pilates Reformer · Básico' }) },
      });
    });

    it('should answer DATE_OUT_OF_PLAN when no plan with classes covers the date', async () => {
      const { db, ana, plan, book } = arrange();
      const wednesday07 = db.addSchedule({ weekday: 3, startTime: '07:00' });
      const planId = plan(ana.id, 5, TODAY, TUESDAY);
      await expect(book(ana.id, WEDNESDAY, wednesday07.id)).rejects.toMatchObject({
        code: 'DATE_OUT_OF_PLAN',
        error: 'La fecha está fuera del plan.',
      });
      expect(db.userPlan(planId).classesRemaining).toBe(5);
      expect(db.reservations).toEqual([]);
    });

    it('should take the class from the covering plan that ends soonest, then from the oldest', async () => {
      const { db, ana, beto, tuesday07, plan, book } = arrange();
      const later = plan(ana.id, 3, TODAY, '2026-12-20');
      const sooner = plan(ana.id, 3, TODAY, '2026-12-10');
      const notCovering = plan(ana.id, 3, '2026-12-15', '2026-12-31');
      await book(ana.id, TUESDAY, tuesday07.id);
      expect([sooner, later, notCovering].map((id) => db.userPlan(id).classesRemaining)).toEqual([2, 3, 3]);
      expect(db.reservations[0].userPlanId).toBe(sooner);

      const older = plan(beto.id, 2, TODAY, '2026-12-10');
      const newer = plan(beto.id, 2, TODAY, '2026-12-10');
      await book(beto.id, TUESDAY, tuesday07.id);
      expect([older, newer].map((id) => db.userPlan(id).classesRemaining)).toEqual([1, 2]);
    });

    it('should refuse a class that already started, in studio time, and book it a minute before', async () => {
      const { db, clock, ana, beto, plan, book } = arrange();
      const monday07 = db.addSchedule({ weekday: 1, startTime: '07:00' });
      plan(ana.id, 2);
      plan(beto.id, 2);
      clock.set(new Date('2026-11-23T12:59:00Z')); // 6:59 in Mexico City
      await book(beto.id, TODAY, monday07.id);
      clock.set(new Date('2026-11-23T13:00:00Z')); // 7:00 sharp
      await expect(book(ana.id, TODAY, monday07.id)).rejects.toMatchObject({
        code: 'CLASS_STARTED',
        error: 'Esta clase ya comenzó',
      });
      expect(db.reservations.map((r) => r.userId)).toEqual([beto.id]);
    });

    it('should refuse a class that does not run on that date, or no timetable entry at all', async () => {
      const { db, ana, plan, book } = arrange();
      plan(ana.id, 2);
      const saturdayOnly = db.addSchedule({ weekday: 6, startTime: '10:00' });
      await expect(book(ana.id, TODAY, saturdayOnly.id)).rejects.toMatchObject({
        code: 'CLASS_NOT_FOUND',
        status: 404,
      });
      await expect(book(ana.id, TODAY, 999_999)).rejects.toMatchObject({ code: 'CLASS_NOT_FOUND' });
      expect(db.classes).toEqual([]);
    });

    it('should refuse a class the studio cancelled', async () => {
      const { db, ana, monday19, plan, book } = arrange();
      const planId = plan(ana.id, 2);
      db.addClass(monday19, TODAY, { status: 'cancelled' });
      await expect(book(ana.id, TODAY, monday19.id)).rejects.toMatchObject({ code: 'CLASS_CANCELLED' });
      expect(db.userPlan(planId).classesRemaining).toBe(2);
    });

    it('should refuse a full class without taking a class from the plan', async () => {
      const { db, ana, beto, plan, book } = arrange();
      const small = db.addSchedule({ weekday: 4, startTime: '07:00', capacity: 1 });
      const thursday = '2026-11-26';
      plan(ana.id, 1);
      const betoPlan = plan(beto.id, 1);
      await book(ana.id, thursday, small.id);
      await expect(book(beto.id, thursday, small.id)).rejects.toMatchObject({
        code: 'CLASS_FULL',
        error: 'La clase está llena',
      });
      expect(db.userPlan(betoPlan).classesRemaining).toBe(1);
      expect(db.classes[0].reservedCount).toBe(1);
    });

    it('should keep the refusals of a full class in the rules order: already booked, then no plan, then full', async () => {
      const { db, ana, beto, studio, monday19, plan, book } = arrange();
      db.addClass(monday19, TODAY, { capacity: 1 });
      plan(ana.id, 2);
      await book(ana.id, TODAY, monday19.id);
      await expect(book(ana.id, TODAY, monday19.id)).rejects.toMatchObject({ code: 'ALREADY_BOOKED' });
      await expect(book(beto.id, TODAY, monday19.id)).rejects.toMatchObject({ code: 'NO_CLASSES_LEFT' });
      plan(studio.id, 2, WEDNESDAY, '2026-12-22');
      await expect(book(studio.id, TODAY, monday19.id)).rejects.toMatchObject({ code: 'DATE_OUT_OF_PLAN' });
    });

    it('should leave a place freed before the cutoff to the waitlist, giving the class back to the plan', async () => {
      const { db, beto, monday19, plan, book } = arrange();
      // A place is free but someone waits for it: the place is the line's, not the next booking's.
      const klass = db.addClass(monday19, TODAY, { capacity: 2, reservedCount: 1, waitingCount: 1 });
      const betoPlan = plan(beto.id, 2);
      await expect(book(beto.id, TODAY, monday19.id)).rejects.toMatchObject({ code: 'CLASS_FULL' });
      expect(db.userPlan(betoPlan).classesRemaining).toBe(2);
      expect(db.classOf(klass.id).reservedCount).toBe(1);
      expect(db.events).toEqual([]);
    });

    it('should open a free place to anyone once the waitlist cutoff has passed', async () => {
      const { db, clock, beto, monday19, plan, book } = arrange();
      const klass = db.addClass(monday19, TODAY, { capacity: 2, reservedCount: 1, waitingCount: 1 });
      plan(beto.id, 2);
      clock.set(new Date('2026-11-23T23:00:00Z')); // 17:00: two hours before the class
      await book(beto.id, TODAY, monday19.id);
      expect(db.classOf(klass.id).reservedCount).toBe(2);
    });

    it('should let only someone who manages reservations book for another user, audited', async () => {
      const { db, ana, beto, studio, monday19, plan, book } = arrange();
      const betoPlan = plan(beto.id, 2);
      await expect(book(beto.id, TODAY, monday19.id, client(ana.id))).rejects.toMatchObject({
        code: 'FORBIDDEN',
        status: 403,
        error: 'No tienes permiso para hacer esto.',
      });
      expect(db.reservations).toEqual([]);

      const id = await book(beto.id, TODAY, monday19.id, admin(studio.id));
      expect(db.reservations).toEqual([expect.objectContaining({ id, userId: beto.id, userPlanId: betoPlan })]);
      expect(db.events.map((e) => [e.type, e.to.userId])).toEqual([['reservation.confirmed', beto.id]]);
      expect(db.audit).toEqual([
        expect.objectContaining({
          actorId: studio.id,
          action: 'reservation.create',
          entityId: id,
          subjectUserId: beto.id,
          after: { date: TODAY, time: '19:00', userPlanId: betoPlan, spot: 'Reformer 1' },
        }),
      ]);
    });

    it('should answer and mail the free-cancellation deadline when booking outside the window', async () => {
      const { db, booking, ana, tuesday07, plan } = arrange();
      plan(ana.id, 2);
      const booked = await booking.book(client(ana.id), { date: TUESDAY, classReservation: tuesday07.id });
      // Tuesday 7:00 in Mexico City is 13:00Z; twelve hours before is Monday 19:00 there.
      expect(booked).toMatchObject({ cancelUntil: new Date('2026-11-24T01:00:00.000Z'), cancellable: true });
      expect(db.eventsOfType('reservation.confirmed')[0].payload).toMatchObject({
        cancelUntil: '2026-11-24T01:00:00.000Z',
        cancellable: true,
      });
    });

    it('should say a class booked inside the window cannot be cancelled, and then refuse cancelling it', async () => {
      const { db, clock, booking, ana, monday19, plan } = arrange();
      plan(ana.id, 2);
      clock.set(new Date('2026-11-23T14:00:00.000Z')); // Monday 8:00, eleven hours before the class
      const booked = await booking.book(client(ana.id), { date: TODAY, classReservation: monday19.id });
      expect(booked).toMatchObject({ cancelUntil: new Date('2026-11-23T13:00:00.000Z'), cancellable: false });
      expect(db.eventsOfType('reservation.confirmed')[0].payload).toMatchObject({ cancellable: false });
      await expect(booking.cancelReservation(client(ana.id), booked.reservationId)).rejects.toMatchObject({
        code: 'CANCEL_WINDOW_CLOSED',
      });
    });

    it('should refuse a booking for an inactive or unknown account', async () => {
      const { db, ana, studio, monday19, plan, book } = arrange();
      plan(ana.id, 2);
      ana.active = false;
      await expect(book(ana.id, TODAY, monday19.id, admin(studio.id))).rejects.toMatchObject({
        code: 'USER_NOT_FOUND',
      });
      await expect(book(404, TODAY, monday19.id, admin(studio.id))).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
      expect(db.reservations).toEqual([]);
    });
  });

  describe('cancelReservation', () => {
    it('should give the class back to the plan it came from, once, and tell the client', async () => {
      const { db, booking, ana, monday19, plan, book } = arrange();
      const planId = plan(ana.id, 4);
      const id = await book(ana.id, TODAY, monday19.id);
      expect(await booking.cancelReservation(client(ana.id), id)).toBe(true);
      expect(db.reservations[0]).toMatchObject({ status: 'cancelled', cancelledBy: ana.id });
      expect(db.classes[0].reservedCount).toBe(0);
      expect(db.userPlan(planId).classesRemaining).toBe(4);
      expect(db.eventsOfType('reservation.cancelled')).toEqual([
        expect.objectContaining({
          to: expect.objectContaining({ userId: ana.id }),
          payload: expect.objectContaining({ byStudio: false }),
        }),
      ]);

      expect(await booking.cancelReservation(client(ana.id), id)).toBe(false);
      expect(db.userPlan(planId).classesRemaining).toBe(4);
      expect(db.eventsOfType('reservation.cancelled')).toHaveLength(1);
    });

    it('should allow cancelling exactly CANCEL_HOURS before the class and not a moment later', async () => {
      const { db, clock, booking, ana, beto, tuesday07, plan, book } = arrange();
      const anaPlan = plan(ana.id, 2);
      plan(beto.id, 2);
      const anas = await book(ana.id, TUESDAY, tuesday07.id);
      const betos = await book(beto.id, TUESDAY, tuesday07.id);
      // Tuesday 7:00 in Mexico City is 13:00Z; twelve hours before is Monday 19:00 there.
      clock.set(new Date('2026-11-24T01:00:00.000Z'));
      expect(await booking.cancelReservation(client(ana.id), anas)).toBe(true);
      expect(db.userPlan(anaPlan).classesRemaining).toBe(2);
      clock.set(new Date('2026-11-24T01:00:00.001Z'));
      await expect(booking.cancelReservation(client(beto.id), betos)).rejects.toMatchObject({
        code: 'CANCEL_WINDOW_CLOSED',
        error: 'Ya no es posible cancelar esta clase',
      });
      expect(db.reservations.find((r) => r.id === betos)?.status).toBe('active');
    });

    it('should stamp the window in force on a booking and keep that window when the policy differs', async () => {
      const { db, clock, booking, ana, beto, tuesday07, plan, book } = arrange();
      plan(ana.id, 2);
      plan(beto.id, 2);
      const anas = await book(ana.id, TUESDAY, tuesday07.id);
      const betos = await book(beto.id, TUESDAY, tuesday07.id);
      expect(db.reservations.map((r) => r.cancelHours)).toEqual([12, 12]);
      // Ana's place was sold under a 24-hour window, Beto's under a 6-hour one: 10 hours before, each
      // keeps their own terms whatever the policy in force (12 hours) says.
      db.reservations[0].cancelHours = 24;
      db.reservations[1].cancelHours = 6;
      clock.set(new Date('2026-11-24T03:00:00.000Z'));
      await expect(booking.cancelReservation(client(ana.id), anas)).rejects.toMatchObject({
        code: 'CANCEL_WINDOW_CLOSED',
      });
      expect(await booking.cancelReservation(client(beto.id), betos)).toBe(true);
    });

    it('should let a late promotion cancel until its grace ends, past the usual deadline', async () => {
      const { db, clock, booking, ana, tuesday07, plan, book } = arrange();
      plan(ana.id, 2);
      const id = await book(ana.id, TUESDAY, tuesday07.id);
      db.reservations[0].cancelGraceUntil = new Date('2026-11-24T03:00:00.000Z');
      clock.set(new Date('2026-11-24T03:00:00.001Z'));
      await expect(booking.cancelReservation(client(ana.id), id)).rejects.toMatchObject({
        code: 'CANCEL_WINDOW_CLOSED',
      });
      clock.set(new Date('2026-11-24T02:30:00.000Z'));
      expect(await booking.cancelReservation(client(ana.id), id)).toBe(true);
    });

    it("should refuse another client's reservation and let an admin remove anyone at any time, audited", async () => {
      const { db, clock, booking, ana, beto, studio, monday19, plan, book } = arrange();
      const anaPlan = plan(ana.id, 2);
      const id = await book(ana.id, TODAY, monday19.id);
      await expect(booking.cancelReservation(client(beto.id), id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect(db.reservations[0].status).toBe('active');

      clock.set(new Date('2026-11-24T00:30:00Z')); // 18:30, half an hour before the class
      expect(await booking.cancelReservation(admin(studio.id), id)).toBe(true);
      expect(db.reservations[0]).toMatchObject({ status: 'cancelled', cancelledBy: studio.id });
      expect(db.userPlan(anaPlan).classesRemaining).toBe(2);
      expect(db.eventsOfType('reservation.cancelled')[0].payload.byStudio).toBe(true);
      expect(db.audit).toEqual([
        expect.objectContaining({
          actorId: studio.id,
          action: 'reservation.cancel',
          entityId: id,
          subjectUserId: ana.id,
          after: { status: 'cancelled' },
        }),
      ]);
    });

    it('should answer RESERVATION_NOT_FOUND for a reservation that does not exist', async () => {
      const { booking, ana } = arrange();
      await expect(booking.cancelReservation(client(ana.id), 77)).rejects.toMatchObject({
        code: 'RESERVATION_NOT_FOUND',
        status: 404,
      });
    });

    it('should give nothing back for a walk-in paid at the studio', async () => {
      const { db, booking, ana, studio, monday19, plan } = arrange();
      const planId = plan(ana.id, 2);
      const klass = db.addClass(monday19, TODAY, { reservedCount: 1 });
      db.reservations.push({
        id: 1,
        classSessionId: klass.id,
        userId: ana.id,
        userPlanId: null,
        paidAtStudio: true,
        status: 'active',
        cancelledAt: null,
        cancelledBy: null,
        cancelGraceUntil: null,
        cancelHours: 12,
        lateReleasedAt: null,
        forgivenAt: null,
        attended: null,
        calendarSequence: 0,
      });
      expect(await booking.cancelReservation(admin(studio.id), 1)).toBe(true);
      expect(db.userPlan(planId).classesRemaining).toBe(2);
      expect(db.classOf(klass.id).reservedCount).toBe(0);
    });

    it('should offer the freed place to the first in line, in the same transaction', async () => {
      const { db, booking, waitlist, ana, beto, studio, plan, book } = arrange();
      const small = db.addSchedule({ weekday: 2, startTime: '08:00', capacity: 1 });
      plan(ana.id, 2);
      const betoPlan = plan(beto.id, 2);
      plan(studio.id, 2);
      const id = await book(ana.id, TUESDAY, small.id);
      const betoEntry = await waitlist.join(client(beto.id), small.id, TUESDAY);
      await waitlist.join(client(studio.id), small.id, TUESDAY);
      expect(db.userPlan(betoPlan).classesRemaining).toBe(2);

      expect(await booking.cancelReservation(client(ana.id), id)).toBe(true);
      const klass = db.classes[0];
      expect(db.activeReservationsIn(klass.id).map((r) => [r.userId, r.userPlanId])).toEqual([[beto.id, betoPlan]]);
      expect(klass).toMatchObject({ reservedCount: 1, waitingCount: 1 });
      expect(db.userPlan(betoPlan).classesRemaining).toBe(1);
      expect(db.waitlist.find((e) => e.id === betoEntry.waitlistId)).toMatchObject({ status: 'promoted' });
      expect(db.events.map((e) => [e.type, e.to.userId])).toEqual([
        ['reservation.confirmed', ana.id],
        ['reservation.cancelled', ana.id],
        ['waitlist.promoted', beto.id],
      ]);
    });
  });

  describe('cancelClass', () => {
    it('should cancel every reservation, give the classes back, tell each client and close the waitlist, once', async () => {
      const { db, booking, waitlist, ana, beto, studio, plan, book } = arrange();
      const small = db.addSchedule({ weekday: 2, startTime: '08:00', capacity: 1 });
      const anaPlan = plan(ana.id, 2);
      plan(beto.id, 2);
      await book(ana.id, TUESDAY, small.id);
      await waitlist.join(client(beto.id), small.id, TUESDAY);

      expect(await booking.cancelClass(admin(studio.id), small.id, TUESDAY)).toBe(1);
      const klass = db.classes[0];
      expect(klass).toMatchObject({ status: 'cancelled', reservedCount: 0, waitingCount: 0 });
      expect(db.userPlan(anaPlan).classesRemaining).toBe(2);
      expect(db.waitlist[0]).toMatchObject({ status: 'closed', reason: 'class_cancelled' });
      expect(db.events.slice(1).map((e) => [e.type, e.to.userId])).toEqual([
        ['reservation.cancelled', ana.id],
        ['waitlist.closed', beto.id],
      ]);
      expect(db.audit).toEqual([
        expect.objectContaining({ action: 'class.cancel', after: { status: 'cancelled', cancelledReservations: 1 } }),
      ]);

      expect(await booking.cancelClass(admin(studio.id), small.id, TUESDAY)).toBe(0);
      expect(db.audit).toHaveLength(1);
      expect(db.events).toHaveLength(3);
    });
  });

  describe('cancelUpcomingOf', () => {
    it("should cancel an account's classes that have not started and take it off its waitlists, without mail", async () => {
      const { db, clock, booking, waitlist, ana, beto, studio, monday19, tuesday07, plan, book } = arrange();
      const anaPlan = plan(ana.id, 5);
      plan(beto.id, 2);
      const monday07 = db.addSchedule({ weekday: 1, startTime: '07:00' });
      await book(ana.id, TODAY, monday07.id);
      await book(ana.id, TODAY, monday19.id);
      await book(ana.id, TUESDAY, tuesday07.id);
      const full = db.addSchedule({ weekday: 2, startTime: '09:00', capacity: 1 });
      await book(beto.id, TUESDAY, full.id);
      await waitlist.join(client(ana.id), full.id, TUESDAY);
      const mails = db.events.length;

      clock.set(new Date('2026-11-23T14:00:00Z')); // 8:00: the 7:00 class has started
      const cancelled = await booking.cancelUpcomingOf(ana.id, studio.id);
      expect(cancelled.map((r) => [r.date, r.startTime])).toEqual([
        [TODAY, '19:00'],
        [TUESDAY, '07:00'],
      ]);
      expect(db.reservations.filter((r) => r.userId === ana.id).map((r) => r.status)).toEqual([
        'active',
        'cancelled',
        'cancelled',
      ]);
      expect(db.userPlan(anaPlan).classesRemaining).toBe(4);
      expect(db.waitlist[0]).toMatchObject({ status: 'removed', reason: 'inactive' });
      expect(db.events).toHaveLength(mails);
    });
  });
});
