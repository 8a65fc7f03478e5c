import { createHmac, randomUUID } from 'node:crypto';
import { FixedClock } from '../src/core/clock/clock';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/core/auth/csrf.guard';
import { AuditLog } from '../src/core/audit/audit-log.entity';
import { PaymentNotification } from '../src/payments/entities/payment-notification.entity';
import { Payment } from '../src/payments/entities/payment.entity';
import { PaymentNotificationsService } from '../src/payments/payment-notifications.service';
import { PaymentsService } from '../src/payments/payments.service';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { Plan } from '../src/planes/entities/plan.entity';
import { EmailChannel } from '../src/notifications/email.channel';
import { NotificationEventRow } from '../src/notifications/entities/notification-event.entity';
import { NotificationsService } from '../src/notifications/notifications.service';
import type { NotificationEvent } from '../src/notifications/events';
import { readOutboxMail, outboxCount } from './helpers/accounts';
import { adminAgent, NOW, newClient, scheduleAt, TODAY } from './helpers/booking';
import {
  approvedPayment,
  CHECKOUT_ENV,
  FakeMercadoPago,
  MP_TEST_SECRET as SECRET,
  notificationBody,
  notifyWebhook,
} from './helpers/mercadopago';
import { createTestApp, TestApp } from './helpers/test-app';

