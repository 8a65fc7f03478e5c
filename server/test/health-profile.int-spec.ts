import { User } from '../src/auth/entities/user.entity';
import { FixedClock } from '../src/core/clock/clock';
import { NotificationsService } from '../src/notifications/notifications.service';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { registerUser, saveHealthProfile, validHealthProfile } from './helpers/accounts';
import { adminAgent, givePlan, NEXT_MONDAY, NOW, scheduleAt, sessionOf } from './helpers/booking';
import { instructorNamed } from './helpers/instructors';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

describe('health questionnaire: filled before the first booking, read by admins and the class instructor, logged, erased', () => {
  let t: TestApp;
  let admin: Agent;
  const clock = new FixedClock(NOW);
  let count = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await adminAgent(t);
  });
  afterAll(async () => {
    await t.app.get(NotificationsService).settled();
    await t.close();
  });
  afterEach(() => clock.set(NOW));

  /** A client with a plan and no questionnaire yet. */
  async function newcomer(name = 'Nueva') {
    count++;
    const { agent, user } = await registerUser(
      t,
      { name: `${name} ${count}`, email: `salud${count}@example.com` },
      { healthProfile: false },
    );
    await givePlan(t, user.id, { classes: 4 });
    return { agent, user };
  }

  const book = (agent: Agent, scheduleId: number, date = NEXT_MONDAY) =>
    agent.post('/api/reservations/push-reservation').send({ date, classReservation: scheduleId });

  const healthRows = async (userId: number): Promise<number> => {
    const [row] = await t.dataSource.query('SELECT COUNT(*) AS n FROM health_profiles WHERE user_id = ?', [userId]);
    return Number(row.n);
  };

  /** An account with the instructor role, its profile, and a class of theirs with capacity. */
  async function instructorWithClass(name: string, weekday: number, startTime: string, capacity = 4) {
    const { agent, user } = await registerUser(t, {
      name,
      email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`,
    });
    await t.dataSource.getRepository(User).update({ id: user.id }, { role: 'instructor' });
    const profile = await instructorNamed(t, name, { userId: user.id });
    const schedule = await t.dataSource.getRepository(Schedule).save({
      weekday,
      startTime,
      capacity,
      durationMinutes: 50,
      instructorId: profile.id,
      instructor: profile.name,
      active: true,
    });
    return { agent: await loginAgain(agent, user.email), userId: user.id, schedule };
  }
  // The role changed under the session: log in again so the session carries it.
  async function loginAgain(_agent: Agent, email: string): Promise<Agent> {
    const agent = t.agent();
    await agent.post('/api/auth/login').send({ email, password: 'clave-segura-1' }).expect(200);
    return agent;
  }

  describe('the client fills it', () => {
    it('should answer null before it is filled, and the consent sentence', async () => {
      const { agent } = await newcomer();
      const res = await agent.get('/api/informacion/health').expect(200);
      expect(res.body).toEqual({
        success: true,
        consentText: expect.stringContaining('datos personales sensibles'),
        profile: null,
      });
    });

    it('should refuse it without the express consent (400, in Spanish, naming the law)', async () => {
      const { agent, user } = await newcomer();
      const refused = await agent
        .post('/api/informacion/health')
        .send(validHealthProfile({ sensitiveDataConsent: false }))
        .expect(400);
      expect(JSON.stringify(refused.body.error)).toContain('LFPDPPP');
      const missing = { ...validHealthProfile() } as Record<string, unknown>;
      delete missing.sensitiveDataConsent;
      await agent.post('/api/informacion/health').send(missing).expect(400);
      expect(await healthRows(user.id)).toBe(0);
    });

    it('should require the detail of a yes, a Mexican phone and every answer, in Spanish', async () => {
      const { agent } = await newcomer();
      const noDetail = await agent
        .post('/api/informacion/health')
        .send(validHealthProfile({ hasInjuries: true, injuries: '  ', pregnant: true }))
        .expect(400);
      expect(noDetail.body.error.injuries).toEqual(['Cuéntanos qué lesión o dolor tienes.']);
      expect(noDetail.body.error.pregnancyWeeks).toEqual(['Escribe las semanas de embarazo (de 1 a 42).']);
      const badPhone = await agent
        .post('/api/informacion/health')
        .send(validHealthProfile({ emergencyPhone: '12345', emergencyName: '' }))
        .expect(400);
      expect(badPhone.body.error.emergencyPhone[0]).toMatch(/10 dígitos/);
      expect(badPhone.body.error.emergencyName).toEqual(['Escribe el nombre de tu contacto de emergencia.']);
      const noAnswer = { ...validHealthProfile() } as Record<string, unknown>;
      delete noAnswer.recentSurgery;
      const unanswered = await agent.post('/api/informacion/health').send(noAnswer).expect(400);
      expect(unanswered.body.error.recentSurgery).toEqual(['Responde sí o no a cada pregunta.']);
      await agent
        .post('/api/informacion/health')
        .send(validHealthProfile({ otherConditions: 'x'.repeat(1001) }))
        .expect(400);
    });

    it("should take the web form's body: empty details under a no, and refuse null weeks", async () => {
      const { agent } = await newcomer();
      const res = await agent.post('/api/informacion/health').send({
        hasInjuries: true,
        injuries: 'Dolor lumbar desde hace un año',
        recentSurgery: false,
        surgery: '',
        pregnant: false,
        heartOrBloodPressure: false,
        otherConditions: '',
        emergencyName: 'Patricia Salud',
        emergencyPhone: '722 123 4567',
        emergencyRelationship: 'Mamá',
        sensitiveDataConsent: true,
      });
      expect(res.body).toMatchObject({ success: true, profile: { surgery: '', pregnancyWeeks: null } });
      // null is refused in this API unless a field is clearable: the weeks are left out under a no.
      await agent
        .post('/api/informacion/health')
        .send(validHealthProfile({ pregnancyWeeks: null }))
        .expect(400);
    });

    it('should save it with the consent time, keep details only under a yes, and update it any time', async () => {
      const { agent, user } = await newcomer();
      const saved = await agent
        .post('/api/informacion/health')
        .send(
          validHealthProfile({
            hasInjuries: true,
            injuries: ' Rodilla derecha operada hace años ',
            surgery: 'ignorado porque dijo que no',
            emergencyPhone: '+52 1 722 123 4567',
          }),
        )
        .expect(200);
      expect(saved.body.profile).toMatchObject({
        userId: user.id,
        hasInjuries: true,
        injuries: 'Rodilla derecha operada hace años',
        recentSurgery: false,
        surgery: '',
        pregnancyWeeks: null,
        emergencyPhone: '+527221234567',
        emergencyPhoneDisplay: '+52 722 123 4567',
        needsAttention: true,
        consentedAt: NOW.toISOString(),
      });
      const later = new Date(NOW.getTime() + 3600_000);
      clock.set(later);
      const updated = await saveHealthProfile(agent, { pregnant: true, pregnancyWeeks: 12 });
      expect(updated.body.profile).toMatchObject({
        hasInjuries: false,
        injuries: '',
        pregnant: true,
        pregnancyWeeks: 12,
        needsAttention: true,
        updatedAt: later.toISOString(),
      });
      expect((await agent.get('/api/informacion/health').expect(200)).body.profile.pregnancyWeeks).toBe(12);
      expect(await healthRows(user.id)).toBe(1);
    });
  });

  describe('booking', () => {
    it("should refuse a client's first own booking with 409 HEALTH_PROFILE_REQUIRED, then book once it is filled", async () => {
      const { agent } = await newcomer();
      const schedule = await scheduleAt(t, 1, '07:00');
      const refused = await book(agent, schedule.id).expect(409);
      expect(refused.body).toEqual({
        success: false,
        code: 'HEALTH_PROFILE_REQUIRED',
        error: 'Antes de tu primera clase, llena tu cuestionario de salud y un contacto de emergencia.',
      });
      await saveHealthProfile(agent);
      await book(agent, schedule.id).expect(201);
    });

    it('should not refuse the studio booking for a client without a questionnaire', async () => {
      const { user } = await newcomer('Mostrador');
      const schedule = await scheduleAt(t, 1, '08:00');
      await admin
        .post('/api/reservations/push-reservation')
        .send({ date: NEXT_MONDAY, classReservation: schedule.id, userId: user.id })
        .expect(201);
    });

    it('should promote a waiting client without a questionnaire when a place frees', async () => {
      const schedule = await scheduleAt(t, 1, '09:00');
      await t.dataSource.getRepository(Schedule).update({ id: schedule.id }, { capacity: 1 });
      const first = await newcomer('Primera');
      await saveHealthProfile(first.agent);
      const reservationId = (await book(first.agent, schedule.id).expect(201)).body.reservationId as number;
      const waiting = await newcomer('Espera');
      await waiting.agent
        .post('/api/reservations/join-waitlist')
        .send({ date: NEXT_MONDAY, classReservation: schedule.id })
        .expect(201);
      await first.agent.post('/api/reservations/cancel-reservation').send({ id: reservationId }).expect(200);
      const session = await sessionOf(t, schedule.id, NEXT_MONDAY);
      const [row] = await t.dataSource.query(
        "SELECT COUNT(*) AS n FROM reservations WHERE class_session_id = ? AND user_id = ? AND status = 'active'",
        [session!.id, waiting.user.id],
      );
      expect(Number(row.n)).toBe(1);
    });
  });

  describe('rosters and the detail on demand', () => {
    let teacher: Awaited<ReturnType<typeof instructorWithClass>>;
    let other: Awaited<ReturnType<typeof instructorWithClass>>;
    let marked: { agent: Agent; user: { id: number } };
    let plain: { agent: Agent; user: { id: number } };
    let classId: number;

    beforeAll(async () => {
      teacher = await instructorWithClass('Paula Salud', 1, '06:20');
      other = await instructorWithClass('Otro Maestro', 1, '06:40');
      marked = await newcomer('Marcada');
      await saveHealthProfile(marked.agent, { heartOrBloodPressure: true, otherConditions: 'Asma leve' });
      plain = await newcomer('Sin Notas');
      await saveHealthProfile(plain.agent);
      await book(marked.agent, teacher.schedule.id).expect(201);
      await book(plain.agent, teacher.schedule.id).expect(201);
      classId = (await sessionOf(t, teacher.schedule.id, NEXT_MONDAY))!.id;
    });

    it("should mark in the admin's roster who has health notes, and not the others", async () => {
      const res = await admin.post('/api/reservations/get-information-clases').send({ date: NEXT_MONDAY }).expect(200);
      const slot = res.body.data.find((s: { scheduleId: number }) => s.scheduleId === teacher.schedule.id);
      const notes = Object.fromEntries(
        slot.enrolled.map((p: { id: number; healthNote: boolean }) => [p.id, p.healthNote]),
      );
      expect(notes).toEqual({ [marked.user.id]: true, [plain.user.id]: false });
    });

    it("should mark it in the instructor's own roster, with the student's account", async () => {
      const res = await teacher.agent
        .post('/api/instructor/classes')
        .send({ from: NEXT_MONDAY, to: NEXT_MONDAY })
        .expect(200);
      const [klass] = res.body.data;
      expect(
        klass.students.map((s: { userId: number; healthNote: boolean }) => [s.userId, s.healthNote]).sort(),
      ).toEqual(
        [
          [marked.user.id, true],
          [plain.user.id, false],
        ].sort(),
      );
    });

    it("should let the class's instructor read the detail, and log the reading", async () => {
      const res = await teacher.agent.get(`/api/health-profiles/${marked.user.id}?classId=${classId}`).expect(200);
      expect(res.body.profile).toMatchObject({
        heartOrBloodPressure: true,
        otherConditions: 'Asma leve',
        emergencyName: 'Contacto de Emergencia',
      });
      const views: { viewer: unknown; klass: unknown }[] = await t.dataSource.query(
        'SELECT viewer_id AS viewer, class_id AS klass FROM health_profile_views WHERE user_id = ?',
        [marked.user.id],
      );
      expect(views.map((v) => [Number(v.viewer), Number(v.klass)])).toEqual([[teacher.userId, classId]]);
      const log = await admin.get(`/api/admin/users/${marked.user.id}/health-views`).expect(200);
      expect(log.body.views).toEqual([
        { viewerId: teacher.userId, viewerName: 'Paula Salud', viewedAt: NOW.toISOString(), classId },
      ]);
    });

    it('should refuse the instructor without the class, and an instructor of another class (403)', async () => {
      await teacher.agent.get(`/api/health-profiles/${marked.user.id}`).expect(403);
      await other.agent.get(`/api/health-profiles/${marked.user.id}?classId=${classId}`).expect(403);
      const otherClass = await book(plain.agent, other.schedule.id).expect(201);
      expect(otherClass.body.reservationId).toBeGreaterThan(0);
      const otherClassId = (await sessionOf(t, other.schedule.id, NEXT_MONDAY))!.id;
      // Booked in the other's class: only that instructor may read it from there.
      await teacher.agent.get(`/api/health-profiles/${plain.user.id}?classId=${otherClassId}`).expect(403);
      await other.agent.get(`/api/health-profiles/${plain.user.id}?classId=${otherClassId}`).expect(200);
    });

    it("should refuse a client reading another's (403), and the log to anyone but admins", async () => {
      await plain.agent.get(`/api/health-profiles/${marked.user.id}?classId=${classId}`).expect(403);
      await plain.agent.get(`/api/admin/users/${marked.user.id}/health-views`).expect(403);
      await teacher.agent.get(`/api/admin/users/${marked.user.id}/health-views`).expect(403);
      await t.agent().get(`/api/health-profiles/${marked.user.id}`).expect(401);
    });

    it('should let an admin read any, log it, and answer 404 when there is none', async () => {
      await admin.get(`/api/health-profiles/${plain.user.id}`).expect(200);
      const none = await newcomer('SinCuestionario');
      const missing = await admin.get(`/api/health-profiles/${none.user.id}`).expect(404);
      expect(missing.body.code).toBe('HEALTH_PROFILE_NOT_FOUND');
      await admin.get('/api/health-profiles/abc').expect(400);
      await admin.get(`/api/health-profiles/${plain.user.id}?classId=x`).expect(400);
      await admin.get('/api/admin/users/999999/health-views').expect(404);
    });
  });

  it('should erase the questionnaire and its readings when the account is deleted', async () => {
    const { agent, user } = await newcomer('Borrar');
    await saveHealthProfile(agent, { hasInjuries: true, injuries: 'Tendinitis' });
    await admin.get(`/api/health-profiles/${user.id}`).expect(200);
    await agent
      .post('/api/informacion/delete-account')
      .send({ password: 'clave-segura-1', confirmForfeit: true })
      .expect(200);
    expect(await healthRows(user.id)).toBe(0);
    const [views] = await t.dataSource.query('SELECT COUNT(*) AS n FROM health_profile_views WHERE user_id = ?', [
      user.id,
    ]);
    expect(Number(views.n)).toBe(0);
  });
});
