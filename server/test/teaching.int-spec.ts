import { addDays } from '@pilates/dates';
import { simpleParser } from 'mailparser';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { User } from '../src/auth/entities/user.entity';
import { AuditLog } from '../src/core/audit/audit-log.entity';
import { FixedClock } from '../src/core/clock/clock';
import type { Instructor } from '../src/instructors/entities';
import { NotificationsService } from '../src/notifications/notifications.service';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { CoverRequest } from '../src/teaching/entities';
import { registerUser } from './helpers/accounts';
import { adminAgent, clientWithPlan, givePlan, NOW, sessionOf, TODAY, type PlanClient } from './helpers/booking';
import { instructorNamed } from './helpers/instructors';
import { createTestApp, TestApp } from './helpers/test-app';

// NOW: Monday 2026-11-23 06:00 in the studio (America/Mexico_City, UTC-6).
const TUESDAY = addDays(TODAY, 1);
const WEDNESDAY = addDays(TODAY, 2);
const NEXT_TUESDAY = addDays(TODAY, 8);
const NEXT_WEDNESDAY = addDays(TODAY, 9);
/** Tuesday 06:07 in the studio: the 06:05 classes have started. */
const TUESDAY_AT_DOOR = new Date('2026-11-24T12:07:00.000Z');

type Agent = ReturnType<TestApp['agent']>;

interface TeachingClass {
  scheduleId: number;
  date: string;
  substitute: boolean;
  students: {
    reservationId: number;
    name: string;
    attended: boolean | null;
    spot: { label: string } | null;
    classesRemaining: number | null;
    firstTime: boolean;
    birthday: boolean;
    paidAtStudio: boolean;
  }[];
  spots: { label: string; state: string }[];
  canMarkAttendance: boolean;
  canWalkIn: boolean;
  coverRequest: { id: number; status: string; note: string | null; substitute: string | null } | null;
}

