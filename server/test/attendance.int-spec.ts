import { addDays } from '@pilates/dates';
import { FixedClock } from '../src/core/clock/clock';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import {
  activeReservations,
  adminAgent,
  givePlan,
  newClient,
  NOW,
  remainingOf,
  scheduleAt,
  sessionOf,
  TODAY,
  userByEmail,
} from './helpers/booking';
import { mailsFor } from './helpers/notifications';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

/** A studio wall-clock instant (Mexico City, UTC-6, no DST in 2026). */
const at = (studioTime: string, date = TODAY) => new Date(`${date}T${studioTime}:00-06:00`);
const DAY_MS = 24 * 3600_000;

let t: TestApp;
let admin: Agent;
const clock = new FixedClock(NOW);

const auditCount = async (action: string, entityId: number): Promise<number> => {
  const rows: { n: number | string }[] = await t.dataSource.query(
    'SELECT COUNT(*) AS n FROM audit_log WHERE action = ? AND entity_id = ?',
    [action, String(entityId)],
  );
  return Number(rows[0].n);
};
const mark = (id: number, attended: boolean, agent: Agent = admin) =>
  agent.post('/api/reservations/mark-attendance').send({ id, attended });
const walkIn = (body: object) => admin.post('/api/admin/walk-in').send(body);
const rosterOf = async (date: string, scheduleId: number) => {
  const res = await admin.post('/api/reservations/get-information-clases').send({ date }).expect(200);
  return res.body.data.find((s: { scheduleId: number }) => s.scheduleId === scheduleId);
};
/** A client with a plan, booked in the class. */
const bookedClient = async (date: string, scheduleId: number) => {
  const { agent, user } = await newClient(t, 'Puerta');
  const planId = await givePlan(t, user.id, { classes: 4 });
  const res = await agent
    .post('/api/reservations/push-reservation')
    .send({ date, classReservation: scheduleId })
    .expect(201);
  return { agent, user, planId, reservationId: res.body.reservationId as number };
};
/** A timetable class of its own for a test (so tests do not share places). */
const classWith = async (weekday: number, time: string, capacity: number) => {
  const schedule = await scheduleAt(t, weekday, time);
  await t.dataSource.getRepository(Schedule).update({ id: schedule.id }, { capacity });
  return schedule.id;
};

