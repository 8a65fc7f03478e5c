import { addDays } from '@pilates/dates';
import { FixedClock } from '../src/core/clock/clock';
import { RemindersService } from '../src/reservations/reminders.service';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { SpotOutage } from '../src/sala/entities';
import {
  adminAgent,
  clientWithPlan,
  NEXT_MONDAY,
  NOW,
  remainingOf,
  scheduleAt,
  sessionOf,
  TODAY,
} from './helpers/booking';
import { mailsFor } from './helpers/notifications';
import { bookSpot, setFavourite, useSalaApp } from './helpers/sala';
import type { TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

const book = bookSpot;
const favourite = setFavourite;
const outage = (agent: Agent, body: Record<string, unknown>, preview = false) =>
  agent.post(`/api/admin/sala/outage${preview ? '/preview' : ''}`).send(body);

/** A new client with a plan of 10 classes: its agent, id, e-mail, name and plan. */
const client = (t: TestApp, name = 'Sala') => clientWithPlan(t, name, { classes: 10 });

const reservation = (t: TestApp, id: number) => t.dataSource.getRepository(Reservation).findOneByOrFail({ id });

describe('sala: a reformer out of service', () => {
  let t: TestApp;
  let ids: Record<string, number>;
  const clock = new FixedClock(NOW);
  useSalaApp(clock, (app, spots) => ([t, ids] = [app, spots]));

  it('should move the booked clients, cancel who has no reformer left, as the preview said, then end it', async () => {
    const admin = await adminAgent(t);
    const tuesday = addDays(NEXT_MONDAY, 1);
    const wednesday = addDays(NEXT_MONDAY, 2);
    const full = await scheduleAt(t, 2, '07:00');
    const half = await scheduleAt(t, 2, '08:00');
    const other = await scheduleAt(t, 3, '07:00');

    // Tuesday 7:00 full: its client on Reformer 4 has nowhere to go.
    const crowd = [];
    for (let n = 1; n <= 8; n++) {
      const c = await client(t, 'Lleno');
      const res = await book(c.agent, tuesday, full.id, ids[`Reformer ${n}`]).expect(201);
      crowd.push({ ...c, reservationId: res.body.reservationId as number });
    }
    const stranded = crowd[3];
    // Tuesday 8:00: the client on Reformer 4 has Reformer 6 as favourite, free.
    const mover = await client(t, 'Favorito');
    await favourite(mover.agent, ids['Reformer 6']).expect(200);
    const moved = await book(mover.agent, tuesday, half.id, ids['Reformer 4']).expect(201);
    await book((await client(t)).agent, tuesday, half.id, ids['Reformer 1']).expect(201);
    // Wednesday 7:00: no favourite, the one used last is the one going out: the lowest free.
    const plain = await client(t, 'Sin favorito');
    const plainBooked = await book(plain.agent, wednesday, other.id, ids['Reformer 4']).expect(201);

    const body = { spot: ids['Reformer 4'], from: tuesday, to: wednesday, reason: 'Resorte en reparación' };
    const preview = await outage(admin, body, true).expect(200);
    const expected = {
      moves: [
        {
          reservationId: moved.body.reservationId,
          name: mover.name,
          date: tuesday,
          time: '8:00 AM',
          from: 'Reformer 4',
          to: 'Reformer 6',
        },
        {
          reservationId: plainBooked.body.reservationId,
          name: plain.name,
          date: wednesday,
          time: '7:00 AM',
          from: 'Reformer 4',
          to: 'Reformer 1',
        },
      ],
      stranded: [{ reservationId: stranded.reservationId, name: stranded.name, date: tuesday, time: '7:00 AM' }],
    };
    expect(preview.body).toEqual({ success: true, ...expected });
    // The preview changed nothing.
    expect((await reservation(t, moved.body.reservationId)).spotId).toBe(ids['Reformer 4']);
    expect(await t.dataSource.getRepository(SpotOutage).count()).toBe(0);

    const applied = await outage(admin, body).expect(201);
    expect(applied.body).toEqual({
      success: true,
      message: 'Reformer 4 queda fuera de servicio.',
      outage: {
        id: expect.any(Number),
        spot: { id: ids['Reformer 4'], label: 'Reformer 4' },
        from: tuesday,
        to: wednesday,
        reason: 'Resorte en reparación',
      },
      ...expected,
    });
    expect((await reservation(t, moved.body.reservationId)).spotId).toBe(ids['Reformer 6']);
    expect((await reservation(t, plainBooked.body.reservationId)).spotId).toBe(ids['Reformer 1']);
    expect((await reservation(t, stranded.reservationId)).status).toBe('cancelled');
    // The class is back on the stranded client's plan; the others keep theirs taken.
    expect(await remainingOf(t, stranded.planId)).toBe(10);
    expect(await remainingOf(t, mover.planId)).toBe(9);

    // Each told: the move names the new reformer, the cancellation is the studio's.
    const [moveMail] = (await mailsFor(t, mover.email)).filter((m) => m.subject.includes('ahora en'));
    expect(moveMail.subject).toBe('Tu clase sigue en pie: ahora en Reformer 6');
    expect(moveMail.text).toContain('Reformer 4 estará fuera de servicio');
    expect(moveMail.text).toContain('te cambiamos a Reformer 6');
    expect(moveMail.attachments?.[0].content).toContain('LOCATION:Reformer 6');
    const strandedMails = await mailsFor(t, stranded.email);
    expect(strandedMails.at(-1)!.subject).toBe('El estudio canceló tu clase');
    // The mover's plan says so in its "Historial", as any move by the studio.
    const history = await mover.agent
      .post('/api/informacion/plan-history')
      .send({ userPlanId: mover.planId })
      .expect(200);
    expect(history.body.movements).toContainEqual(
      expect.objectContaining({ kind: 'moved_by_studio', date: tuesday, note: 'Reformer 4 → Reformer 6' }),
    );

    // Places follow the reformers in service: 7 on both days, also for a class created afterwards.
    expect((await sessionOf(t, full.id, tuesday))!.capacity).toBe(7);
    expect((await sessionOf(t, full.id, tuesday))!.reservedCount).toBe(7);
    expect((await sessionOf(t, half.id, tuesday))!.capacity).toBe(7);
    expect((await sessionOf(t, other.id, wednesday))!.capacity).toBe(7);
    const later = await scheduleAt(t, 2, '09:00');
    await book((await client(t)).agent, tuesday, later.id).expect(201);
    expect((await sessionOf(t, later.id, tuesday))!.capacity).toBe(7);
    // Thursday is outside the range.
    const thursday = await scheduleAt(t, 4, '07:00');
    await book((await client(t)).agent, addDays(NEXT_MONDAY, 3), thursday.id).expect(201);
    expect((await sessionOf(t, thursday.id, addDays(NEXT_MONDAY, 3)))!.capacity).toBe(8);

    // The admin's room lists it; a client waits for the full class.
    const sala = await admin.get('/api/admin/sala').expect(200);
    expect(sala.body.outages).toEqual([applied.body.outage]);
    const waiting = await client(t, 'Espera');
    await waiting.agent
      .post('/api/reservations/join-waitlist')
      .send({ date: tuesday, classReservation: full.id })
      .expect(201);

    // Back in service before it began: the range goes, the places come back, the line fills them.
    // Two ends at once: one ends it, the other finds nothing to end.
    const ends = await Promise.all(
      [1, 2].map(() => admin.post('/api/admin/sala/outage/end').send({ id: applied.body.outage.id })),
    );
    expect(ends.map((r) => r.status).sort()).toEqual([200, 404]);
    const ended = ends.find((r) => r.status === 200)!;
    expect(ended.body).toEqual({ success: true, message: 'Reformer 4 vuelve a estar en servicio.' });
    expect(await t.dataSource.getRepository(SpotOutage).count()).toBe(0);
    expect((await sessionOf(t, full.id, tuesday))!.capacity).toBe(8);
    expect((await sessionOf(t, other.id, wednesday))!.capacity).toBe(8);
    const promoted = await t.dataSource
      .getRepository(Reservation)
      .findOneByOrFail({ userId: waiting.id, status: 'active' });
    expect(promoted.spotId).toBe(ids['Reformer 4']);
    expect((await sessionOf(t, full.id, tuesday))!.reservedCount).toBe(8);
    expect((await admin.get('/api/admin/sala').expect(200)).body.outages).toEqual([]);
    await admin.post('/api/admin/sala/outage/end').send({ id: applied.body.outage.id }).expect(404);

    const audit: { action: string; after: unknown }[] = await t.dataSource.query(
      "SELECT action, `after` AS after FROM audit_log WHERE action IN ('spot.outage', 'spot.outage_end') ORDER BY id",
    );
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(audit.map((a) => [a.action, parse(a.after)])).toEqual([
      [
        'spot.outage',
        {
          spot: 'Reformer 4',
          startDate: tuesday,
          endDate: wednesday,
          reason: 'Resorte en reparación',
          moved: 2,
          cancelledReservations: 1,
        },
      ],
      ['spot.outage_end', { active: true }],
    ]);
  });

  it('should end a range already begun yesterday: from today the reformer is bookable again', async () => {
    const admin = await adminAgent(t);
    const created = await outage(admin, {
      spot: ids['Reformer 8'],
      from: TODAY,
      to: addDays(TODAY, 10),
      reason: 'Pintura',
    });
    expect(created.status).toBe(201);
    const tomorrow = addDays(TODAY, 1);
    const tuesdayNoon = await scheduleAt(t, 2, '18:00');
    const c = await client(t);
    const refused = await book(c.agent, tomorrow, tuesdayNoon.id, ids['Reformer 8']).expect(409);
    expect(refused.body).toEqual({
      success: false,
      code: 'SPOT_OUT_OF_SERVICE',
      error: 'Ese reformer está fuera de servicio ese día',
    });
    clock.set(new Date(NOW.getTime() + 24 * 3600_000));
    await admin.post('/api/admin/sala/outage/end').send({ id: created.body.outage.id }).expect(200);
    const row = await t.dataSource.getRepository(SpotOutage).findOneByOrFail({ id: created.body.outage.id });
    expect(row.toDate).toBe(TODAY);
    await book(c.agent, tomorrow, tuesdayNoon.id, ids['Reformer 8']).expect(201);
  });

  it('should refuse an out-of-service reformer to a booking and a change, and keep "Cualquiera" off it', async () => {
    const admin = await adminAgent(t);
    const date = addDays(NEXT_MONDAY, 4); // Friday
    const schedule = await scheduleAt(t, 5, '07:00');
    await outage(admin, { spot: ids['Reformer 2'], from: date, to: date, reason: 'Cuerda rota' }).expect(201);

    const c = await client(t);
    const refused = await book(c.agent, date, schedule.id, ids['Reformer 2']).expect(409);
    expect(refused.body.code).toBe('SPOT_OUT_OF_SERVICE');
    // Favourite out of service: "Cualquiera" gives another one; 7 places, none on Reformer 2.
    await favourite(c.agent, ids['Reformer 2']).expect(200);
    const first = await book(c.agent, date, schedule.id).expect(201);
    expect(first.body.spot.label).not.toBe('Reformer 2');
    const others = await Promise.all(Array.from({ length: 7 }, () => client(t)));
    const results = await Promise.all(others.map((o) => book(o.agent, date, schedule.id)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(6);
    expect(results.filter((r) => r.status !== 201).map((r) => r.body.code)).toEqual(['CLASS_FULL']);
    const spots = (await t.dataSource.getRepository(Reservation).findBy({ classDate: date, status: 'active' })).map(
      (r) => r.spotId,
    );
    expect(spots).toHaveLength(7);
    expect(spots).not.toContain(ids['Reformer 2']);
    expect((await sessionOf(t, schedule.id, date))!.capacity).toBe(7);

    // A change onto it is refused, to the client and to an admin.
    const change = { reservationId: first.body.reservationId, spot: ids['Reformer 2'] };
    expect((await c.agent.post('/api/reservations/change-spot').send(change).expect(409)).body.code).toBe(
      'SPOT_OUT_OF_SERVICE',
    );
    await admin.post('/api/reservations/change-spot').send(change).expect(409);
    // A walk-in is placed off it too (the client's favourite is the reformer out of service).
    const walkInClass = await scheduleAt(t, 5, '08:00');
    const walkIn = await admin
      .post('/api/admin/walk-in')
      .send({ date, classReservation: walkInClass.id, userId: c.id })
      .expect(201);
    const walkInSpot = (await reservation(t, walkIn.body.reservationId)).spotId;
    expect(walkInSpot).not.toBeNull();
    expect(walkInSpot).not.toBe(ids['Reformer 2']);
    // Another Friday it is bookable.
    await book((await client(t)).agent, addDays(date, 7), schedule.id, ids['Reformer 2']).expect(201);
  });

  it('should leave nobody on the reformer when bookings of it race the range being written', async () => {
    const admin = await adminAgent(t);
    const date = addDays(NEXT_MONDAY, 7 + 3); // a Thursday two weeks on
    const times = ['07:00', '08:00', '09:00', '18:00', '19:00', '20:00'];
    const schedules = await Promise.all(times.map((time) => scheduleAt(t, 4, time)));
    const clients = await Promise.all(schedules.map(() => client(t, 'Carrera')));
    const [applied, ...bookings] = await Promise.all([
      outage(admin, { spot: ids['Reformer 5'], from: date, to: date, reason: 'Carrera' }),
      ...schedules.map((s, i) => book(clients[i].agent, date, s.id, ids['Reformer 5'])),
    ]);
    expect(applied.status).toBe(201);
    for (const res of bookings) {
      expect([201, 409]).toContain(res.status);
      if (res.status === 409) expect(res.body.code).toBe('SPOT_OUT_OF_SERVICE');
    }
    // Who got it before the range was written was moved by it.
    expect(applied.body.moves).toHaveLength(bookings.filter((r) => r.status === 201).length);
    const onIt = await t.dataSource
      .getRepository(Reservation)
      .countBy({ classDate: date, status: 'active', spotId: ids['Reformer 5'] });
    expect(onIt).toBe(0);
    for (const s of schedules) {
      const session = await sessionOf(t, s.id, date);
      if (session) expect(session.capacity).toBe(7);
    }
  });

  it('should check the range, in Spanish', async () => {
    const admin = await adminAgent(t);
    const base = { spot: ids['Reformer 3'], from: addDays(TODAY, 20), to: addDays(TODAY, 22), reason: 'Mantenimiento' };
    const past = await outage(admin, { ...base, from: addDays(TODAY, -1) }, true).expect(400);
    expect(past.body.error).toEqual({ from: ['La fecha de inicio no puede ser anterior a hoy.'] });
    const reversed = await outage(admin, { ...base, to: addDays(TODAY, 19) }).expect(400);
    expect(reversed.body.error).toEqual({ to: ['La fecha de término debe ser igual o posterior a la de inicio.'] });
    const long = await outage(admin, { ...base, to: addDays(base.from, 366) }).expect(400);
    expect(long.body.error).toEqual({ to: ['El periodo no puede pasar de 366 días.'] });
    await outage(admin, { ...base, to: addDays(base.from, 365) }, true).expect(200);
    const noReason = await outage(admin, { ...base, reason: '  ' }).expect(400);
    expect(noReason.body.error).toEqual({ reason: ['El motivo es obligatorio'] });
    const longReason = await outage(admin, { ...base, reason: 'x'.repeat(121) }).expect(400);
    expect(longReason.body.error).toEqual({ reason: ['El motivo no puede tener más de 120 caracteres'] });
    const unknown = await outage(admin, { ...base, spot: 999_999 }).expect(400);
    expect(unknown.body.code).toBe('SPOT_UNKNOWN');

    await outage(admin, base).expect(201);
    const overlap = await outage(admin, { ...base, from: addDays(TODAY, 22), to: addDays(TODAY, 25) }).expect(409);
    expect(overlap.body).toEqual({
      success: false,
      code: 'OUTAGE_OVERLAPS',
      error: 'Ese reformer ya está fuera de servicio en parte de esas fechas; termina o ajusta ese periodo primero.',
    });
    expect((await outage(admin, { ...base, from: addDays(TODAY, 22) }, true)).status).toBe(409);
    // Another reformer on the same days is fine.
    await outage(admin, { ...base, spot: ids['Reformer 5'] }, true).expect(200);

    const c = await client(t);
    await outage(c.agent, base, true).expect(403);
    await outage(c.agent, base).expect(403);
    await c.agent.post('/api/admin/sala/outage/end').send({ id: 1 }).expect(403);
  });
});

describe('sala: the reformer named wherever the class appears', () => {
  let t: TestApp;
  let ids: Record<string, number>;
  const clock = new FixedClock(NOW);
  useSalaApp(clock, (app, spots) => ([t, ids] = [app, spots]));

  it('should name it in Mis clases, the confirmation, the reminder, the .ics and the calendar feed', async () => {
    const c = await client(t);
    const schedule = await scheduleAt(t, 1, '19:00');
    const booked = await book(c.agent, TODAY, schedule.id, ids['Reformer 4']).expect(201);

    const mine = await c.agent.post('/api/informacion/get-clases').send({}).expect(200);
    expect(mine.body.clases[0]).toMatchObject({
      id: booked.body.reservationId,
      spot: { id: ids['Reformer 4'], label: 'Reformer 4' },
    });

    const [confirmation] = await mailsFor(t, c.email);
    expect(confirmation.subject).toBe('Tu clase está reservada');
    expect(confirmation.text).toContain('Tu lugar: Reformer 4.');
    const ics = String(confirmation.attachments?.[0].content);
    expect(ics).toContain('LOCATION:Reformer 4');
    expect(ics).toMatch(/DESCRIPTION:Reformer 4/);

    const feedUrl = (await c.agent.post('/api/informacion/calendar-feed').expect(200)).body.url as string;
    const feed = await t.http().get(new URL(feedUrl).pathname).expect(200);
    expect(feed.text).toContain('LOCATION:Reformer 4');

    // 10:00 in the studio: the reminder of tonight's class goes out, naming the reformer.
    clock.set(new Date('2026-11-23T16:00:00.000Z'));
    expect(await t.app.get(RemindersService).sendDueReminders()).toBe(1);
    const reminder = (await mailsFor(t, c.email)).at(-1)!;
    expect(reminder.subject).toBe('Tu clase de hoy');
    expect(reminder.text).toContain('Tu lugar: Reformer 4.');
  });
});
