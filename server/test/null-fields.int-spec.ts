import { FixedClock } from '../src/core/clock/clock';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { BookingNotifier } from '../src/reservations/booking-notifier.service';
import { validRegistration } from './helpers/accounts';
import { adminAgent, givePlan, newClient, NEXT_MONDAY, NOW, scheduleAt } from './helpers/booking';
import { fingerprint } from './helpers/fingerprint';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;
type Role = 'guest' | 'client' | 'admin';

interface Fixture {
  clientId: number;
  clientEmail: string;
  userPlanId: number;
  scheduleId: number;
  reservationId: number;
}

/** A valid body of each operation with a JSON body, and who may call it. Every field of the operation's schema appears. */
const EXAMPLES: Record<string, { role: Role; body: (f: Fixture) => Record<string, unknown> }> = {
  login: { role: 'guest', body: () => ({ email: 'nadie@example.com', password: 'una-clave-cualquiera' }) },
  register: { role: 'guest', body: () => validRegistration({ email: 'nueva@example.com' }) },
  changePassword: {
    role: 'client',
    body: () => ({ currentPassword: 'clave-segura-1', newPassword: 'otra-clave-9', confirmPassword: 'otra-clave-9' }),
  },
  forgotPassword: { role: 'guest', body: () => ({ email: 'nadie@example.com' }) },
  resetPassword: { role: 'guest', body: () => ({ token: 'x'.repeat(43), password: 'otra-clave-9' }) },
  checkResetToken: { role: 'guest', body: () => ({ token: 'x'.repeat(43) }) },
  changeInfoUser: {
    role: 'client',
    body: (f) => ({
      name: 'Nombre Nuevo',
      email: f.clientEmail,
      cumpleanos: '1990-01-02',
      currentPassword: 'clave-segura-1',
      id_user: f.clientId,
    }),
  },
  getClases: { role: 'client', body: (f) => ({ id: f.clientId, pagination: 1, limit: 5 }) },
  getUserPlanes: { role: 'client', body: (f) => ({ id: f.clientId, pagination: 1, limit: 5 }) },
  getInformation: { role: 'guest', body: () => ({ date: NEXT_MONDAY }) },
  pushReservation: {
    role: 'client',
    body: (f) => ({ date: NEXT_MONDAY, classReservation: f.scheduleId, userId: f.clientId }),
  },
  cancelReservation: { role: 'client', body: (f) => ({ id: f.reservationId }) },
  joinWaitlist: { role: 'client', body: (f) => ({ date: NEXT_MONDAY, classReservation: f.scheduleId }) },
  leaveWaitlist: { role: 'client', body: () => ({ id: 999999 }) },
  removeFromWaitlist: { role: 'admin', body: () => ({ id: 999999 }) },
  promoteFromWaitlist: { role: 'admin', body: () => ({ id: 999999 }) },
  markAttendance: { role: 'admin', body: (f) => ({ id: f.reservationId, attended: true }) },
  walkIn: {
    role: 'admin',
    body: (f) => ({
      date: NEXT_MONDAY,
      classReservation: f.scheduleId,
      userId: f.clientId,
      name: 'Ana Puerta',
      email: 'puerta@example.com',
      cumpleanos: '1990-01-02',
    }),
  },
  startCheckout: { role: 'client', body: () => ({ planId: 2, price: 800, user: { id: 1 } }) },
  confirmPayment: { role: 'client', body: () => ({ payment_id: '1234567890' }) },
  getInformationClases: { role: 'admin', body: () => ({ date: NEXT_MONDAY }) },
  addSchedule: {
    role: 'admin',
    body: () => ({ weekday: 7, startTime: '12:00', capacity: 6, instructor: 'Laura' }),
  },
  changeSchedule: {
    role: 'admin',
    body: (f) => ({ id: f.scheduleId, startTime: '20:00', capacity: 8, instructor: 'Laura' }),
  },
  deactivateSchedule: { role: 'admin', body: (f) => ({ id: f.scheduleId }) },
  activateSchedule: { role: 'admin', body: (f) => ({ id: f.scheduleId }) },
  cancelClass: { role: 'admin', body: (f) => ({ date: NEXT_MONDAY, scheduleId: f.scheduleId }) },
  getUsers: { role: 'admin', body: () => ({ pagination: 1, limit: 10, search: 'ana' }) },
  addUser: {
    role: 'admin',
    body: () =>
      Object.fromEntries(
        Object.entries(validRegistration({ email: 'alta@example.com' })).filter(([k]) => k !== 'terms'),
      ),
  },
  changeData: {
    role: 'admin',
    body: (f) => ({
      id_user: f.clientId,
      name: 'Otro Nombre',
      email: f.clientEmail,
      cumpleanos: '1991-03-04',
      role: 'user',
    }),
  },
  deleteUser: { role: 'admin', body: (f) => ({ id: f.clientId }) },
  activeUser: { role: 'admin', body: (f) => ({ id: f.clientId }) },
  addPlanAdmin: {
    role: 'admin',
    body: (f) => ({
      selectplan: 2,
      number: 4,
      startdate: '2026-11-23',
      enddate: '2026-12-22',
      pagado: 1,
      id_user: f.clientId,
    }),
  },
  changeDataPlan: {
    role: 'admin',
    body: (f) => ({ id_plan: f.userPlanId, clases: 3, dateInit: '2026-11-23', dateEnd: '2026-12-22', paid: 1 }),
  },
  addCataloguePlan: { role: 'admin', body: () => ({ name: 'Diez Clases', price: 1700, classes: 10 }) },
  changeCataloguePlan: { role: 'admin', body: () => ({ id: 2, name: 'Cuatro Clases', price: 850, classes: 4 }) },
  hideCataloguePlan: { role: 'admin', body: () => ({ id: 2 }) },
  showCataloguePlan: { role: 'admin', body: () => ({ id: 2 }) },
  getAudit: { role: 'admin', body: (f) => ({ pagination: 1, limit: 20, userId: f.clientId }) },
  getPurchases: { role: 'admin', body: (f) => ({ userId: f.clientId }) },
  refundPayment: {
    role: 'admin',
    body: () => ({ paymentId: 999999, amount: 100, idempotencyKey: '3f0e2a52-6a8e-4c3e-9a51-0d7f3c1b2a90' }),
  },
  getDashboard: { role: 'admin', body: () => ({ from: '2026-11-01', to: '2026-11-30' }) },
  sendPlanReminder: { role: 'admin', body: (f) => ({ userPlanId: f.userPlanId }) },
};

