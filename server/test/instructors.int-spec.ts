import { FixedClock } from '../src/core/clock/clock';
import { Instructor } from '../src/instructors/entities';
import { NotificationsService } from '../src/notifications/notifications.service';
import { ClassSession } from '../src/reservations/entities/class-session.entity';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { adminAgent, newClient, NOW, scheduleAt, userByEmail } from './helpers/booking';
import { instructorNamed } from './helpers/instructors';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

interface AuditEntry {
  action: string;
  entityType: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('instructors: the role, the profiles, the timetable naming them and the public pages', () => {
  let t: TestApp;
  let admin: Agent;
  const clock = new FixedClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    clock.set(NOW);
    await t.app.get(NotificationsService).settled();
  });

  const profileOf = (userId: number) => t.dataSource.getRepository(Instructor).findOneBy({ userId });
  const latestAudit = async (count: number): Promise<AuditEntry[]> =>
    (await admin.post('/api/admin/get-audit').send({ pagination: 1, limit: count }).expect(200)).body.entries;

  describe('the role (Usuarios)', () => {
    it('should make an account an instructor with a profile of its name, and back to a client keeping the profile inactive, audited', async () => {
      const { user } = await newClient(t, 'Renata Díaz');
      await admin.post('/api/admin/change-data').send({ id_user: user.id, role: 'instructor' }).expect(200);
      const created = await profileOf(user.id);
      expect(created).toMatchObject({ name: user.name, active: true, bio: '', specialties: [] });
      const [profileEntry, roleEntry] = await latestAudit(2);
      expect(roleEntry).toMatchObject({
        action: 'user.update',
        before: { role: 'user' },
        after: { role: 'instructor' },
      });
      expect(profileEntry).toMatchObject({
        action: 'instructor.create',
        entityType: 'instructor',
        after: { name: user.name, active: true, account: user.email },
      });

      await admin.post('/api/admin/change-data').send({ id_user: user.id, role: 'user' }).expect(200);
      expect(await profileOf(user.id)).toMatchObject({ id: created!.id, active: false, userId: user.id });
      const [stopped] = await latestAudit(1);
      expect(stopped).toMatchObject({
        action: 'instructor.update',
        before: { name: user.name, active: true },
        after: { active: false },
      });

      // Again an instructor: the same profile comes back.
      await admin.post('/api/admin/change-data').send({ id_user: user.id, role: 'instructor' }).expect(200);
      expect(await profileOf(user.id)).toMatchObject({ id: created!.id, active: true });
      expect(await t.dataSource.getRepository(Instructor).countBy({ userId: user.id })).toBe(1);
    });

    it('should let an instructor log in with the role, without the admin pages', async () => {
      const { agent, user } = await newClient(t, 'Instructora');
      await admin.post('/api/admin/change-data').send({ id_user: user.id, role: 'instructor' }).expect(200);
      const me = await agent.get('/api/get-cookie').expect(200);
      expect(me.body.user.role).toBe('instructor');
      await agent.get('/api/admin/instructores').expect(403);
      await agent.get('/api/reservations/horario').expect(403);
    });
  });

