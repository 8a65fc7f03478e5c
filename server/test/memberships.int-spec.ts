import { FixedClock } from '../src/core/clock/clock';
import { MembershipCharge } from '../src/payments/entities/membership-charge.entity';
import { Membership } from '../src/payments/entities/membership.entity';
import { MembershipAccountService } from '../src/payments/membership-account.service';
import { PaymentNotificationsService } from '../src/payments/payment-notifications.service';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { NotificationEventRow } from '../src/notifications/entities/notification-event.entity';
import { adminAgent, NOW, newClient } from './helpers/booking';
import { CHECKOUT_ENV, FakeMercadoPago, MP_TEST_SECRET, notifyWebhook } from './helpers/mercadopago';
import { createTestApp, TestApp } from './helpers/test-app';

/** Membresía 3 por semana at $1,200: with the 4 % + $4 commission, $1,252 a month. */
const MONTHLY_MXN = 1252;

describe('memberships charged every month with Mercado Pago subscriptions', () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);
  const mp = new FakeMercadoPago();
  let membershipPlanId: number;
  let unlimitedPlanId: number;
  let chargeSequence = 7_000_000_000;

  beforeAll(async () => {
    mp.install();
    t = await createTestApp({ clock, env: CHECKOUT_ENV });
    const admin = await adminAgent(t);
    const three = await admin
      .post('/api/planes/catalogo/add')
      .send({ name: 'Membresía 3 por semana', price: 1200, kind: 'membership', weeklyLimit: 3 })
      .expect(201);
    membershipPlanId = three.body.plan.id;
    const unlimited = await admin
      .post('/api/planes/catalogo/add')
      .send({ name: 'Membresía ilimitada', price: 1800, kind: 'membership' })
      .expect(201);
    unlimitedPlanId = unlimited.body.plan.id;
  });
  afterAll(async () => {
    await t.close();
    mp.uninstall();
  });
  afterEach(() => {
    clock.set(NOW);
    mp.failWith = null;
  });

  const settled = () => t.app.get(PaymentNotificationsService).settled();
  const notify = async (dataId: string, type: string) => {
    await notifyWebhook(t, dataId, { secret: MP_TEST_SECRET, ts: clock.now().getTime(), at: clock.now(), type }).expect(
      200,
    );
    await settled();
  };
  const membershipOf = (userId: number) => t.dataSource.getRepository(Membership).findOneByOrFail({ userId });
  const planOf = (userId: number) => t.dataSource.getRepository(UserPlan).findOneBy({ userId });

  /** A client subscribed through the API: the preapproval Mercado Pago holds for them. */
  async function subscribe(planId = membershipPlanId) {
    const client = await newClient(t);
    const res = await client.agent.post('/api/mercadopago/subscribe').send({ planId }).expect(200);
    expect(res.body).toEqual({
      success: true,
      url: expect.stringContaining('/subscriptions/checkout?preapproval_id='),
    });
    const preapprovalId = new URL(res.body.url as string).searchParams.get('preapproval_id')!;
    return { ...client, preapprovalId };
  }

  /** Mercado Pago charged the subscription (approved unless told) and notified the charge. */
  async function charge(
    preapprovalId: string,
    changes: { status?: string; transaction_amount?: number; currency_id?: string; id?: number } = {},
  ) {
    const id = changes.id ?? ++chargeSequence;
    mp.setAuthorizedPayment({ id, preapproval_id: preapprovalId, ...changes });
    await notify(String(id), 'subscription_authorized_payment');
    return id;
  }

  it('should list memberships in the catalogue beside the packs, with kind and weekly limit', async () => {
    const res = await t.agent().get('/api/planes/get-planes').expect(200);
    const plans = res.body.planes as {
      name: string;
      kind: string;
      weeklyLimit: number | null;
      dailyLimit: number | null;
      total: number;
    }[];
    expect(plans.find((p) => p.name === 'Cuatro Clases')).toMatchObject({
      kind: 'pack',
      weeklyLimit: null,
      dailyLimit: null,
    });
    expect(plans.find((p) => p.name === 'Membresía 3 por semana')).toMatchObject({
      kind: 'membership',
      weeklyLimit: 3,
      dailyLimit: null,
      total: MONTHLY_MXN,
    });
    // An unlimited membership books the owner's classes a day (Ajustes), as the catalogue says.
    expect(plans.find((p) => p.name === 'Membresía ilimitada')).toMatchObject({
      kind: 'membership',
      weeklyLimit: null,
      dailyLimit: 1,
    });
    const admin = await adminAgent(t);
    await admin.post('/api/admin/settings/change').send({ membershipDailyLimit: 2 }).expect(200);
    try {
      const after = (await t.agent().get('/api/planes/get-planes').expect(200)).body.planes as typeof plans;
      expect(after.find((p) => p.name === 'Membresía ilimitada')).toMatchObject({ dailyLimit: 2 });
    } finally {
      await admin.post('/api/admin/settings/change').send({ membershipDailyLimit: 1 }).expect(200);
    }
  });

  it('should create a monthly MXN subscription at Mercado Pago and start the membership on the first approved charge', async () => {
    const { user, preapprovalId, agent } = await subscribe();
    const request = mp.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/preapproval')).at(-1)!;
    expect(request.body).toMatchObject({
      payer_email: user.email,
      reason: expect.stringContaining('Membresía 3 por semana'),
      external_reference: expect.stringMatching(/^pilates-[0-9a-f-]{36}$/),
      back_url: expect.stringMatching(/^https:\/\/estudio\.example\/pilates\/clases\?ver=planes/),
      auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: MONTHLY_MXN, currency_id: 'MXN' },
    });
    expect(await membershipOf(user.id)).toMatchObject({ status: 'pending', preapprovalId, periodsPaid: 0 });
    expect(await planOf(user.id)).toBeNull();

    // The client authorized the card: the subscription alone does not start the membership.
    mp.setPreapprovalStatus(preapprovalId, 'authorized');
    await notify(preapprovalId, 'subscription_preapproval');
    expect(await membershipOf(user.id)).toMatchObject({ status: 'pending', providerStatus: 'authorized' });

    await charge(preapprovalId);
    expect(await membershipOf(user.id)).toMatchObject({
      status: 'active',
      periodsPaid: 1,
      anchorDate: '2026-11-23',
      paidThrough: '2026-12-22',
    });
    expect(await planOf(user.id)).toMatchObject({
      planName: 'Membresía 3 por semana',
      startDate: '2026-11-23',
      endDate: '2026-12-22',
      isPaid: true,
    });
    // The client's list of plans marks it a membership's (no classes counted).
    const mine = await agent.post('/api/informacion/get-planes').send({}).expect(200);
    expect(mine.body.planes).toEqual([expect.objectContaining({ classes_total: 0, membership: true })]);
  });

  it('should extend the membership exactly once per charge, however often and concurrently it is notified', async () => {
    const { user, preapprovalId } = await subscribe();
    const first = await charge(preapprovalId);
    // The same notification replayed, one after another and all at once.
    await notify(String(first), 'subscription_authorized_payment');
    await Promise.all(
      Array.from({ length: 8 }, () =>
        notifyWebhook(t, String(first), {
          secret: MP_TEST_SECRET,
          ts: clock.now().getTime(),
          at: clock.now(),
          type: 'subscription_authorized_payment',
        }).expect(200),
      ),
    );
    await settled();
    expect(await membershipOf(user.id)).toMatchObject({ periodsPaid: 1, paidThrough: '2026-12-22' });

    // Next month's charge extends by one more period, once, even notified in parallel.
    clock.set(new Date('2026-12-23T12:00:00.000Z'));
    const second = ++chargeSequence;
    mp.setAuthorizedPayment({ id: second, preapproval_id: preapprovalId });
    await Promise.all(
      Array.from({ length: 6 }, () =>
        notifyWebhook(t, String(second), {
          secret: MP_TEST_SECRET,
          ts: clock.now().getTime(),
          at: clock.now(),
          type: 'subscription_authorized_payment',
        }).expect(200),
      ),
    );
    await settled();
    const membership = await membershipOf(user.id);
    expect(membership).toMatchObject({ periodsPaid: 2, paidThrough: '2027-01-22', status: 'active' });
    expect((await planOf(user.id))!.endDate).toBe('2027-01-22');
    expect(await t.dataSource.getRepository(MembershipCharge).countBy({ membershipId: membership.id })).toBe(2);
    expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(1);
  });

  it('should start the membership on an approved retry after a declined first charge', async () => {
    const { user, preapprovalId } = await subscribe();
    const id = await charge(preapprovalId, { status: 'recycling' });
    expect(await membershipOf(user.id)).toMatchObject({ status: 'pending', periodsPaid: 0 });
    expect(await planOf(user.id)).toBeNull();
    // Mercado Pago retried the same charge and it went through.
    await charge(preapprovalId, { id, status: 'processed' });
    expect(await membershipOf(user.id)).toMatchObject({ status: 'active', periodsPaid: 1 });
  });

  it('should let a client whose first charge was declined subscribe again, the first subscription cancelled at Mercado Pago', async () => {
    const { user, agent, preapprovalId } = await subscribe();
    await charge(preapprovalId, { status: 'recycling' });
    const again = await agent.post('/api/mercadopago/subscribe').send({ planId: membershipPlanId }).expect(200);
    const second = new URL(again.body.url as string).searchParams.get('preapproval_id')!;
    expect(second).not.toBe(preapprovalId);
    const rows = await t.dataSource
      .getRepository(Membership)
      .find({ where: { userId: user.id }, order: { id: 'ASC' } });
    expect(rows.map((row) => [row.preapprovalId, row.status])).toEqual([
      [preapprovalId, 'cancelled'],
      [second, 'pending'],
    ]);
    const puts = mp.requests.filter((r) => r.method === 'PUT' && r.path === `/preapproval/${preapprovalId}`);
    expect(puts.map((r) => r.body)).toEqual([{ status: 'cancelled' }]);
    // Once a charge went through, a second subscription is refused (the test below).
    await charge(second);
    expect(
      (await agent.post('/api/mercadopago/subscribe').send({ planId: membershipPlanId }).expect(409)).body.code,
    ).toBe('MEMBERSHIP_ALREADY_ACTIVE');
  });

  it('should make a membership "Pago pendiente" with one mail when a monthly charge fails, and clear it on the approved retry', async () => {
    const { user, preapprovalId } = await subscribe();
    await charge(preapprovalId);
    clock.set(new Date('2026-12-23T12:00:00.000Z'));
    const id = await charge(preapprovalId, { status: 'recycling' });
    await charge(preapprovalId, { id, status: 'recycling' });
    const membership = await membershipOf(user.id);
    expect(membership).toMatchObject({ status: 'past_due', periodsPaid: 1, paidThrough: '2026-12-22' });
    expect(membership.pastDueSince).toEqual(new Date('2026-12-23T12:00:00.000Z'));
    const mails = await t.dataSource
      .getRepository(NotificationEventRow)
      .findBy({ type: 'membership.past_due', recipientUserId: user.id });
    expect(mails).toHaveLength(1);

    clock.set(new Date('2026-12-26T12:00:00.000Z'));
    await charge(preapprovalId, { id, status: 'processed' });
    expect(await membershipOf(user.id)).toMatchObject({
      status: 'active',
      periodsPaid: 2,
      paidThrough: '2027-01-22',
      pastDueSince: null,
    });
  });

  it('should not extend a membership for a charge of another amount or currency', async () => {
    const { user, preapprovalId } = await subscribe();
    await charge(preapprovalId, { transaction_amount: 1 });
    await charge(preapprovalId, { currency_id: 'USD' });
    expect(await membershipOf(user.id)).toMatchObject({ status: 'pending', periodsPaid: 0 });
    const issues = (await t.dataSource.getRepository(MembershipCharge).find({ order: { id: 'DESC' }, take: 2 })).map(
      (c) => c.issue,
    );
    expect(issues.sort()).toEqual(['amount_mismatch', 'currency_mismatch']);
  });

  it('should follow the subscription paused and cancelled at Mercado Pago, and never revive a cancelled one', async () => {
    const { user, preapprovalId } = await subscribe();
    await charge(preapprovalId);
    mp.setPreapprovalStatus(preapprovalId, 'paused');
    await notify(preapprovalId, 'subscription_preapproval');
    expect(await membershipOf(user.id)).toMatchObject({ status: 'paused' });
    mp.setPreapprovalStatus(preapprovalId, 'authorized');
    await notify(preapprovalId, 'subscription_preapproval');
    expect(await membershipOf(user.id)).toMatchObject({ status: 'active' });
    mp.setPreapprovalStatus(preapprovalId, 'cancelled');
    await notify(preapprovalId, 'subscription_preapproval');
    mp.setPreapprovalStatus(preapprovalId, 'authorized');
    await notify(preapprovalId, 'subscription_preapproval');
    expect(await membershipOf(user.id)).toMatchObject({ status: 'cancelled', paidThrough: '2026-12-22' });
    // The plan keeps the period paid.
    expect((await planOf(user.id))!.endDate).toBe('2026-12-22');
  });

  it('should refuse a second membership while one holds the client, a pack as a membership, and a membership as a pack', async () => {
    const { agent, preapprovalId } = await subscribe(unlimitedPlanId);
    await charge(preapprovalId, { transaction_amount: 1876 });
    const again = await agent.post('/api/mercadopago/subscribe').send({ planId: membershipPlanId }).expect(409);
    expect(again.body.code).toBe('MEMBERSHIP_ALREADY_ACTIVE');
    const packs = (await t.agent().get('/api/planes/get-planes').expect(200)).body.planes as {
      id: number;
      kind: string;
    }[];
    const pack = packs.find((p) => p.kind === 'pack')!;
    expect((await agent.post('/api/mercadopago/subscribe').send({ planId: pack.id }).expect(400)).body.code).toBe(
      'NOT_A_MEMBERSHIP',
    );
    const asPack = await agent.post('/api/mercadopago').send({ planId: membershipPlanId }).expect(400);
    expect(asPack.body.code).toBe('MEMBERSHIP_ONLY_BY_SUBSCRIPTION');
  });

  it('should ignore a charge of a subscription that is not ours', async () => {
    mp.preapprovals.set('2c93808400000000000000000000beef', {
      id: '2c93808400000000000000000000beef',
      status: 'authorized',
      external_reference: 'otra-tienda-1',
      auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: MONTHLY_MXN, currency_id: 'MXN' },
    });
    const before = await t.dataSource.getRepository(MembershipCharge).count();
    await charge('2c93808400000000000000000000beef');
    expect(await t.dataSource.getRepository(MembershipCharge).count()).toBe(before);
  });
});

