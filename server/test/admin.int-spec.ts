import { addDays, studioToday } from '@pilates/dates';
import { User } from '../src/auth/entities/user.entity';
import { recountUsersSql } from '../src/auth/users-count';
import { AdminUsersService } from '../src/admin/admin-users.service';
import { AuditLog } from '../src/core/audit/audit-log.entity';
import { AppConfig } from '../src/core/config/app-config';
import { FixedClock } from '../src/core/clock/clock';
import { Plan } from '../src/planes/entities/plan.entity';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { Reservation } from '../src/reservations/entities/reservation.entity';
import { NotificationsService } from '../src/notifications/notifications.service';
import { loginAs } from './helpers/accounts';
import {
  ADMIN,
  adminAgent,
  givePlan,
  newClient,
  NEXT_MONDAY,
  NOW,
  remainingOf,
  scheduleAt,
  TODAY,
  userByEmail,
} from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';
import { instructorNamed } from './helpers/instructors';

type Agent = ReturnType<TestApp['agent']>;

const newUserBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Beatriz Ruiz',
  email: `beatriz.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
  cumpleanos: '1988-02-14',
  password: 'clave-segura-1',
  confirmPassword: 'clave-segura-1',
  ...overrides,
});

describe('administration: users, their plans, the catalogue and the audit trail', () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    clock.set(NOW);
    await t.app.get(NotificationsService).settled();
  });

  const auditOf = (action: string) =>
    t.dataSource.getRepository(AuditLog).find({ where: { action }, order: { id: 'DESC' } });

  /** A plan of the seeded catalogue. */
  const cataloguePlan = (name = 'Ocho Clases') => t.dataSource.getRepository(Plan).findOneByOrFail({ name });

  /** An extra admin account, logged in. */
  async function newAdmin(): Promise<{ agent: Agent; id: number; email: string }> {
    const client = await newClient(t, 'Admin');
    await t.dataSource.getRepository(User).update({ id: client.user.id }, { role: 'admin' });
    return { agent: client.agent, id: client.user.id, email: client.user.email };
  }

  describe('who may call the admin endpoints', () => {
    it('should answer 401 to guests, 403 to clients and 2xx to admins on every admin endpoint', async () => {
      const admin = await adminAgent(t);
      const { agent: client } = await newClient(t);
      const target = await newClient(t);
      const planId = await givePlan(t, target.user.id, { classes: 4 });
      const catalogue = await cataloguePlan('Una Clase');

      // [method, path, body, the admin's expected status]
      const calls: [string, string, () => object, number][] = [
        ['post', '/api/informacion/get-users', () => ({ pagination: 1, limit: 10 }), 200],
        ['post', '/api/admin/get-user', () => ({ id: target.user.id }), 200],
        ['post', '/api/admin/add-user', () => newUserBody(), 201],
        ['post', '/api/admin/change-data', () => ({ id_user: target.user.id, name: 'Nombre Nuevo' }), 200],
        ['post', '/api/admin/delete-user', () => ({ id: target.user.id }), 200],
        ['post', '/api/admin/active-user', () => ({ id: target.user.id }), 200],
        [
          'post',
          '/api/planes/add-plan-admin',
          () => ({
            selectplan: catalogue.id,
            number: 1,
            startdate: TODAY,
            enddate: addDays(TODAY, 29),
            pagado: 1,
            id_user: target.user.id,
          }),
          201,
        ],
        ['post', '/api/admin/change-data-plan', () => ({ id_plan: planId, paid: 0 }), 200],
        ['get', '/api/planes/catalogo', () => ({}), 200],
        ['post', '/api/planes/catalogo/add', () => ({ name: 'Plan Matriz', price: 100, classes: 1 }), 201],
        ['post', '/api/planes/catalogo/change', () => ({ id: catalogue.id, price: 220 }), 200],
        ['post', '/api/planes/catalogo/hide', () => ({ id: catalogue.id }), 200],
        ['post', '/api/planes/catalogo/show', () => ({ id: catalogue.id }), 200],
        ['post', '/api/admin/get-audit', () => ({ pagination: 1 }), 200],
      ];
      const send = (agent: Agent, method: string, path: string, body: object) =>
        method === 'get' ? agent.get(path) : agent.post(path).send(body);

      for (const [method, path, body, adminStatus] of calls) {
        const guest = await send(t.agent(), method, path, body());
        expect({ path, status: guest.status }).toEqual({ path, status: 401 });
        const asClient = await send(client, method, path, body());
        expect({ path, status: asClient.status, code: asClient.body.code }).toEqual({
          path,
          status: 403,
          code: 'FORBIDDEN',
        });
        const asAdmin = await send(admin, method, path, body());
        expect({ path, status: asAdmin.status }).toEqual({ path, status: adminStatus });
        expect(asAdmin.body.success).toBe(true);
      }
      // What the clients' refused calls would have changed did not change.
      expect(await t.dataSource.getRepository(Plan).countBy({ name: 'Plan Matriz' })).toBe(1);
    });
  });

  describe('informacion/get-users', () => {
    it('should list users newest first in the spec row shape, ten per page, with the pager', async () => {
      const admin = await adminAgent(t);
      // More than a page of accounts.
      for (let i = 0; i < 10; i++) {
        await t.dataSource.getRepository(User).insert({
          name: `Relleno ${i}`,
          email: `relleno${i}@example.com`,
          birthDate: '1995-03-03',
          passwordHash: 'x',
        });
      }
      // Written around the app, as a seed would: the stored number of users is set again.
      await t.dataSource.query(recountUsersSql);
      const newest = await newClient(t, 'Listado');
      const res = await admin.post('/api/informacion/get-users').send({ pagination: 1, limit: 10 }).expect(200);
      expect(res.body.usuarios).toHaveLength(10);
      expect(res.body.usuarios[0]).toEqual({
        id: newest.user.id,
        name: newest.user.name,
        email: newest.user.email,
        cumpleanos: '1990-05-17',
        role: 'user',
        active: 1,
        attended: 0,
        noShow: 0,
      });
      const ids = res.body.usuarios.map((u: { id: number }) => u.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const total = await t.dataSource.getRepository(User).count();
      expect(res.body.pagination).toEqual({
        currentPage: 1,
        totalPages: Math.ceil(total / 10),
        totalRecords: total,
      });
    });

    it('should answer the last page short, a page past the end empty, and refuse bad bounds', async () => {
      const admin = await adminAgent(t);
      const total = await t.dataSource.getRepository(User).count();
      const lastPage = Math.ceil(total / 3);
      const last = await admin.post('/api/informacion/get-users').send({ pagination: lastPage, limit: 3 }).expect(200);
      expect(last.body.usuarios).toHaveLength(total - (lastPage - 1) * 3);
      expect(last.body.usuarios.at(-1).email).toBe(ADMIN.email); // the seeded admin is the oldest
      const past = await admin
        .post('/api/informacion/get-users')
        .send({ pagination: lastPage + 1, limit: 3 })
        .expect(200);
      expect(past.body).toEqual({
        success: true,
        usuarios: [],
        pagination: { currentPage: lastPage + 1, totalPages: lastPage, totalRecords: total },
      });
      const defaults = await admin.post('/api/informacion/get-users').send({}).expect(200);
      expect(defaults.body.usuarios).toHaveLength(Math.min(10, total));

      for (const body of [{ limit: 0 }, { limit: 51 }, { pagination: 0 }, { pagination: 1.5 }, { limit: '10' }]) {
        const bad = await admin.post('/api/informacion/get-users').send(body).expect(400);
        expect(bad.body.code).toBe('VALIDATION_ERROR');
      }
      const limit50 = await admin.post('/api/informacion/get-users').send({ limit: 50 }).expect(200);
      expect(limit50.body.usuarios.length).toBe(Math.min(50, total));
    });

    it('should search by name or email, case-insensitively, with % and _ taken literally', async () => {
      const admin = await adminAgent(t);
      const zoe = await newClient(t, 'Zoé Buscable');
      const res = await admin.post('/api/informacion/get-users').send({ search: 'zoé bUSCABLE' }).expect(200);
      expect(res.body.usuarios.map((u: { id: number }) => u.id)).toEqual([zoe.user.id]);
      const byEmail = await admin
        .post('/api/informacion/get-users')
        .send({ search: zoe.user.email.toUpperCase() })
        .expect(200);
      expect(byEmail.body.usuarios.map((u: { id: number }) => u.id)).toEqual([zoe.user.id]);
      for (const search of ['%', '_', 'Zo_ Buscable']) {
        const literal = await admin.post('/api/informacion/get-users').send({ search }).expect(200);
        expect(literal.body.usuarios).toEqual([]);
      }
    });
  });

  describe('admin/add-user', () => {
    it('should create an active client who can log in, with the spec message', async () => {
      const admin = await adminAgent(t);
      const body = newUserBody({ email: '  Nueva.Clienta@Example.com ' });
      const res = await admin.post('/api/admin/add-user').send(body).expect(201);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Usuario creado con éxito',
        user: { name: 'Beatriz Ruiz', email: 'nueva.clienta@example.com', role: 'user', cumpleanos: '1988-02-14' },
      });
      await loginAs(t, 'nueva.clienta@example.com', body.password);
      const again = await admin.post('/api/admin/add-user').send(body).expect(409);
      expect(again.body.error).toBe('Ya existe una cuenta con ese correo');
      const [entry] = await auditOf('user.create');
      expect(entry).toMatchObject({ subjectUserId: res.body.user.id, after: { email: 'nueva.clienta@example.com' } });
    });

    it('should apply the registration rules without the terms, field by field', async () => {
      const admin = await adminAgent(t);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '' }, 'name', 'El nombre es obligatorio'],
        [{ email: '' }, 'email', 'El email es obligatorio'],
        [{ email: 'no-es-email' }, 'email', 'El correo no es válido'],
        [{ cumpleanos: '' }, 'cumpleanos', 'El cumpleaños es obligatorio'],
        [{ cumpleanos: '2999-01-01' }, 'cumpleanos', 'La fecha de nacimiento no es válida.'],
        [{ password: '', confirmPassword: '' }, 'password', 'La contraseña es obligatoria'],
        [{ password: 'corta', confirmPassword: 'corta' }, 'password', 'Debe tener al menos 8 caracteres'],
        [{ confirmPassword: 'otra-clave-1' }, 'confirmPassword', 'Las contraseñas no coinciden'],
      ];
      const before = await t.dataSource.getRepository(User).count();
      for (const [override, field, message] of cases) {
        const res = await admin.post('/api/admin/add-user').send(newUserBody(override)).expect(400);
        expect({ field, error: res.body.error[field] }).toEqual({ field, error: [message] });
      }
      const withTerms = await admin
        .post('/api/admin/add-user')
        .send({ ...newUserBody(), terms: true })
        .expect(400);
      expect(withTerms.body.code).toBe('VALIDATION_ERROR');
      expect(await t.dataSource.getRepository(User).count()).toBe(before);
    });
  });

  describe('admin/change-data', () => {
    it('should change any field, keep the email unique, and apply a role change on the next request', async () => {
      const admin = await adminAgent(t);
      const other = await newClient(t);
      const target = await newClient(t);
      const res = await admin
        .post('/api/admin/change-data')
        .send({ id_user: target.user.id, name: 'Carla Nueva', cumpleanos: '1991-01-02', role: 'admin' })
        .expect(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Usuario cambiado con éxito',
        user: { name: 'Carla Nueva', cumpleanos: '1991-01-02', role: 'admin', email: target.user.email },
      });
      // The promoted user's open session is an admin's at once.
      await target.agent.post('/api/informacion/get-users').send({}).expect(200);

      const taken = await admin
        .post('/api/admin/change-data')
        .send({ id_user: target.user.id, email: other.user.email.toUpperCase() })
        .expect(409);
      expect(taken.body.code).toBe('EMAIL_TAKEN');
      const badRole = await admin
        .post('/api/admin/change-data')
        .send({ id_user: target.user.id, role: 'superadmin' })
        .expect(400);
      expect(badRole.body.error).toEqual({ role: ['El rol debe ser Usuario, Instructor o Administrador'] });
      await admin.post('/api/admin/change-data').send({ id_user: 999999, name: 'X' }).expect(404);
      await admin.post('/api/admin/change-data').send({ name: 'Sin usuario' }).expect(400);

      await admin.post('/api/admin/change-data').send({ id_user: target.user.id, role: 'user' }).expect(200);
      await target.agent.post('/api/informacion/get-users').send({}).expect(403);

      const [entry] = await auditOf('user.update');
      expect(entry).toMatchObject({
        subjectUserId: target.user.id,
        before: { role: 'admin' },
        after: { role: 'user' },
      });
      const promoted = (await auditOf('user.update')).find((e) => e.after?.name === 'Carla Nueva');
      expect(promoted).toMatchObject({
        before: { name: target.user.name, cumpleanos: '1990-05-17', role: 'user' },
        after: { name: 'Carla Nueva', cumpleanos: '1991-01-02', role: 'admin' },
      });
    });

    it('should refuse an admin demoting themself', async () => {
      const second = await newAdmin();
      const res = await second.agent
        .post('/api/admin/change-data')
        .send({ id_user: second.id, role: 'user' })
        .expect(409);
      expect(res.body).toMatchObject({ code: 'SELF_DEMOTION', error: 'No puedes quitarte el rol de administrador.' });
      expect((await userByEmail(t, second.email)).role).toBe('admin');
      // Editing their own name is fine.
      await second.agent.post('/api/admin/change-data').send({ id_user: second.id, name: 'Admin Dos' }).expect(200);
    });

    it('should refuse an admin changing their own email through the admin screen, which asks no password', async () => {
      const second = await newAdmin();
      const res = await second.agent
        .post('/api/admin/change-data')
        .send({ id_user: second.id, email: 'otro-correo@test.local' })
        .expect(409);
      expect(res.body).toMatchObject({ code: 'SELF_EMAIL_CHANGE' });
      expect(await userByEmail(t, second.email)).toBeTruthy();
      // Sending the same address back (the edit dialog sends every field) is not a change.
      await second.agent.post('/api/admin/change-data').send({ id_user: second.id, email: second.email }).expect(200);
    });

    it('should let an admin change their own email in Mi información, which asks for the current password', async () => {
      const second = await newAdmin();
      await second.agent
        .post('/api/informacion/change-info-user')
        .send({ email: 'admin-nuevo@test.local', currentPassword: 'clave-segura-1' })
        .expect(200);
      expect((await userByEmail(t, 'admin-nuevo@test.local')).id).toBe(second.id);
    });
  });

  describe('admin/delete-user and admin/active-user', () => {
    it('should end the session at once, cancel upcoming classes with their places returned, and reactivate', async () => {
      const admin = await adminAgent(t);
      const client = await newClient(t);
      const planId = await givePlan(t, client.user.id, { classes: 5 });
      const seven = await scheduleAt(t, 1, '07:00');
      const eighteen = await scheduleAt(t, 1, '18:00');
      for (const [date, scheduleId] of [
        [TODAY, seven.id],
        [TODAY, eighteen.id],
        [NEXT_MONDAY, seven.id],
      ] as const) {
        await client.agent
          .post('/api/reservations/push-reservation')
          .send({ date, classReservation: scheduleId })
          .expect(201);
      }
      expect(await remainingOf(t, planId)).toBe(2);
      clock.set(new Date('2026-11-23T13:30:00.000Z')); // 07:30 in the studio: the 7:00 class has started

      const res = await admin.post('/api/admin/delete-user').send({ id: client.user.id }).expect(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Usuario eliminado con éxito',
        cancelledReservations: 2,
      });
      await client.agent.get('/api/get-cookie').expect(401);
      const login = await t
        .agent()
        .post('/api/auth/login')
        .send({ email: client.user.email, password: 'clave-segura-1' });
      expect(login.status).toBe(403);
      expect(login.body.error).toBe('Tu cuenta está inactiva. Contacta al estudio.');
      // The class that already started stays; the two coming ones went back to the plan.
      expect(await remainingOf(t, planId)).toBe(4);
      const active = await t.dataSource
        .getRepository(Reservation)
        .countBy({ userId: client.user.id, status: 'active' });
      expect(active).toBe(1);
      const list = await admin.post('/api/informacion/get-users').send({ search: client.user.email }).expect(200);
      expect(list.body.usuarios[0].active).toBe(0);
      // Twice is not an error and changes nothing more.
      await admin.post('/api/admin/delete-user').send({ id: client.user.id }).expect(200);
      expect(await auditOf('user.deactivate')).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            subjectUserId: client.user.id,
            after: { active: false, cancelledReservations: 2 },
          }),
        ]),
      );
      expect((await auditOf('user.deactivate')).filter((e) => e.subjectUserId === client.user.id)).toHaveLength(1);

      const back = await admin.post('/api/admin/active-user').send({ id: client.user.id }).expect(200);
      expect(back.body.message).toBe('Usuario activado con éxito');
      await loginAs(t, client.user.email, 'clave-segura-1');
      expect((await auditOf('user.activate'))[0]).toMatchObject({ subjectUserId: client.user.id });

      await admin.post('/api/admin/delete-user').send({ id: 999999 }).expect(404);
      await admin.post('/api/admin/active-user').send({ id: 'x' }).expect(400);
    });

    it('should refuse an admin deactivating themself', async () => {
      const admin = await adminAgent(t);
      const me = await userByEmail(t, ADMIN.email);
      const res = await admin.post('/api/admin/delete-user').send({ id: me.id }).expect(409);
      expect(res.body).toMatchObject({ code: 'SELF_DEACTIVATION', error: 'No puedes desactivar tu propia cuenta.' });
      await admin.get('/api/get-cookie').expect(200);
    });

    it('should keep one active admin when two admins remove each other at the same moment', async () => {
      const users = t.dataSource.getRepository(User);
      const first = await newAdmin();
      const second = await newAdmin();
      // Every other admin steps aside first, so these two are the only active ones.
      const others = (await users.findBy({ role: 'admin', active: true })).filter(
        (u) => u.id !== first.id && u.id !== second.id,
      );
      for (const other of others) await users.update({ id: other.id }, { active: false });
      try {
        // Both requests already passed their guards as admins: the service itself must settle the race.
        const service = t.app.get(AdminUsersService);
        const [firstAdmin, secondAdmin] = [
          await users.findOneByOrFail({ id: first.id }),
          await users.findOneByOrFail({ id: second.id }),
        ];
        const outcomes = await Promise.allSettled([
          service.change(firstAdmin, second.id, { role: 'user' }),
          service.deactivate(secondAdmin, first.id),
        ]);
        expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
        const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')!;
        expect(refused.reason).toMatchObject({ code: 'LAST_ADMIN', status: 409 });
        expect(await users.countBy({ role: 'admin', active: true })).toBe(1);

        // The same through HTTP: whoever is left cannot be removed by anyone.
        const survivor =
          (await users.findOneByOrFail({ role: 'admin', active: true })).id === first.id ? first : second;
        const res = await survivor.agent.post('/api/admin/delete-user').send({ id: survivor.id }).expect(409);
        expect(res.body.code).toBe('SELF_DEACTIVATION');
        expect(await users.countBy({ role: 'admin', active: true })).toBe(1);
      } finally {
        // Put the other admins back for the other tests.
        for (const other of others) await users.update({ id: other.id }, { active: true });
      }
    });
  });

  describe('planes/add-plan-admin and admin/change-data-plan', () => {
    it('should give a plan with the spec message, which the client then books with', async () => {
      const admin = await adminAgent(t);
      const client = await newClient(t, 'Con Plan');
      const ocho = await cataloguePlan('Ocho Clases');
      const res = await admin
        .post('/api/planes/add-plan-admin')
        .send({
          selectplan: ocho.id,
          number: 8,
          startdate: TODAY,
          enddate: addDays(TODAY, 29),
          pagado: 0,
          id_user: client.user.id,
        })
        .expect(201);
      expect(res.body).toMatchObject({
        success: true,
        message: `Se creó un plan para el usuario ${client.user.name}`,
        plan: { plan: 'Ocho Clases', classes_remaining: 8, startDate: TODAY, is_paid: 0 },
      });
      const mine = await client.agent.post('/api/informacion/get-planes').send({}).expect(200);
      expect(mine.body.planes).toEqual([expect.objectContaining({ id: res.body.plan.id, is_paid: 0 })]);
      const seven = await scheduleAt(t, 1, '07:00');
      await client.agent
        .post('/api/reservations/push-reservation')
        .send({ date: NEXT_MONDAY, classReservation: seven.id })
        .expect(201);
      expect(await remainingOf(t, res.body.plan.id)).toBe(7);

      const changed = await admin
        .post('/api/admin/change-data-plan')
        .send({ id_plan: res.body.plan.id, paid: 1, clases: 10, dateEnd: addDays(TODAY, 40) })
        .expect(200);
      expect(changed.body).toMatchObject({
        message: 'Información de plan cambiada con éxito',
        plan: { is_paid: 1, classes_remaining: 10, endDate: addDays(TODAY, 40) },
      });
      expect((await auditOf('user_plan.update'))[0]).toMatchObject({
        subjectUserId: client.user.id,
        before: { is_paid: 0, classes_remaining: 7, endDate: addDays(TODAY, 29) },
        after: { is_paid: 1, classes_remaining: 10, endDate: addDays(TODAY, 40) },
      });
      expect((await auditOf('user_plan.create'))[0]).toMatchObject({
        subjectUserId: client.user.id,
        after: { plan: 'Ocho Clases', classes_remaining: 8, is_paid: 0 },
      });
    });

    it('should apply the add-plan rules', async () => {
      const admin = await adminAgent(t);
      const client = await newClient(t);
      const ocho = await cataloguePlan('Ocho Clases');
      const valid = {
        selectplan: ocho.id,
        number: 8,
        startdate: TODAY,
        enddate: addDays(TODAY, 29),
        pagado: 1,
        id_user: client.user.id,
      };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ selectplan: undefined }, 'selectplan', 'Selecciona un plan'],
        [{ number: undefined }, 'number', 'Las clases restantes son obligatorias'],
        [{ number: 101 }, 'number', 'Las clases deben ser un número entero entre 0 y 100'],
        [{ number: -1 }, 'number', 'Las clases deben ser un número entero entre 0 y 100'],
        [{ number: 2.5 }, 'number', 'Las clases deben ser un número entero entre 0 y 100'],
        [{ startdate: undefined }, 'startdate', 'La fecha de inicio es obligatoria'],
        [{ enddate: '' }, 'enddate', 'La fecha de término es obligatoria'],
        [{ enddate: '2026-02-30' }, 'enddate', 'La fecha proporcionada no es válida.'],
        [{ enddate: addDays(TODAY, -1) }, 'enddate', 'La fecha de término debe ser igual o posterior a la de inicio'],
        [{ pagado: undefined }, 'pagado', 'Indica si el plan está pagado'],
        [{ pagado: 2 }, 'pagado', 'Indica si el plan está pagado'],
      ];
      for (const [override, field, message] of cases) {
        const res = await admin
          .post('/api/planes/add-plan-admin')
          .send({ ...valid, ...override })
          .expect(400);
        expect({ field, error: res.body.error[field] }).toEqual({ field, error: [message] });
      }
      // Zero classes and a one-day plan are allowed; an unknown plan or user is 404.
      await admin
        .post('/api/planes/add-plan-admin')
        .send({ ...valid, number: 0, enddate: TODAY })
        .expect(201);
      const noPlan = await admin
        .post('/api/planes/add-plan-admin')
        .send({ ...valid, selectplan: 99999 })
        .expect(404);
      expect(noPlan.body.code).toBe('PLAN_NOT_FOUND');
      await admin
        .post('/api/planes/add-plan-admin')
        .send({ ...valid, id_user: 99999 })
        .expect(404);
      expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: client.user.id })).toBe(1);
    });

    it('should keep a changed plan consistent: dates in order, classes 0–100, known plan', async () => {
      const admin = await adminAgent(t);
      const client = await newClient(t);
      const planId = await givePlan(t, client.user.id, { classes: 4, start: TODAY, end: addDays(TODAY, 29) });
      const late = await admin
        .post('/api/admin/change-data-plan')
        .send({ id_plan: planId, dateInit: addDays(TODAY, 30) })
        .expect(400);
      expect(late.body.error).toEqual({ dateInit: ['La fecha de inicio debe ser igual o anterior a la de término'] });
      const early = await admin
        .post('/api/admin/change-data-plan')
        .send({ id_plan: planId, dateEnd: addDays(TODAY, -1) })
        .expect(400);
      expect(early.body.error).toEqual({ dateEnd: ['La fecha de término debe ser igual o posterior a la de inicio'] });
      await admin.post('/api/admin/change-data-plan').send({ id_plan: planId, clases: 101 }).expect(400);
      await admin.post('/api/admin/change-data-plan').send({ id_plan: planId, paid: true }).expect(400);
      const missing = await admin.post('/api/admin/change-data-plan').send({ id_plan: 99999, paid: 1 }).expect(404);
      expect(missing.body.code).toBe('USER_PLAN_NOT_FOUND');
      const plan = await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: planId });
      expect(plan).toMatchObject({ startDate: TODAY, endDate: addDays(TODAY, 29), classesRemaining: 4, isPaid: true });
      // Nothing changed: no audit entry written.
      const count = await t.dataSource
        .getRepository(AuditLog)
        .countBy({ entityType: 'user_plan', entityId: String(planId) });
      await admin.post('/api/admin/change-data-plan').send({ id_plan: planId, paid: 1 }).expect(200);
      expect(
        await t.dataSource.getRepository(AuditLog).countBy({ entityType: 'user_plan', entityId: String(planId) }),
      ).toBe(count);
    });
  });

  describe('the plan catalogue', () => {
    it('should list hidden plans to the admin and change what clients see at once', async () => {
      const admin = await adminAgent(t);
      const added = await admin
        .post('/api/planes/catalogo/add')
        .send({ name: '  Diez Clases ', price: 1750.5, classes: 10 })
        .expect(201);
      expect(added.body.plan).toEqual({
        id: expect.any(Number),
        name: 'Diez Clases',
        price: 1750.5,
        classes: 10,
        visible: true,
        intro: false,
        kind: 'pack',
        weeklyLimit: null,
        classTypes: [],
      });
      const id = added.body.plan.id;
      const visible = async () => (await t.agent().get('/api/planes/get-planes').expect(200)).body.planes;
      expect((await visible()).at(-1)).toMatchObject({ id, name: 'Diez Clases', price: 1750.5, classes: 10 });

      await admin.post('/api/planes/catalogo/change').send({ id, name: 'Diez Clases Plus', price: 1800 }).expect(200);
      expect((await visible()).find((p: { id: number }) => p.id === id)).toMatchObject({
        name: 'Diez Clases Plus',
        price: 1800,
      });
      await admin.post('/api/planes/catalogo/hide').send({ id }).expect(200);
      expect((await visible()).some((p: { id: number }) => p.id === id)).toBe(false);
      const all = await admin.get('/api/planes/catalogo').expect(200);
      expect(all.body.planes.find((p: { id: number }) => p.id === id)).toMatchObject({ visible: false });
      // A hidden plan cannot be bought.
      const { agent: buyer } = await newClient(t);
      const checkout = await buyer.post('/api/mercadopago').send({ planId: id, price: 1800 });
      expect(checkout.status).toBe(404);
      await admin.post('/api/planes/catalogo/show').send({ id }).expect(200);
      expect((await visible()).some((p: { id: number }) => p.id === id)).toBe(true);

      const actions = (await t.dataSource.getRepository(AuditLog).findBy({ entityType: 'plan', entityId: String(id) }))
        .map((e) => e.action)
        .sort();
      expect(actions).toEqual(['plan.create', 'plan.hide', 'plan.show', 'plan.update']);
      const [update] = await auditOf('plan.update');
      expect(update).toMatchObject({
        before: { name: 'Diez Clases', price: 1750.5 },
        after: { name: 'Diez Clases Plus', price: 1800 },
      });
    });

    it('should take prices in pesos with up to two decimals and refuse the rest', async () => {
      const admin = await adminAgent(t);
      const before = await t.dataSource.getRepository(Plan).count();
      const message = 'El precio debe ser un número mayor que 0 con hasta dos decimales';
      for (const price of [12.345, 0, -5, '100', 100001]) {
        const res = await admin.post('/api/planes/catalogo/add').send({ name: 'Malo', price, classes: 1 }).expect(400);
        expect(res.body.error.price).toEqual([message]);
      }
      const noName = await admin
        .post('/api/planes/catalogo/add')
        .send({ name: '   ', price: 10, classes: 1 })
        .expect(400);
      expect(noName.body.error.name).toEqual(['El nombre es obligatorio']);
      const classes = await admin
        .post('/api/planes/catalogo/add')
        .send({ name: 'X', price: 10, classes: 0 })
        .expect(400);
      expect(classes.body.error.classes).toEqual(['Las clases deben ser un número entero entre 1 y 100']);
      await admin.post('/api/planes/catalogo/change').send({ id: 99999, price: 10 }).expect(404);
      expect(await t.dataSource.getRepository(Plan).count()).toBe(before);
      // 19.99 is 1998.9999… centavos in floating point: stored as exactly 1999.
      const cents = await admin.post('/api/planes/catalogo/add').send({ name: 'Centavos', price: 19.99, classes: 1 });
      expect(cents.status).toBe(201);
      expect((await t.dataSource.getRepository(Plan).findOneByOrFail({ id: cents.body.plan.id })).priceCents).toBe(
        1999,
      );
      expect(cents.body.plan.price).toBe(19.99);
    });
  });

  describe('the audit trail', () => {
    it('should record timetable changes, class cancellations and roster removals with who and when', async () => {
      const admin = await adminAgent(t);
      const me = await userByEmail(t, ADMIN.email);
      const client = await newClient(t);
      await givePlan(t, client.user.id, { classes: 3 });
      const schedule = await scheduleAt(t, 2, '19:00');
      const tuesday = addDays(TODAY, 1);
      const booked = await client.agent
        .post('/api/reservations/push-reservation')
        .send({ date: tuesday, classReservation: schedule.id })
        .expect(201);
      await admin.post('/api/reservations/cancel-reservation').send({ id: booked.body.reservationId }).expect(200);
      const sofia = await instructorNamed(t, 'Sofía');
      await admin
        .post('/api/reservations/horario/change')
        .send({ id: schedule.id, instructorId: sofia.id })
        .expect(200);
      await admin.post('/api/reservations/cancel-class').send({ date: tuesday, scheduleId: schedule.id }).expect(200);
      await admin.post('/api/reservations/horario/deactivate').send({ id: schedule.id }).expect(200);
      await admin.post('/api/reservations/horario/activate').send({ id: schedule.id }).expect(200);
      const added = await admin
        .post('/api/reservations/horario/add')
        .send({ weekday: 6, startTime: '11:00', capacity: 6 })
        .expect(201);

      const res = await admin.post('/api/admin/get-audit').send({ pagination: 1, limit: 6 }).expect(200);
      expect(res.body.entries.map((e: { action: string }) => e.action)).toEqual([
        'schedule.create',
        'schedule.activate',
        'schedule.deactivate',
        'class.cancel',
        'schedule.update',
        'reservation.cancel',
      ]);
      const [created, , , cancelledClass, update, removal] = res.body.entries;
      expect(created).toMatchObject({
        actor: { id: me.id, name: me.name },
        entityId: String(added.body.schedule.id),
        actionLabel: 'Agregó una clase al horario',
        after: { weekday: 6, startTime: '11:00', capacity: 6, instructor: null },
      });
      expect(Date.parse(created.createdAt)).not.toBeNaN();
      expect(cancelledClass.after).toEqual({ status: 'cancelled', cancelledReservations: 0 });
      expect(update).toMatchObject({
        before: { weekday: 2, startTime: '19:00', instructor: null },
        after: { instructor: 'Sofía' },
      });
      expect(removal).toMatchObject({
        actionLabel: 'Quitó a un usuario de una clase',
        subject: { id: client.user.id, name: client.user.name },
        before: { status: 'active', date: tuesday, time: '19:00' },
        after: { status: 'cancelled' },
      });
      expect(res.body.pagination.totalRecords).toBeGreaterThanOrEqual(6);
    });

    it("should filter by user and record an admin's edit of someone's information and a booking for them", async () => {
      const admin = await adminAgent(t);
      const client = await newClient(t);
      await givePlan(t, client.user.id, { classes: 2 });
      await admin
        .post('/api/informacion/change-info-user')
        .send({ id_user: client.user.id, name: 'Dora Editada' })
        .expect(200);
      const seven = await scheduleAt(t, 1, '07:00');
      await admin
        .post('/api/reservations/push-reservation')
        .send({ date: NEXT_MONDAY, classReservation: seven.id, userId: client.user.id })
        .expect(201);
      // The client's own changes are theirs, not the studio's: no entry.
      await client.agent.post('/api/informacion/change-info-user').send({ name: 'Dora Propia' }).expect(200);

      const res = await admin.post('/api/admin/get-audit').send({ userId: client.user.id }).expect(200);
      expect(res.body.entries.map((e: { action: string }) => e.action)).toEqual(['reservation.create', 'user.update']);
      expect(res.body.entries[1]).toMatchObject({
        before: { name: client.user.name },
        after: { name: 'Dora Editada' },
      });
      expect(res.body.pagination).toEqual({ currentPage: 1, totalPages: 1, totalRecords: 2 });
      const past = await admin.post('/api/admin/get-audit').send({ userId: client.user.id, pagination: 2 }).expect(200);
      expect(past.body.entries).toEqual([]);
      await admin.post('/api/admin/get-audit').send({ limit: 51 }).expect(400);
    });
  });

  describe("a client's page (admin/get-user)", () => {
    it('should give one user with their attendance, 404 for an unknown id and a Spanish 400 for a bad one', async () => {
      const admin = await adminAgent(t);
      const client = await newClient(t);
      const res = await admin.post('/api/admin/get-user').send({ id: client.user.id }).expect(200);
      expect(res.body).toEqual({
        success: true,
        user: {
          id: client.user.id,
          name: client.user.name,
          email: client.user.email,
          cumpleanos: expect.any(String),
          role: 'user',
          active: 1,
          attended: 0,
          noShow: 0,
        },
      });
      const missing = await admin.post('/api/admin/get-user').send({ id: 2_000_000 }).expect(404);
      expect(missing.body).toMatchObject({ success: false, code: 'USER_NOT_FOUND', error: 'El usuario no existe.' });
      const bad = await admin.post('/api/admin/get-user').send({ id: 'siete' }).expect(400);
      expect(bad.body.error).toEqual({ id: [expect.stringMatching(/usuario/i)] });
    });
  });

  describe('the audit filters', () => {
    it('should keep one action, one user and the studio days asked for, with the count of what passes', async () => {
      const admin = await adminAgent(t);
      const client = await newClient(t);
      const other = await newClient(t);
      await admin.post('/api/admin/change-data').send({ id_user: client.user.id, name: 'Elena Filtro' }).expect(200);
      await admin.post('/api/admin/change-data').send({ id_user: other.user.id, name: 'Otra Filtro' }).expect(200);
      await admin.post('/api/admin/delete-user').send({ id: client.user.id }).expect(200);

      const updates = await admin.post('/api/admin/get-audit').send({ action: 'user.update', limit: 50 }).expect(200);
      expect(new Set(updates.body.entries.map((e: { action: string }) => e.action))).toEqual(new Set(['user.update']));
      expect(updates.body.pagination.totalRecords).toBe((await auditOf('user.update')).length);

      const hers = await admin
        .post('/api/admin/get-audit')
        .send({ action: 'user.update', userId: client.user.id })
        .expect(200);
      expect(hers.body.entries).toHaveLength(1);
      expect(hers.body.entries[0]).toMatchObject({ after: { name: 'Elena Filtro' } });
      expect(hers.body.pagination.totalRecords).toBe(1);

      // The entries were written "now" by the database's clock, which a shifted wall clock (the
      // clock-edge runs) does not move: their studio day is read from the entries themselves. That
      // day keeps them; the day before does not.
      const all = await admin.post('/api/admin/get-audit').send({ userId: client.user.id }).expect(200);
      const zone = t.app.get(AppConfig).studioTimeZone;
      const writtenOn = studioToday(new Date(all.body.entries[0].createdAt as string), zone);
      const today = await admin
        .post('/api/admin/get-audit')
        .send({ userId: client.user.id, from: writtenOn, to: writtenOn })
        .expect(200);
      const actionsOn = (day: string) =>
        all.body.entries
          .filter((e: { createdAt: string }) => studioToday(new Date(e.createdAt), zone) === day)
          .map((e: { action: string }) => e.action);
      // Both were written on that day, unless the change and the deactivation fell on either side of midnight.
      expect(actionsOn(writtenOn)[0]).toBe('user.deactivate');
      expect(today.body.entries.map((e: { action: string }) => e.action)).toEqual(actionsOn(writtenOn));
      const yesterday = addDays(writtenOn, -1);
      const before = await admin
        .post('/api/admin/get-audit')
        .send({ userId: client.user.id, from: yesterday, to: yesterday })
        .expect(200);
      expect(before.body.entries.map((e: { action: string }) => e.action)).toEqual(actionsOn(yesterday));
      expect(before.body.pagination.totalRecords).toBe(actionsOn(yesterday).length);
    });

    it('should refuse an unknown action, a bad date and an end before the start, in Spanish', async () => {
      const admin = await adminAgent(t);
      const cases: [object, Record<string, string[]>][] = [
        [{ action: 'user.explode' }, { action: ['La acción no es válida'] }],
        [{ from: '2026-02-30' }, { from: ['La fecha de inicio no es válida'] }],
        [{ to: 'mañana' }, { to: ['La fecha de término no es válida'] }],
        [
          { from: '2026-11-20', to: '2026-11-19' },
          { to: ['La fecha de término debe ser igual o posterior a la de inicio'] },
        ],
      ];
      for (const [body, error] of cases) {
        const res = await admin.post('/api/admin/get-audit').send(body);
        expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status: 400, error });
      }
    });
  });
});
