import { PromoCodeAttempt } from '../src/promo-codes/entities/promo-code-attempt.entity';
import { PromoCode } from '../src/promo-codes/entities/promo-code.entity';
import { FixedClock } from '../src/core/clock/clock';
import { Payment } from '../src/payments/entities/payment.entity';
import { PaymentNotificationsService } from '../src/payments/payment-notifications.service';
import { PaymentsService } from '../src/payments/payments.service';
import { Plan } from '../src/planes/entities/plan.entity';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { givePlan, NOW, newClient } from './helpers/booking';
import {
  approvedPayment,
  CHECKOUT_ENV,
  FakeMercadoPago,
  MP_TEST_SECRET as SECRET,
  notifyWebhook,
} from './helpers/mercadopago';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

describe('promo codes at checkout', () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);
  const mp = new FakeMercadoPago();
  let codeCount = 0;

  beforeAll(async () => {
    mp.install();
    // 50 parallel checkouts of one client each: no per-client checkout limit in the way.
    t = await createTestApp({ clock, env: { ...CHECKOUT_ENV, CHECKOUT_MAX_OPEN: '50', CHECKOUT_MAX_PER_HOUR: '500' } });
  });
  afterAll(async () => {
    await t.close();
    mp.uninstall();
  });
  afterEach(async () => {
    clock.set(NOW);
    await t.dataSource.getRepository(PromoCodeAttempt).clear();
  });

  const planNamed = (name: string) => t.dataSource.getRepository(Plan).findOneByOrFail({ name });
  const ocho = () => planNamed('Ocho Clases');

  /** A code straight in the database (the admin API has its own tests): 10 % off every plan this week. */
  async function addCode(values: Partial<PromoCode> = {}): Promise<PromoCode> {
    codeCount++;
    const repo = t.dataSource.getRepository(PromoCode);
    return repo.save(
      repo.create({
        code: `PROMO${codeCount}`,
        kind: 'percent',
        value: 10,
        validFrom: '2026-11-20',
        validTo: '2026-11-30',
        maxUses: 100,
        maxUsesPerClient: 1,
        planIds: null,
        newClientsOnly: false,
        active: true,
        ...values,
      }),
    );
  }

  const preview = (agent: Agent, planId: number, code?: string) =>
    agent.post('/api/mercadopago/preview').send({ planId, ...(code === undefined ? {} : { code }) });
  const checkout = (agent: Agent, planId: number, code?: string) =>
    agent.post('/api/mercadopago').send({ planId, ...(code === undefined ? {} : { code }) });
  const lastPayment = async () =>
    (await t.dataSource.getRepository(Payment).find({ order: { id: 'DESC' }, take: 1 }))[0];
  const settled = () => t.app.get(PaymentNotificationsService).settled();
  const notifyAndSettle = async (dataId: string) => {
    await notifyWebhook(t, dataId, { secret: SECRET, ts: clock.now().getTime(), at: clock.now() }).expect(200);
    await settled();
  };
  let providerIds = 700_000;
  /** Mercado Pago approves the purchase for `amount` pesos and notifies. */
  async function pay(reference: string, amount: number) {
    const id = String(++providerIds);
    mp.setPayment(approvedPayment(id, reference, clock.now(), amount));
    await notifyAndSettle(id);
    return id;
  }

  describe('preview', () => {
    it('should show price, commission and total without a code', async () => {
      const { agent } = await newClient(t);
      const res = await preview(agent, (await ocho()).id).expect(200);
      expect(res.body).toEqual({
        success: true,
        priceCents: 1_500_00,
        discountCents: 0,
        commissionCents: 64_00,
        totalCents: 1_564_00,
      });
    });

    it('should take a percent off the price and compute the commission on the discounted price', async () => {
      const { agent } = await newClient(t);
      const code = await addCode({ kind: 'percent', value: 10 });
      // Case-insensitive: typed in lower case.
      const res = await preview(agent, (await ocho()).id, code.code.toLowerCase()).expect(200);
      // $1,500 − 10 % = $1,350; commission 4 % of $1,350 + $4 = $58.
      expect(res.body).toEqual({
        success: true,
        priceCents: 1_500_00,
        discountCents: 150_00,
        commissionCents: 58_00,
        totalCents: 1_408_00,
      });
    });

    it('should take a fixed amount off the price', async () => {
      const { agent } = await newClient(t);
      const code = await addCode({ kind: 'fixed', value: 200_00 });
      const res = await preview(agent, (await ocho()).id, code.code).expect(200);
      // $1,300; commission 4 % of $1,300 + $4 = $56.
      expect(res.body).toMatchObject({
        priceCents: 1_500_00,
        discountCents: 200_00,
        commissionCents: 56_00,
        totalCents: 1_356_00,
      });
    });

    it('should leave a plan at $10 plus commission when a fixed discount is larger than its price', async () => {
      const { agent } = await newClient(t);
      const code = await addCode({ kind: 'fixed', value: 5_000_00 });
      const res = await preview(agent, (await planNamed('Una Clase')).id, code.code).expect(200);
      // $220 → $10 floor; commission 4 % of $10 + $4 = $4.40.
      expect(res.body).toMatchObject({
        priceCents: 220_00,
        discountCents: 210_00,
        commissionCents: 4_40,
        totalCents: 14_40,
      });
    });

    it('should refuse a code with anything but letters and digits', async () => {
      const { agent } = await newClient(t);
      const res = await preview(agent, (await ocho()).id, 'BUEN-FIN').expect(400);
      expect(JSON.stringify(res.body)).toContain('El código solo lleva letras y números');
    });
  });

  describe('checkout with a code', () => {
    it('should charge the discounted total in the preference and store the code and the discount', async () => {
      const { agent, user } = await newClient(t);
      const code = await addCode({ kind: 'percent', value: 10 });
      await checkout(agent, (await ocho()).id, code.code.toLowerCase()).expect(200);
      const body = mp.preferenceBodies().at(-1)!;
      expect((body.items as { unit_price: number }[])[0].unit_price).toBe(1408);
      const payment = await lastPayment();
      expect(payment).toMatchObject({
        userId: user.id,
        promoCodeId: code.id,
        priceCents: 1_350_00,
        discountCents: 150_00,
        commissionCents: 58_00,
        totalCents: 1_408_00,
      });
    });

    it('should grant the plan only when Mercado Pago charged exactly the discounted total', async () => {
      const code = await addCode({ maxUsesPerClient: 2 });
      const planId = (await ocho()).id;
      const { agent, user } = await newClient(t);
      // The full price paid for a discounted purchase is a mismatch: no plan.
      await checkout(agent, planId, code.code).expect(200);
      const wrong = await lastPayment();
      await pay(wrong.reference!, 1564);
      expect(await t.dataSource.getRepository(Payment).findOneByOrFail({ id: wrong.id })).toMatchObject({
        status: 'approved',
        issue: 'amount_mismatch',
        userPlanId: null,
      });
      await checkout(agent, planId, code.code).expect(200);
      const right = await lastPayment();
      await pay(right.reference!, 1408);
      const approved = await t.dataSource.getRepository(Payment).findOneByOrFail({ id: right.id });
      expect(approved).toMatchObject({ status: 'approved', issue: null, paidCents: 1_408_00 });
      expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(1);
    });
  });
});
