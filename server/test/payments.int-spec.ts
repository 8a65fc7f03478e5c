import { createHmac } from 'node:crypto';
import { FixedClock } from '../src/core/clock/clock';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/core/auth/csrf.guard';
import { Payment } from '../src/payments/entities/payment.entity';
import { PaymentsService } from '../src/payments/payments.service';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { Plan } from '../src/planes/entities/plan.entity';
import { readOutboxMail, outboxCount } from './helpers/accounts';
import { NOW, newClient, scheduleAt, TODAY } from './helpers/booking';
import { FakeMercadoPago, notifyWebhook } from './helpers/mercadopago';
import { createTestApp, TestApp } from './helpers/test-app';

const SECRET = 'mp-webhook-secret-for-tests';

describe('buying plans with Mercado Pago', () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);
  const mp = new FakeMercadoPago();

  beforeAll(async () => {
    mp.install();
    t = await createTestApp({
      clock,
      env: {
        APP_URL: 'https://estudio.example',
        MP_ACCESS_TOKEN: 'TEST-access-token',
        MP_WEBHOOK_SECRET: SECRET,
        PAYMENT_COMMISSION_PERCENT: '4',
        PAYMENT_COMMISSION_FIXED_MXN: '4',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    mp.uninstall();
  });
  afterEach(() => {
    clock.set(NOW);
    mp.failWith = null;
    mp.hang = false;
  });

  const ochoClases = () => t.dataSource.getRepository(Plan).findOneByOrFail({ name: 'Ocho Clases' });

  /** A purchase through the API; returns our payment id. */
  async function buy(agent: ReturnType<TestApp['agent']>, planId: number): Promise<number> {
    await agent.post('/api/mercadopago').send({ planId }).expect(200);
    const body = mp.preferenceBodies().at(-1)!;
    return Number(body.external_reference);
  }

  /** Mercado Pago's notification, signed with the test secret at the test clock's time unless told otherwise. */
  const notify = (dataId: string, options: { secret?: string; ts?: number; requestId?: string } = {}) =>
    notifyWebhook(t, dataId, {
      secret: options.secret ?? SECRET,
      ts: options.ts ?? Math.floor(clock.now().getTime() / 1000),
      requestId: options.requestId,
    });

  const approve = (id: string, reference: number) =>
    mp.setPayment({
      id,
      status: 'approved',
      status_detail: 'accredited',
      external_reference: String(reference),
      transaction_amount: 1564,
      date_approved: NOW.toISOString(),
    });

  it('should show each catalogue plan with its commission and total', async () => {
    const res = await t.agent().get('/api/planes/get-planes').expect(200);
    expect(res.body.planes).toHaveLength(6);
    expect(res.body.planes.find((p: { name: string }) => p.name === 'Ocho Clases')).toEqual({
      id: expect.any(Number),
      name: 'Ocho Clases',
      price: 1500,
      classes: 8,
      commission: 64,
      total: 1564,
    });
  });

  describe('checkout', () => {
    it('should create a preference with the catalogue price plus commission for the session user', async () => {
      const { agent, user } = await newClient(t);
      const plan = await ochoClases();
      const res = await agent
        .post('/api/mercadopago')
        .send({ planId: plan.id, price: 1, user: { id: 999, email: 'otro@example.com' } })
        .expect(200);
      expect(res.body).toEqual({
        success: true,
        url: 'https://www.mercadopago.com.mx/checkout/v1/redirect?pref_id=pref-1',
      });

      const body = mp.preferenceBodies().at(-1)!;
      const payment = await t.dataSource
        .getRepository(Payment)
        .findOneByOrFail({ id: Number(body.external_reference) });
      expect(payment).toMatchObject({
        userId: user.id,
        planId: plan.id,
        priceCents: 1_500_00,
        commissionCents: 64_00, // 4% of $1,500 + $4
        totalCents: 1_564_00,
        status: 'created',
        preferenceId: 'pref-1',
      });
      expect(body).toMatchObject({
        items: [{ title: 'Ocho Clases — Pilates Reformer', quantity: 1, unit_price: 1564, currency_id: 'MXN' }],
        payer: { email: user.email },
        external_reference: String(payment.id),
        notification_url: 'https://estudio.example/api/mercadopago/webhook?source_news=webhooks',
        back_urls: {
          success: 'https://estudio.example/pilates/clases?pago=aprobado',
          pending: 'https://estudio.example/pilates/clases?pago=pendiente',
          failure: 'https://estudio.example/pilates/clases?pago=rechazado',
        },
        auto_return: 'approved',
        date_of_expiration: '2026-11-26T12:00:00.000Z',
      });
    });

    it('should answer a clear Spanish error when Mercado Pago fails, and leave no open purchase', async () => {
      const { agent } = await newClient(t);
      mp.failWith = 500;
      const res = await agent
        .post('/api/mercadopago')
        .send({ planId: (await ochoClases()).id })
        .expect(502);
      expect(res.body).toEqual({
        success: false,
        code: 'PAYMENT_PROVIDER_ERROR',
        error: 'No pudimos conectar con Mercado Pago. Intenta de nuevo en unos minutos; no se hizo ningún cargo.',
      });
      const last = await t.dataSource.getRepository(Payment).find({ order: { id: 'DESC' }, take: 1 });
      expect(last[0]).toMatchObject({ status: 'cancelled', statusDetail: 'preference_failed' });
    });

    it("should answer the same clear error when Mercado Pago does not answer (the SDK's timeout)", async () => {
      const { agent } = await newClient(t);
      mp.hang = true;
      const started = Date.now();
      const res = await agent
        .post('/api/mercadopago')
        .send({ planId: (await ochoClases()).id })
        .expect(502);
      expect(res.body.code).toBe('PAYMENT_PROVIDER_ERROR');
      expect(res.body.error).toMatch(/^No pudimos conectar con Mercado Pago/);
      // 8 s per attempt, one retry: the client waits at most about 16 s, never forever.
      expect(Date.now() - started).toBeLessThan(30_000);
      const last = await t.dataSource.getRepository(Payment).find({ order: { id: 'DESC' }, take: 1 });
      expect(last[0]).toMatchObject({ status: 'cancelled', statusDetail: 'preference_failed' });
    });

    it('should refuse unknown or hidden plans, guests and calls without the CSRF header', async () => {
      const { agent } = await newClient(t);
      expect((await agent.post('/api/mercadopago').send({ planId: 9999 }).expect(404)).body.code).toBe(
        'PLAN_NOT_FOUND',
      );
      await t.agent().post('/api/mercadopago').send({ planId: 1 }).expect(401);
      await t.http().post('/api/mercadopago').send({ planId: 1 }).expect(403);
      await agent.post('/api/mercadopago').send({ planId: 'ocho' }).expect(400);
    });
  });

  describe('webhook signature', () => {
    it('should accept the documented manifest signed with the secret', async () => {
      // Vector: id:123456;request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:1764000000; with the test secret.
      clock.set(new Date(1764000000 * 1000));
      const expected = createHmac('sha256', SECRET)
        .update('id:123456;request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:1764000000;')
        .digest('hex');
      await t
        .http()
        .post('/api/mercadopago/webhook?data.id=123456&type=payment')
        .set('x-signature', `ts=1764000000,v1=${expected}`)
        .set('x-request-id', 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e')
        .send({ type: 'payment', data: { id: '123456' } })
        .expect(200);
    });

    it('should refuse a wrong and a stale signature with 401', async () => {
      const wrong = await notify('123456', { secret: 'not-the-secret' }).expect(401);
      expect(wrong.body.code).toBe('INVALID_SIGNATURE');
      const tenMinutesAgo = Math.floor(clock.now().getTime() / 1000) - 600;
      await notify('123456', { ts: tenMinutesAgo }).expect(401);
      await t.http().post('/api/mercadopago/webhook?data.id=1&type=payment').send({}).expect(401);
    });
  });

  describe('notifications', () => {
    it('should create the plan exactly once under 20 simultaneous approved notifications, and mail a receipt', async () => {
      const { agent, user } = await newClient(t);
      const reference = await buy(agent, (await ochoClases()).id);
      approve('900001', reference);
      const mailsBefore = await outboxCount(t);

      const results = await Promise.all(Array.from({ length: 20 }, () => notify('900001')));
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));

      const plans = await t.dataSource.getRepository(UserPlan).findBy({ userId: user.id });
      expect(plans).toHaveLength(1);
      expect(plans[0]).toMatchObject({
        planName: 'Ocho Clases',
        classesTotal: 8,
        classesRemaining: 8,
        startDate: TODAY,
        endDate: '2026-12-22',
        isPaid: true,
        source: 'payment',
      });
      const payment = await t.dataSource.getRepository(Payment).findOneByOrFail({ id: reference });
      expect(payment).toMatchObject({ status: 'approved', providerPaymentId: '900001', userPlanId: plans[0].id });

      const mail = await readOutboxMail(t, mailsBefore + 1);
      expect(mail.subject).toBe('Recibo de tu plan de Pilates');
      expect(mail.text).toContain('Total pagado: $1,564.00');
    });

    it('should create nothing for a rejected payment, and show a pending one as pending', async () => {
      const { agent, user } = await newClient(t);
      const rejectedRef = await buy(agent, (await ochoClases()).id);
      mp.setPayment({
        id: '900002',
        status: 'rejected',
        status_detail: 'cc_rejected_other_reason',
        external_reference: String(rejectedRef),
      });
      await notify('900002').expect(200);
      expect(await t.dataSource.getRepository(Payment).findOneByOrFail({ id: rejectedRef })).toMatchObject({
        status: 'rejected',
        userPlanId: null,
      });

      const pendingRef = await buy(agent, (await ochoClases()).id);
      mp.setPayment({
        id: '900003',
        status: 'pending',
        status_detail: 'pending_waiting_payment',
        external_reference: String(pendingRef),
        date_of_expiration: '2026-11-26T05:59:59.000Z',
      });
      await notify('900003').expect(200);
      const pending = await t.dataSource.getRepository(Payment).findOneByOrFail({ id: pendingRef });
      expect(pending).toMatchObject({ status: 'pending', userPlanId: null });
      expect(pending.expiresAt?.toISOString()).toBe('2026-11-26T05:59:59.000Z');
      expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(0);

      const open = await agent.get('/api/mercadopago/purchases').expect(200);
      expect(open.body.purchases).toEqual([
        {
          id: pendingRef,
          plan: 'Ocho Clases',
          status: 'pending',
          total: 1564,
          expiresAt: '2026-11-26T05:59:59.000Z',
          userPlanId: null,
        },
        {
          id: rejectedRef,
          plan: 'Ocho Clases',
          status: 'rejected',
          total: 1564,
          expiresAt: expect.any(String),
          userPlanId: null,
        },
      ]);
    });

    it('should let the bought plan book a class, and a refund stop further bookings from it', async () => {
      const { agent, user } = await newClient(t);
      const reference = await buy(agent, (await ochoClases()).id);
      approve('900004', reference);
      await notify('900004').expect(200);
      const schedule = await scheduleAt(t, 2, '07:00');
      await agent
        .post('/api/reservations/push-reservation')
        .send({ date: '2026-11-24', classReservation: schedule.id })
        .expect(201);

      mp.setPayment({
        id: '900004',
        status: 'refunded',
        status_detail: 'refunded',
        external_reference: String(reference),
      });
      await notify('900004').expect(200);
      const plan = await t.dataSource.getRepository(UserPlan).findOneByOrFail({ userId: user.id });
      expect(plan.isPaid).toBe(false);
      expect(plan.revokedAt).not.toBeNull();
      // The class already booked stays; no new booking comes from the refunded plan.
      expect(plan.classesRemaining).toBe(7);
      const other = await scheduleAt(t, 2, '08:00');
      const refused = await agent
        .post('/api/reservations/push-reservation')
        .send({ date: '2026-11-24', classReservation: other.id })
        .expect(409);
      expect(refused.body.code).toBe('NO_CLASSES_LEFT');
      const mine = await agent.post('/api/informacion/get-planes').send({}).expect(200);
      expect(mine.body.planes[0]).toMatchObject({ is_paid: 0, revoked: true });
    });
  });

  describe('returning from the checkout', () => {
    it("should confirm the buyer's payment before the webhook arrives, and refuse someone else's", async () => {
      const { agent, user } = await newClient(t);
      const reference = await buy(agent, (await ochoClases()).id);
      approve('900005', reference);
      const res = await agent.post('/api/mercadopago/confirm').send({ payment_id: '900005' }).expect(200);
      expect(res.body.purchase).toMatchObject({ id: reference, plan: 'Ocho Clases', status: 'approved', total: 1564 });
      expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(1);

      const stranger = await newClient(t);
      await stranger.agent.post('/api/mercadopago/confirm').send({ payment_id: '900005' }).expect(403);
      await agent.post('/api/mercadopago/confirm').send({ payment_id: '123abc' }).expect(400);
    });
  });

  describe('reconcile job', () => {
    it('should settle purchases left open after 15 minutes and expire abandoned cash ones', async () => {
      const { agent, user } = await newClient(t);
      const paid = await buy(agent, (await ochoClases()).id);
      mp.setPayment({
        id: '900006',
        status: 'approved',
        status_detail: 'accredited',
        external_reference: String(paid),
        date_approved: NOW.toISOString(),
      });
      const abandoned = await buy(agent, (await ochoClases()).id);

      const service = t.app.get(PaymentsService);
      clock.set(new Date(NOW.getTime() + 10 * 60_000));
      await service.reconcile();
      expect((await t.dataSource.getRepository(Payment).findOneByOrFail({ id: paid })).status).toBe('created');

      // Four days on: past 15 minutes and past the three-day cash deadline.
      clock.set(new Date(NOW.getTime() + 4 * 24 * 3600_000));
      await Promise.all([service.reconcile(), service.reconcile()]);
      expect(await t.dataSource.getRepository(Payment).findOneByOrFail({ id: paid })).toMatchObject({
        status: 'approved',
      });
      expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(1);
      expect((await t.dataSource.getRepository(Payment).findOneByOrFail({ id: abandoned })).status).toBe('expired');
    });
  });

  it('should keep CSRF off the webhook only', async () => {
    await t
      .http()
      .post('/api/mercadopago/confirm')
      .set(CSRF_HEADER, CSRF_HEADER_VALUE)
      .send({ payment_id: '1' })
      .expect(401);
  });
});