describe('attendance at the door and walk-ins', () => {
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { WAITLIST_CUTOFF_HOURS: '2' } });
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());
  afterEach(() => clock.set(NOW));

  describe('marking attendance', () => {
    it('should refuse before the class starts and accept from its first minute to 7 days after, not later', async () => {
      const scheduleId = (await scheduleAt(t, 1, '07:00')).id;
      const { reservationId } = await bookedClient(TODAY, scheduleId);

      clock.set(new Date(at('07:00').getTime() - 1000));
      const early = await mark(reservationId, true).expect(409);
      expect(early.body).toMatchObject({ success: false, code: 'ATTENDANCE_TOO_EARLY' });
      expect(early.body.error).toBe('La asistencia se marca desde que empieza la clase.');

      clock.set(at('07:00'));
      expect((await mark(reservationId, true).expect(200)).body).toEqual({
        success: true,
        message: 'Marcado: asistió.',
        attended: true,
        changed: true,
      });

      clock.set(new Date(at('07:00').getTime() + 7 * DAY_MS));
      expect((await mark(reservationId, false).expect(200)).body.changed).toBe(true);

      clock.set(new Date(at('07:00').getTime() + 7 * DAY_MS + 1000));
      expect((await mark(reservationId, true).expect(409)).body.code).toBe('ATTENDANCE_CLOSED');
      const row = await t.dataSource.getRepository(Reservation).findOneByOrFail({ id: reservationId });
      expect(row.attended).toBe(false);
    });

    it('should be idempotent: the same value again answers 200 and writes no second audit entry', async () => {
      const scheduleId = (await scheduleAt(t, 1, '08:00')).id;
      const { reservationId, user } = await bookedClient(TODAY, scheduleId);
      clock.set(at('08:10'));

      await mark(reservationId, true).expect(200);
      const again = await mark(reservationId, true).expect(200);
      expect(again.body.changed).toBe(false);
      expect(await auditCount('reservation.attendance', reservationId)).toBe(1);

      await mark(reservationId, false).expect(200);
      expect(await auditCount('reservation.attendance', reservationId)).toBe(2);
      const [entry] = await t.dataSource.query(
        'SELECT actor_id AS actor, subject_user_id AS subject, `before` AS b, `after` AS a FROM audit_log WHERE action = ? AND entity_id = ? ORDER BY id DESC',
        ['reservation.attendance', String(reservationId)],
      );
      expect(Number(entry.subject)).toBe(user.id);
      expect(JSON.parse(entry.b)).toMatchObject({ attended: true });
      expect(JSON.parse(entry.a)).toEqual({ attended: false });
      const row = await t.dataSource.getRepository(Reservation).findOneByOrFail({ id: reservationId });
      expect(row.attendanceMarkedBy).toBe(Number(entry.actor));
      expect(row.attendanceMarkedAt?.toISOString()).toBe(at('08:10').toISOString());
    });

    it('should refuse a cancelled reservation (409), an unknown one (404), a client (403) and a guest (401)', async () => {
      const scheduleId = (await scheduleAt(t, 1, '09:00')).id;
      const booked = await bookedClient(TODAY, scheduleId);
      const other = await bookedClient(TODAY, scheduleId);
      await admin.post('/api/reservations/cancel-reservation').send({ id: other.reservationId }).expect(200);
      clock.set(at('09:05'));

      expect((await mark(other.reservationId, true).expect(409)).body).toMatchObject({
        code: 'RESERVATION_CANCELLED',
        error: 'La reserva está cancelada.',
      });
      expect((await mark(999999, true).expect(404)).body.code).toBe('RESERVATION_NOT_FOUND');
      expect((await mark(booked.reservationId, true, booked.agent).expect(403)).body.success).toBe(false);
      await mark(booked.reservationId, true, t.agent()).expect(401);
      const bad = await admin
        .post('/api/reservations/mark-attendance')
        .send({ id: booked.reservationId, attended: 'si' });
      expect(bad.status).toBe(400);
      expect(await auditCount('reservation.attendance', booked.reservationId)).toBe(0);
    });

    it('should show the counts in the roster, in Usuarios and in the client classes dialog', async () => {
      const scheduleId = (await scheduleAt(t, 1, '18:00')).id;
      const came = await bookedClient(TODAY, scheduleId);
      const missed = await bookedClient(TODAY, scheduleId);
      await bookedClient(TODAY, scheduleId);

      const before = await rosterOf(TODAY, scheduleId);
      expect(before).toMatchObject({ canMarkAttendance: false, canWalkIn: true });

      clock.set(at('18:20'));
      await mark(came.reservationId, true).expect(200);
      await mark(missed.reservationId, false).expect(200);
      const roster = await rosterOf(TODAY, scheduleId);
      expect(roster.attendance).toEqual({ attended: 1, noShow: 1, unmarked: 1 });
      expect(roster.canMarkAttendance).toBe(true);
      expect(roster.enrolled.find((p: { id: number }) => p.id === came.user.id)).toMatchObject({
        attended: true,
        paidAtStudio: false,
      });

      const users = await admin
        .post('/api/informacion/get-users')
        .send({ search: came.user.email, limit: 5 })
        .expect(200);
      expect(users.body.usuarios[0]).toMatchObject({ id: came.user.id, attended: 1, noShow: 0 });
      const missedRow = await admin.post('/api/informacion/get-users').send({ search: missed.user.email }).expect(200);
      expect(missedRow.body.usuarios[0]).toMatchObject({ attended: 0, noShow: 1 });

      const dialog = await admin.post('/api/informacion/get-clases').send({ id: missed.user.id }).expect(200);
      expect(dialog.body.asistencia).toEqual({ attended: 0, noShow: 1 });
      expect(dialog.body.clases[0]).toMatchObject({ id: missed.reservationId, attended: false });
    });
    it("should keep each client's and the class's stored counts equal to their marked reservations through changes of mind, cancellations and marks racing", async () => {
      const scheduleId = await classWith(1, '19:00', 6);
      const a = await bookedClient(TODAY, scheduleId);
      const b = await bookedClient(TODAY, scheduleId);
      clock.set(at('19:10'));
      const stored = async (userId: number) =>
        (await admin.post('/api/informacion/get-clases').send({ id: userId }).expect(200)).body.asistencia;
      const counted = async (userId: number) => {
        const [row] = await t.dataSource.query(
          "SELECT SUM(CASE WHEN attended = 1 THEN 1 ELSE 0 END) AS came, SUM(CASE WHEN attended = 0 THEN 1 ELSE 0 END) AS missed FROM reservations WHERE user_id = ? AND status = 'active'",
          [userId],
        );
        return { attended: Number(row.came ?? 0), noShow: Number(row.missed ?? 0) };
      };
      // The class's counters (what the owner's dashboard sums) beside its marked reservations.
      const classCounts = async () => {
        const [row] = await t.dataSource.query(
          `SELECT c.attended_count AS attended, c.no_show_count AS noShow,
             (SELECT COUNT(*) FROM reservations r WHERE r.class_session_id = c.id AND r.status = 'active' AND r.attended = 1) AS came,
             (SELECT COUNT(*) FROM reservations r WHERE r.class_session_id = c.id AND r.status = 'active' AND r.attended = 0) AS missed
           FROM class_sessions c WHERE c.schedule_id = ? AND c.date = ?`,
          [scheduleId, TODAY],
        );
        return {
          stored: { attended: Number(row.attended), noShow: Number(row.noShow) },
          counted: { attended: Number(row.came), noShow: Number(row.missed) },
        };
      };

      // Two admins marking the same client at once, each value twice: one change is counted per
      // change, whatever the order.
      const admin2 = await adminAgent(t);
      await Promise.all([
        mark(a.reservationId, true),
        mark(a.reservationId, true, admin2),
        mark(b.reservationId, false),
      ]);
      expect(await stored(a.user.id)).toEqual({ attended: 1, noShow: 0 });
      expect((await classCounts()).stored).toEqual({ attended: 1, noShow: 1 });
      await Promise.all([mark(a.reservationId, false), mark(a.reservationId, false, admin2)]);
      expect(await stored(a.user.id)).toEqual({ attended: 0, noShow: 1 });
      expect(await stored(a.user.id)).toEqual(await counted(a.user.id));
      expect((await classCounts()).stored).toEqual({ attended: 0, noShow: 2 });

      // An admin cancelling a marked reservation takes its mark out; cancelling twice changes nothing.
      await admin.post('/api/reservations/cancel-reservation').send({ id: b.reservationId }).expect(200);
      await admin.post('/api/reservations/cancel-reservation').send({ id: b.reservationId }).expect(200);
      expect(await stored(b.user.id)).toEqual({ attended: 0, noShow: 0 });
      expect((await classCounts()).stored).toEqual({ attended: 0, noShow: 1 });
      await mark(a.reservationId, true).expect(200);
      expect((await classCounts()).stored).toEqual({ attended: 1, noShow: 0 });
      await admin.post('/api/reservations/cancel-reservation').send({ id: a.reservationId }).expect(200);
      expect(await stored(a.user.id)).toEqual({ attended: 0, noShow: 0 });
      expect(await stored(a.user.id)).toEqual(await counted(a.user.id));
      const last = await classCounts();
      expect(last.stored).toEqual({ attended: 0, noShow: 0 });
      expect(last.stored).toEqual(last.counted);
    });
  });

  describe('walk-ins', () => {
    it('should book an existing client from the plan that covers the date', async () => {
      const scheduleId = await classWith(2, '07:00', 3);
      const date = addDays(TODAY, 1);
      const { user } = await newClient(t, 'Con plan');
      const planId = await givePlan(t, user.id, { classes: 4 });
      clock.set(at('07:10', date));

      const res = await walkIn({ date, classReservation: scheduleId, userId: user.id }).expect(201);
      expect(res.body).toMatchObject({ success: true, userId: user.id, paidAtStudio: false, newAccount: false });
      expect(res.body.message).toBe(`${user.name} tiene su lugar en la clase (de su plan).`);
      expect(await remainingOf(t, planId)).toBe(3);
      const row = await t.dataSource.getRepository(Reservation).findOneByOrFail({ id: res.body.reservationId });
      expect(row).toMatchObject({ userPlanId: planId, paidAtStudio: false, status: 'active' });
      expect(await auditCount('reservation.walk_in', res.body.reservationId)).toBe(1);

      const again = await walkIn({ date, classReservation: scheduleId, userId: user.id }).expect(409);
      expect(again.body.code).toBe('ALREADY_BOOKED');
    });

    it('should mark a client without a covering plan as paid at the studio, and cancel it without a plan to return to', async () => {
      const scheduleId = await classWith(2, '08:00', 3);
      const date = addDays(TODAY, 1);
      const { user } = await newClient(t, 'Sin plan');
      // A plan that ends before the date does not cover it.
      const planId = await givePlan(t, user.id, { classes: 2, start: '2026-11-01', end: TODAY });

      const res = await walkIn({ date, classReservation: scheduleId, userId: user.id }).expect(201);
      expect(res.body.paidAtStudio).toBe(true);
      expect(res.body.message).toContain('Pagado en estudio');
      expect(await remainingOf(t, planId)).toBe(2);
      const row = await t.dataSource.getRepository(Reservation).findOneByOrFail({ id: res.body.reservationId });
      expect(row).toMatchObject({ userPlanId: null, paidAtStudio: true });
      const roster = await rosterOf(date, scheduleId);
      expect(roster.enrolled.find((p: { id: number }) => p.id === user.id).paidAtStudio).toBe(true);

      await admin.post('/api/reservations/cancel-reservation').send({ id: res.body.reservationId }).expect(200);
      expect((await sessionOf(t, scheduleId, date))?.reservedCount).toBe(0);
      expect(await remainingOf(t, planId)).toBe(2);
    });

    it('should create a new client on the spot and queue a "set your password" mail whose link works', async () => {
      const scheduleId = await classWith(2, '09:00', 3);
      const date = addDays(TODAY, 1);
      const email = `nuevo.${Date.now()}@example.com`;
      const res = await walkIn({
        date,
        classReservation: scheduleId,
        name: 'Nueva Clienta',
        email: `  ${email.toUpperCase()} `,
        cumpleanos: '1992-03-04',
      }).expect(201);
      expect(res.body).toMatchObject({ newAccount: true, paidAtStudio: true });
      const user = await userByEmail(t, email);
      expect(user).toMatchObject({ id: res.body.userId, name: 'Nueva Clienta', birthDate: '1992-03-04', active: true });

      const [mail] = await mailsFor(t, email);
      expect(mail.subject).toBe('Bienvenida: elige tu contraseña');
      const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      expect(token).toBeDefined();
      // The link is valid for days, not the reset link's hour.
      clock.set(new Date(NOW.getTime() + 3 * DAY_MS));
      await t.agent().post('/api/reset-password/check').send({ token }).expect(200);
      expect(await auditCount('user.create', user.id)).toBe(1);
      clock.set(NOW);

      const taken = await walkIn({ date, classReservation: scheduleId, name: 'Otra', email, cumpleanos: '1990-01-01' });
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('EMAIL_TAKEN');
      const missing = await walkIn({ date, classReservation: scheduleId, name: 'Sin correo' }).expect(400);
      expect(JSON.stringify(missing.body.error)).toContain('El email es obligatorio');
    });

    it('should refuse a full class without creating the account, a class with people waiting, and a class that ended', async () => {
      const scheduleId = await classWith(2, '18:00', 1);
      const date = addDays(TODAY, 1);
      await bookedClient(date, scheduleId);
      const email = `lleno.${Date.now()}@example.com`;
      const full = await walkIn({ date, classReservation: scheduleId, name: 'Llena', email, cumpleanos: '1990-01-01' });
      expect(full.status).toBe(409);
      expect(full.body).toMatchObject({ code: 'CLASS_FULL', error: 'La clase está llena' });
      expect(await t.dataSource.query('SELECT id FROM users WHERE email = ?', [email])).toHaveLength(0);

      // Capacity 2 with one place taken and one client waiting: the free place is the line's.
      const waiting = await newClient(t, 'Espera');
      await givePlan(t, waiting.user.id, { classes: 4 });
      await waiting.agent
        .post('/api/reservations/join-waitlist')
        .send({ date, classReservation: scheduleId })
        .expect(201);
      await t.dataSource.query('UPDATE class_sessions SET capacity = 2 WHERE schedule_id = ? AND date = ?', [
        scheduleId,
        date,
      ]);
      const { user } = await newClient(t, 'Puerta');
      const line = await walkIn({ date, classReservation: scheduleId, userId: user.id }).expect(409);
      expect(line.body.code).toBe('WALK_IN_WAITLIST');

      // 18:50 Tuesday: the 50-minute class has ended.
      clock.set(at('18:50', date));
      const ended = await walkIn({ date, classReservation: scheduleId, userId: user.id }).expect(409);
      expect(ended.body).toMatchObject({ code: 'WALK_IN_CLOSED' });
      expect((await rosterOf(date, scheduleId)).canWalkIn).toBe(false);
    });

    it('should never overbook when walk-ins arrive at the same moment', async () => {
      const scheduleId = await classWith(3, '07:00', 2);
      const date = addDays(TODAY, 2);
      const clients = await Promise.all([1, 2, 3, 4, 5].map(() => newClient(t, 'Carrera')));
      const answers = await Promise.all(
        clients.map(({ user }) => walkIn({ date, classReservation: scheduleId, userId: user.id })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, 201, 409, 409, 409]);
      for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe('CLASS_FULL');
      const session = await sessionOf(t, scheduleId, date);
      expect(session?.reservedCount).toBe(2);
      expect(await activeReservations(t, { classSessionId: session!.id })).toBe(2);
    });
  });
});
