import { createServer, Server, Socket, connect } from 'node:net';
import { FixedClock } from '../src/core/clock/clock';
import { Payment } from '../src/payments/entities/payment.entity';
import { PaymentNotificationsService } from '../src/payments/payment-notifications.service';
import { Plan } from '../src/planes/entities/plan.entity';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { NotificationsService } from '../src/notifications/notifications.service';
import { adminAgent, givePlan, newClient, NEXT_MONDAY, NOW, scheduleAt } from './helpers/booking';
import { FakeMercadoPago, notifyWebhook } from './helpers/mercadopago';
import { createTestApp, TestApp } from './helpers/test-app';
import { createMariaDbDatabase, MARIADB, type TestDatabase } from './helpers/test-database';

/**
 * A TCP relay between the app and MariaDB that the test can cut and restore: from the app's side
 * the database stops (connections drop, new ones are refused) and comes back on the same address.
 */
class DatabaseSwitch {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async up(): Promise<void> {
    if (this.server?.listening) return;
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((done) => this.server!.listen(this.port, '127.0.0.1', done));
    this.port = (this.server.address() as { port: number }).port;
  }

  async down(): Promise<void> {
    const closed = new Promise<void>((done) => this.server?.close(() => done()) ?? done());
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

const SECRET = 'mp-webhook-secret-outage';

describe('the database stops in the middle of traffic (MariaDB)', () => {
  let t: TestApp;
  let relay: DatabaseSwitch;
  let database: TestDatabase;
  const clock = new FixedClock(NOW);
  const mp = new FakeMercadoPago();

  beforeAll(async () => {
    // Always MariaDB, also in the SQLite run: an embedded file cannot "stop".
    const base = new URL(MARIADB);
    const created = await createMariaDbDatabase('pilates_outage');
    relay = new DatabaseSwitch(base.hostname, Number(base.port || 3306));
    await relay.up();
    // The app reaches the database through the relay, which the test cuts and restores.
    const url = new URL(created.url);
    url.port = String(relay.port);
    database = { ...created, url: url.toString() };
    mp.install();
    t = await createTestApp({
      clock,
      database,
      env: { APP_URL: 'https://estudio.example', MP_ACCESS_TOKEN: 'TEST-token', MP_WEBHOOK_SECRET: SECRET },
    });
  });
  afterAll(async () => {
    await relay.up();
    await t.app.get(NotificationsService).settled();
    await t.close();
    await database.drop();
    await relay.down();
    mp.uninstall();
  });

  /** Every count matches: places taken, classes left in plans, one place per client and class. */
  async function auditMismatches(): Promise<unknown[]> {
    const q = (sql: string) => t.dataSource.query(sql) as Promise<unknown[]>;
    return [
      ...(await q(`SELECT c.id FROM class_sessions c
        WHERE c.reserved_count <> (SELECT COUNT(*) FROM reservations r WHERE r.class_session_id = c.id AND r.status = 'active')
           OR c.reserved_count > c.capacity`)),
      ...(await q(`SELECT p.id FROM user_plans p
        WHERE p.classes_total - p.classes_remaining <> (SELECT COUNT(*) FROM reservations r WHERE r.user_plan_id = p.id AND r.status = 'active')
           OR p.classes_remaining < 0`)),
      ...(await q(`SELECT user_id FROM reservations WHERE status = 'active'
        GROUP BY user_id, class_session_id HAVING COUNT(*) > 1`)),
    ];
  }

  it('should answer 503 in Spanish while it is down, say so on /api/health, and recover without a restart', async () => {
    const admin = await adminAgent(t);
    const client = await newClient(t);
    const planId = await givePlan(t, client.user.id, { classes: 20 });
    const schedules = [
      await scheduleAt(t, 1, '07:00'),
      await scheduleAt(t, 1, '08:00'),
      await scheduleAt(t, 1, '09:00'),
    ];

    // Bookings in flight when the database goes away: each either commits whole or not at all.
    const inFlight = schedules.map((s) =>
      client.agent.post('/api/reservations/push-reservation').send({ date: NEXT_MONDAY, classReservation: s.id }),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    await relay.down();
    const answers = await Promise.all(inFlight);
    for (const answer of answers) expect([201, 503]).toContain(answer.status);

    const health = await t.http().get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({
      success: false,
      code: 'DATABASE_UNAVAILABLE',
      error: 'La base de datos no está disponible.',
    });
    const read = await t.agent().post('/api/reservations/get-information').send({ date: NEXT_MONDAY });
    expect(read.status).toBe(503);
    expect(read.body).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
    expect(read.body.error).toMatch(/no está disponible/);
    expect(read.text).not.toMatch(/ECONNREFUSED|3306|mysql|stack/i);
    const write = await client.agent
      .post('/api/reservations/push-reservation')
      .send({ date: NEXT_MONDAY, classReservation: schedules[0].id });
    expect(write.status).toBe(503);
    await admin.get('/api/reservations/horario').expect(503);

    await relay.up();
    await t.http().get('/api/health').expect(200);
    // Sessions made before the outage still work, and booking works again.
    const slots = await client.agent.post('/api/reservations/get-information').send({ date: NEXT_MONDAY }).expect(200);
    const booked = answers.filter((a) => a.status === 201).length;
    const mine = slots.body.data.filter((s: { myReservationId?: number | null }) => s.myReservationId);
    expect(mine).toHaveLength(booked);
    const free = schedules.find((s) => !mine.some((m: { scheduleId: number }) => m.scheduleId === s.id));
    if (free) {
      await client.agent
        .post('/api/reservations/push-reservation')
        .send({ date: NEXT_MONDAY, classReservation: free.id })
        .expect(201);
    }
    expect(await auditMismatches()).toEqual([]);
    const plan = await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: planId });
    expect(plan.classesRemaining).toBe(20 - (booked + (free ? 1 : 0)));
  });

  it('should answer a webhook 5xx while the database is down, so Mercado Pago retries, and apply it once later', async () => {
    const { agent, user } = await newClient(t);
    const plan = await t.dataSource.getRepository(Plan).findOneByOrFail({ name: 'Cuatro Clases' });
    await agent.post('/api/mercadopago').send({ planId: plan.id }).expect(200);
    const reference = mp.preferenceBodies().at(-1)!.external_reference as string;
    mp.setPayment({
      id: '7700001',
      status: 'approved',
      status_detail: 'accredited',
      external_reference: reference,
      transaction_amount: 800,
      date_approved: NOW.toISOString(),
    });
    const ts = () => clock.now().getTime();
    const at = clock.now();

    await relay.down();
    const during = await notifyWebhook(t, '7700001', { secret: SECRET, ts: ts(), at });
    expect(during.status).toBeGreaterThanOrEqual(500);
    await relay.up();

    // Mercado Pago retries (twice here, as it may): one plan.
    await notifyWebhook(t, '7700001', { secret: SECRET, ts: ts(), at }).expect(200);
    await notifyWebhook(t, '7700001', { secret: SECRET, ts: ts(), at }).expect(200);
    await t.app.get(PaymentNotificationsService).settled();
    const plans = await t.dataSource.getRepository(UserPlan).findBy({ userId: user.id });
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ classesRemaining: 4, isPaid: true, source: 'payment' });
    expect(await t.dataSource.getRepository(Payment).findOneByOrFail({ reference })).toMatchObject({
      status: 'approved',
      userPlanId: plans[0].id,
    });
  });
});