describe('buying plans with Mercado Pago', () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);
  const mp = new FakeMercadoPago();

  beforeAll(async () => {
    mp.install();
    t = await createTestApp({ clock, env: CHECKOUT_ENV });
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

  /** A purchase through the API; returns its external_reference (`pilates-<uuid>`). */
  async function buy(agent: ReturnType<TestApp['agent']>, planId: number): Promise<string> {
    await agent.post('/api/mercadopago').send({ planId }).expect(200);
    const body = mp.preferenceBodies().at(-1)!;
    return body.external_reference as string;
  }

  const purchase = (reference: string) => t.dataSource.getRepository(Payment).findOneByOrFail({ reference });
  const settled = () => t.app.get(PaymentNotificationsService).settled();

  /**
   * Mercado Pago's notification, signed with the test secret with a 13-digit (millisecond) `ts`
   * at the test clock's time unless told otherwise.
   */
  const notify = (dataId: string, options: { secret?: string; ts?: number; requestId?: string; type?: string } = {}) =>
    notifyWebhook(t, dataId, {
      secret: options.secret ?? SECRET,
      ts: options.ts ?? clock.now().getTime(),
      at: clock.now(),
      requestId: options.requestId,
      type: options.type,
    });

  /** The notification answered 200, and its background processing finished. */
  const notifyAndSettle = async (dataId: string, options: { type?: string } = {}) => {
    await notify(dataId, options).expect(200);
    await settled();
  };

  const approve = (id: string, reference: string, amount = 1564) =>
    mp.setPayment(approvedPayment(id, reference, NOW, amount));

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
      intro: false,
      kind: 'pack',
      weeklyLimit: null,
      dailyLimit: null,
      classTypes: [],
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
        held: null,
        paidWithBalance: false,
      });

      const body = mp.preferenceBodies().at(-1)!;
      expect(body.external_reference).toMatch(
        /^pilates-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
      const payment = await purchase(body.external_reference as string);
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
        items: [
          {
            title: 'Ocho Clases — Pilates Reformer',
            description: 'Plan de 8 clases de Pilates Reformer, válido por un mes desde el día del pago.',
            quantity: 1,
            unit_price: 1564,
            currency_id: 'MXN',
          },
        ],
        payer: { name: user.name, email: user.email },
        external_reference: payment.reference,
        statement_descriptor: 'PILATES REFORMER',
        payment_methods: { installments: 1 },
        expires: true,
        expiration_date_to: '2026-11-24T12:00:00.000Z',
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

  describe('checkout limits (CHECKOUT_MAX_OPEN 3, CHECKOUT_MAX_PER_HOUR 10)', () => {
    const checkout = (agent: ReturnType<TestApp['agent']>, planId: number) =>
      agent.post('/api/mercadopago').send({ planId });
    const paymentsOf = (userId: number) => t.dataSource.getRepository(Payment).countBy({ userId });

    it('should refuse a fourth open checkout with a Spanish 429 saying when, creating nothing, until a link expires', async () => {
      const { agent, user } = await newClient(t);
      const planId = (await ochoClases()).id;
      for (let i = 0; i < 3; i++) await checkout(agent, planId).expect(200);
      const preferences = mp.preferenceBodies().length;

      const refused = await checkout(agent, planId).expect(429);
      // Now is Monday 6:00 AM at the studio; the first link works until Tuesday 6:00 AM.
      expect(refused.body).toEqual({
        success: false,
        code: 'CHECKOUT_LIMIT',
        error:
          'Ya tienes 3 compras sin terminar. Termina de pagar una o intenta de nuevo el 24 de noviembre de 2026 a las 6:00 AM.',
      });
      expect(refused.headers['retry-after']).toBe(String(24 * 3600));
      expect(mp.preferenceBodies()).toHaveLength(preferences);
      expect(await paymentsOf(user.id)).toBe(3);

      // A purchase that failed (rejected card) frees its slot at once.
      const [first] = await t.dataSource
        .getRepository(Payment)
        .find({ where: { userId: user.id }, order: { id: 'ASC' } });
      await t.dataSource.getRepository(Payment).update({ id: first.id }, { status: 'rejected' });
      await checkout(agent, planId).expect(200);
      await checkout(agent, planId).expect(429);

      // The abandoned ones free theirs when their link expires, a day after they were opened.
      clock.set(new Date(NOW.getTime() + 24 * 3600_000 - 60_000));
      await checkout(agent, planId).expect(429);
      clock.set(new Date(NOW.getTime() + 24 * 3600_000));
      await checkout(agent, planId).expect(200);
      expect(mp.preferenceBodies()).toHaveLength(preferences + 2);
    });

    it('should keep an OXXO payment under way open until its deadline', async () => {
      const { agent, user } = await newClient(t);
      const planId = (await ochoClases()).id;
      for (let i = 0; i < 3; i++) await checkout(agent, planId).expect(200);
      await t.dataSource.getRepository(Payment).update({ userId: user.id }, { status: 'pending' });
      clock.set(new Date(NOW.getTime() + 2 * 24 * 3600_000));
      const refused = await checkout(agent, planId).expect(429);
      expect(refused.body.error).toBe(
        'Ya tienes 3 compras sin terminar. Termina de pagar una o intenta de nuevo el 26 de noviembre de 2026 a las 6:00 AM.',
      );
      clock.set(new Date(NOW.getTime() + 3 * 24 * 3600_000));
      await checkout(agent, planId).expect(200);
    });

    it('should refuse the eleventh checkout started within an hour, saying at what time', async () => {
      const { agent, user } = await newClient(t);
      const planId = (await ochoClases()).id;
      for (let i = 0; i < 10; i++) {
        clock.set(new Date(NOW.getTime() + i * 60_000));
        await checkout(agent, planId).expect(200);
        // Each one failed at once (a rejected card): it holds no open slot, but it was started.
        await t.dataSource.getRepository(Payment).update({ userId: user.id }, { status: 'rejected' });
      }
      clock.set(new Date(NOW.getTime() + 30 * 60_000));
      const refused = await checkout(agent, planId).expect(429);
      expect(refused.body).toMatchObject({
        code: 'CHECKOUT_LIMIT',
        error: 'Ya iniciaste 10 compras en la última hora. Intenta de nuevo a las 7:00 AM.',
      });
      expect(refused.headers['retry-after']).toBe(String(30 * 60));
      clock.set(new Date(NOW.getTime() + 60 * 60_000));
      await checkout(agent, planId).expect(200);
    });

    it('should let exactly as many simultaneous checkouts through as there are free slots', async () => {
      const { agent, user } = await newClient(t);
      const planId = (await ochoClases()).id;
      await checkout(agent, planId).expect(200);
      const raced = await Promise.all(Array.from({ length: 6 }, () => checkout(agent, planId)));
      expect(raced.map((res) => res.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
      expect(await paymentsOf(user.id)).toBe(3);
      // Another client has slots of their own.
      const other = await newClient(t);
      await checkout(other.agent, planId).expect(200);
    });
  });

  describe('webhook signature', () => {
    const documented = (ts: string, requestId: string | null) => {
      const manifest = `id:123456;${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
      return createHmac('sha256', SECRET).update(manifest).digest('hex');
    };
    const send = (ts: string, v1: string, requestId: string | null) => {
      const req = t
        .http()
        .post('/api/mercadopago/webhook?data.id=123456&type=payment')
        .set('x-signature', `ts=${ts},v1=${v1}`);
      if (requestId) void req.set('x-request-id', requestId);
      return req.send(notificationBody('payment', '123456', clock.now()));
    };

    it('should accept the documented 13-digit (millisecond) ts, as Mercado Pago sends it', async () => {
      // The docs' example: ts=1742505638683. SDK 3.6.1's validator read it as seconds and refused it.
      clock.set(new Date(1742505638683 + 2_000));
      await send(
        '1742505638683',
        documented('1742505638683', 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e'),
        'bb56a2f1-6aae-46ac-982e-9dcd3581d08e',
      ).expect(200);
    });

    it('should accept a 10-digit (second) ts, and leave out the parts that did not come', async () => {
      clock.set(new Date(1764000000 * 1000));
      await send('1764000000', documented('1764000000', 'req-1'), 'req-1').expect(200);
      // No x-request-id: the manifest has no request-id part.
      await send('1764000000', documented('1764000000', null), null).expect(200);
    });

    it('should accept a notification retried 30 minutes later, and refuse one two hours old', async () => {
      const signedAt = clock.now().getTime();
      clock.set(new Date(signedAt + 30 * 60_000));
      await notify('123456', { ts: signedAt }).expect(200);
      clock.set(new Date(signedAt + 2 * 3600_000));
      expect((await notify('123456', { ts: signedAt }).expect(401)).body.code).toBe('INVALID_SIGNATURE');
    });

    it('should refuse a wrong secret, a changed data.id and a missing signature with 401', async () => {
      const wrong = await notify('123456', { secret: 'not-the-secret' }).expect(401);
      expect(wrong.body).toEqual({
        success: false,
        code: 'INVALID_SIGNATURE',
        error: 'Firma de notificación inválida.',
      });
      const ts = String(clock.now().getTime());
      await t
        .http()
        .post('/api/mercadopago/webhook?data.id=999999&type=payment')
        .set('x-signature', `ts=${ts},v1=${documented(ts, 'r')}`)
        .set('x-request-id', 'r')
        .send(notificationBody('payment', '999999', clock.now()))
        .expect(401);
      await t.http().post('/api/mercadopago/webhook?data.id=1&type=payment').send({}).expect(401);
      await send('abc', 'zz', 'r').expect(401);
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
      await settled();

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
      expect(await purchase(reference)).toMatchObject({
        status: 'approved',
        providerPaymentId: '900001',
        userPlanId: plans[0].id,
        paidCents: 1_564_00,
        issue: null,
      });
      // One stored notification for the resource, processed.
      const stored = await t.dataSource.getRepository(PaymentNotification).findBy({ resourceId: '900001' });
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ topic: 'payment', received: 20, processedAt: expect.any(Date) });

      const mail = await readOutboxMail(t, mailsBefore + 1);
      expect(mail.subject).toBe('Recibo de tu plan de Pilates');
      expect(mail.text).toContain('Total pagado: $1,564.00');
    });

    it('should answer 200 while Mercado Pago is down, keep the notification and apply it on the sweep, once', async () => {
      const { agent, user } = await newClient(t);
      const reference = await buy(agent, (await ochoClases()).id);
      approve('900010', reference);
      mp.failWith = 500;
      await notifyAndSettle('900010');
      const stored = await t.dataSource.getRepository(PaymentNotification).findOneByOrFail({ resourceId: '900010' });
      expect(stored).toMatchObject({
        attempts: 1,
        processedAt: null,
        lastError: expect.stringContaining('Mercado Pago'),
      });
      // Due again in a minute (backoff 1, 2, 4… minutes): not before.
      expect(stored.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 60_000);
      const sweeps = t.app.get(PaymentNotificationsService);
      mp.failWith = null;
      expect(await sweeps.sweep()).toBe(0);

      clock.set(new Date(clock.now().getTime() + 61_000));
      // Two replicas sweeping at once: the row is claimed by one.
      const processed = await Promise.all([sweeps.sweep(), sweeps.sweep()]);
      expect(processed.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(1);
      expect(await t.dataSource.getRepository(PaymentNotification).findOneByOrFail({ id: stored.id })).toMatchObject({
        processedAt: expect.any(Date),
        lastError: null,
      });
    });

    it('should create nothing for a rejected payment, and show a pending one as pending', async () => {
      const { agent, user } = await newClient(t);
      const rejectedRef = await buy(agent, (await ochoClases()).id);
      mp.setPayment({
        id: '900002',
        status: 'rejected',
        status_detail: 'cc_rejected_other_reason',
        external_reference: rejectedRef,
      });
      await notifyAndSettle('900002');
      const rejected = await purchase(rejectedRef);
      expect(rejected).toMatchObject({ status: 'rejected', userPlanId: null });

      const pendingRef = await buy(agent, (await ochoClases()).id);
      mp.setPayment({
        id: '900003',
        status: 'pending',
        status_detail: 'pending_waiting_payment',
        external_reference: pendingRef,
        date_of_expiration: '2026-11-26T05:59:59.000Z',
      });
      await notifyAndSettle('900003');
      const pending = await purchase(pendingRef);
      expect(pending).toMatchObject({ status: 'pending', userPlanId: null });
      expect(pending.expiresAt?.toISOString()).toBe('2026-11-26T05:59:59.000Z');
      expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(0);

      const open = await agent.get('/api/mercadopago/purchases').expect(200);
      expect(open.body.purchases).toEqual([
        {
          id: pending.id,
          plan: 'Ocho Clases',
          status: 'pending',
          total: 1564,
          expiresAt: '2026-11-26T05:59:59.000Z',
          userPlanId: null,
        },
        {
          id: rejected.id,
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
      await notifyAndSettle('900004');
      const schedule = await scheduleAt(t, 2, '07:00');
      await agent
        .post('/api/reservations/push-reservation')
        .send({ date: '2026-11-24', classReservation: schedule.id })
        .expect(201);

      mp.setPayment({
        id: '900004',
        status: 'refunded',
        status_detail: 'refunded',
        external_reference: reference,
        transaction_amount: 1564,
        transaction_amount_refunded: 1564,
      });
      await notifyAndSettle('900004');
      const plan = await t.dataSource.getRepository(UserPlan).findOneByOrFail({ userId: user.id });
      expect(plan.isPaid).toBe(false);
      expect(plan.revokedAt).not.toBeNull();
      // The class already booked stays; no new booking comes from the refunded plan.
      expect(plan.classesRemaining).toBe(7);
      expect(await purchase(reference)).toMatchObject({ status: 'refunded', refundedCents: 1_564_00 });
      const other = await scheduleAt(t, 2, '08:00');
      const refused = await agent
        .post('/api/reservations/push-reservation')
        .send({ date: '2026-11-24', classReservation: other.id })
        .expect(409);
      expect(refused.body.code).toBe('NO_CLASSES_LEFT');
      const mine = await agent.post('/api/informacion/get-planes').send({}).expect(200);
      expect(mine.body.planes[0]).toMatchObject({ is_paid: 0, revoked: true });
    });

    it('should revoke the plan of a charged back payment, and keep it (recording the amount) after a partial refund', async () => {
      const { agent, user } = await newClient(t);
      const charged = await buy(agent, (await ochoClases()).id);
      approve('900011', charged);
      await notifyAndSettle('900011');
      mp.setPayment({ ...mp.payments.get('900011')!, status: 'charged_back', status_detail: 'settled' });
      await notifyAndSettle('900011');
      expect(await purchase(charged)).toMatchObject({ status: 'charged_back' });
      const chargedPlan = await t.dataSource
        .getRepository(UserPlan)
        .findOneByOrFail({ id: (await purchase(charged)).userPlanId! });
      expect(chargedPlan).toMatchObject({ isPaid: false, revokedAt: expect.any(Date) });

      const partial = await buy(agent, (await ochoClases()).id);
      approve('900012', partial);
      await notifyAndSettle('900012');
      mp.setPayment({
        ...mp.payments.get('900012')!,
        status: 'approved',
        status_detail: 'partially_refunded',
        transaction_amount_refunded: 500,
      });
      await notifyAndSettle('900012');
      const kept = await purchase(partial);
      expect(kept).toMatchObject({ status: 'approved', statusDetail: 'partially_refunded', refundedCents: 500_00 });
      expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: kept.userPlanId! })).toMatchObject({
        isPaid: true,
        revokedAt: null,
      });
      expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(2);
    });

    it('should read a chargeback notification (topic_chargebacks_wh) and revoke unless Mercado Pago covers it', async () => {
      const { agent } = await newClient(t);
      const covered = await buy(agent, (await ochoClases()).id);
      approve('900013', covered);
      await notifyAndSettle('900013');
      const disputed = await buy(agent, (await ochoClases()).id);
      approve('900014', disputed);
      await notifyAndSettle('900014');
      const chargeback = (id: string, payment: number, coverage: boolean) => ({
        id,
        payments: [payment],
        amount: 1564,
        coverage_applied: coverage,
        coverage_eligible: true,
        documentation_required: false,
        documentation_status: 'not_supplied',
        currency: 'MXN',
        date_created: NOW.toISOString(),
      });
      mp.setChargeback(chargeback('233000061680860001', 900013, true));
      mp.setChargeback(chargeback('233000061680860002', 900014, false));

      await notifyAndSettle('233000061680860001', { type: 'topic_chargebacks_wh' });
      await notifyAndSettle('233000061680860002', { type: 'topic_chargebacks_wh' });
      expect(mp.requests.some((r) => r.path === '/v1/chargebacks/233000061680860002')).toBe(true);

      const coveredRow = await purchase(covered);
      expect(coveredRow.status).toBe('approved');
      expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: coveredRow.userPlanId! })).toMatchObject({
        isPaid: true,
        revokedAt: null,
      });
      const disputedRow = await purchase(disputed);
      expect(disputedRow.status).toBe('charged_back');
      expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: disputedRow.userPlanId! })).toMatchObject(
        {
          isPaid: false,
          revokedAt: expect.any(Date),
        },
      );
    });
  });

  describe('the payment must match the purchase', () => {
    it('should grant nothing when the amount or the currency differ, and say why to admins', async () => {
      const { agent, user } = await newClient(t);
      const cheap = await buy(agent, (await ochoClases()).id);
      approve('900020', cheap, 1);
      await notifyAndSettle('900020');
      const dollars = await buy(agent, (await ochoClases()).id);
      mp.setPayment({
        id: '900021',
        status: 'approved',
        status_detail: 'accredited',
        external_reference: dollars,
        transaction_amount: 1564,
        currency_id: 'USD',
        date_approved: NOW.toISOString(),
      });
      await notifyAndSettle('900021');

      expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(0);
      expect(await purchase(cheap)).toMatchObject({
        status: 'approved',
        issue: 'amount_mismatch',
        paidCents: 100,
        userPlanId: null,
      });
      expect(await purchase(dollars)).toMatchObject({ issue: 'currency_mismatch', userPlanId: null });
      // Back from the checkout, the client is not told a plan is active.
      const back = await agent.post('/api/mercadopago/confirm').send({ payment_id: '900020' }).expect(200);
      expect(back.body.purchase).toMatchObject({ status: 'in_process', userPlanId: null });

      const admin = await adminAgent(t);
      const seen = await admin.post('/api/admin/get-purchases').send({ userId: user.id }).expect(200);
      expect(seen.body.purchases).toEqual([
        expect.objectContaining({ plan: 'Ocho Clases', issue: 'currency_mismatch', userPlanId: null }),
        expect.objectContaining({
          issue: 'amount_mismatch',
          total: 1564,
          paid: 1,
          refundable: 1,
          providerPaymentId: '900020',
        }),
      ]);
    });

    it('should record a second approved payment for a paid purchase as its own row, "a reembolsar", once', async () => {
      const { agent, user } = await newClient(t);
      const reference = await buy(agent, (await ochoClases()).id);
      approve('900030', reference);
      await notifyAndSettle('900030');
      approve('900031', reference);
      await Promise.all([notify('900031'), notify('900031')]);
      await settled();
      await notifyAndSettle('900031');

      expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(1);
      const original = await purchase(reference);
      const duplicates = await t.dataSource.getRepository(Payment).findBy({ duplicateOf: original.id });
      expect(duplicates).toHaveLength(1);
      expect(duplicates[0]).toMatchObject({
        userId: user.id,
        status: 'approved',
        providerPaymentId: '900031',
        issue: 'duplicate',
        userPlanId: null,
        reference: null,
      });
      const admin = await adminAgent(t);
      const seen = await admin.post('/api/admin/get-purchases').send({ userId: user.id }).expect(200);
      expect(seen.body.purchases[0]).toMatchObject({
        id: duplicates[0].id,
        issue: 'duplicate',
        duplicateOf: original.id,
        refundable: 1564,
      });

      // Refunding the duplicate leaves the purchase and its plan as they were.
      await admin.post('/api/admin/refund-payment').send({ paymentId: duplicates[0].id }).expect(200);
      expect(await t.dataSource.getRepository(Payment).findOneByOrFail({ id: duplicates[0].id })).toMatchObject({
        status: 'refunded',
        refundedCents: 1_564_00,
      });
      expect(mp.payments.get('900030')!.status).toBe('approved');
      expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ userId: user.id })).toMatchObject({
        isPaid: true,
        revokedAt: null,
      });
    });

    it('should refund at once, and grant nothing, a payment approved after its client deleted the account', async () => {
      const { agent, user } = await newClient(t, 'Arrepentida');
      const reference = await buy(agent, (await ochoClases()).id);
      // The OXXO ticket is still unpaid: the deletion lists it, and the client confirms losing it.
      const pending = await agent.post('/api/informacion/delete-account').send({ password: 'clave-segura-1' });
      expect(pending.status).toBe(409);
      expect(pending.body.code).toBe('DELETION_PENDING_ITEMS');
      await agent
        .post('/api/informacion/delete-account')
        .send({ password: 'clave-segura-1', confirmForfeit: true })
        .expect(200);
      await t.app.get(NotificationsService).settled();
      const mailsBefore = await outboxCount(t);

      // Paid the next day: Mercado Pago approves it and notifies twice.
      approve('900090', reference);
      await Promise.all([notify('900090'), notify('900090')]);
      await settled();

      expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(0);
      expect(await purchase(reference)).toMatchObject({
        status: 'refunded',
        issue: 'account_deleted',
        refundedCents: 1_564_00,
        userPlanId: null,
      });
      // One refund at Mercado Pago, of the whole payment, whichever notification made it.
      const refunds = mp.refundRequests().filter((r) => r.path === '/v1/payments/900090/refunds');
      expect(new Set(refunds.map((r) => r.idempotencyKey)).size).toBe(1);
      expect(mp.payments.get('900090')!.status).toBe('refunded');
      // Nobody to mail: the deleted account's address is never written to.
      await t.app.get(NotificationsService).settled();
      const [{ n }] = await t.dataSource.query(
        `SELECT COUNT(*) AS n FROM notification_deliveries d JOIN notification_events e ON e.id = d.event_id
         WHERE d.channel = 'email' AND e.recipient_email LIKE '%.invalid'`,
      );
      expect(Number(n)).toBe(0);
      expect(await outboxCount(t)).toBe(mailsBefore);
    });

    it('should still settle a purchase made with an old numeric external_reference', async () => {
      const { user } = await newClient(t);
      const plan = await ochoClases();
      const inserted = await t.dataSource.getRepository(Payment).insert({
        userId: user.id,
        planId: plan.id,
        planName: plan.name,
        classCount: plan.classCount,
        priceCents: 1_500_00,
        commissionCents: 64_00,
        totalCents: 1_564_00,
        status: 'created',
        createdAt: NOW,
      });
      const id = Number(inserted.identifiers[0].id);
      approve('900040', String(id));
      await notifyAndSettle('900040');
      expect(await t.dataSource.getRepository(Payment).findOneByOrFail({ id })).toMatchObject({
        status: 'approved',
        userPlanId: expect.any(Number),
      });
    });
  });

  describe('returning from the checkout', () => {
    it("should confirm the buyer's payment before the webhook arrives, and refuse someone else's", async () => {
      const { agent, user } = await newClient(t);
      const reference = await buy(agent, (await ochoClases()).id);
      approve('900005', reference);
      const res = await agent.post('/api/mercadopago/confirm').send({ payment_id: '900005' }).expect(200);
      expect(res.body.purchase).toMatchObject({
        id: (await purchase(reference)).id,
        plan: 'Ocho Clases',
        status: 'approved',
        total: 1564,
      });
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
      approve('900006', paid);
      const abandoned = await buy(agent, (await ochoClases()).id);

      const service = t.app.get(PaymentsService);
      clock.set(new Date(NOW.getTime() + 10 * 60_000));
      await service.reconcile();
      expect((await purchase(paid)).status).toBe('created');

      // Four days on: past 15 minutes and past the three-day cash deadline.
      clock.set(new Date(NOW.getTime() + 4 * 24 * 3600_000));
      await Promise.all([service.reconcile(), service.reconcile()]);
      expect(await purchase(paid)).toMatchObject({ status: 'approved' });
      expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(1);
      expect((await purchase(abandoned)).status).toBe('expired');
    });

    it('should reach a new purchase behind 150 abandoned checkouts (never-checked first)', async () => {
      const { agent } = await newClient(t);
      // The abandoned ones are someone else's: one client can hold only CHECKOUT_MAX_OPEN open.
      const { user } = await newClient(t);
      const plan = await ochoClases();
      const start = new Date(NOW.getTime() + 10 * 24 * 3600_000);
      clock.set(start);
      await t.dataSource.getRepository(Payment).insert(
        Array.from({ length: 150 }, (_, i) => ({
          userId: user.id,
          planId: plan.id,
          planName: plan.name,
          classCount: plan.classCount,
          priceCents: 1_500_00,
          commissionCents: 64_00,
          totalCents: 1_564_00,
          reference: `pilates-00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          status: 'created' as const,
          // Cash deadline not reached: they stay open, checked again and again.
          expiresAt: new Date(start.getTime() + 3 * 24 * 3600_000),
          createdAt: new Date(start.getTime() - 60 * 60_000),
        })),
      );
      const service = t.app.get(PaymentsService);
      await service.reconcile();
      const reference = await buy(agent, plan.id);
      approve('900050', reference);

      for (const minutes of [16, 32]) {
        clock.set(new Date(start.getTime() + minutes * 60_000));
        await service.reconcile();
      }
      expect(await purchase(reference)).toMatchObject({ status: 'approved', userPlanId: expect.any(Number) });
    });

    it('should revoke, in the daily re-check, a plan whose refund notification never arrived', async () => {
      const { agent, user } = await newClient(t);
      const reference = await buy(agent, (await ochoClases()).id);
      approve('900060', reference);
      await notifyAndSettle('900060');
      mp.setPayment({
        ...mp.payments.get('900060')!,
        status: 'refunded',
        status_detail: 'refunded',
        transaction_amount_refunded: 1564,
      });

      clock.set(new Date(NOW.getTime() + 24 * 3600_000));
      const service = t.app.get(PaymentsService);
      const [first, second] = await Promise.all([service.recheckApproved(), service.recheckApproved()]);
      expect(first + second).toBeGreaterThanOrEqual(1);
      expect(await purchase(reference)).toMatchObject({ status: 'refunded' });
      expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ userId: user.id })).toMatchObject({
        isPaid: false,
        revokedAt: expect.any(Date),
      });
    });
  });

  describe('refunds from the admin screen', () => {
    const refundsOf = (providerPaymentId: string) =>
      mp.refundRequests().filter((r) => r.path === `/v1/payments/${providerPaymentId}/refunds`);
    /** The refund mails written to the outbox for a user, oldest first, rendered. */
    const refundMailsOf = async (userId: number) => {
      const rows = await t.dataSource
        .getRepository(NotificationEventRow)
        .find({ where: { type: 'payment.refunded', recipientUserId: userId }, order: { id: 'ASC' } });
      return rows.map((row) => ({
        payload: row.payload,
        mail: t.app.get(EmailChannel).render({
          type: row.type,
          to: { userId: row.recipientUserId, email: row.recipientEmail, name: row.recipientName },
          payload: row.payload,
        } as NotificationEvent),
      }));
    };

    it('should refund in part (plan kept), then the rest (plan revoked), once per double click, audited', async () => {
      const { agent, user } = await newClient(t);
      const reference = await buy(agent, (await ochoClases()).id);
      approve('900070', reference);
      await notifyAndSettle('900070');
      const { id } = await purchase(reference);
      const admin = await adminAgent(t);

      // A double click: two identical requests at once, one refund at Mercado Pago.
      const click = { paymentId: id, amount: 500, idempotencyKey: randomUUID() };
      const clicks = await Promise.all([
        admin.post('/api/admin/refund-payment').send(click),
        admin.post('/api/admin/refund-payment').send(click),
      ]);
      // The same click repeated later (a retry) refunds nothing more either.
      await admin.post('/api/admin/refund-payment').send(click).expect(200);
      expect(clicks.map((c) => c.status)).toEqual([200, 200]);
      expect(clicks[0].body).toMatchObject({
        success: true,
        message: 'Reembolso hecho',
        purchase: { id, status: 'approved', statusDetail: 'partially_refunded', refunded: 500, refundable: 1064 },
      });
      const partial = refundsOf('900070');
      expect(partial).toHaveLength(3);
      // One mail for the one refund, however often it was asked for: the plan stays.
      const [partialMail, ...noMore] = await refundMailsOf(user.id);
      expect(noMore).toEqual([]);
      expect(partialMail.payload).toMatchObject({
        purchase: { id },
        amountCents: 500_00,
        refundedCents: 500_00,
        plan: 'kept',
      });
      expect(partialMail.mail.subject).toBe('Te reembolsamos parte de tu compra');
      expect(partialMail.mail.text).toContain('Te reembolsamos $500.00 de tu plan Ocho Clases (8 clases)');
      expect(partialMail.mail.text).toContain('Tu plan sigue activo con las clases que te quedan');
      expect(partial[0].body).toEqual({ amount: 500 });
      expect(partial[0].idempotencyKey).toBeTruthy();
      expect(partial[1].idempotencyKey).toBe(partial[0].idempotencyKey);
      expect(partial[2].idempotencyKey).toBe(partial[0].idempotencyKey);
      expect(mp.payments.get('900070')!.transaction_amount_refunded).toBe(500);
      const planId = (await purchase(reference)).userPlanId!;
      expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: planId })).toMatchObject({
        isPaid: true,
        revokedAt: null,
      });

      const rest = await admin.post('/api/admin/refund-payment').send({ paymentId: id }).expect(200);
      expect(rest.body.purchase).toMatchObject({ status: 'refunded', refunded: 1564, refundable: 0 });
      expect(refundsOf('900070')[3].body).toEqual({});
      expect(refundsOf('900070')[3].idempotencyKey).not.toBe(partial[0].idempotencyKey);
      expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: planId })).toMatchObject({
        isPaid: false,
        revokedAt: expect.any(Date),
      });
      const audit = await t.dataSource
        .getRepository(AuditLog)
        .findBy({ action: 'payment.refund', entityId: String(id) });
      expect(audit.length).toBeGreaterThanOrEqual(2);
      expect(audit.at(-1)).toMatchObject({
        subjectUserId: user.id,
        after: expect.objectContaining({ status: 'refunded', refunded: 1564 }),
      });

      const again = await admin.post('/api/admin/refund-payment').send({ paymentId: id }).expect(409);
      expect(again.body.code).toBe('PAYMENT_NOT_REFUNDABLE');

      // The rest: a second mail, saying the plan ended and what happens to its classes.
      const mails = await refundMailsOf(user.id);
      expect(mails).toHaveLength(2);
      expect(mails[1].payload).toMatchObject({ amountCents: 1064_00, refundedCents: 1564_00, plan: 'revoked' });
      expect(mails[1].mail.subject).toBe('Te reembolsamos tu compra');
      for (const part of [mails[1].mail.text, mails[1].mail.html]) {
        expect(part).toContain('$1,064.00');
        expect(part).toContain('Ocho Clases');
        expect(part).toContain('Tu plan quedó cancelado: ya no puedes reservar clases con él.');
        expect(part).toContain('https://estudio.example/pilates/clases?ver=planes');
      }
    });

    it('should bind an idempotency key to its payment and amount: another amount or payment is a 409 refunding nothing', async () => {
      const { agent } = await newClient(t);
      const first = await buy(agent, (await ochoClases()).id);
      const second = await buy(agent, (await ochoClases()).id);
      approve('900095', first);
      approve('900096', second);
      await notifyAndSettle('900095');
      await notifyAndSettle('900096');
      const a = (await purchase(first)).id;
      const b = (await purchase(second)).id;
      const admin = await adminAgent(t);
      const key = randomUUID();

      await admin
        .post('/api/admin/refund-payment')
        .send({ paymentId: a, amount: 500, idempotencyKey: key })
        .expect(200);
      const reused = [
        { paymentId: a, amount: 600, idempotencyKey: key },
        { paymentId: a, idempotencyKey: key },
        { paymentId: b, amount: 500, idempotencyKey: key },
      ];
      for (const body of reused) {
        const res = await admin.post('/api/admin/refund-payment').send(body);
        expect({ body, status: res.status, answer: res.body }).toEqual({
          body,
          status: 409,
          answer: {
            success: false,
            code: 'REFUND_KEY_REUSED',
            error:
              'Esta solicitud de reembolso ya se usó con otro pago u otro monto: no se reembolsó nada. Cierra el diálogo y vuelve a abrirlo.',
          },
        });
      }
      expect(refundsOf('900095')).toHaveLength(1);
      expect(refundsOf('900096')).toHaveLength(0);
      expect(mp.payments.get('900095')!.transaction_amount_refunded).toBe(500);
      // The same request again is the same refund.
      await admin
        .post('/api/admin/refund-payment')
        .send({ paymentId: a, amount: 500, idempotencyKey: key })
        .expect(200);
      expect(mp.payments.get('900095')!.transaction_amount_refunded).toBe(500);

      // One fresh key sent at once with two amounts: the first to arrive takes it, the other is refused.
      const raced = randomUUID();
      const answers = await Promise.all(
        [100, 200].map((amount) =>
          admin.post('/api/admin/refund-payment').send({ paymentId: b, amount, idempotencyKey: raced }),
        ),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
      expect(refundsOf('900096')).toHaveLength(1);

      // A null or zero amount is refused before anything happens.
      for (const amount of [null, 0]) {
        const res = await admin
          .post('/api/admin/refund-payment')
          .send({ paymentId: a, amount, idempotencyKey: randomUUID() })
          .expect(400);
        expect(res.body.error).toEqual({ amount: ['El monto debe ser un número mayor que 0 con hasta dos decimales'] });
      }
      expect(refundsOf('900095')).toHaveLength(2);
      expect(await purchase(first)).toMatchObject({ status: 'approved', refundedCents: 500_00 });
    });

    it('should refuse a refund larger than what is left, an unpaid purchase, bad input and non-admins', async () => {
      const { agent } = await newClient(t);
      const reference = await buy(agent, (await ochoClases()).id);
      const admin = await adminAgent(t);
      const { id } = await purchase(reference);
      expect((await admin.post('/api/admin/refund-payment').send({ paymentId: id }).expect(409)).body.code).toBe(
        'PAYMENT_NOT_REFUNDABLE',
      );
      approve('900080', reference);
      await notifyAndSettle('900080');
      const tooMuch = await admin.post('/api/admin/refund-payment').send({ paymentId: id, amount: 2000 }).expect(400);
      expect(tooMuch.body).toEqual({
        success: false,
        code: 'REFUND_TOO_LARGE',
        error: 'El monto a reembolsar es mayor que lo que queda por reembolsar de este pago.',
      });
      expect((await admin.post('/api/admin/refund-payment').send({ paymentId: 999999 }).expect(404)).body.code).toBe(
        'PAYMENT_NOT_FOUND',
      );
      for (const body of [
        { paymentId: id, amount: 0 },
        { paymentId: id, amount: 1.234 },
        { paymentId: 'x' },
        { paymentId: id, amount: 1e9 },
      ]) {
        expect((await admin.post('/api/admin/refund-payment').send(body).expect(400)).body.code).toBe(
          'VALIDATION_ERROR',
        );
      }
      await agent.post('/api/admin/refund-payment').send({ paymentId: id }).expect(403);
      expect(refundsOf('900080')).toHaveLength(0);
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

describe('Mercado Pago in production: only live payments grant plans', () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);
  const mp = new FakeMercadoPago();

  beforeAll(async () => {
    mp.install();
    t = await createTestApp({
      clock,
      env: {
        NODE_ENV: 'production',
        APP_URL: 'https://estudio.example',
        MP_ACCESS_TOKEN: 'APP_USR-token',
        MP_WEBHOOK_SECRET: SECRET,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    mp.uninstall();
  });

  it('should refuse a test-mode (live_mode false) payment and grant a live one', async () => {
    const service = t.app.get(PaymentsService);
    const { user } = await newClient(t);
    const plan = await t.dataSource.getRepository(Plan).findOneByOrFail({ name: 'Una Clase' });
    const make = async (reference: string) =>
      t.dataSource.getRepository(Payment).insert({
        userId: user.id,
        planId: plan.id,
        planName: plan.name,
        classCount: 1,
        priceCents: 220_00,
        commissionCents: 0,
        totalCents: 220_00,
        reference,
        status: 'created',
        createdAt: NOW,
      });
    const testRef = 'pilates-11111111-1111-4111-8111-111111111111';
    const liveRef = 'pilates-22222222-2222-4222-8222-222222222222';
    await make(testRef);
    await make(liveRef);
    const paid = {
      status: 'approved',
      status_detail: 'accredited',
      transaction_amount: 220,
      date_approved: NOW.toISOString(),
    };
    mp.setPayment({ id: '910001', external_reference: testRef, live_mode: false, ...paid });
    mp.setPayment({ id: '910002', external_reference: liveRef, live_mode: true, ...paid });
    expect(await service.syncProviderPayment('910001')).toMatchObject({ issue: 'not_live', userPlanId: null });
    expect(await service.syncProviderPayment('910002')).toMatchObject({ issue: null, userPlanId: expect.any(Number) });
  });
});