interface Operation {
  id: string;
  path: string;
  properties: string[];
  /** The fields the document says may be null (the ones an admin clears). */
  nullable: string[];
}

describe('null in every field of every operation (walked from the OpenAPI document)', () => {
  let t: TestApp;
  let operations: Operation[];
  let fixture: Fixture;
  const agents = {} as Record<Role, Agent>;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(NOW) });
    const doc = (await t.agent().get('/api/docs-json').expect(200)).body as {
      paths: Record<
        string,
        Record<
          string,
          { operationId: string; requestBody?: { content: Record<string, { schema: { $ref?: string } }> } }
        >
      >;
      components: { schemas: Record<string, { properties?: Record<string, { nullable?: boolean }> }> };
    };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.values(ops).flatMap((op) => {
        const ref = op.requestBody?.content['application/json']?.schema.$ref;
        if (!ref) return [];
        const properties = doc.components.schemas[ref.split('/').pop()!].properties ?? {};
        return [
          {
            id: op.operationId,
            path,
            properties: Object.keys(properties),
            nullable: Object.keys(properties).filter((name) => properties[name].nullable === true),
          },
        ];
      }),
    );
    const client = await newClient(t, 'Nulos');
    const schedule = await scheduleAt(t, 1, '20:00');
    await t.dataSource.getRepository(Schedule).update({ id: schedule.id }, { instructor: 'Laura' });
    const userPlanId = await givePlan(t, client.user.id, { classes: 5 });
    const booked = await client.agent
      .post('/api/reservations/push-reservation')
      .send({ date: NEXT_MONDAY, classReservation: schedule.id })
      .expect(201);
    agents.guest = t.agent();
    agents.client = client.agent;
    agents.admin = await adminAgent(t);
    fixture = {
      clientId: client.user.id,
      clientEmail: client.user.email,
      userPlanId,
      scheduleId: schedule.id,
      reservationId: booked.body.reservationId,
    };
  });
  afterAll(async () => {
    await t.app.get(BookingNotifier).settle();
    await t.close();
  });

  it('should have a valid example for every operation with a body, naming every field of its schema', async () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((op) => op.id).filter((id) => !(id in EXAMPLES))).toEqual([]);
    expect(Object.keys(EXAMPLES).filter((id) => !operations.some((op) => op.id === id))).toEqual([]);
    for (const op of operations) {
      const example = EXAMPLES[op.id];
      expect({ op: op.id, fields: Object.keys(example.body(fixture)).sort() }).toEqual({
        op: op.id,
        fields: [...op.properties].sort(),
      });
      // Valid: with one unknown field added, that field is all the validation refuses (nothing runs).
      const res = await agents[example.role].post(op.path).send({ ...example.body(fixture), campoDesconocido: 1 });
      expect({ op: op.id, status: res.status, error: res.body.error }).toEqual({
        op: op.id,
        status: 400,
        error: { campoDesconocido: ['Este campo no está permitido.'] },
      });
    }
  });

  it('should refuse null in every field that cannot be cleared with a 400 naming it, and change nothing', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const example = EXAMPLES[op.id];
      for (const property of op.properties.filter((name) => !op.nullable.includes(name))) {
        const before = await fingerprint(t);
        const body = { ...example.body(fixture), [property]: null };
        const res = await agents[example.role].post(op.path).send(body);
        const messages: unknown = res.body?.error?.[property];
        if (res.status !== 400 || res.body.code !== 'VALIDATION_ERROR' || !Array.isArray(messages)) {
          failures.push(`${op.id}.${property}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        } else if ((await fingerprint(t)) !== before) {
          failures.push(`${op.id}.${property}: the database changed`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('should clear the instructor with null, the one field the document marks nullable', async () => {
    const nullable = operations.flatMap((op) => op.nullable.map((name) => `${op.id}.${name}`));
    expect(nullable.sort()).toEqual(['addSchedule.instructor', 'changeSchedule.instructor']);

    const changed = await agents.admin
      .post('/api/reservations/horario/change')
      .send({ ...EXAMPLES.changeSchedule.body(fixture), instructor: null })
      .expect(200);
    expect(changed.body.schedule.instructor).toBeNull();
    const stored = await t.dataSource.getRepository(Schedule).findOneByOrFail({ id: fixture.scheduleId });
    expect(stored.instructor).toBeNull();

    const added = await agents.admin
      .post('/api/reservations/horario/add')
      .send({ ...EXAMPLES.addSchedule.body(fixture), instructor: null })
      .expect(201);
    expect(added.body.schedule).toMatchObject({ weekday: 7, startTime: '12:00', instructor: null });
  });
});