describe('the simulated subscription (no MP_ACCESS_TOKEN outside production)', () => {
  let t: TestApp;
  const simulatedClock = new FixedClock(NOW);
  let spy: jest.SpyInstance;
  const sent: { url: URL; headers: Headers; body: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    // The simulator posts its notifications to APP_URL: caught there, delivered to the webhook here.
    const realFetch = globalThis.fetch;
    spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.hostname !== 'estudio.test') return realFetch(input, init);
      sent.push({ url, headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) });
      return new Response(JSON.stringify({ success: true }), { status: 200 });
    });
    t = await createTestApp({ clock: simulatedClock, env: { APP_URL: 'http://estudio.test' } });
  });
  afterAll(async () => {
    await t.close();
    spy.mockRestore();
  });

  /** Delivers what the simulator sent since `from` to the real webhook, as Mercado Pago would. */
  async function deliver(from: number) {
    for (const notification of sent.slice(from)) {
      await t
        .http()
        .post(`${notification.url.pathname}${notification.url.search}`)
        .set('x-signature', notification.headers.get('x-signature')!)
        .set('x-request-id', notification.headers.get('x-request-id')!)
        .send(notification.body)
        .expect(200);
    }
    await t.app.get(PaymentNotificationsService).settled();
  }

  it('should authorize the card with an approved first charge, then run next month declined and approved, through the real webhook', async () => {
    const admin = await adminAgent(t);
    const plan = await admin
      .post('/api/planes/catalogo/add')
      .send({ name: 'Membresía simulada', price: 1000, kind: 'membership', weeklyLimit: 2 })
      .expect(201);
    const { agent, user } = await newClient(t);
    const res = await agent.post('/api/mercadopago/subscribe').send({ planId: plan.body.plan.id }).expect(200);
    const page = new URL(res.body.url as string);
    expect(page.pathname).toMatch(/^\/api\/mercadopago\/simulador\/pilates-[0-9a-f-]{36}$/);
    const html = (await agent.get(page.pathname).expect(200)).text;
    expect(html).toContain('Suscripción simulada');
    expect(html).toContain('Primer cobro rechazado');
    // Someone else cannot see nor pay it.
    await (await newClient(t)).agent.get(page.pathname).expect(404);

    let from = sent.length;
    const declined = await agent.get(`${page.pathname}/pagar?resultado=rejected`).expect(302);
    expect(new URL(declined.headers.location as string).searchParams.get('preapproval_id')).toMatch(/^sim-sub-/);
    await deliver(from);
    expect(await t.dataSource.getRepository(Membership).findOneByOrFail({ userId: user.id })).toMatchObject({
      status: 'pending',
      periodsPaid: 0,
    });

    from = sent.length;
    await agent.get(`${page.pathname}/pagar?resultado=approved`).expect(302);
    // The subscription became authorized, and its charge was made: both notified in the real shape.
    const notices = sent.slice(from);
    expect(notices.map((n) => n.url.searchParams.get('type'))).toEqual([
      'subscription_preapproval',
      'subscription_authorized_payment',
    ]);
    for (const notice of notices) {
      expect(notice.headers.get('x-signature')).toMatch(/^ts=\d{13},v1=[0-9a-f]{64}$/);
      expect(Object.keys(notice.body).sort()).toEqual(
        ['action', 'application_id', 'data', 'date', 'entity', 'id', 'type', 'version'].sort(),
      );
    }
    await deliver(from);
    expect(await t.dataSource.getRepository(Membership).findOneByOrFail({ userId: user.id })).toMatchObject({
      status: 'active',
      periodsPaid: 1,
    });

    // The page now offers next month's charge.
    expect((await agent.get(page.pathname).expect(200)).text).toContain('Cobro del mes siguiente');
    from = sent.length;
    await agent.get(`${page.pathname}/pagar?resultado=rejected`).expect(302);
    await deliver(from);
    expect(await t.dataSource.getRepository(Membership).findOneByOrFail({ userId: user.id })).toMatchObject({
      status: 'past_due',
      periodsPaid: 1,
    });
    from = sent.length;
    await agent.get(`${page.pathname}/pagar?resultado=approved`).expect(302);
    await deliver(from);
    expect(await t.dataSource.getRepository(Membership).findOneByOrFail({ userId: user.id })).toMatchObject({
      status: 'active',
      periodsPaid: 2,
    });
    await agent.get(`${page.pathname}/pagar?resultado=gratis`).expect(400);
  });

  it('should pause and resume the simulated subscription on the days of the pause, confirmed by its notifications through the real webhook', async () => {
    const admin = await adminAgent(t);
    const plan = await admin
      .post('/api/planes/catalogo/add')
      .send({ name: 'Membresía con pausa', price: 1000, kind: 'membership', weeklyLimit: 2 })
      .expect(201);
    const { agent, user } = await newClient(t);
    const res = await agent.post('/api/mercadopago/subscribe').send({ planId: plan.body.plan.id }).expect(200);
    const page = new URL(res.body.url as string);
    let from = sent.length;
    await agent.get(`${page.pathname}/pagar?resultado=approved`).expect(302);
    await deliver(from);
    const membership = () => t.dataSource.getRepository(Membership).findOneByOrFail({ userId: user.id });
    expect(await membership()).toMatchObject({ status: 'active', paidThrough: '2026-12-22' });

    await agent.post('/api/informacion/membership/pause').send({ from: '2026-12-01', to: '2026-12-10' }).expect(200);
    expect(await membership()).toMatchObject({ status: 'active', paidThrough: '2027-01-01' });
    const jobs = t.app.get(MembershipAccountService);
    try {
      simulatedClock.set(new Date('2026-12-01T15:00:00.000Z'));
      from = sent.length;
      await jobs.applyPauses();
      expect(sent.slice(from).map((n) => n.url.searchParams.get('type'))).toEqual(['subscription_preapproval']);
      await deliver(from);
      expect(await membership()).toMatchObject({ status: 'paused', providerStatus: 'paused' });

      simulatedClock.set(new Date('2026-12-11T15:00:00.000Z'));
      from = sent.length;
      await jobs.applyPauses();
      await deliver(from);
      expect(await membership()).toMatchObject({ status: 'active', providerStatus: 'authorized' });
    } finally {
      simulatedClock.set(NOW);
    }
  });
});