describe("teaching: an instructor's own classes at the door and their cover requests", () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);
  let admin: Agent;
  let ana: { agent: Agent; userId: number; profile: Instructor };
  let luis: { agent: Agent; userId: number; profile: Instructor };
  /** Ana's Tuesday 06:05 and Wednesday 06:10, Luis's Tuesday 06:15. */
  let anaTuesday: Schedule;
  let anaWednesday: Schedule;
  let luisTuesday: Schedule;
  let birthdayClient: PlanClient;
  let regular: PlanClient;
  let luisClient: PlanClient;

  /** An account with the instructor role linked to a new profile. */
  async function instructorAccount(name: string) {
    const { agent, user } = await registerUser(t, {
      name,
      email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`,
    });
    await t.dataSource.getRepository(User).update({ id: user.id }, { role: 'instructor' });
    const profile = await instructorNamed(t, name, { userId: user.id });
    return { agent, userId: user.id, profile };
  }

  const scheduleOf = (weekday: number, startTime: string, instructor: Instructor) =>
    t.dataSource.getRepository(Schedule).save({
      weekday,
      startTime,
      capacity: 6,
      durationMinutes: 50,
      instructorId: instructor.id,
      instructor: instructor.name,
      active: true,
    });

  async function book(client: { agent: Agent }, scheduleId: number, date: string): Promise<number> {
    const { body } = await client.agent
      .post('/api/reservations/push-reservation')
      .send({ date, classReservation: scheduleId })
      .expect(201);
    return body.reservationId as number;
  }

  const classesOf = async (agent: Agent, from = TODAY, to = addDays(TODAY, 6)): Promise<TeachingClass[]> =>
    (await agent.post('/api/instructor/classes').send({ from, to }).expect(200)).body.data;

  async function mailsTo(email: string, subject: string) {
    const dir = join(t.config.dataDir, 'outbox');
    const found = [];
    for (const file of (await readdir(dir)).sort()) {
      const mail = await simpleParser(await readFile(join(dir, file)));
      if (mail.subject === subject && JSON.stringify(mail.to).includes(email)) found.push(mail);
    }
    return found;
  }

  const auditOf = (action: string) =>
    t.dataSource.getRepository(AuditLog).find({ where: { action }, order: { id: 'ASC' } });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await adminAgent(t);
    ana = await instructorAccount('Ana Maestra');
    luis = await instructorAccount('Luis Maestro');
    anaTuesday = await scheduleOf(2, '06:05', ana.profile);
    anaWednesday = await scheduleOf(3, '06:10', ana.profile);
    luisTuesday = await scheduleOf(2, '06:15', luis.profile);

    // Born on Tuesday's day, and never came before: first time and birthday.
    const born = await registerUser(t, { name: 'Cumple Año', email: 'cumple@example.com', cumpleanos: '1990-11-24' });
    birthdayClient = {
      agent: born.agent,
      id: born.user.id,
      email: born.user.email,
      name: born.user.name,
      planId: await givePlan(t, born.user.id, { classes: 4 }),
    };
    await book(birthdayClient, anaTuesday.id, TUESDAY);
    // A regular: a class today before Tuesday's, so not a first-timer.
    regular = await clientWithPlan(t, 'Habitual', { classes: 8 });
    const mondaySeven = await t.dataSource.getRepository(Schedule).findOneByOrFail({ weekday: 1, startTime: '07:00' });
    await book(regular, mondaySeven.id, TODAY);
    await book(regular, anaTuesday.id, TUESDAY);
    await book(regular, anaWednesday.id, WEDNESDAY);
    luisClient = await clientWithPlan(t, 'De Luis', { classes: 4 });
    await book(luisClient, luisTuesday.id, TUESDAY);
    // Luis covers Ana's Wednesday: that class is his to run, not hers.
    await admin
      .post('/api/reservations/set-substitute')
      .send({ scheduleId: anaWednesday.id, date: WEDNESDAY, instructorId: luis.profile.id })
      .expect(200);
  });
  afterAll(async () => {
    await t.app.get(NotificationsService).settled();
    await t.close();
  });
  afterEach(() => clock.set(NOW));

  describe('Mis clases a impartir', () => {
    it("should list only the caller's classes, with each roster's names, reformer, classes left and first-timer and birthday markers", async () => {
      const mine = await classesOf(ana.agent);
      expect(mine.map((c) => [c.scheduleId, c.date])).toEqual([[anaTuesday.id, TUESDAY]]);
      const [tuesday] = mine;
      expect(tuesday.substitute).toBe(false);
      const byName = new Map(tuesday.students.map((s) => [s.name, s]));
      expect(byName.get(birthdayClient.name)).toMatchObject({
        attended: null,
        classesRemaining: 3,
        firstTime: true,
        birthday: true,
        paidAtStudio: false,
      });
      expect(byName.get(birthdayClient.name)!.spot?.label).toMatch(/Reformer/);
      // The room's map: the student's reformer is taken among the class's reformers.
      const taken = tuesday.spots.find((spot) => spot.label === byName.get(birthdayClient.name)!.spot?.label);
      expect(taken?.state).toBe('taken');
      expect(byName.get(regular.name)).toMatchObject({ classesRemaining: 5, firstTime: false, birthday: false });
      // Names only: no contact data of the clients reaches the instructor.
      expect(JSON.stringify(mine)).not.toContain('@example.com');
    });

    it('should count a class taught by a substitute for the substitute, not the regular instructor', async () => {
      const his = await classesOf(luis.agent);
      expect(his.map((c) => [c.scheduleId, c.date, c.substitute])).toEqual([
        [luisTuesday.id, TUESDAY, false],
        [anaWednesday.id, WEDNESDAY, true],
      ]);
      expect(his[1].students.map((s) => s.name)).toEqual([regular.name]);
      expect((await classesOf(ana.agent)).some((c) => c.date === WEDNESDAY)).toBe(false);
    });

    it('should refuse a period that ends before it starts or is longer than 31 days, in Spanish', async () => {
      const backwards = await ana.agent.post('/api/instructor/classes').send({ from: TUESDAY, to: TODAY }).expect(400);
      expect(JSON.stringify(backwards.body.error)).toContain(
        'La fecha de término debe ser igual o posterior a la de inicio',
      );
      const long = await ana.agent
        .post('/api/instructor/classes')
        .send({ from: TODAY, to: addDays(TODAY, 31) })
        .expect(400);
      expect(JSON.stringify(long.body.error)).toContain('El periodo no puede pasar de 31 días.');
      await ana.agent
        .post('/api/instructor/classes')
        .send({ from: TODAY, to: addDays(TODAY, 30) })
        .expect(200);
    });

    it("should refuse clients, and keep the admin's roster, users and dashboard from an instructor", async () => {
      await regular.agent.post('/api/instructor/classes').send({ from: TODAY, to: TODAY }).expect(403);
      await ana.agent.post('/api/reservations/get-information-clases').send({ date: TUESDAY }).expect(403);
      await ana.agent.post('/api/informacion/get-users').send({}).expect(403);
      await ana.agent.post('/api/admin/dashboard').send({ from: TODAY, to: TODAY }).expect(403);
      await ana.agent.get('/api/admin/settings').expect(403);
    });
  });

  describe('the door of their own class', () => {
    it("should let the instructor mark attendance in their class (audited as theirs) and refuse another instructor's class", async () => {
      clock.set(TUESDAY_AT_DOOR);
      const [tuesday] = await classesOf(ana.agent, TUESDAY, TUESDAY);
      expect(tuesday.canMarkAttendance).toBe(true);
      const place = tuesday.students.find((s) => s.name === birthdayClient.name)!;
      const marked = await ana.agent
        .post('/api/reservations/mark-attendance')
        .send({ id: place.reservationId, attended: true })
        .expect(200);
      expect(marked.body).toMatchObject({ success: true, attended: true, changed: true });
      const [entry] = (await auditOf('reservation.attendance')).filter(
        (e) => e.entityId === String(place.reservationId),
      );
      expect(entry).toMatchObject({ actorId: ana.userId, after: { attended: true } });

      const luisPlace = await t.dataSource
        .getRepository(Reservation)
        .findOneByOrFail({ userId: luisClient.id, status: 'active' });
      const refused = await ana.agent
        .post('/api/reservations/mark-attendance')
        .send({ id: luisPlace.id, attended: true })
        .expect(403);
      expect(refused.body.code).toBe('FORBIDDEN');
      expect((await t.dataSource.getRepository(Reservation).findOneByOrFail({ id: luisPlace.id })).attended).toBeNull();
      // Luis teaches it: his to mark once it has started (06:15).
      clock.set(new Date('2026-11-24T12:16:00.000Z'));
      await luis.agent
        .post('/api/reservations/mark-attendance')
        .send({ id: luisPlace.id, attended: false })
        .expect(200);
    });

    it("should let the instructor add a walk-in to their class and refuse another's, creating no account", async () => {
      clock.set(TUESDAY_AT_DOOR);
      const added = await ana.agent
        .post('/api/admin/walk-in')
        .send({
          date: TUESDAY,
          classReservation: anaTuesday.id,
          name: 'Llega Sin Reserva',
          email: 'puerta@example.com',
          cumpleanos: '1995-02-03',
        })
        .expect(201);
      expect(added.body).toMatchObject({ success: true, newAccount: true, paidAtStudio: true });
      const [tuesday] = await classesOf(ana.agent, TUESDAY, TUESDAY);
      expect(tuesday.students.find((s) => s.name === 'Llega Sin Reserva')).toMatchObject({
        paidAtStudio: true,
        classesRemaining: null,
        firstTime: true,
      });

      const refused = await ana.agent
        .post('/api/admin/walk-in')
        .send({
          date: TUESDAY,
          classReservation: luisTuesday.id,
          name: 'Otra Persona',
          email: 'otra.puerta@example.com',
          cumpleanos: '1995-02-03',
        })
        .expect(403);
      expect(refused.body.code).toBe('FORBIDDEN');
      expect(await t.dataSource.getRepository(User).countBy({ email: 'otra.puerta@example.com' })).toBe(0);

      // An existing client by id is the desk's (the users list's permission): not an instructor's.
      const byId = await ana.agent
        .post('/api/admin/walk-in')
        .send({ date: TUESDAY, classReservation: anaTuesday.id, userId: luisClient.id })
        .expect(403);
      expect(byId.body.code).toBe('FORBIDDEN');
      expect(await t.dataSource.getRepository(Reservation).countBy({ userId: luisClient.id, status: 'active' })).toBe(
        1,
      );
    });
  });

  describe('cover requests', () => {
    it('should open a request, refuse a second one, and let the owner approve it with a substitute: mail, grace and audit', async () => {
      const client = await clientWithPlan(t, 'Avisada', { classes: 4 });
      await book(client, anaTuesday.id, NEXT_TUESDAY);

      const asked = await ana.agent
        .post('/api/instructor/cover-requests')
        .send({ scheduleId: anaTuesday.id, date: NEXT_TUESDAY, note: 'Cita médica' })
        .expect(201);
      expect(asked.body.coverRequest).toMatchObject({ status: 'open', note: 'Cita médica', substitute: null });
      const id = asked.body.coverRequest.id as number;

      const twice = await ana.agent
        .post('/api/instructor/cover-requests')
        .send({ scheduleId: anaTuesday.id, date: NEXT_TUESDAY })
        .expect(409);
      expect(twice.body).toMatchObject({
        code: 'COVER_ALREADY_OPEN',
        error: 'Ya hay una petición de suplente abierta para esta clase.',
      });

      const mine = await classesOf(ana.agent, NEXT_TUESDAY, NEXT_TUESDAY);
      expect(mine[0].coverRequest).toMatchObject({ id, status: 'open' });

      const { body: open } = await admin.get('/api/admin/cover-requests').expect(200);
      expect(open.data).toEqual([
        expect.objectContaining({
          id,
          scheduleId: anaTuesday.id,
          date: NEXT_TUESDAY,
          time: '6:05 AM',
          instructor: 'Ana Maestra',
          note: 'Cita médica',
        }),
      ]);

      // The one who asked cannot cover their own class.
      const same = await admin
        .post('/api/admin/cover-requests/approve')
        .send({ id, substituteId: ana.profile.id })
        .expect(400);
      expect(same.body.code).toBe('COVER_SAME_INSTRUCTOR');

      const approved = await admin
        .post('/api/admin/cover-requests/approve')
        .send({ id, substituteId: luis.profile.id })
        .expect(200);
      expect(approved.body.message).toBe('Aprobada: Luis Maestro da la clase. Avisamos a 1 cliente.');
      expect(await sessionOf(t, anaTuesday.id, NEXT_TUESDAY)).toMatchObject({
        instructorId: luis.profile.id,
        substitute: true,
      });
      await t.app.get(NotificationsService).settled();
      const [mail] = await mailsTo(client.email, 'Cambio de instructor');
      expect(mail.text).toContain('la clase la dará Luis Maestro');
      const place = await t.dataSource
        .getRepository(Reservation)
        .findOneByOrFail({ userId: client.id, status: 'active' });
      expect(place.cancelGraceUntil).not.toBeNull();

      // Approved once: a second decision is refused, and the class is now Luis's.
      await admin.post('/api/admin/cover-requests/decline').send({ id }).expect(409);
      expect((await classesOf(ana.agent, NEXT_TUESDAY, NEXT_TUESDAY)).length).toBe(0);
      expect(
        (await classesOf(luis.agent, NEXT_TUESDAY, NEXT_TUESDAY)).map((c) => [c.scheduleId, c.substitute]),
      ).toEqual([
        [anaTuesday.id, true],
        [luisTuesday.id, false],
      ]);
      expect((await admin.get('/api/admin/cover-requests').expect(200)).body.data).toEqual([]);

      const [created] = (await auditOf('cover_request.create')).filter((e) => e.entityId === String(id));
      expect(created).toMatchObject({
        actorId: ana.userId,
        entityType: 'cover_request',
        after: {
          date: NEXT_TUESDAY,
          time: '06:05',
          instructor: 'Ana Maestra',
          note: 'Cita médica',
          coverStatus: 'open',
        },
      });
      const [decided] = (await auditOf('cover_request.approve')).filter((e) => e.entityId === String(id));
      expect(decided).toMatchObject({ after: { instructor: 'Luis Maestro', coverStatus: 'approved' } });
      expect(decided.actorId).not.toBe(ana.userId);
      expect((await auditOf('class.substitute')).some((e) => e.after?.instructor === 'Luis Maestro')).toBe(true);
    });

    it("should refuse a class that is not the caller's, one that has started, and a cancelled one, in Spanish", async () => {
      const notMine = await ana.agent
        .post('/api/instructor/cover-requests')
        .send({ scheduleId: luisTuesday.id, date: TUESDAY })
        .expect(403);
      expect(notMine.body).toMatchObject({
        code: 'NOT_YOUR_CLASS',
        error: 'Esta clase no es tuya: solo puedes pedir suplente para las clases que impartes.',
      });
      // Ana's Wednesday is Luis's while he covers it.
      await ana.agent
        .post('/api/instructor/cover-requests')
        .send({ scheduleId: anaWednesday.id, date: WEDNESDAY })
        .expect(403);

      clock.set(TUESDAY_AT_DOOR);
      const past = await ana.agent
        .post('/api/instructor/cover-requests')
        .send({ scheduleId: anaTuesday.id, date: TUESDAY })
        .expect(409);
      expect(past.body).toMatchObject({
        code: 'COVER_CLASS_PAST',
        error: 'La clase ya comenzó o ya pasó: no se puede pedir suplente.',
      });

      const farTuesday = addDays(NEXT_TUESDAY, 7);
      await admin
        .post('/api/reservations/cancel-class')
        .send({ scheduleId: anaTuesday.id, date: farTuesday })
        .expect(200);
      const cancelled = await ana.agent
        .post('/api/instructor/cover-requests')
        .send({ scheduleId: anaTuesday.id, date: farTuesday })
        .expect(409);
      expect(cancelled.body).toMatchObject({
        code: 'COVER_CLASS_CANCELLED',
        error: 'La clase está cancelada: no necesita suplente.',
      });
      expect(await t.dataSource.getRepository(CoverRequest).countBy({ classDate: farTuesday })).toBe(0);
    });

    it('should let the instructor withdraw their open request (not another instructor), and the owner decline one', async () => {
      const asked = await ana.agent
        .post('/api/instructor/cover-requests')
        .send({ scheduleId: anaWednesday.id, date: NEXT_WEDNESDAY })
        .expect(201);
      const id = asked.body.coverRequest.id as number;
      const stranger = await luis.agent.post('/api/instructor/cover-requests/withdraw').send({ id }).expect(403);
      expect(stranger.body.code).toBe('NOT_YOUR_REQUEST');
      const withdrawn = await ana.agent.post('/api/instructor/cover-requests/withdraw').send({ id }).expect(200);
      expect(withdrawn.body.coverRequest).toMatchObject({ id, status: 'withdrawn' });
      const again = await ana.agent.post('/api/instructor/cover-requests/withdraw').send({ id }).expect(409);
      expect(again.body.code).toBe('COVER_REQUEST_CLOSED');
      expect((await auditOf('cover_request.withdraw')).find((e) => e.entityId === String(id))).toMatchObject({
        actorId: ana.userId,
        after: { coverStatus: 'withdrawn' },
      });

      // Withdrawn, the class may be asked for again; the owner declines this one.
      const second = await ana.agent
        .post('/api/instructor/cover-requests')
        .send({ scheduleId: anaWednesday.id, date: NEXT_WEDNESDAY, note: 'Viaje' })
        .expect(201);
      const secondId = second.body.coverRequest.id as number;
      await admin.post('/api/admin/cover-requests/decline').send({ id: secondId }).expect(200);
      expect((await classesOf(ana.agent, NEXT_WEDNESDAY, NEXT_WEDNESDAY))[0].coverRequest).toMatchObject({
        id: secondId,
        status: 'declined',
      });
      expect(await sessionOf(t, anaWednesday.id, NEXT_WEDNESDAY)).toBeNull();
      await admin
        .post('/api/admin/cover-requests/approve')
        .send({ id: secondId, substituteId: luis.profile.id })
        .expect(409);
      expect((await auditOf('cover_request.decline')).find((e) => e.entityId === String(secondId))).toMatchObject({
        after: { coverStatus: 'declined' },
      });
    });
  });
});
