import { addDays } from '@pilates/dates';
import { FixedClock } from '../src/core/clock/clock';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import {
  activeReservations,
  adminAgent,
  clientWithPlan,
  NEXT_MONDAY,
  NOW,
  scheduleAt,
  sessionOf,
  TODAY,
} from './helpers/booking';
import { bookSpot, setFavourite, useSalaApp } from './helpers/sala';
import type { TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;
const TUESDAY = addDays(TODAY, 1);

const book = bookSpot;
const changeSpot = (agent: Agent, reservationId: number, spot: number) =>
  agent.post('/api/reservations/change-spot').send({ reservationId, spot });
const favourite = setFavourite;

/** A new client with a plan of `classes` classes. */
const client = (t: TestApp, classes = 10) => clientWithPlan(t, 'Sala', { classes });

const spotsInClass = async (t: TestApp, scheduleId: number, date: string): Promise<(number | null)[]> => {
  const session = await sessionOf(t, scheduleId, date);
  const rows = await t.dataSource
    .getRepository(Reservation)
    .find({ where: { classSessionId: session!.id, status: 'active' }, order: { id: 'ASC' } });
  return rows.map((r) => r.spotId);
};

describe('sala: a reformer in every booking', () => {
  let t: TestApp;
  let ids: Record<string, number>;
  const clock = new FixedClock(NOW);
  useSalaApp(clock, (app, spots) => ([t, ids] = [app, spots]));

  it('should show anyone the room: the live reformers in order and the instructor', async () => {
    const res = await t.http().get('/api/reservations/sala').expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.instructor).toEqual({ row: 0, column: 1 });
    expect(res.body.spots).toHaveLength(8);
    expect(res.body.spots.slice(0, 5)).toEqual([
      { id: ids['Reformer 1'], label: 'Reformer 1', row: 1, column: 0 },
      { id: ids['Reformer 2'], label: 'Reformer 2', row: 1, column: 1 },
      { id: ids['Reformer 3'], label: 'Reformer 3', row: 1, column: 2 },
      { id: ids['Reformer 4'], label: 'Reformer 4', row: 1, column: 3 },
      { id: ids['Reformer 5'], label: 'Reformer 5', row: 2, column: 0 },
    ]);
  });

  describe('booking a reformer', () => {
    it('should book the reformer asked for and refuse it to the next client, and an unknown one', async () => {
      const schedule = await scheduleAt(t, 1, '18:00');
      const first = await client(t);
      const res = await book(first.agent, TODAY, schedule.id, ids['Reformer 4']).expect(201);
      expect(res.body.spot).toEqual({ id: ids['Reformer 4'], label: 'Reformer 4' });

      const second = await client(t);
      const taken = await book(second.agent, TODAY, schedule.id, ids['Reformer 4']).expect(409);
      expect(taken.body).toEqual({
        success: false,
        code: 'SPOT_TAKEN',
        error: 'Ese reformer ya está reservado; elige otro',
      });
      const unknown = await book(second.agent, TODAY, schedule.id, 999_999).expect(400);
      expect(unknown.body).toMatchObject({ code: 'SPOT_UNKNOWN', error: 'Ese reformer no existe' });
      const invalid = await book(second.agent, TODAY, schedule.id, 'cuatro' as unknown as number).expect(400);
      expect(invalid.body.error).toEqual({ spot: ['El reformer no es válido'] });
      // Nothing was taken by the refusals: one place, one class off the first plan only.
      expect((await sessionOf(t, schedule.id, TODAY))!.reservedCount).toBe(1);
    });

    it('should give exactly one of 20 clients asking for the same reformer at once', async () => {
      const schedule = await scheduleAt(t, 2, '07:00');
      const clients = await Promise.all(Array.from({ length: 20 }, () => client(t)));
      const results = await Promise.all(clients.map((c) => book(c.agent, TUESDAY, schedule.id, ids['Reformer 2'])));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(
        Array.from({ length: 19 }, () => 'SPOT_TAKEN'),
      );
      expect(await spotsInClass(t, schedule.id, TUESDAY)).toEqual([ids['Reformer 2']]);
      expect((await sessionOf(t, schedule.id, TUESDAY))!.reservedCount).toBe(1);
    });

    it('should seat 8 of 20 clients booking "Cualquiera" for a class of 8, each on their own reformer', async () => {
      const schedule = await scheduleAt(t, 2, '08:00');
      const clients = await Promise.all(Array.from({ length: 20 }, () => client(t)));
      const results = await Promise.all(clients.map((c) => book(c.agent, TUESDAY, schedule.id)));
      expect(results.filter((r) => r.status === 201)).toHaveLength(8);
      expect(results.filter((r) => r.status !== 201).map((r) => [r.status, r.body.code])).toEqual(
        Array.from({ length: 12 }, () => [409, 'CLASS_FULL']),
      );
      const spots = await spotsInClass(t, schedule.id, TUESDAY);
      expect(new Set(spots).size).toBe(8);
      expect(spots.every((id) => id !== null)).toBe(true);
      const answered = results.filter((r) => r.status === 201).map((r) => r.body.spot.id);
      expect(answered.sort()).toEqual([...spots].sort());
    });

    it('should let a switch and a booking race for one reformer: one wins, nobody shares it', async () => {
      const schedule = await scheduleAt(t, 2, '09:00');
      for (const [round, target] of ['Reformer 5', 'Reformer 6', 'Reformer 7'].entries()) {
        const date = addDays(NEXT_MONDAY, 1 + 7 * round);
        const mover = await client(t);
        const booked = await book(mover.agent, date, schedule.id, ids['Reformer 1']).expect(201);
        const other = await client(t);
        const [switched, booking] = await Promise.all([
          changeSpot(mover.agent, booked.body.reservationId, ids[target]),
          book(other.agent, date, schedule.id, ids[target]),
        ]);
        const won = [switched.status === 200, booking.status === 201];
        expect(won.filter(Boolean)).toHaveLength(1);
        const loser = won[0] ? booking : switched;
        expect(loser.status).toBe(409);
        expect(loser.body.code).toBe('SPOT_TAKEN');
        const spots = await spotsInClass(t, schedule.id, date);
        expect(spots.filter((id) => id === ids[target])).toHaveLength(1);
        expect(new Set(spots).size).toBe(spots.length);
      }
    });
  });

  describe('"Cualquiera"', () => {
    it('should give the favourite when free, else the one used last, else the lowest free', async () => {
      const c = await client(t);
      const set = await favourite(c.agent, ids['Reformer 6']).expect(200);
      expect(set.body).toEqual({
        success: true,
        message: 'Reformer 6 es tu reformer favorito.',
        favouriteSpot: { id: ids['Reformer 6'], label: 'Reformer 6' },
      });
      const wednesday = addDays(TODAY, 2);
      const seven = await scheduleAt(t, 3, '07:00');
      expect((await book(c.agent, wednesday, seven.id).expect(201)).body.spot.label).toBe('Reformer 6');

      // The favourite taken (and so the one used last, the same): the lowest free.
      const eight = await scheduleAt(t, 3, '08:00');
      await book((await client(t)).agent, wednesday, eight.id, ids['Reformer 6']).expect(201);
      await book((await client(t)).agent, wednesday, eight.id, ids['Reformer 1']).expect(201);
      expect((await book(c.agent, wednesday, eight.id).expect(201)).body.spot.label).toBe('Reformer 2');

      // No favourite: the one of their latest reservation, even where a lower one is free.
      await favourite(c.agent, null).expect(200);
      const nine = await scheduleAt(t, 3, '09:00');
      expect((await book(c.agent, wednesday, nine.id).expect(201)).body.spot.label).toBe('Reformer 2');

      // A favourite that does not exist is refused.
      const bad = await favourite(c.agent, 999_999).expect(400);
      expect(bad.body.code).toBe('SPOT_UNKNOWN');
    });

    it('should promote from the waitlist onto the favourite reformer when free, never a taken one', async () => {
      const schedule = await scheduleAt(t, 4, '07:00');
      await t.dataSource.getRepository(Schedule).update({ id: schedule.id }, { capacity: 3 });
      const waiting = await client(t);
      /** Fills the class of `date` with new clients on these reformers: the first one, with their reservation. */
      const fill = async (date: string, reformers: string[]) => {
        const booked = [];
        for (const reformer of reformers) {
          const c = await client(t);
          const res = await book(c.agent, date, schedule.id, ids[reformer]).expect(201);
          booked.push({ agent: c.agent, reservationId: res.body.reservationId as number });
        }
        return booked[0];
      };
      const joinWaitlist = (date: string) =>
        waiting.agent.post('/api/reservations/join-waitlist').send({ date, classReservation: schedule.id }).expect(201);
      const activeOn = (date: string) =>
        t.dataSource
          .getRepository(Reservation)
          .findOneByOrFail({ userId: waiting.id, status: 'active', classDate: date });

      const date = addDays(NEXT_MONDAY, 3);
      const a = await fill(date, ['Reformer 1', 'Reformer 2', 'Reformer 8']);
      await favourite(waiting.agent, ids['Reformer 8']).expect(200);
      await joinWaitlist(date);
      // A's place frees Reformer 1: the favourite (8) is taken, so the promoted client gets a free one.
      await a.agent.post('/api/reservations/cancel-reservation').send({ id: a.reservationId }).expect(200);
      expect((await activeOn(date)).spotId).toBe(ids['Reformer 1']);
      const spots = await spotsInClass(t, schedule.id, date);
      expect(new Set(spots).size).toBe(3);

      // Next time the favourite is free: the promotion takes it.
      const date2 = addDays(date, 7);
      const d = await fill(date2, ['Reformer 1', 'Reformer 2', 'Reformer 3']);
      await joinWaitlist(date2);
      const admin = await adminAgent(t);
      await admin.post('/api/reservations/cancel-reservation').send({ id: d.reservationId }).expect(200);
      expect((await activeOn(date2)).spotId).toBe(ids['Reformer 8']);
    });
  });

  describe('change-spot', () => {
    it('should let the client switch until the cancellation deadline, and an admin any time, audited', async () => {
      const schedule = await scheduleAt(t, 1, '19:00');
      const c = await client(t);
      const booked = await book(c.agent, TODAY, schedule.id, ids['Reformer 1']).expect(201);
      const id = booked.body.reservationId;
      const switched = await changeSpot(c.agent, id, ids['Reformer 3']).expect(200);
      expect(switched.body).toEqual({
        success: true,
        message: 'Tu lugar es ahora Reformer 3.',
        spot: { id: ids['Reformer 3'], label: 'Reformer 3' },
      });
      // Someone else's reservation: refused.
      const stranger = await client(t);
      await changeSpot(stranger.agent, id, ids['Reformer 4']).expect(403);

      // Past the deadline (CANCEL_HOURS 12: 7:00 for a 19:00 class) the client may not; an admin may.
      clock.set(new Date('2026-11-23T13:30:00.000Z'));
      const late = await changeSpot(c.agent, id, ids['Reformer 4']).expect(409);
      expect(late.body).toMatchObject({ code: 'SPOT_CHANGE_CLOSED' });
      const admin = await adminAgent(t);
      await changeSpot(admin, id, ids['Reformer 4']).expect(200);
      const [entry] = await t.dataSource.query(
        'SELECT subject_user_id AS subject, `before` AS b, `after` AS a FROM audit_log WHERE action = ? AND entity_id = ?',
        ['reservation.spot', String(id)],
      );
      const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
      expect(Number(entry.subject)).toBe(c.id);
      expect(parse(entry.b)).toEqual({ spot: 'Reformer 3', date: TODAY, time: '19:00' });
      expect(parse(entry.a)).toEqual({ spot: 'Reformer 4' });

      // A taken reformer is refused to the admin too.
      const other = await client(t);
      clock.set(NOW);
      await book(other.agent, TODAY, schedule.id, ids['Reformer 5']).expect(201);
      const taken = await changeSpot(admin, id, ids['Reformer 5']).expect(409);
      expect(taken.body.code).toBe('SPOT_TAKEN');
    });

    it('should let an admin move a client from the roster once the class has started, audited as theirs', async () => {
      const thursday = addDays(TODAY, 3);
      const schedule = await scheduleAt(t, 4, '19:00');
      const c = await client(t);
      const booked = await book(c.agent, thursday, schedule.id, ids['Reformer 2']).expect(201);
      const id = booked.body.reservationId;
      // 19:20 in the studio (UTC-6): the class is under way.
      clock.set(new Date(`${thursday}T19:20:00-06:00`));
      expect((await changeSpot(c.agent, id, ids['Reformer 6']).expect(409)).body.code).toBe('SPOT_CHANGE_CLOSED');
      const admin = await adminAgent(t);
      const moved = await changeSpot(admin, id, ids['Reformer 6']).expect(200);
      expect(moved.body.spot).toEqual({ id: ids['Reformer 6'], label: 'Reformer 6' });

      const roster = await admin.post('/api/reservations/get-information-clases').send({ date: thursday }).expect(200);
      const slot = roster.body.data.find((s: { scheduleId: number }) => s.scheduleId === schedule.id);
      expect(slot.enrolled.map((p: { id: number; spot: unknown }) => [p.id, p.spot])).toEqual([
        [c.id, { id: ids['Reformer 6'], label: 'Reformer 6' }],
      ]);
      const states = Object.fromEntries(slot.spots.map((s: { label: string; state: string }) => [s.label, s.state]));
      expect([states['Reformer 2'], states['Reformer 6']]).toEqual(['free', 'taken']);
      const [entry] = await t.dataSource.query(
        'SELECT actor_id AS actor, `after` AS a FROM audit_log WHERE action = ? AND entity_id = ?',
        ['reservation.spot', String(id)],
      );
      expect(Number(entry.actor)).not.toBe(c.id);
      expect(typeof entry.a === 'string' ? JSON.parse(entry.a) : entry.a).toEqual({ spot: 'Reformer 6' });
    });
  });

  describe('walk-ins', () => {
    const walkIn = (agent: Agent, body: object) => agent.post('/api/admin/walk-in').send(body);

    it('should place a walk-in on the reformer chosen, and refuse a taken, retired-or-unknown or out-of-service one', async () => {
      const friday = addDays(TODAY, 4);
      const schedule = await scheduleAt(t, 5, '07:00');
      const admin = await adminAgent(t);
      /** A walk-in to Friday's class: a user (`{ userId }`) or a new client's details, on `spot` or "Cualquiera". */
      const walkInFriday = (person: object, spot?: number) =>
        walkIn(admin, { date: friday, classReservation: schedule.id, ...person, spot });
      const first = await client(t);
      const placed = await walkInFriday({ userId: first.id }, ids['Reformer 7']).expect(201);
      expect(placed.body.spot).toEqual({ id: ids['Reformer 7'], label: 'Reformer 7' });
      const [entry] = await t.dataSource.query(
        'SELECT `after` AS a FROM audit_log WHERE action = ? AND entity_id = ?',
        ['reservation.walk_in', String(placed.body.reservationId)],
      );
      expect((typeof entry.a === 'string' ? JSON.parse(entry.a) : entry.a).spot).toBe('Reformer 7');

      // A taken reformer: refused as a booking is, and a new client's account is not created.
      const second = await client(t);
      const taken = await walkInFriday({ userId: second.id }, ids['Reformer 7']).expect(409);
      expect(taken.body).toEqual({
        success: false,
        code: 'SPOT_TAKEN',
        error: 'Ese reformer ya está reservado; elige otro',
      });
      const newcomer = { name: 'Nueva Puerta', email: 'nueva.puerta.sala@example.com', cumpleanos: '1990-01-02' };
      const refusedNew = await walkInFriday(newcomer, ids['Reformer 7']).expect(409);
      expect(refusedNew.body.code).toBe('SPOT_TAKEN');
      expect(await t.dataSource.query('SELECT id FROM users WHERE email = ?', [newcomer.email])).toEqual([]);

      const unknown = await walkInFriday({ userId: second.id }, 999_999).expect(400);
      expect(unknown.body.code).toBe('SPOT_UNKNOWN');

      await t.dataSource.query(
        'INSERT INTO spot_outages (spot_id, from_date, to_date, reason, created_by) VALUES (?, ?, ?, ?, 1)',
        [ids['Reformer 8'], friday, friday, 'Resorte en reparación'],
      );
      const broken = await walkInFriday({ userId: second.id }, ids['Reformer 8']).expect(409);
      expect(broken.body.code).toBe('SPOT_OUT_OF_SERVICE');
      // None of the refusals took a place.
      expect((await sessionOf(t, schedule.id, friday))!.reservedCount).toBe(1);

      // Without a reformer: "Cualquiera" (the front-most free one), never the one taken.
      const any = await walkInFriday({ userId: second.id }).expect(201);
      expect(any.body.spot).toEqual({ id: ids['Reformer 1'], label: 'Reformer 1' });
      expect(await spotsInClass(t, schedule.id, friday)).toEqual([ids['Reformer 7'], ids['Reformer 1']]);
    });
  });
});

