import { GiftCard } from '../src/gift-cards/entities/gift-card.entity';
import { Payment } from '../src/payments/entities/payment.entity';
import { PaymentNotificationsService } from '../src/payments/payment-notifications.service';
import { Plan } from '../src/planes/entities/plan.entity';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { PromoCode } from '../src/promo-codes/entities/promo-code.entity';
import { adminAgent, newClient } from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';

interface SentNotification {
  url: URL;
  headers: Headers;
  body: Record<string, unknown>;
}

describe('the simulated checkout (no MP_ACCESS_TOKEN outside production)', () => {
  let t: TestApp;
  let spy: jest.SpyInstance;
  const sent: SentNotification[] = [];

  beforeAll(async () => {
    // The simulated checkout posts its notification to APP_URL: catch it there, to replay it here.
    const realFetch = globalThis.fetch;
    spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.hostname !== 'estudio.test') return realFetch(input, init);
      sent.push({ url, headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) });
      return new Response(JSON.stringify({ success: true }), { status: 200 });
    });
    t = await createTestApp({ env: { APP_URL: 'http://estudio.test' } });
  });
  afterAll(async () => {
    await t.close();
    spy.mockRestore();
  });

  it('should send the buyer to a "Modo de prueba" page that approves and returns like Mercado Pago', async () => {
    const { agent, user } = await newClient(t);
    const plan = await t.dataSource.getRepository(Plan).findOneByOrFail({ name: 'Cuatro Clases' });
    const res = await agent.post('/api/mercadopago').send({ planId: plan.id }).expect(200);
    const checkout = new URL(res.body.url);
    expect(checkout.pathname).toMatch(/^\/api\/mercadopago\/simulador\/pilates-[0-9a-f-]{36}$/);

    const page = await agent.get(checkout.pathname).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Modo de prueba');
    expect(page.text).toContain('$800.00');

    // Someone else cannot open or pay this purchase; a guessed number finds nothing.
    const stranger = await newClient(t);
    await stranger.agent.get(checkout.pathname).expect(404);
    await agent.get('/api/mercadopago/simulador/1').expect(404);

    const paid = await agent.get(`${checkout.pathname}/pagar?resultado=approved`).expect(302);
    const back = new URL(paid.headers.location as string);
    expect(back.pathname).toBe('/pilates/clases');
    expect(back.searchParams.get('pago')).toBe('aprobado');
    const paymentId = back.searchParams.get('payment_id')!;

    // What the simulated checkout sent is Mercado Pago's notification, with a millisecond ts.
    expect(sent).toHaveLength(1);
    const [notification] = sent;
    expect(notification.url.pathname).toBe('/api/mercadopago/webhook');
    expect(Object.fromEntries(notification.url.searchParams)).toEqual({ 'data.id': paymentId, type: 'payment' });
    expect(notification.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(notification.headers.get('x-signature')).toMatch(/^ts=\d{13},v1=[0-9a-f]{64}$/);
    expect(Object.keys(notification.body).sort()).toEqual(
      ['action', 'api_version', 'data', 'date_created', 'id', 'live_mode', 'type', 'user_id'].sort(),
    );
    expect(notification.body).toMatchObject({ action: 'payment.created', type: 'payment', data: { id: paymentId } });

    // Delivered to the webhook, it passes the signature check and grants the plan.
    await t
      .http()
      .post(`${notification.url.pathname}${notification.url.search}`)
      .set('x-signature', notification.headers.get('x-signature')!)
      .set('x-request-id', notification.headers.get('x-request-id')!)
      .send(notification.body)
      .expect(200);
    await t.app.get(PaymentNotificationsService).settled();
    expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ userId: user.id })).toMatchObject({
      planName: 'Cuatro Clases',
      classesRemaining: 4,
      isPaid: true,
    });

    // The return page confirms it too, without a second plan.
    await agent.post('/api/mercadopago/confirm').send({ payment_id: paymentId }).expect(200);
    expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(1);
    await agent.get(`${checkout.pathname}/pagar?resultado=gratis`).expect(400);
  });

  it('should let an admin refund a simulated purchase, and revoke its plan', async () => {
    const { agent, user } = await newClient(t);
    const plan = await t.dataSource.getRepository(Plan).findOneByOrFail({ name: 'Una Clase' });
    const res = await agent.post('/api/mercadopago').send({ planId: plan.id }).expect(200);
    const paid = await agent.get(`${new URL(res.body.url).pathname}/pagar?resultado=approved`).expect(302);
    const paymentId = new URL(paid.headers.location as string).searchParams.get('payment_id')!;
    await agent.post('/api/mercadopago/confirm').send({ payment_id: paymentId }).expect(200);
    const purchase = await t.dataSource.getRepository(Payment).findOneByOrFail({ providerPaymentId: paymentId });

    const admin = await adminAgent(t);
    const refunded = await admin.post('/api/admin/refund-payment').send({ paymentId: purchase.id }).expect(200);
    expect(refunded.body.purchase).toMatchObject({ status: 'refunded', refunded: 220, refundable: 0 });
    expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ userId: user.id })).toMatchObject({
      isPaid: false,
      revokedAt: expect.any(Date),
    });
  });

  it('should charge the discounted total of a promo code in the simulated checkout and grant the plan', async () => {
    const { agent, user } = await newClient(t);
    const plan = await t.dataSource.getRepository(Plan).findOneByOrFail({ name: 'Cuatro Clases' });
    const codes = t.dataSource.getRepository(PromoCode);
    const code = await codes.save(
      codes.create({
        code: 'SIMULADO25',
        kind: 'percent',
        value: 25,
        validFrom: '2000-01-01',
        validTo: '2999-12-31',
        maxUses: 5,
        maxUsesPerClient: 1,
        planIds: null,
        newClientsOnly: false,
        active: true,
      }),
    );
    const res = await agent.post('/api/mercadopago').send({ planId: plan.id, code: 'simulado25' }).expect(200);
    const checkout = new URL(res.body.url);
    expect((await agent.get(checkout.pathname).expect(200)).text).toContain('$600.00');
    const before = sent.length;
    await agent.get(`${checkout.pathname}/pagar?resultado=approved`).expect(302);
    const notification = sent[before];
    await t
      .http()
      .post(`${notification.url.pathname}${notification.url.search}`)
      .set('x-signature', notification.headers.get('x-signature')!)
      .set('x-request-id', notification.headers.get('x-request-id')!)
      .send(notification.body)
      .expect(200);
    await t.app.get(PaymentNotificationsService).settled();
    const payment = await t.dataSource.getRepository(Payment).findOneByOrFail({ userId: user.id });
    expect(payment).toMatchObject({
      promoCodeId: code.id,
      discountCents: 200_00,
      totalCents: 600_00,
      paidCents: 600_00,
      status: 'approved',
      issue: null,
    });
    expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(1);
  });

  it("should show a gift card's checkout to its buyer only, and make the card when approved there", async () => {
    const { agent, user } = await newClient(t);
    const res = await agent
      .post('/api/gift-cards/buy')
      .send({
        amount: 1000,
        recipientName: 'Lucía Pérez',
        recipientEmail: 'lucia.simulada@example.com',
        message: '¡Feliz cumpleaños!',
        // This app runs on the real clock: a month from now, in any zone.
        deliverOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      })
      .expect(200);
    const checkout = new URL(res.body.url);
    expect(checkout.pathname).toMatch(/^\/api\/mercadopago\/simulador\/pilates-[0-9a-f-]{36}$/);
    const page = await agent.get(checkout.pathname).expect(200);
    expect(page.text).toContain('Modo de prueba');
    expect(page.text).toContain('Tarjeta de regalo');
    // This app charges no commission: the card's amount is its total.
    expect(page.text).toContain('Total: $1,000.00');

    const stranger = await newClient(t);
    await stranger.agent.get(checkout.pathname).expect(404);
    await stranger.agent.get(`${checkout.pathname}/pagar?resultado=approved`).expect(404);

    const before = sent.length;
    const paid = await agent.get(`${checkout.pathname}/pagar?resultado=approved`).expect(302);
    const back = new URL(paid.headers.location as string);
    expect(back.pathname).toBe('/pilates/tarjeta-de-regalo');
    expect(back.searchParams.get('pago')).toBe('aprobado');
    const notification = sent[before];
    await t
      .http()
      .post(`${notification.url.pathname}${notification.url.search}`)
      .set('x-signature', notification.headers.get('x-signature')!)
      .set('x-request-id', notification.headers.get('x-request-id')!)
      .send(notification.body)
      .expect(200);
    await t.app.get(PaymentNotificationsService).settled();
    const card = await t.dataSource.getRepository(GiftCard).findOneByOrFail({ buyerId: user.id });
    expect(card).toMatchObject({ status: 'paid', amountCents: 1_000_00, totalCents: 1_000_00 });
    expect(card.code).not.toBeNull();
  });
});
