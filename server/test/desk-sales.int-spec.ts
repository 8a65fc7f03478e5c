import { randomUUID } from 'node:crypto';
import { AuditLog } from '../src/core/audit/audit-log.entity';
import { FixedClock } from '../src/core/clock/clock';
import { Payment } from '../src/payments/entities/payment.entity';
import { PaymentsService } from '../src/payments/payments.service';
import { Plan } from '../src/planes/entities/plan.entity';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { PromoCode } from '../src/promo-codes/entities/promo-code.entity';
import { adminAgent, givePlan, newClient, NOW } from './helpers/booking';
import { CHECKOUT_ENV, FakeMercadoPago } from './helpers/mercadopago';
import { eventsFor, mailsFor } from './helpers/notifications';
import { createTestApp, type TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

/** "11/23/2026…": the CSV's lines as cells (no quoted commas in this file's data). */
const csvRows = (text: string): string[][] =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line.length > 0)
    .map((line) => line.split(','));

describe('desk sales ("Venta en mostrador")', () => {
  let t: TestApp;
  let admin: Agent;
  const clock = new FixedClock(NOW);
  const mp = new FakeMercadoPago();
  let ocho: Plan;
  let intro: Plan;
  let codes = 0;

  beforeAll(async () => {
    mp.install();
    t = await createTestApp({ clock, env: CHECKOUT_ENV });
    admin = await adminAgent(t);
    ocho = await t.dataSource.getRepository(Plan).findOneByOrFail({ name: 'Ocho Clases' });
    intro = await t.dataSource
      .getRepository(Plan)
      .save({ name: 'Clase de prueba', priceCents: 150_00, classCount: 1, intro: true, sortOrder: 0 });
  });
  afterAll(async () => {
    await t.close();
    mp.uninstall();
  });

  const sell = (body: Record<string, unknown>) => admin.post('/api/admin/desk-sales').send(body);
  const paymentOf = (id: number) => t.dataSource.getRepository(Payment).findOneByOrFail({ id });
  /** Every call the app made to Mercado Pago's API (the fake records them all). */
  const mercadoPagoCalls = () => mp.requests.length;

  async function addCode(values: Partial<PromoCode> = {}): Promise<PromoCode> {
    codes++;
    const repo = t.dataSource.getRepository(PromoCode);
    return repo.save(
      repo.create({
        code: `MOSTRADOR${codes}`,
        kind: 'percent',
        value: 10,
        validFrom: '2026-11-01',
        validTo: '2026-11-30',
        maxUses: 1,
        maxUsesPerClient: 1,
        planIds: null,
        newClientsOnly: false,
        active: true,
        ...values,
      }),
    );
  }

  it('should sell a plan paid in cash: an approved desk payment, the plan, the change, a mailed receipt and an audit entry', async () => {
    const calls = mercadoPagoCalls();
    const client = await newClient(t, 'Efectivo');
    const res = await sell({ userId: client.user.id, planId: ocho.id, method: 'efectivo', received: 1600 }).expect(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Venta registrada',
      receipt: {
        clientName: client.user.name,
        clientEmail: client.user.email,
        plan: 'Ocho Clases',
        classCount: 8,
        startDate: '2026-11-23',
        endDate: '2026-12-22',
        price: 1500,
        code: null,
        discount: 0,
        total: 1500,
        method: 'efectivo',
        received: 1600,
        change: 100,
        mailed: true,
      },
    });
    const payment = await paymentOf(res.body.receipt.id);
    expect(payment).toMatchObject({
      userId: client.user.id,
      method: 'efectivo',
      status: 'approved',
      priceCents: 1500_00,
      commissionCents: 0,
      totalCents: 1500_00,
      paidCents: 1500_00,
      receivedCents: 1600_00,
      providerPaymentId: null,
      reference: expect.stringMatching(/^mostrador-[0-9a-f-]{36}$/),
    });
    expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: payment.userPlanId! })).toMatchObject({
      userId: client.user.id,
      planName: 'Ocho Clases',
      classesTotal: 8,
      classesRemaining: 8,
      isPaid: true,
      source: 'payment',
      revokedAt: null,
    });
    // The client sees the plan as any bought plan.
    const plans = await client.agent
      .post('/api/informacion/get-planes')
      .send({ id: client.user.id, pagination: 1, limit: 5 })
      .expect(200);
    expect(JSON.stringify(plans.body)).toContain('Ocho Clases');
    const [receipt] = (await mailsFor(t, client.user.email)).filter(
      (m) => m.subject === 'Recibo de tu plan de Pilates',
    );
    expect(receipt.text).toContain('recibimos $1,600.00 y te dimos $100.00 de cambio');
    expect(receipt.text).toContain(`Venta en mostrador n.º ${payment.id}`);
    const audit = await t.dataSource
      .getRepository(AuditLog)
      .findOneByOrFail({ action: 'payment.desk_sale', entityId: String(payment.id) });
    expect(audit).toMatchObject({
      subjectUserId: client.user.id,
      after: {
        plan: 'Ocho Clases',
        price: 1500,
        total: 1500,
        method: 'efectivo',
        received: 1600,
        change: 100,
        userPlanId: payment.userPlanId,
      },
    });
    // Nothing went to Mercado Pago.
    expect(mercadoPagoCalls()).toBe(calls);
  });

  it('should refuse, in Spanish and with a 4xx, a bad method, a short or different amount, an unknown client or plan', async () => {
    const client = await newClient(t, 'Rechazos');
    const base = { userId: client.user.id, planId: ocho.id, method: 'terminal', received: 1500 };
    const before = await t.dataSource.getRepository(Payment).count();
    const bad = await sell({ ...base, method: 'cheque' }).expect(400);
    expect(bad.body.error).toEqual({ method: ['La forma de pago debe ser efectivo, transferencia o terminal'] });
    const missing = await sell({ ...base, received: undefined }).expect(400);
    expect(missing.body.error.received[0]).toContain('El monto recibido');
    const short = await sell({ ...base, method: 'efectivo', received: 1499.99 }).expect(400);
    expect(short.body).toMatchObject({
      code: 'DESK_AMOUNT_SHORT',
      error: 'El monto recibido es menor que el total de la venta.',
    });
    for (const method of ['terminal', 'transferencia']) {
      const more = await sell({ ...base, method, received: 1500.01 }).expect(400);
      expect(more.body.code).toBe('DESK_AMOUNT_MISMATCH');
      expect(more.body.error).toContain('exactamente el total');
    }
    expect((await sell({ ...base, userId: 999_999 }).expect(404)).body).toMatchObject({
      code: 'USER_NOT_FOUND',
      error: 'No encontramos a ese cliente.',
    });
    expect((await sell({ ...base, planId: 999_999 }).expect(404)).body.code).toBe('PLAN_NOT_FOUND');
    const hidden = await t.dataSource
      .getRepository(Plan)
      .save({ name: 'Plan oculto', priceCents: 100_00, classCount: 1, visible: false, sortOrder: 99 });
    expect((await sell({ ...base, planId: hidden.id, received: 100 }).expect(404)).body.code).toBe('PLAN_NOT_FOUND');
    // A client cannot sell themself a plan.
    await client.agent.post('/api/admin/desk-sales').send(base).expect(403);
    await client.agent
      .post('/api/admin/desk-sales/preview')
      .send({ userId: client.user.id, planId: ocho.id })
      .expect(403);
    expect(await t.dataSource.getRepository(Payment).count()).toBe(before);
  });

  it('should sell by transfer or terminal for exactly the total, and apply a promo code counting its use at once', async () => {
    const code = await addCode();
    const first = await newClient(t, 'Con código');
    const preview = await admin
      .post('/api/admin/desk-sales/preview')
      .send({ userId: first.user.id, planId: ocho.id, code: code.code.toLowerCase() })
      .expect(200);
    expect(preview.body).toEqual({
      success: true,
      priceCents: 1500_00,
      discountCents: 150_00,
      totalCents: 1350_00,
      introEligible: true,
    });
    const sold = await sell({
      userId: first.user.id,
      planId: ocho.id,
      method: 'transferencia',
      received: 1350,
      code: code.code,
    }).expect(200);
    expect(sold.body.receipt).toMatchObject({ code: code.code, discount: 150, total: 1350, change: 0 });
    expect(await paymentOf(sold.body.receipt.id)).toMatchObject({
      promoCodeId: code.id,
      discountCents: 150_00,
      totalCents: 1350_00,
      method: 'transferencia',
    });
    // The code's one use is taken: another client, at the desk or online, is refused.
    const second = await newClient(t, 'Sin código');
    const exhausted = await sell({
      userId: second.user.id,
      planId: ocho.id,
      method: 'terminal',
      received: 1350,
      code: code.code,
    }).expect(409);
    expect(exhausted.body.code).toBe('PROMO_EXHAUSTED');
    await second.agent.post('/api/mercadopago/preview').send({ planId: ocho.id, code: code.code }).expect(409);
    // An unknown code is refused without counting as the client's wrong guess.
    expect(
      (await sell({ userId: second.user.id, planId: ocho.id, method: 'terminal', received: 1500, code: 'NOEXISTE' }))
        .status,
    ).toBe(404);
    const terminal = await sell({ userId: second.user.id, planId: ocho.id, method: 'terminal', received: 1500 });
    expect(terminal.status).toBe(200);
    expect(terminal.body.receipt).toMatchObject({ method: 'terminal', total: 1500, received: 1500, change: 0 });
  });

  it("should hold a code's limit when desk sales race for its last uses", async () => {
    const code = await addCode({ maxUses: 2 });
    const clients = await Promise.all([1, 2, 3, 4, 5].map(() => newClient(t, 'Carrera')));
    const sales = await Promise.all(
      clients.map((c) =>
        sell({ userId: c.user.id, planId: ocho.id, method: 'efectivo', received: 1500, code: code.code }),
      ),
    );
    expect(sales.map((s) => s.status).sort()).toEqual([200, 200, 409, 409, 409]);
    expect(await t.dataSource.getRepository(Payment).countBy({ promoCodeId: code.id, status: 'approved' })).toBe(2);
  });

  it('should sell an intro plan only to a client who may buy it', async () => {
    const fresh = await newClient(t, 'Primera vez');
    expect(
      (await admin.post('/api/admin/desk-sales/preview').send({ userId: fresh.user.id, planId: intro.id }).expect(200))
        .body.introEligible,
    ).toBe(true);
    await sell({ userId: fresh.user.id, planId: intro.id, method: 'efectivo', received: 200 }).expect(200);
    // Once: the same client again is refused, as is a client who already had a plan.
    const again = await sell({ userId: fresh.user.id, planId: intro.id, method: 'efectivo', received: 200 }).expect(
      403,
    );
    expect(again.body.code).toBe('INTRO_NOT_ELIGIBLE');
    expect(again.body.error).toContain('primera vez de un cliente');
    const regular = await newClient(t, 'Con historia');
    await givePlan(t, regular.user.id, { classes: 4 });
    expect(
      (
        await admin
          .post('/api/admin/desk-sales/preview')
          .send({ userId: regular.user.id, planId: intro.id })
          .expect(200)
      ).body.introEligible,
    ).toBe(false);
    await sell({ userId: regular.user.id, planId: intro.id, method: 'terminal', received: 150 }).expect(403);
    // Nor online: the desk's intro sale holds the person's claim.
    expect((await fresh.agent.post('/api/mercadopago').send({ planId: intro.id })).status).toBe(403);
  });

  it('should record one sale for one request key, however often and however concurrently it is sent', async () => {
    const client = await newClient(t, 'Doble clic');
    const body = {
      userId: client.user.id,
      planId: ocho.id,
      method: 'efectivo',
      received: 2000,
      requestKey: randomUUID(),
    };
    const clicks = await Promise.all([sell(body), sell(body), sell(body)]);
    expect(clicks.map((c) => c.status)).toEqual([200, 200, 200]);
    const ids = new Set(clicks.map((c) => c.body.receipt.id));
    expect(ids.size).toBe(1);
    const later = await sell(body).expect(200);
    expect(later.body.receipt).toMatchObject({ id: clicks[0].body.receipt.id, change: 500, startDate: '2026-11-23' });
    expect(await t.dataSource.getRepository(Payment).countBy({ userId: client.user.id })).toBe(1);
    expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: client.user.id })).toBe(1);
    expect((await eventsFor(t, client.user.email)).filter((e) => e.type === 'payment.desk_receipt')).toHaveLength(1);
    // The key with other data is refused, recording nothing.
    const reused = await sell({ ...body, received: 1500 }).expect(409);
    expect(reused.body.code).toBe('DESK_SALE_KEY_REUSED');
    await sell({ ...body, requestKey: 'no-es-uuid' }).expect(400);
  });

  it('should record the refund of a desk sale without calling Mercado Pago: a part keeps the plan, the rest revokes it', async () => {
    const client = await newClient(t, 'Reembolso');
    const sold = await sell({ userId: client.user.id, planId: ocho.id, method: 'efectivo', received: 1500 }).expect(
      200,
    );
    const id = sold.body.receipt.id as number;
    const calls = mercadoPagoCalls();
    const purchases = await admin.post('/api/admin/get-purchases').send({ userId: client.user.id }).expect(200);
    expect(purchases.body.purchases[0]).toMatchObject({ id, method: 'efectivo', received: 1500, refundable: 1500 });

    const click = { paymentId: id, amount: 500, idempotencyKey: randomUUID() };
    const clicks = await Promise.all([
      admin.post('/api/admin/refund-payment').send(click),
      admin.post('/api/admin/refund-payment').send(click),
    ]);
    await admin.post('/api/admin/refund-payment').send(click).expect(200);
    expect(clicks.map((c) => c.status)).toEqual([200, 200]);
    expect(await paymentOf(id)).toMatchObject({
      status: 'approved',
      statusDetail: 'partially_refunded',
      refundedCents: 500_00,
    });
    const userPlanId = (await paymentOf(id)).userPlanId!;
    expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: userPlanId })).toMatchObject({
      isPaid: true,
      revokedAt: null,
    });
    const conflict = await admin
      .post('/api/admin/refund-payment')
      .send({ ...click, amount: 100 })
      .expect(409);
    expect(conflict.body.code).toBe('REFUND_KEY_REUSED');
    expect(
      (await admin.post('/api/admin/refund-payment').send({ paymentId: id, amount: 1000.01 }).expect(400)).body.code,
    ).toBe('REFUND_TOO_LARGE');

    const rest = await admin.post('/api/admin/refund-payment').send({ paymentId: id }).expect(200);
    expect(rest.body.purchase).toMatchObject({ status: 'refunded', refunded: 1500, refundable: 0, method: 'efectivo' });
    expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: userPlanId })).toMatchObject({
      isPaid: false,
      revokedAt: expect.any(Date),
    });
    const again = await admin.post('/api/admin/refund-payment').send({ paymentId: id }).expect(409);
    expect(again.body.code).toBe('PAYMENT_NOT_REFUNDABLE');

    const refundMails = (await eventsFor(t, client.user.email)).filter((e) => e.type === 'payment.refunded');
    expect(refundMails.map((e) => e.payload)).toEqual([
      expect.objectContaining({ amountCents: 500_00, refundedCents: 500_00, plan: 'kept', atDesk: true }),
      expect.objectContaining({ amountCents: 1000_00, refundedCents: 1500_00, plan: 'revoked', atDesk: true }),
    ]);
    const [mail] = (await mailsFor(t, client.user.email)).filter((m) => m.subject === 'Te reembolsamos tu compra');
    expect(mail.text).toContain('el reembolso se entrega en el estudio');
    const audit = await t.dataSource
      .getRepository(AuditLog)
      .find({ where: { action: 'payment.desk_refund', entityId: String(id) }, order: { id: 'ASC' } });
    expect(audit.map((a) => a.after)).toEqual([
      { status: 'approved', refunded: 500, requested: 500, method: 'efectivo' },
      { status: 'refunded', refunded: 1500, requested: 'total', method: 'efectivo' },
    ]);
    // Neither the refunds nor the payment jobs asked Mercado Pago about the desk sale.
    const payments = t.app.get(PaymentsService);
    clock.set(new Date(NOW.getTime() + 3600_000));
    try {
      await payments.reconcile();
      await payments.recheckApproved();
    } finally {
      clock.set(NOW);
    }
    expect(mp.requests.slice(calls).filter((r) => r.path.includes('refunds') || r.path.includes('mostrador'))).toEqual(
      [],
    );
    expect(mercadoPagoCalls()).toBe(calls);
  });

  it('should show the revenue by method on the dashboard and the method in the exports, Mercado Pago figures apart', async () => {
    const period = { from: '2026-11-01', to: '2026-11-30' };
    const dashboard = (await admin.post('/api/admin/dashboard').send(period).expect(200)).body;
    const approved = await t.dataSource.getRepository(Payment).find({ order: { id: 'ASC' } });
    const byMethod = (method: string) => {
      const rows = approved.filter((p) => p.method === method);
      const gross = rows.reduce((s, p) => s + p.totalCents, 0);
      const refunded = rows.reduce((s, p) => s + (p.status === 'approved' ? p.refundedCents : p.totalCents), 0);
      return { method, count: rows.length, grossCents: gross, refundedCents: refunded, netCents: gross - refunded };
    };
    expect(approved.every((p) => p.method !== 'mercado_pago')).toBe(true);
    expect(dashboard.revenueByMethod.methods).toEqual([
      { method: 'mercado_pago', count: 0, grossCents: 0, refundedCents: 0, netCents: 0 },
      byMethod('efectivo'),
      byMethod('transferencia'),
      byMethod('terminal'),
    ]);
    expect(byMethod('efectivo').count).toBeGreaterThanOrEqual(4);
    expect(byMethod('efectivo').refundedCents).toBe(1500_00);
    const deskNet = ['efectivo', 'transferencia', 'terminal'].reduce((s, m) => s + byMethod(m).netCents, 0);
    expect(dashboard.revenueByMethod.deskNetCents).toBe(deskNet);
    expect(dashboard.revenueByMethod.totalNetCents).toBe(deskNet);
    expect(dashboard.revenueByMethod.deskByPlan.map((l: { planName: string }) => l.planName).sort()).toEqual([
      'Clase de prueba',
      'Ocho Clases',
    ]);
    // The Mercado Pago figures hold Mercado Pago only.
    expect(dashboard.revenue).toMatchObject({
      mercadoPagoGrossCents: 0,
      mercadoPagoNetCents: 0,
      mercadoPagoByPlan: [],
    });

    const download = async (kind: string) =>
      csvRows(
        (
          await admin
            .get(`/api/admin/export/${kind}.csv?from=${period.from}&to=${period.to}`)
            .buffer(true)
            .parse((res, done) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
            })
            .expect(200)
        ).body as string,
      );
    const paymentsCsv = await download('payments');
    expect(paymentsCsv[0].slice(13, 15)).toEqual(['Forma de pago', 'Recibido en mostrador (MXN)']);
    const cash = approved.find((p) => p.receivedCents === 1600_00)!;
    expect(paymentsCsv.find((r) => Number(r[0]) === cash.id)!.slice(13, 15)).toEqual(['Efectivo', '1600']);
    expect(new Set(paymentsCsv.slice(1).map((r) => r[13]))).toEqual(
      new Set(['Efectivo', 'Transferencia', 'Tarjeta en terminal']),
    );
    const plansCsv = await download('plans');
    expect(plansCsv[0][13]).toBe('Forma de pago');
    const soldPlan = plansCsv.find((r) => Number(r[0]) === cash.userPlanId)!;
    expect([soldPlan[5], soldPlan[13]]).toEqual(['Venta en mostrador', 'Efectivo']);
  });
});
