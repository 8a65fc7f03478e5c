import { User } from '../src/auth/entities/user.entity';
import { FixedClock } from '../src/core/clock/clock';
import { NotificationsService } from '../src/notifications/notifications.service';
import { adminAgent, givePlan, newClient, NEXT_MONDAY, NOW, scheduleAt } from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

/**
 * Who may call each operation of the OpenAPI document:
 * - `public`: anyone, with or without a session;
 * - `session`: any logged-in user (401 without a session);
 * - `own`: a logged-in user acting on their own data; another user's data is 403 unless admin;
 * - `admin`: admins only (401 without a session, 403 for clients).
 */
type Access = 'public' | 'session' | 'own' | 'admin';

interface Fixture {
  clientId: number;
  otherId: number;
  otherReservationId: number;
  scheduleId: number;
}

interface Rule {
  access: Access;
  /** A body for the call (guards run before validation, so a refusal does not depend on it). */
  body?: (f: Fixture) => object;
  /** For `own`: the same call aimed at another user's data. */
  othersBody?: (f: Fixture) => object;
  /** For paths with parameters. */
  path?: string;
}

const RULES: Record<string, Rule> = {
  // Accounts and sessions
  login: { access: 'public', body: () => ({ email: 'nadie@example.com', password: 'x' }) },
  register: { access: 'public', body: () => ({}) },
  logout: { access: 'public' },
  logoutAll: { access: 'session' },
  changePassword: { access: 'session', body: () => ({}) },
  forgotPassword: { access: 'public', body: () => ({ email: 'nadie@example.com' }) },
  resetPassword: { access: 'public', body: () => ({}) },
  checkResetToken: { access: 'public', body: () => ({ token: 'no-existe' }) },
  getCookie: { access: 'session' },
  getHealth: { access: 'public' },
  getStudio: { access: 'public' },
  // Information, plans and the calendar
  getPlanes: { access: 'public' },
  getInformation: { access: 'public', body: () => ({ date: NEXT_MONDAY }) },
  downloadCalendarFeed: { access: 'public', path: '/api/calendar/no-existe.ics' },
  getCalendarFeedUrl: { access: 'session' },
  resetCalendarFeedUrl: { access: 'session' },
  changeInfoUser: {
    access: 'own',
    body: (f) => ({ id_user: f.clientId, name: 'Mismo Nombre' }),
    othersBody: (f) => ({ id_user: f.otherId, name: 'Intruso' }),
  },
  getClases: { access: 'own', body: (f) => ({ id: f.clientId }), othersBody: (f) => ({ id: f.otherId }) },
  getUserPlanes: { access: 'own', body: (f) => ({ id: f.clientId }), othersBody: (f) => ({ id: f.otherId }) },
  // Booking
  pushReservation: {
    access: 'own',
    body: (f) => ({ date: NEXT_MONDAY, classReservation: f.scheduleId }),
    othersBody: (f) => ({ date: NEXT_MONDAY, classReservation: f.scheduleId, userId: f.otherId }),
  },
  cancelReservation: {
    access: 'own',
    body: () => ({ id: 999999 }),
    othersBody: (f) => ({ id: f.otherReservationId }),
  },
  // Waitlist (leaving someone else's entry is 403: waitlist.int-spec.ts)
  joinWaitlist: { access: 'session', body: (f) => ({ date: NEXT_MONDAY, classReservation: f.scheduleId }) },
  leaveWaitlist: { access: 'session', body: () => ({ id: 999999 }) },
  removeFromWaitlist: { access: 'admin', body: () => ({ id: 999999 }) },
  promoteFromWaitlist: { access: 'admin', body: () => ({ id: 999999 }) },
  // The door: attendance and walk-ins (attendance.int-spec.ts)
  markAttendance: { access: 'admin', body: () => ({ id: 999999, attended: true }) },
  walkIn: { access: 'admin', body: (f) => ({ date: NEXT_MONDAY, classReservation: f.scheduleId, userId: f.clientId }) },
  // Payments
  startCheckout: { access: 'session', body: () => ({ planId: 999999 }) },
  confirmPayment: { access: 'session', body: () => ({ payment_id: 'x' }) },
  listPurchases: { access: 'session' },
  // Admin
  getInformationClases: { access: 'admin', body: () => ({ date: NEXT_MONDAY }) },
  listTimetable: { access: 'admin' },
  addSchedule: { access: 'admin', body: () => ({}) },
  changeSchedule: { access: 'admin', body: () => ({}) },
  deactivateSchedule: { access: 'admin', body: () => ({}) },
  activateSchedule: { access: 'admin', body: () => ({}) },
  cancelClass: { access: 'admin', body: () => ({}) },
  getUsers: { access: 'admin', body: () => ({}) },
  addUser: { access: 'admin', body: () => ({}) },
  changeData: { access: 'admin', body: () => ({}) },
  deleteUser: { access: 'admin', body: () => ({}) },
  activeUser: { access: 'admin', body: () => ({}) },
  addPlanAdmin: { access: 'admin', body: () => ({}) },
  changeDataPlan: { access: 'admin', body: () => ({}) },
  catalogue: { access: 'admin' },
  addCataloguePlan: { access: 'admin', body: () => ({}) },
  changeCataloguePlan: { access: 'admin', body: () => ({}) },
  hideCataloguePlan: { access: 'admin', body: () => ({}) },
  showCataloguePlan: { access: 'admin', body: () => ({}) },
  getAudit: { access: 'admin', body: () => ({}) },
  getPurchases: { access: 'admin', body: (f) => ({ userId: f.clientId }) },
  refundPayment: { access: 'admin', body: () => ({ paymentId: 999999 }) },
  // The owner's dashboard, its CSV exports (a GET download with the session cookie) and reminders
  getDashboard: { access: 'admin', body: () => ({ from: '2026-11-01', to: '2026-11-30' }) },
  exportCsv: { access: 'admin', path: '/api/admin/export/payments.csv?from=2026-11-01&to=2026-11-30' },
  sendPlanReminder: { access: 'admin', body: () => ({ userPlanId: 999999 }) },
};