describe('sala: the admin draws the room and the classes follow it', () => {
  let t: TestApp;
  let ids: Record<string, number>;
  const clock = new FixedClock(NOW);
  useSalaApp(clock, (app, spots) => ([t, ids] = [app, spots]), {});

  describe('the day view', () => {
    type SpotView = { id: number; label: string; row: number; column: number; state: string };
    const stateOf = (slot: { spots: SpotView[] }, label: string) => slot.spots.find((s) => s.label === label)?.state;
    const slotOf = (body: { data: { scheduleId: number }[] }, scheduleId: number) =>
      body.data.find((s) => s.scheduleId === scheduleId) as unknown as { spots: SpotView[]; capacity: number };

    it("should show each class its reformers: free, taken, the caller's own, and on the roster who is where", async () => {
      const schedule = await scheduleAt(t, 2, '19:00');
      const a = await client(t);
      const b = await client(t);
      await book(a.agent, TUESDAY, schedule.id, ids['Reformer 3']).expect(201);
      await book(b.agent, TUESDAY, schedule.id, ids['Reformer 6']).expect(201);

      const asGuest = slotOf(
        (await t.agent().post('/api/reservations/get-information').send({ date: TUESDAY })).body,
        schedule.id,
      );
      expect(asGuest.spots.map((s) => s.state)).toEqual([
        'free',
        'free',
        'taken',
        'free',
        'free',
        'taken',
        'free',
        'free',
      ]);
      expect(asGuest.spots[2]).toEqual({
        id: ids['Reformer 3'],
        label: 'Reformer 3',
        row: 1,
        column: 2,
        state: 'taken',
      });

      const asA = slotOf(
        (await a.agent.post('/api/reservations/get-information').send({ date: TUESDAY })).body,
        schedule.id,
      );
      expect(stateOf(asA, 'Reformer 3')).toBe('mine');
      expect(stateOf(asA, 'Reformer 6')).toBe('taken');

      const admin = await adminAgent(t);
      const roster = await admin.post('/api/reservations/get-information-clases').send({ date: TUESDAY }).expect(200);
      const enrolled = roster.body.data.find((s: { scheduleId: number }) => s.scheduleId === schedule.id).enrolled;
      expect(enrolled.map((p: { id: number; spot: unknown }) => [p.id, p.spot])).toEqual([
        [a.id, { id: ids['Reformer 3'], label: 'Reformer 3' }],
        [b.id, { id: ids['Reformer 6'], label: 'Reformer 6' }],
      ]);
    });

    it('should show a reformer out of service on the days of its range, and count only those in service as places', async () => {
      const date = addDays(TUESDAY, 14);
      const schedule = await scheduleAt(t, 2, '20:00');
      await t.dataSource.query(
        'INSERT INTO spot_outages (spot_id, from_date, to_date, reason, created_by) VALUES (?, ?, ?, ?, 1), (?, ?, ?, ?, 1)',
        [
          ids['Reformer 2'],
          date,
          date,
          'Resorte en reparación',
          ids['Reformer 7'],
          addDays(date, -3),
          addDays(date, 30),
          'Cuerda',
        ],
      );
      const on = slotOf((await t.agent().post('/api/reservations/get-information').send({ date })).body, schedule.id);
      expect(stateOf(on, 'Reformer 2')).toBe('out_of_service');
      expect(stateOf(on, 'Reformer 7')).toBe('out_of_service');
      expect(on.spots.filter((s) => s.state === 'free')).toHaveLength(6);
      expect(on.capacity).toBe(6);
      const dayAfter = addDays(date, 7);
      const after = slotOf(
        (await t.agent().post('/api/reservations/get-information').send({ date: dayAfter })).body,
        schedule.id,
      );
      expect(stateOf(after, 'Reformer 2')).toBe('free');
      expect(stateOf(after, 'Reformer 7')).toBe('out_of_service');
      expect(after.capacity).toBe(7);
      await t.dataSource.query('DELETE FROM spot_outages');
    });
  });

  it('should refuse a taken cell or label and a cell off the grid, in Spanish', async () => {
    const admin = await adminAgent(t);
    const cell = await admin.post('/api/admin/sala/add').send({ label: 'Ventana', row: 1, column: 0 }).expect(409);
    expect(cell.body).toMatchObject({ code: 'SPOT_CELL_TAKEN', error: 'Ese lugar de la sala ya está ocupado.' });
    const instructor = await admin.post('/api/admin/sala/add').send({ label: 'Ventana', row: 0, column: 1 });
    expect(instructor.body.code).toBe('SPOT_CELL_TAKEN');
    const label = await admin.post('/api/admin/sala/add').send({ label: 'Reformer 2', row: 5, column: 5 }).expect(409);
    expect(label.body.code).toBe('SPOT_LABEL_TAKEN');
    const off = await admin.post('/api/admin/sala/add').send({ label: 'Ventana', row: 12, column: -1 }).expect(400);
    expect(off.body.error).toEqual({
      row: ['La fila debe ser un número entero entre 0 y 11'],
      column: ['La columna debe ser un número entero entre 0 y 11'],
    });
  });

  it('should rename and move a reformer, and move the instructor, audited', async () => {
    const admin = await adminAgent(t);
    const moved = await admin
      .post('/api/admin/sala/update')
      .send({ id: ids['Reformer 8'], label: 'Junto al espejo', row: 3, column: 3 })
      .expect(200);
    expect(moved.body.spot).toEqual({ id: ids['Reformer 8'], label: 'Junto al espejo', row: 3, column: 3 });
    await admin.post('/api/admin/sala/instructor').send({ row: 0, column: 2 }).expect(200);
    const sala = await admin.get('/api/admin/sala').expect(200);
    expect(sala.body.instructor).toEqual({ row: 0, column: 2 });
    expect(sala.body.spots.at(-1)).toEqual({ id: ids['Reformer 8'], label: 'Junto al espejo', row: 3, column: 3 });
    const [{ n }] = await t.dataSource.query(
      "SELECT COUNT(*) AS n FROM audit_log WHERE action IN ('spot.update', 'room.instructor')",
    );
    expect(Number(n)).toBe(2);
  });

  it('should keep each class at min(timetable, live reformers), and refuse to retire a booked reformer', async () => {
    const admin = await adminAgent(t);
    const schedule = await scheduleAt(t, 1, '20:00');
    const c = await client(t);
    const booked = await book(c.agent, NEXT_MONDAY, schedule.id, ids['Reformer 7']).expect(201);
    expect((await sessionOf(t, schedule.id, NEXT_MONDAY))!.capacity).toBe(8);

    const refused = await admin.post('/api/admin/sala/retire').send({ id: ids['Reformer 7'] }).expect(409);
    expect(refused.body.code).toBe('SPOT_BOOKED');
    expect(refused.body.error).toContain('lunes 30 de noviembre de 2026, 8:00 PM');

    // Retiring a free reformer: the class to come loses a place, and a new class row is born with 7.
    await admin.post('/api/admin/sala/retire').send({ id: ids['Reformer 1'] }).expect(200);
    expect((await sessionOf(t, schedule.id, NEXT_MONDAY))!.capacity).toBe(7);
    const other = await scheduleAt(t, 2, '20:00');
    await book(c.agent, addDays(NEXT_MONDAY, 1), other.id).expect(201);
    expect((await sessionOf(t, other.id, addDays(NEXT_MONDAY, 1)))!.capacity).toBe(7);
    const gone = await book(c.agent, addDays(NEXT_MONDAY, 2), (await scheduleAt(t, 3, '20:00')).id, ids['Reformer 1']);
    expect(gone.status).toBe(400);
    expect(gone.body.code).toBe('SPOT_UNKNOWN');

    // The public map no longer shows it; the admin's lists it retired. Its label is free again.
    const map = await t.http().get('/api/reservations/sala').expect(200);
    expect(map.body.spots.map((s: { label: string }) => s.label)).not.toContain('Reformer 1');
    const sala = await admin.get('/api/admin/sala').expect(200);
    expect(sala.body.retired).toEqual([
      { id: ids['Reformer 1'], label: 'Reformer 1', row: 1, column: 0, retiredAt: expect.any(String) },
    ]);
    const added = await admin.post('/api/admin/sala/add').send({ label: 'Reformer 1', row: 1, column: 0 }).expect(201);
    expect(added.body.spot).toMatchObject({ label: 'Reformer 1', row: 1, column: 0 });
    expect((await sessionOf(t, schedule.id, NEXT_MONDAY))!.capacity).toBe(8);

    // A room bigger than the timetable's class: the class keeps its timetable capacity.
    await admin.post('/api/admin/sala/add').send({ label: 'Reformer 9', row: 3, column: 0 }).expect(201);
    expect((await sessionOf(t, schedule.id, NEXT_MONDAY))!.capacity).toBe(8);
    expect(await activeReservations(t, { id: booked.body.reservationId })).toBe(1);
  });

  it('should refuse the room to clients', async () => {
    const c = await client(t);
    await c.agent.get('/api/admin/sala').expect(403);
    await c.agent.post('/api/admin/sala/add').send({ label: 'X', row: 5, column: 5 }).expect(403);
  });
});