  describe('the profiles (Instructores)', () => {
    it('should add a profile, list it, and refuse bad fields with Spanish messages', async () => {
      const added = await admin
        .post('/api/admin/instructores/add')
        .send({ name: '  Paula Ibáñez ', bio: 'Fisioterapeuta.', specialties: [' Prenatal ', 'Espalda'], sortOrder: 3 })
        .expect(200);
      expect(added.body.instructor).toMatchObject({
        name: 'Paula Ibáñez',
        slug: 'paula-ibanez',
        bio: 'Fisioterapeuta.',
        specialties: ['Prenatal', 'Espalda'],
        active: true,
        sortOrder: 3,
        userId: null,
        accountEmail: null,
      });
      const list = await admin.get('/api/admin/instructores').expect(200);
      expect(list.body.instructores).toEqual(expect.arrayContaining([added.body.instructor]));
      // The same name again gets its own page address.
      const twin = await admin.post('/api/admin/instructores/add').send({ name: 'Paula Ibanez' }).expect(200);
      expect(twin.body.instructor.slug).toBe('paula-ibanez-2');

      const bad = await admin
        .post('/api/admin/instructores/add')
        .send({ name: 'x'.repeat(61), bio: 'b'.repeat(601), specialties: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })
        .expect(400);
      expect(bad.body.error).toEqual({
        name: ['El nombre del instructor debe tener entre 1 y 60 caracteres'],
        bio: ['La semblanza no puede tener más de 600 caracteres'],
        specialties: ['Hasta 6 especialidades, de 1 a 40 caracteres cada una'],
      });
      const blank = await admin.post('/api/admin/instructores/add').send({ name: '   ' }).expect(400);
      expect(Object.keys(blank.body.error)).toEqual(['name']);
      const longSpecialty = await admin
        .post('/api/admin/instructores/add')
        .send({ name: 'Otra', specialties: ['s'.repeat(41)] })
        .expect(400);
      expect(Object.keys(longSpecialty.body.error)).toEqual(['specialties']);
    });

    it('should rename a profile everywhere it is named, in the timetable and its classes, audited', async () => {
      const teresa = await instructorNamed(t, 'Teresa');
      const schedule = await scheduleAt(t, 4, '19:00');
      await admin
        .post('/api/reservations/horario/change')
        .send({ id: schedule.id, instructorId: teresa.id })
        .expect(200);
      // A past class of hers keeps being hers, under her new name.
      await t.dataSource.getRepository(ClassSession).insert({
        scheduleId: schedule.id,
        date: '2026-11-19',
        startTime: '19:00',
        capacity: 8,
        instructorId: teresa.id,
        instructor: 'Teresa',
      });
      const renamed = await admin
        .post('/api/admin/instructores/change')
        .send({ id: teresa.id, name: 'Teresa Gil', specialties: ['Postura'] })
        .expect(200);
      expect(renamed.body.instructor).toMatchObject({
        name: 'Teresa Gil',
        slug: 'teresa-gil',
        specialties: ['Postura'],
      });
      expect(await t.dataSource.getRepository(Schedule).findOneByOrFail({ id: schedule.id })).toMatchObject({
        instructorId: teresa.id,
        instructor: 'Teresa Gil',
      });
      const past = await t.dataSource
        .getRepository(ClassSession)
        .findOneByOrFail({ scheduleId: schedule.id, date: '2026-11-19' });
      expect(past.instructor).toBe('Teresa Gil');
      const [entry] = await latestAudit(1);
      expect(entry).toMatchObject({
        action: 'instructor.update',
        before: { name: 'Teresa', specialties: '' },
        after: { name: 'Teresa Gil', specialties: 'Postura' },
      });
    });

    it("should link a profile to a client's account, making it an instructor, and refuse an unknown or taken account", async () => {
      const { user } = await newClient(t, 'Cuenta');
      const profile = await instructorNamed(t, 'Con Cuenta');
      const linked = await admin
        .post('/api/admin/instructores/change')
        .send({ id: profile.id, accountEmail: user.email.toUpperCase() })
        .expect(200);
      expect(linked.body.instructor).toMatchObject({ userId: user.id, accountEmail: user.email });
      expect((await userByEmail(t, user.email)).role).toBe('instructor');

      const other = await instructorNamed(t, 'Sin Cuenta');
      const taken = await admin
        .post('/api/admin/instructores/change')
        .send({ id: other.id, accountEmail: user.email })
        .expect(409);
      expect(taken.body).toMatchObject({
        code: 'INSTRUCTOR_ACCOUNT_TAKEN',
        error: 'Esa cuenta ya está ligada a otro instructor.',
      });
      const unknown = await admin
        .post('/api/admin/instructores/add')
        .send({ name: 'Nueva', accountEmail: 'nadie@example.com' })
        .expect(400);
      expect(unknown.body.code).toBe('INSTRUCTOR_ACCOUNT_NOT_FOUND');
      await admin.post('/api/admin/instructores/change').send({ id: 999999, name: 'X' }).expect(404);

      const unlinked = await admin
        .post('/api/admin/instructores/change')
        .send({ id: profile.id, accountEmail: null })
        .expect(200);
      expect(unlinked.body.instructor).toMatchObject({ userId: null, accountEmail: null });
    });
  });

