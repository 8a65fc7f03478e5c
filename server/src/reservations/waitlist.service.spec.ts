import { admin, client } from '../testing/fakes';
import { reservationsRules } from '../testing/reservations-rules';

/** Monday 2026-11-23, 06:00 in Mexico City (UTC-6). */
const TODAY = '2026-11-23';
const TUESDAY = '2026-11-24';
/** A studio time of day today, as an instant. */
const at = (time: string) => new Date(`${TODAY}T${time}:00-06:00`);

/** The waitlist rules against in-memory repositories (defaults: cutoff 2 h, grace 60 min, 10 in line). */
function arrange(env: Record<string, string> = {}) {
  const rules = reservationsRules(at('06:00'), env);
  const { db, booking } = rules;
  const studio = db.addUser({ name: 'Estudio', email: 'admin@example.com' });
  /** A client with a plan of `classes` covering the coming weeks. */
  const newClient = (name: string, classes = 4) => {
    const user = db.addUser({ name, email: `${name.toLowerCase()}@example.com` });
    const planId = db.addUserPlan({
      userId: user.id,
      classesRemaining: classes,
      startDate: TODAY,
      endDate: '2026-12-22',
    }).id;
    return { ...user, planId, caller: client(user.id) };
  };
  /** A class filled by `capacity` bookings of other clients; their reservations, to cancel later. */
  const fullClass = async (weekday: number, startTime: string, date: string, capacity = 1) => {
    const schedule = db.addSchedule({ weekday, startTime, capacity });
    const booked: number[] = [];
    for (let i = 0; i < capacity; i++) {
      const someone = newClient(`Reservado${schedule.id}x${i}`);
      booked.push((await booking.book(someone.caller, { date, classReservation: schedule.id })).reservationId);
    }
    const classId = db.classes.find((c) => c.scheduleId === schedule.id && c.date === date)!.id;
    return { scheduleId: schedule.id, classId, booked };
  };
  const cancelAsAdmin = (reservationId: number) => booking.cancelReservation(admin(studio.id), reservationId);
  const entriesOf = (classId: number) => db.waitlist.filter((e) => e.classSessionId === classId);
  return { ...rules, studio, newClient, fullClass, cancelAsAdmin, entriesOf };
}

