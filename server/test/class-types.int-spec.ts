import { addDays } from '@pilates/dates';
import ICAL from 'ical.js';
import { FixedClock } from '../src/core/clock/clock';
import { migrations } from '../src/database/migrations';
import { NotificationsService } from '../src/notifications/notifications.service';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { adminAgent, newClient, NOW, remainingOf, scheduleAt, TODAY } from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

const TUESDAY = addDays(TODAY, 1);
const REFORMER = { id: 1, name: 'Pilates Reformer', level: 'basico', levelName: 'Básico', colour: '#1d4ed8' };

describe('class types: the owner defines them, the timetable and the booking page show them, plans may be limited to them', () => {
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

  const addType = (body: Record<string, unknown>) =>
    admin.post('/api/admin/class-types/add').send({ level: 'basico', durationMinutes: 50, colour: '#047857', ...body });

  /** A catalogue plan limited to `classTypeIds`, sold by the admin to a new client; the client and its plan's id. */
  async function clientWithPlanOf(classTypeIds: number[], name: string) {
    const plan = await admin
      .post('/api/planes/catalogo/add')
      .send({ name, price: 900, classes: 4, classTypeIds })
      .expect(201);
    const client = await newClient(t, 'Tipos');
    const given = await admin
      .post('/api/planes/add-plan-admin')
      .send({
        selectplan: plan.body.plan.id,
        number: 4,
        startdate: TODAY,
        enddate: '2026-12-22',
        pagado: 1,
        id_user: client.user.id,
      })
      .expect(201);
    return { ...client, cataloguePlanId: plan.body.plan.id as number, userPlanId: given.body.plan.id as number };
  }

  it('should give every existing timetable entry "Pilates Reformer" (Básico, 50 minutes) when the migration runs', async () => {
    // Undone back to before ClassTypes (later migrations first), then all run again.
    const position = migrations.findIndex((migration) => migration.name === 'ClassTypes1764963000000');
    expect(position).toBeGreaterThan(0);
    for (let undone = migrations.length; undone > position; undone--) await t.dataSource.undoLastMigration();
    await t.dataSource.query("INSERT INTO schedules (weekday, start_time, capacity) VALUES (7, '06:40', 8)");
    await t.dataSource.runMigrations();

    const [type] = await t.dataSource.query(
      'SELECT id, name, level, duration_minutes AS durationMinutes, colour, active FROM class_types',
    );
    expect({ ...type, id: Number(type.id), active: Number(type.active) }).toEqual({
      id: 1,
      name: 'Pilates Reformer',
      level: 'basico',
      durationMinutes: 50,
      colour: '#1d4ed8',
      active: 1,
    });
    const types: { classTypeId: unknown }[] = await t.dataSource.query(
      'SELECT DISTINCT class_type_id AS classTypeId FROM schedules',
    );
    expect(types.map((row) => Number(row.classTypeId))).toEqual([1]);
    await t.dataSource.query("DELETE FROM schedules WHERE weekday = 7 AND start_time = '06:40'");
  });

  describe('"Tipos de clase" (admin)', () => {
    it('should list the types, add one at the end, change it and show only active ones to the booking page, audited', async () => {
      const listed = await admin.get('/api/admin/class-types').expect(200);
      expect(listed.body.tiposDeClase).toEqual([
        {
          ...REFORMER,
          description: 'Clase en reformer para todos los niveles.',
          durationMinutes: 50,
          active: true,
          sortOrder: 1,
        },
      ]);

      const added = await addType({
        name: '  Pilates Avanzado ',
        level: 'avanzado',
        description: 'Para quien domina el reformer.',
        durationMinutes: 55,
        colour: '#7c3aed',
      }).expect(200);
      expect(added.body).toEqual({
        success: true,
        message: 'Tipo de clase agregado',
        tipoDeClase: {
          id: expect.any(Number),
          name: 'Pilates Avanzado',
          level: 'avanzado',
          levelName: 'Avanzado',
          colour: '#7c3aed',
          description: 'Para quien domina el reformer.',
          durationMinutes: 55,
          active: true,
          sortOrder: 2,
        },
      });
      const id = added.body.tipoDeClase.id as number;

      const changed = await admin
        .post('/api/admin/class-types/change')
        .send({ id, durationMinutes: 60, active: false })
        .expect(200);
      expect(changed.body.tipoDeClase).toMatchObject({ id, durationMinutes: 60, active: false });
      const publicList = await t.http().get('/api/tipos-de-clase').expect(200);
      expect(publicList.body.tiposDeClase.map((type: { name: string }) => type.name)).toEqual(['Pilates Reformer']);

      const [change, create] = (await admin.post('/api/admin/get-audit').send({ pagination: 1, limit: 2 }).expect(200))
        .body.entries;
      expect(create).toMatchObject({
        action: 'class_type.create',
        entityType: 'class_type',
        after: { name: 'Pilates Avanzado', level: 'Avanzado', durationMinutes: 55, colour: '#7c3aed' },
      });
      expect(change).toMatchObject({
        action: 'class_type.update',
        before: { name: 'Pilates Avanzado', durationMinutes: 55, active: true },
        after: { durationMinutes: 60, active: false },
      });
    });

    it('should refuse bad types with Spanish messages per field, a name taken and an unknown id', async () => {
      const refused = await admin
        .post('/api/admin/class-types/add')
        .send({
          name: 'x'.repeat(41),
          level: 'experto',
          durationMinutes: 5,
          colour: '#ffff00',
          description: 'y'.repeat(201),
        })
        .expect(400);
      expect(refused.body).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        error: {
          name: ['El nombre del tipo de clase debe tener entre 1 y 40 caracteres'],
          level: ['El nivel debe ser Básico, Intermedio, Avanzado o Prenatal'],
          durationMinutes: ['La duración debe ser un número entero de minutos entre 15 y 180'],
          colour: ['Elige uno de los colores de la lista'],
          description: ['La descripción no puede tener más de 200 caracteres'],
        },
      });
      const taken = await addType({ name: 'Pilates Reformer' }).expect(409);
      expect(taken.body).toEqual({
        success: false,
        code: 'CLASS_TYPE_NAME_TAKEN',
        error: 'Ya hay un tipo de clase con ese nombre.',
      });
      const missing = await admin.post('/api/admin/class-types/change').send({ id: 9999, name: 'Otro' }).expect(404);
      expect(missing.body.code).toBe('CLASS_TYPE_NOT_FOUND');
      expect((await admin.get('/api/admin/class-types').expect(200)).body.tiposDeClase).toHaveLength(2);
    });
  });

  describe('the timetable (Horario)', () => {
    it("should give a new entry its type's duration unless told, and refuse an inactive or unknown type", async () => {
      const prenatal = (
        await addType({ name: 'Prenatal', level: 'prenatal', durationMinutes: 45, colour: '#be185d' }).expect(200)
      ).body.tipoDeClase;
      const added = await admin
        .post('/api/reservations/horario/add')
        .send({ weekday: 2, startTime: '11:00', capacity: 6, classTypeId: prenatal.id })
        .expect(201);
      expect(added.body.schedule).toMatchObject({
        durationMinutes: 45,
        classType: { id: prenatal.id, name: 'Prenatal', level: 'prenatal', levelName: 'Prenatal', colour: '#be185d' },
      });
      const own = await admin
        .post('/api/reservations/horario/add')
        .send({ weekday: 2, startTime: '12:00', capacity: 6, classTypeId: prenatal.id, durationMinutes: 30 })
        .expect(201);
      expect(own.body.schedule.durationMinutes).toBe(30);
      // Without a type: the studio's first one, Pilates Reformer.
      const plain = await admin
        .post('/api/reservations/horario/add')
        .send({ weekday: 2, startTime: '13:00', capacity: 6 })
        .expect(201);
      expect(plain.body.schedule).toMatchObject({ durationMinutes: 50, classType: { id: 1 } });
      await admin.post('/api/reservations/horario/deactivate').send({ id: own.body.schedule.id }).expect(200);
      await admin.post('/api/reservations/horario/deactivate').send({ id: plain.body.schedule.id }).expect(200);

      const inactive = await admin
        .post('/api/reservations/horario/change')
        .send({ id: added.body.schedule.id, classTypeId: 2 })
        .expect(400);
      expect(inactive.body).toEqual({
        success: false,
        code: 'CLASS_TYPE_NOT_AVAILABLE',
        error: 'Ese tipo de clase no existe o no está activo. Elige uno de la lista de tipos de clase.',
      });
      const stored = await t.dataSource.getRepository(Schedule).findOneByOrFail({ id: added.body.schedule.id });
      expect(stored.classTypeId).toBe(prenatal.id);
    });
  });

  describe('booking', () => {
    it('should carry each class type in the day view, for everyone', async () => {
      const day = await t.agent().post('/api/reservations/get-information').send({ date: TUESDAY }).expect(200);
      const byTime = Object.fromEntries(
        day.body.data.map((slot: { time: string; classType: unknown }) => [slot.time, slot.classType]),
      );
      expect(byTime['7:00 AM']).toEqual(REFORMER);
      expect(byTime['11:00 AM']).toMatchObject({ name: 'Prenatal', level: 'prenatal', levelName: 'Prenatal' });
    });

    it('should refuse a class whose type the plan does not include (CLASS_TYPE_NOT_IN_PLAN), also when the studio books, and book its own type', async () => {
      const prenatalId = (await scheduleAt(t, 2, '11:00')).classTypeId;
      const reformer = await scheduleAt(t, 2, '07:00');
      const pack = await clientWithPlanOf([prenatalId], 'Paquete Prenatal');

      const refused = await pack.agent
        .post('/api/reservations/push-reservation')
        .send({ date: TUESDAY, classReservation: reformer.id })
        .expect(409);
      expect(refused.body).toEqual({
        success: false,
        code: 'CLASS_TYPE_NOT_IN_PLAN',
        error: 'Tu plan no incluye clases de Pilates Reformer.',
      });
      const byStudio = await admin
        .post('/api/reservations/push-reservation')
        .send({ date: TUESDAY, classReservation: reformer.id, userId: pack.user.id })
        .expect(409);
      expect(byStudio.body.code).toBe('CLASS_TYPE_NOT_IN_PLAN');
      expect(await remainingOf(t, pack.userPlanId)).toBe(4);

      const prenatal = await scheduleAt(t, 2, '11:00');
      await pack.agent
        .post('/api/reservations/push-reservation')
        .send({ date: TUESDAY, classReservation: prenatal.id })
        .expect(201);
      expect(await remainingOf(t, pack.userPlanId)).toBe(3);
      // «Mis clases» names the booked class's type and level.
      const mine = await pack.agent.post('/api/informacion/get-clases').send({ periodo: 'proximas' }).expect(200);
      expect(mine.body.clases.map((row: { classType: string }) => row.classType)).toEqual(['Prenatal · Prenatal']);

      // The Planes page names the limit.
      const catalogue = await t.http().get('/api/planes/get-planes').expect(200);
      expect(catalogue.body.planes.find((plan: { id: number }) => plan.id === pack.cataloguePlanId).classTypes).toEqual(
        [{ id: prenatalId, name: 'Prenatal' }],
      );
    });

    it('should keep a sold plan limited to its types after the catalogue plan is opened to every type', async () => {
      const prenatalId = (await scheduleAt(t, 2, '11:00')).classTypeId;
      const reformer = await scheduleAt(t, 2, '08:00');
      const before = await clientWithPlanOf([prenatalId], 'Prenatal Antes');
      await admin
        .post('/api/planes/catalogo/change')
        .send({ id: before.cataloguePlanId, classTypeIds: [] })
        .expect(200);

      await before.agent
        .post('/api/reservations/push-reservation')
        .send({ date: TUESDAY, classReservation: reformer.id })
        .expect(409);
      // Sold after the change: every type.
      const after = await newClient(t, 'Prenatal Después');
      const given = await admin
        .post('/api/planes/add-plan-admin')
        .send({
          selectplan: before.cataloguePlanId,
          number: 4,
          startdate: TODAY,
          enddate: '2026-12-22',
          pagado: 1,
          id_user: after.user.id,
        })
        .expect(201);
      await after.agent
        .post('/api/reservations/push-reservation')
        .send({ date: TUESDAY, classReservation: reformer.id })
        .expect(201);
      expect(await remainingOf(t, given.body.plan.id)).toBe(3);
    });

    it('should refuse a catalogue plan limited to an unknown type', async () => {
      const refused = await admin
        .post('/api/planes/catalogo/add')
        .send({ name: 'Fantasma', price: 100, classes: 1, classTypeIds: [9999] })
        .expect(400);
      expect(refused.body.code).toBe('CLASS_TYPE_NOT_AVAILABLE');
      const bad = await admin
        .post('/api/planes/catalogo/add')
        .send({ name: 'Fantasma', price: 100, classes: 1, classTypeIds: ['uno'] })
        .expect(400);
      expect(bad.body.error).toEqual({ classTypeIds: ['Los tipos de clase no son válidos'] });
    });
  });

  it("should name the class's type and level in the calendar feed's SUMMARY", async () => {
    const prenatal = await scheduleAt(t, 2, '11:00');
    const client = await clientWithPlanOf([], 'Calendario Tipos');
    await client.agent
      .post('/api/reservations/push-reservation')
      .send({ date: TUESDAY, classReservation: prenatal.id })
      .expect(201);
    const { body } = await client.agent.post('/api/informacion/calendar-feed').expect(200);
    const text = (await t.http().get(new URL(body.url).pathname).expect(200)).text;
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getAllSubcomponents('vevent').map((event) => event.getFirstPropertyValue('summary'))).toEqual([
      'Prenatal · Prenatal',
    ]);
  });
});