  describe('the timetable names an instructor (Horario)', () => {
    it('should take an active instructor by id, and refuse an unknown or inactive one with a Spanish 400', async () => {
      const ines = await instructorNamed(t, 'Inés');
      const away = await instructorNamed(t, 'De Viaje', { active: false });
      const added = await admin
        .post('/api/reservations/horario/add')
        .send({ weekday: 6, startTime: '12:00', capacity: 6, instructorId: ines.id })
        .expect(201);
      expect(added.body.schedule).toMatchObject({ instructorId: ines.id, instructor: 'Inés' });
      for (const instructorId of [away.id, 999999]) {
        const refused = await admin
          .post('/api/reservations/horario/change')
          .send({ id: added.body.schedule.id, instructorId })
          .expect(400);
        expect(refused.body).toMatchObject({
          code: 'INSTRUCTOR_NOT_AVAILABLE',
          error: 'Ese instructor no existe o no está activo. Elige uno de la lista de instructores.',
        });
      }
      const refusedAdd = await admin
        .post('/api/reservations/horario/add')
        .send({ weekday: 6, startTime: '13:00', capacity: 6, instructorId: away.id })
        .expect(400);
      expect(refusedAdd.body.code).toBe('INSTRUCTOR_NOT_AVAILABLE');
      expect(await t.dataSource.getRepository(Schedule).countBy({ weekday: 6, startTime: '13:00' })).toBe(0);
      const wrongType = await admin
        .post('/api/reservations/horario/change')
        .send({ id: added.body.schedule.id, instructorId: 'Inés' })
        .expect(400);
      expect(wrongType.body.error).toEqual({ instructorId: ['El instructor no es válido'] });
      // An instructor who became inactive stays on the entries they had when other fields change.
      await admin.post('/api/admin/instructores/change').send({ id: ines.id, active: false }).expect(200);
      const kept = await admin
        .post('/api/reservations/horario/change')
        .send({ id: added.body.schedule.id, capacity: 5, instructorId: ines.id })
        .expect(200);
      expect(kept.body.schedule).toMatchObject({ capacity: 5, instructorId: ines.id, instructor: 'Inés' });
    });
  });

  describe('the public list and pages', () => {
    it('should list the active instructors for everyone, cacheable, with no photo yet', async () => {
      const hidden = await instructorNamed(t, 'Oculta', { active: false });
      const shown = await instructorNamed(t, 'Visible', { bio: 'Hola.', specialties: ['Mat'] });
      const res = await t.agent().get('/api/instructores').expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect(res.body).toEqual(
        expect.arrayContaining([
          { id: shown.id, name: 'Visible', slug: 'visible', photoUrl: null, bio: 'Hola.', specialties: ['Mat'] },
        ]),
      );
      expect(res.body.map((i: { id: number }) => i.id)).not.toContain(hidden.id);
    });

    it("should show a profile's classes of the next 14 days, without the cancelled ones, and 404 an unknown or inactive one", async () => {
      const nora = await instructorNamed(t, 'Nora Peña');
      // NOW is Monday 2026-11-23 06:00 in the studio: Monday 7:00 is still to come today.
      for (const [weekday, time] of [
        [1, '07:00'],
        [3, '18:00'],
      ] as const) {
        const schedule = await scheduleAt(t, weekday, time);
        await admin
          .post('/api/reservations/horario/change')
          .send({ id: schedule.id, instructorId: nora.id })
          .expect(200);
      }
      const monday = await scheduleAt(t, 1, '07:00');
      await admin
        .post('/api/reservations/cancel-class')
        .send({ date: '2026-11-30', scheduleId: monday.id })
        .expect(200);

      const page = await t.agent().get('/api/instructores/nora-pena').expect(200);
      expect(page.body.instructor).toMatchObject({ id: nora.id, name: 'Nora Peña', photoUrl: null });
      expect(page.body.clases).toEqual([
        { date: '2026-11-23', startTime: '07:00', time: '7:00 AM', durationMinutes: 50 },
        { date: '2026-11-25', startTime: '18:00', time: '6:00 PM', durationMinutes: 50 },
        { date: '2026-12-02', startTime: '18:00', time: '6:00 PM', durationMinutes: 50 },
      ]);

      const missing = await t.agent().get('/api/instructores/nadie').expect(404);
      expect(missing.body).toMatchObject({ code: 'INSTRUCTOR_NOT_FOUND', error: 'No encontramos a ese instructor.' });
      await t.agent().get('/api/instructores/..%2F..%2Fetc').expect(404);
      await admin.post('/api/admin/instructores/change').send({ id: nora.id, active: false }).expect(200);
      await t.agent().get('/api/instructores/nora-pena').expect(404);
    });
  });
});