interface Operation {
  id: string;
  method: 'get' | 'post';
  path: string;
}

describe('authorization matrix: every endpoint of the OpenAPI document × guest, client, another client, admin', () => {
  let t: TestApp;
  let operations: Operation[];
  let fixture: Fixture;
  let client: Agent;
  let other: Agent;
  let admin: Agent;
  let guest: Agent;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(NOW) });
    const doc = (await t.agent().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ id: op.operationId, method: method as 'get' | 'post', path })),
    );
    const mine = await newClient(t, 'Matriz');
    const theirs = await newClient(t, 'Ajena');
    await givePlan(t, theirs.user.id, { classes: 2 });
    const schedule = await scheduleAt(t, 1, '20:00');
    const booked = await theirs.agent
      .post('/api/reservations/push-reservation')
      .send({ date: NEXT_MONDAY, classReservation: schedule.id })
      .expect(201);
    client = mine.agent;
    other = theirs.agent;
    admin = await adminAgent(t);
    guest = t.agent();
    fixture = {
      clientId: mine.user.id,
      otherId: theirs.user.id,
      otherReservationId: booked.body.reservationId,
      scheduleId: schedule.id,
    };
  });
  afterAll(async () => {
    await t.app.get(NotificationsService).settled();
    await t.close();
  });

  /** Logging out ends the sessions the next calls need: those calls get a session of their own. */
  const agentFor = async (sessionAgent: Agent, op: Operation): Promise<Agent> => {
    // logout is public, so a guest calls it.
    if (op.id === 'logout') return t.agent();
    if (op.id !== 'logoutAll' || sessionAgent === guest) return sessionAgent;
    // logout-all ends every session of its user: a throwaway user of the same role makes the call.
    const throwaway = await newClient(t, 'Desechable');
    if (sessionAgent === admin)
      await t.dataSource.getRepository(User).update({ id: throwaway.user.id }, { role: 'admin' });
    return throwaway.agent;
  };

  const call = async (sessionAgent: Agent, op: Operation, body?: object) => {
    const rule = RULES[op.id];
    const path = rule.path ?? op.path;
    const agent = await agentFor(sessionAgent, op);
    return op.method === 'get' ? agent.get(path) : agent.post(path).send(body ?? rule.body?.(fixture) ?? {});
  };

  it('should have a rule for every operation, and no rule for an operation that is gone', () => {
    const ids = operations.map((op) => op.id).sort();
    expect(ids.filter((id) => !(id in RULES))).toEqual([]);
    expect(Object.keys(RULES).filter((id) => !ids.includes(id))).toEqual([]);
    expect(operations.filter((op) => op.path.includes('{') && !RULES[op.id].path)).toEqual([]);
  });

  it('should answer guests 401 on every operation that needs a session, and let them reach the public ones', async () => {
    for (const op of operations) {
      const { status } = await call(guest, op);
      const expected = RULES[op.id].access === 'public' ? 'not 401/403' : 401;
      expect({ op: op.id, status: status === 401 || status === 403 ? status : 'not 401/403' }).toEqual({
        op: op.id,
        status: expected,
      });
    }
  });

  it('should answer clients 403 on every admin operation and let them reach the others', async () => {
    for (const op of operations) {
      const { status, body } = await call(client, op);
      if (RULES[op.id].access === 'admin') {
        expect({ op: op.id, status, code: body.code }).toEqual({ op: op.id, status: 403, code: 'FORBIDDEN' });
      } else {
        expect({ op: op.id, refused: status === 401 || status === 403 }).toEqual({ op: op.id, refused: false });
      }
    }
  });

  it("should answer a client 403 on another client's data, and let an admin act on it", async () => {
    const own = operations.filter((op) => RULES[op.id].access === 'own');
    expect(own.map((op) => op.id).sort()).toEqual(
      ['cancelReservation', 'changeInfoUser', 'getClases', 'getUserPlanes', 'pushReservation'].sort(),
    );
    for (const op of own) {
      const body = RULES[op.id].othersBody!(fixture);
      const refused = await call(client, op, body);
      expect({ op: op.id, status: refused.status }).toEqual({ op: op.id, status: 403 });
    }
    // The other client's own calls are theirs to make.
    const theirs = await call(
      other,
      own.find((op) => op.id === 'getClases')!,
      { id: fixture.otherId },
    );
    expect(theirs.status).toBe(200);
    for (const op of own) {
      const allowed = await call(admin, op, RULES[op.id].othersBody!(fixture));
      expect({ op: op.id, refused: allowed.status === 401 || allowed.status === 403 }).toEqual({
        op: op.id,
        refused: false,
      });
    }
  });

  it('should let an admin reach every operation', async () => {
    for (const op of operations) {
      const { status } = await call(admin, op);
      expect({ op: op.id, refused: status === 401 || status === 403 }).toEqual({ op: op.id, refused: false });
    }
  });

  it('should refuse every state-changing operation without the CSRF header, even with a valid session', async () => {
    const login = await t.http().post('/api/auth/login').set('X-Requested-With', 'pilates-web').send({
      email: 'admin@test.local',
      password: 'admin-password-1',
    });
    const cookie = login.headers['set-cookie'] as unknown as string[];
    for (const op of operations.filter((o) => o.method === 'post')) {
      const res = await t
        .http()
        .post(RULES[op.id].path ?? op.path)
        .set('Cookie', cookie)
        .send(RULES[op.id].body?.(fixture) ?? {});
      expect({ op: op.id, status: res.status, code: res.body.code }).toEqual({
        op: op.id,
        status: 403,
        code: 'CSRF_HEADER_MISSING',
      });
    }
  });
});