describe('WaitlistService', () => {
  describe('joining and leaving', () => {
    it('should let a client with a covering plan join a full class without taking a class, in order', async () => {
      const { db, waitlist, newClient, fullClass } = arrange();
      const { scheduleId, classId } = await fullClass(2, '07:00', TUESDAY);
      const [ana, beto] = [newClient('Ana'), newClient('Beto')];
      const first = await waitlist.join(ana.caller, scheduleId, TUESDAY);
      const second = await waitlist.join(beto.caller, scheduleId, TUESDAY);
      expect([first.position, second.position]).toEqual([1, 2]);
      expect(db.classOf(classId)).toMatchObject({ reservedCount: 1, waitingCount: 2 });
      expect(db.userPlan(ana.planId).classesRemaining).toBe(4);
      expect(await waitlist.linesOf(beto.id)).toEqual([
        { id: second.waitlistId, date: TUESDAY, time: '7:00 AM', instructor: 'Ana', position: 2 },
      ]);
    });

    it('should move the line up when someone leaves; leaving twice is no error; only one’s own place', async () => {
      const { db, waitlist, studio, newClient, fullClass, entriesOf } = arrange();
      const { scheduleId, classId } = await fullClass(2, '07:00', TUESDAY);
      const [ana, beto, caro] = [newClient('Ana'), newClient('Beto'), newClient('Caro')];
      const anas = await waitlist.join(ana.caller, scheduleId, TUESDAY);
      const betos = await waitlist.join(beto.caller, scheduleId, TUESDAY);
      const caros = await waitlist.join(caro.caller, scheduleId, TUESDAY);

      await expect(waitlist.leave(ana.caller, betos.waitlistId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect(await waitlist.leave(ana.caller, anas.waitlistId)).toBe(true);
      expect(await waitlist.leave(ana.caller, anas.waitlistId)).toBe(false);
      expect((await waitlist.linesOf(beto.id))[0].position).toBe(1);
      expect(db.classOf(classId).waitingCount).toBe(2);

      expect(await waitlist.leave(admin(studio.id), caros.waitlistId)).toBe(true);
      expect(entriesOf(classId).map((e) => e.status)).toEqual(['left', 'waiting', 'removed']);
      expect(db.classOf(classId).waitingCount).toBe(1);
      expect(db.audit).toEqual([
        expect.objectContaining({ action: 'waitlist.remove', entityId: caros.waitlistId, subjectUserId: caro.id }),
      ]);
      await expect(waitlist.leave(ana.caller, 999)).rejects.toMatchObject({ code: 'WAITLIST_ENTRY_NOT_FOUND' });
    });

    it('should refuse with the booking codes and its own, writing nothing', async () => {
      const { db, waitlist, newClient, fullClass } = arrange({ WAITLIST_MAX: '1' });
      const notFull = db.addSchedule({ weekday: 2, startTime: '08:00' });
      const ana = newClient('Ana');
      await expect(waitlist.join(ana.caller, notFull.id, TUESDAY)).rejects.toMatchObject({
        code: 'CLASS_NOT_FULL',
        error: 'La clase tiene lugares disponibles: resérvala directamente.',
      });

      const { scheduleId, classId } = await fullClass(2, '07:00', TUESDAY);
      const bookedClient = db.reservations[0].userId;
      await expect(waitlist.join(client(bookedClient), scheduleId, TUESDAY)).rejects.toMatchObject({
        code: 'ALREADY_BOOKED',
      });
      const noPlan = db.addUser({ name: 'Sin plan' });
      await expect(waitlist.join(client(noPlan.id), scheduleId, TUESDAY)).rejects.toMatchObject({
        code: 'NO_CLASSES_LEFT',
      });
      const later = db.addUser({ name: 'Después' });
      db.addUserPlan({ userId: later.id, startDate: '2026-12-01', endDate: '2026-12-31' });
      await expect(waitlist.join(client(later.id), scheduleId, TUESDAY)).rejects.toMatchObject({
        code: 'DATE_OUT_OF_PLAN',
      });
      expect(db.waitlist).toEqual([]);

      await waitlist.join(ana.caller, scheduleId, TUESDAY);
      await expect(waitlist.join(ana.caller, scheduleId, TUESDAY)).rejects.toMatchObject({
        code: 'ALREADY_WAITLISTED',
        error: 'Ya estás en la lista de espera de esta clase.',
      });
      await expect(waitlist.join(newClient('Beto').caller, scheduleId, TUESDAY)).rejects.toMatchObject({
        code: 'WAITLIST_FULL',
        error: 'La lista de espera está llena',
      });
      expect(db.waitlist).toHaveLength(1);
      expect(db.classOf(classId).waitingCount).toBe(1);
    });

    it('should refuse a cancelled class, one that started, and one past the cutoff', async () => {
      const { db, clock, booking, waitlist, studio, newClient, fullClass } = arrange();
      const ana = newClient('Ana');
      const today = await fullClass(1, '19:00', TODAY);
      clock.set(at('17:00')); // the 2-hour cutoff of the 7:00 PM class
      await expect(waitlist.join(ana.caller, today.scheduleId, TODAY)).rejects.toMatchObject({
        code: 'WAITLIST_CLOSED',
        error: 'La lista de espera de esta clase ya cerró.',
      });
      clock.set(at('19:00'));
      await expect(waitlist.join(ana.caller, today.scheduleId, TODAY)).rejects.toMatchObject({
        code: 'CLASS_STARTED',
      });
      clock.set(at('06:00'));
      const tuesday = await fullClass(2, '07:00', TUESDAY);
      await booking.cancelClass(admin(studio.id), tuesday.scheduleId, TUESDAY);
      await expect(waitlist.join(ana.caller, tuesday.scheduleId, TUESDAY)).rejects.toMatchObject({
        code: 'CLASS_CANCELLED',
      });
      expect(db.waitlist).toEqual([]);
    });
  });

  describe('promotion', () => {
    it('should book the first in line when a place frees, taking one class, and tell them', async () => {
      const { db, waitlist, newClient, fullClass, cancelAsAdmin, entriesOf } = arrange();
      const { scheduleId, classId, booked } = await fullClass(2, '07:00', TUESDAY);
      const [ana, beto] = [newClient('Ana'), newClient('Beto')];
      const anas = await waitlist.join(ana.caller, scheduleId, TUESDAY);
      await waitlist.join(beto.caller, scheduleId, TUESDAY);

      await cancelAsAdmin(booked[0]);
      const promoted = db.activeReservationsIn(classId);
      expect(promoted.map((r) => [r.userId, r.userPlanId, r.cancelGraceUntil])).toEqual([[ana.id, ana.planId, null]]);
      expect(db.userPlan(ana.planId).classesRemaining).toBe(3);
      expect(db.userPlan(beto.planId).classesRemaining).toBe(4);
      expect(entriesOf(classId).map((e) => [e.userId, e.status, e.reservationId])).toEqual([
        [ana.id, 'promoted', promoted[0].id],
        [beto.id, 'waiting', null],
      ]);
      expect(db.classOf(classId)).toMatchObject({ reservedCount: 1, waitingCount: 1 });
      expect((await waitlist.linesOf(beto.id))[0].position).toBe(1);
      expect(db.eventsOfType('waitlist.promoted')).toEqual([
        {
          type: 'waitlist.promoted',
          to: { userId: ana.id, email: 'ana@example.com', name: 'Ana' },
          payload: {
            class: expect.objectContaining({ reservationId: promoted[0].id, date: TUESDAY, startTime: '07:00' }),
            // Twelve hours before Tuesday 7:00 in Mexico City.
            cancelUntil: '2026-11-24T01:00:00.000Z',
            grace: false,
          },
        },
      ]);
      expect(anas.position).toBe(1);
    });

    it('should skip a client who can no longer be booked, saying why, and promote the next', async () => {
      const { db, waitlist, newClient, fullClass, cancelAsAdmin, entriesOf } = arrange();
      const { scheduleId, classId, booked } = await fullClass(2, '07:00', TUESDAY, 2);
      const [ana, beto, caro] = [newClient('Ana', 1), newClient('Beto'), newClient('Caro')];
      await waitlist.join(ana.caller, scheduleId, TUESDAY);
      await waitlist.join(beto.caller, scheduleId, TUESDAY);
      await waitlist.join(caro.caller, scheduleId, TUESDAY);
      db.userPlan(ana.planId).classesRemaining = 0; // spent elsewhere meanwhile
      db.users.find((u) => u.id === beto.id)!.active = false;

      await cancelAsAdmin(booked[1]);
      expect(entriesOf(classId).map((e) => [e.userId, e.status, e.reason])).toEqual([
        [ana.id, 'skipped', 'NO_CLASSES_LEFT'],
        [beto.id, 'skipped', 'inactive'],
        [caro.id, 'promoted', null],
      ]);
      expect(db.eventsOfType('waitlist.skipped').map((e) => [e.to.userId, e.payload.reason])).toEqual([
        [ana.id, 'NO_CLASSES_LEFT'],
        [beto.id, 'inactive'],
      ]);
      expect(db.classOf(classId)).toMatchObject({ reservedCount: 2, waitingCount: 0 });
    });

    it("should refuse joining a class whose type the client's plan does not include, and skip a waiting client's plan limited since", async () => {
      const { db, waitlist, newClient, fullClass, cancelAsAdmin, entriesOf } = arrange();
      const prenatal = db.addClassType({ name: 'Prenatal', level: 'prenatal' });
      const { scheduleId, classId, booked } = await fullClass(2, '07:00', TUESDAY, 1);
      const [ana, beto] = [newClient('Ana'), newClient('Beto')];
      const pack = newClient('Pack');
      db.limitUserPlan(pack.planId, [prenatal.id]);
      await expect(waitlist.join(pack.caller, scheduleId, TUESDAY)).rejects.toMatchObject({
        code: 'CLASS_TYPE_NOT_IN_PLAN',
        error: 'Tu plan no incluye clases de Pilates Reformer.',
      });
      await waitlist.join(ana.caller, scheduleId, TUESDAY);
      await waitlist.join(beto.caller, scheduleId, TUESDAY);
      // Ana's plan turned out to be a prenatal pack (as if corrected by the studio) before her turn came.
      db.limitUserPlan(ana.planId, [prenatal.id]);

      await cancelAsAdmin(booked[0]);
      expect(entriesOf(classId).map((e) => [e.userId, e.status, e.reason])).toEqual([
        [ana.id, 'skipped', 'CLASS_TYPE_NOT_IN_PLAN'],
        [beto.id, 'promoted', null],
      ]);
      expect(db.userPlan(ana.planId).classesRemaining).toBe(4);
    });

    it('should fill new places in order when the capacity grows', async () => {
      const { db, waitlist, newClient, fullClass, entriesOf } = arrange();
      const { scheduleId, classId } = await fullClass(5, '07:00', '2026-11-27');
      for (const name of ['Ana', 'Beto', 'Caro']) await waitlist.join(newClient(name).caller, scheduleId, '2026-11-27');
      db.classOf(classId).capacity = 3;
      await waitlist.fillScheduleClasses(scheduleId, { today: TODAY, timeOfDay: '06:00' });
      expect(entriesOf(classId).map((e) => e.status)).toEqual(['promoted', 'promoted', 'waiting']);
      expect(db.classOf(classId)).toMatchObject({ reservedCount: 3, waitingCount: 1 });
    });

    it('should give a client promoted after the cancellation deadline a grace to cancel', async () => {
      const { db, clock, waitlist, newClient, fullClass, cancelAsAdmin } = arrange();
      const { scheduleId, classId, booked } = await fullClass(1, '20:00', TODAY);
      const ana = newClient('Ana');
      await waitlist.join(ana.caller, scheduleId, TODAY);
      clock.set(at('10:00')); // past the 8:00 deadline, before the 6:00 PM cutoff
      await cancelAsAdmin(booked[0]);
      const [promoted] = db.activeReservationsIn(classId);
      expect(promoted.cancelGraceUntil?.toISOString()).toBe(at('11:00').toISOString());
      expect(db.eventsOfType('waitlist.promoted')[0].payload).toMatchObject({
        cancelUntil: at('11:00').toISOString(),
        grace: true,
      });
    });
  });

  describe('cutoff', () => {
    it('should promote until the cutoff, then leave the place to anyone and close the list once', async () => {
      const { db, clock, booking, waitlist, newClient, fullClass, cancelAsAdmin, entriesOf } = arrange();
      const { scheduleId, classId, booked } = await fullClass(1, '19:00', TODAY, 2);
      const [ana, beto] = [newClient('Ana'), newClient('Beto')];
      await waitlist.join(ana.caller, scheduleId, TODAY);
      await waitlist.join(beto.caller, scheduleId, TODAY);

      clock.set(at('16:59'));
      await cancelAsAdmin(booked[0]);
      expect(db.activeReservationsIn(classId).map((r) => r.userId)).toContain(ana.id);

      clock.set(at('17:00'));
      await cancelAsAdmin(booked[1]);
      expect(db.activeReservationsIn(classId).map((r) => r.userId)).not.toContain(beto.id);
      expect(entriesOf(classId).map((e) => e.status)).toEqual(['promoted', 'waiting']);
      const walkUp = newClient('Caro');
      await booking.book(walkUp.caller, { date: TODAY, classReservation: scheduleId });

      expect(await waitlist.closeAtCutoff()).toBe(1);
      expect(entriesOf(classId).map((e) => [e.status, e.reason])).toEqual([
        ['promoted', null],
        ['closed', 'cutoff'],
      ]);
      expect(db.eventsOfType('waitlist.closed')).toEqual([
        expect.objectContaining({
          to: expect.objectContaining({ userId: beto.id }),
          payload: expect.objectContaining({ reason: 'cutoff' }),
        }),
      ]);
      expect(db.classOf(classId).waitingCount).toBe(0);
      expect(await waitlist.closeAtCutoff()).toBe(0);
    });
  });

  describe('promoteByAdmin', () => {
    it('should book a waiting client out of turn while a place is free, audited', async () => {
      const { db, clock, waitlist, studio, newClient, fullClass, cancelAsAdmin, entriesOf } = arrange();
      const { scheduleId, classId, booked } = await fullClass(1, '19:00', TODAY);
      const [ana, beto] = [newClient('Ana'), newClient('Beto')];
      await waitlist.join(ana.caller, scheduleId, TODAY);
      const betos = await waitlist.join(beto.caller, scheduleId, TODAY);
      clock.set(at('18:00')); // past the cutoff: places are no longer handed out by themselves
      await expect(waitlist.promoteByAdmin(admin(studio.id), betos.waitlistId)).rejects.toMatchObject({
        code: 'CLASS_FULL',
      });
      await cancelAsAdmin(booked[0]);
      expect(db.activeReservationsIn(classId)).toEqual([]);

      const id = await waitlist.promoteByAdmin(admin(studio.id), betos.waitlistId);
      expect(db.activeReservationsIn(classId).map((r) => [r.id, r.userId])).toEqual([[id, beto.id]]);
      expect(entriesOf(classId).map((e) => e.status)).toEqual(['waiting', 'promoted']);
      expect(db.audit.at(-1)).toMatchObject({
        action: 'waitlist.promote',
        entityId: betos.waitlistId,
        after: { status: 'promoted', reservationId: id },
      });
      await expect(waitlist.promoteByAdmin(admin(studio.id), betos.waitlistId)).rejects.toMatchObject({
        code: 'WAITLIST_ENTRY_ENDED',
      });
    });

    it('should roll a refused promotion back: no reservation, no mail, the entry still waiting', async () => {
      const { db, clock, waitlist, studio, newClient, fullClass, cancelAsAdmin, entriesOf } = arrange();
      const { scheduleId, classId, booked } = await fullClass(1, '19:00', TODAY);
      const ana = newClient('Ana');
      const anas = await waitlist.join(ana.caller, scheduleId, TODAY);
      clock.set(at('18:00'));
      await cancelAsAdmin(booked[0]);
      db.userPlan(ana.planId).classesRemaining = 0;
      const before = { events: db.events.length, audit: db.audit.length };

      await expect(waitlist.promoteByAdmin(admin(studio.id), anas.waitlistId)).rejects.toMatchObject({
        code: 'NO_CLASSES_LEFT',
      });
      expect(db.activeReservationsIn(classId)).toEqual([]);
      expect(entriesOf(classId).map((e) => e.status)).toEqual(['waiting']);
      expect({ events: db.events.length, audit: db.audit.length }).toEqual(before);
    });
  });
});
