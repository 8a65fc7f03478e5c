import { randomUUID } from 'node:crypto';
import { AuditLog } from '../src/core/audit/audit-log.entity';
import { FixedClock } from '../src/core/clock/clock';
import { GiftBalance } from '../src/gift-cards/entities/gift-balance.entity';
import { GiftBalanceMovement } from '../src/gift-cards/entities/gift-balance-movement.entity';
import { GiftCard } from '../src/gift-cards/entities/gift-card.entity';
import { GiftCardsService } from '../src/gift-cards/gift-cards.service';
import { NotificationEventRow } from '../src/notifications/entities/notification-event.entity';
import { NotificationsService } from '../src/notifications/notifications.service';
import { Payment } from '../src/payments/entities/payment.entity';
import { PaymentNotificationsService } from '../src/payments/payment-notifications.service';
import { PaymentsService } from '../src/payments/payments.service';
import { Plan } from '../src/planes/entities/plan.entity';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { PromoCodeAttempt } from '../src/promo-codes/entities/promo-code-attempt.entity';
import { adminAgent, newClient, NOW } from './helpers/booking';
import {
  approvedPayment,
  CHECKOUT_ENV,
  FakeMercadoPago,
  MP_TEST_SECRET as SECRET,
  notifyWebhook,
} from './helpers/mercadopago';
import { mailsFor } from './helpers/notifications';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

/** Monday 2026-11-23, 06:00 in Mexico City (NOW); the studio's next day starts at 06:00 UTC. */
const TOMORROW = '2026-11-24';
const START_OF_TOMORROW = new Date('2026-11-24T06:00:00.000Z');

describe('gift cards: purchase, delivery, redeeming and the gift balance at checkout', () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);
  const mp = new FakeMercadoPago();
  let providerIds = 900_000;

  beforeAll(async () => {
    mp.install();
    t = await createTestApp({ clock, env: { ...CHECKOUT_ENV, CHECKOUT_MAX_OPEN: '50', CHECKOUT_MAX_PER_HOUR: '500' } });
  });
  afterAll(async () => {
    await t.app.get(NotificationsService).settled();
    await t.close();
    mp.uninstall();
  });
  afterEach(async () => {
    clock.set(NOW);
    await t.dataSource.getRepository(PromoCodeAttempt).clear();
  });

  const ocho = () => t.dataSource.getRepository(Plan).findOneByOrFail({ name: 'Ocho Clases' });
  const settled = () => t.app.get(PaymentNotificationsService).settled();
  const cards = () => t.dataSource.getRepository(GiftCard);
  const balanceOf = async (userId: number) =>
    (await t.dataSource.getRepository(GiftBalance).findOneBy({ userId }))?.balanceCents ?? 0;
  const movementsOf = (userId: number) =>
    t.dataSource.getRepository(GiftBalanceMovement).find({ where: { userId }, order: { id: 'ASC' } });
  const lastPayment = async () =>
    (await t.dataSource.getRepository(Payment).find({ order: { id: 'DESC' }, take: 1 }))[0];
  const lastCard = async () => (await cards().find({ order: { id: 'DESC' }, take: 1 }))[0];
  const eventsOf = (type: string) =>
    t.dataSource.getRepository(NotificationEventRow).find({ where: { type: type as never }, order: { id: 'ASC' } });

  /** Mercado Pago reports a payment for `reference` (approved for `amount` pesos unless told) and notifies. */
  async function report(reference: string, amount: number, changes: Record<string, unknown> = {}) {
    const id = String(++providerIds);
    mp.setPayment({ ...approvedPayment(id, reference, clock.now(), amount), ...changes });
    await notifyWebhook(t, id, { secret: SECRET, ts: clock.now().getTime(), at: clock.now() }).expect(200);
    await settled();
    return id;
  }

  const order = (values: Record<string, unknown> = {}) => ({
    amount: 1000,
    recipientName: 'Lucía Pérez',
    recipientEmail: 'lucia@example.com',
    message: '¡Feliz cumpleaños!',
    deliverOn: TOMORROW,
    ...values,
  });

  /** A card bought and paid (its total with the 4 % + $4 commission): its row. */
  async function paidCard(agent: Agent, values: Record<string, unknown> = {}): Promise<GiftCard> {
    await agent.post('/api/gift-cards/buy').send(order(values)).expect(200);
    const card = await lastCard();
    await report(card.reference, card.totalCents / 100);
    return cards().findOneByOrFail({ id: card.id });
  }

  /** A client with `pesos` of gift balance, redeemed from a card someone else bought. */
  async function clientWithBalance(pesos: number) {
    const { agent: buyer } = await newClient(t, 'Compra');
    const card = await paidCard(buyer, { amount: pesos });
    const client = await newClient(t, 'Saldo');
    await client.agent.post('/api/gift-cards/redeem').send({ code: card.code }).expect(200);
    return client;
  }

  describe('buying', () => {
    it('should charge the amount plus the commission through Mercado Pago and make the code on approval', async () => {
      const { agent } = await newClient(t);
      const res = await agent.post('/api/gift-cards/buy').send(order()).expect(200);
      expect(res.body).toEqual({ success: true, url: expect.any(String) });
      const card = await lastCard();
      // $1,000 + 4 % + $4.
      expect(card).toMatchObject({ amountCents: 1_000_00, commissionCents: 44_00, totalCents: 1_044_00 });
      expect(card).toMatchObject({ status: 'pending_payment', code: null });
      const preference = mp.preferenceBodies().at(-1) as {
        items: { unit_price: number }[];
        external_reference: string;
      };
      expect(preference.items[0].unit_price).toBe(1044);
      expect(preference.external_reference).toBe(card.reference);

      await report(card.reference, 1044);
      const paid = await cards().findOneByOrFail({ id: card.id });
      expect(paid.status).toBe('paid');
      // 16 characters without 0, O, 1, I or L: about 79 bits.
      expect(paid.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{16}$/);
      const receipts = (await eventsOf('gift_card.receipt')).filter(
        (e) => (e.payload as never as { giftCard: { id: number } }).giftCard.id === card.id,
      );
      expect(receipts).toHaveLength(1);
      // Not on a plan's revenue: no purchase row.
      expect(await t.dataSource.getRepository(Payment).countBy({ reference: card.reference })).toBe(0);
    });

    it('should refuse an amount that is not on offer, or a delivery date in the past, with 400', async () => {
      const { agent } = await newClient(t);
      const before = await cards().count();
      const wrong = await agent
        .post('/api/gift-cards/buy')
        .send(order({ amount: 777 }))
        .expect(400);
      expect(wrong.body.code).toBe('GIFT_AMOUNT_INVALID');
      await agent
        .post('/api/gift-cards/buy')
        .send(order({ deliverOn: '2026-11-22' }))
        .expect(400);
      // A plan's price is on offer: Doce Clases, $1,900.
      await agent
        .post('/api/gift-cards/buy')
        .send(order({ amount: 1900 }))
        .expect(200);
      expect(await cards().count()).toBe(before + 1);
    });

    it('should make no card when Mercado Pago approved another amount or currency', async () => {
      const { agent } = await newClient(t);
      await agent.post('/api/gift-cards/buy').send(order()).expect(200);
      const short = await lastCard();
      await report(short.reference, 1000);
      expect(await cards().findOneByOrFail({ id: short.id })).toMatchObject({
        status: 'failed',
        issue: 'amount_mismatch',
        code: null,
      });

      await agent.post('/api/gift-cards/buy').send(order()).expect(200);
      const dollars = await lastCard();
      await report(dollars.reference, 1044, { currency_id: 'USD' });
      expect(await cards().findOneByOrFail({ id: dollars.id })).toMatchObject({
        status: 'failed',
        issue: 'currency_mismatch',
        code: null,
      });
    });
  });

  describe("the owner's amounts (Ajustes)", () => {
    const options = async (agent: Agent) =>
      (await agent.get('/api/gift-cards/options').expect(200)).body.amounts as { amount: number; label: string }[];
    const pesos = (amount: number) => `$${amount.toLocaleString('en-US')}`;
    const giftAudit = async () =>
      (await t.dataSource.getRepository(AuditLog).find({ where: { action: 'settings.update' }, order: { id: 'ASC' } }))
        .filter((entry) => entry.after && ('giftCardAmounts' in entry.after || 'giftCardPlanPrices' in entry.after))
        .at(-1);

    afterEach(async () => {
      const admin = await adminAgent(t);
      await admin
        .post('/api/admin/settings/change')
        .send({ giftCardAmounts: [500, 800, 1000, 1500, 2000, 3000], giftCardPlanPrices: true })
        .expect(200);
    });

    it('should offer the default amounts, then each visible plan at its price, cheapest first', async () => {
      const { agent } = await newClient(t);
      const visible = await t.dataSource
        .getRepository(Plan)
        .find({ where: { visible: true }, order: { sortOrder: 'ASC', id: 'ASC' } });
      const expected = [500, 800, 1000, 1500, 2000, 3000].map((amount) => ({ amount, label: pesos(amount) }));
      for (const plan of visible.sort((a, b) => a.priceCents - b.priceCents)) {
        if (!expected.some((option) => option.amount * 100 === plan.priceCents))
          expected.push({ amount: plan.priceCents / 100, label: plan.name });
      }
      expect(expected.length).toBeGreaterThan(6);
      expect(await options(agent)).toEqual(expected);
    });

    it('should offer and sell only the amounts the owner chose, audited, from the next request', async () => {
      const { agent } = await newClient(t);
      const admin = await adminAgent(t);
      const changed = await admin
        .post('/api/admin/settings/change')
        .send({ giftCardAmounts: [2500, 700], giftCardPlanPrices: false })
        .expect(200);
      expect(changed.body.settings).toMatchObject({ giftCardAmounts: [700, 2500], giftCardPlanPrices: false });
      expect(await giftAudit()).toMatchObject({
        entityType: 'settings',
        before: { giftCardAmounts: '$500, $800, $1,000, $1,500, $2,000, $3,000', giftCardPlanPrices: true },
        after: { giftCardAmounts: '$700, $2,500', giftCardPlanPrices: false },
      });

      expect(await options(agent)).toEqual([
        { amount: 700, label: '$700' },
        { amount: 2500, label: '$2,500' },
      ]);
      const before = await cards().count();
      // An amount no longer offered, and a plan's price (Doce Clases, $1,900) now that they are off.
      for (const amount of [1000, 1900]) {
        const refused = await agent.post('/api/gift-cards/buy').send(order({ amount })).expect(400);
        expect(refused.body).toMatchObject({
          code: 'GIFT_AMOUNT_INVALID',
          error: 'Ese monto no está a la venta: elige uno de los montos de la lista.',
        });
      }
      expect(await cards().count()).toBe(before);
      await agent
        .post('/api/gift-cards/buy')
        .send(order({ amount: 700 }))
        .expect(200);
      // $700 + 4 % + $4.
      expect(await lastCard()).toMatchObject({ amountCents: 700_00, totalCents: 732_00 });

      // The plans' prices again, beside the owner's amounts.
      await admin.post('/api/admin/settings/change').send({ giftCardPlanPrices: true }).expect(200);
      const withPlans = await options(agent);
      expect(withPlans.slice(0, 2)).toEqual([
        { amount: 700, label: '$700' },
        { amount: 2500, label: '$2,500' },
      ]);
      expect(withPlans).toContainEqual({ amount: 1900, label: 'Doce Clases' });
      await agent
        .post('/api/gift-cards/buy')
        .send(order({ amount: 1900 }))
        .expect(200);
    });

    it('should still make a card already being paid when the owner stops offering its amount', async () => {
      const { agent } = await newClient(t);
      await agent
        .post('/api/gift-cards/buy')
        .send(order({ amount: 800 }))
        .expect(200);
      const card = await lastCard();
      await (
        await adminAgent(t)
      )
        .post('/api/admin/settings/change')
        .send({ giftCardAmounts: [1000] })
        .expect(200);
      await report(card.reference, card.totalCents / 100);
      const paid = await cards().findOneByOrFail({ id: card.id });
      expect(paid).toMatchObject({ status: 'paid', amountCents: 800_00 });
      expect(paid.code).not.toBeNull();
    });

    it('should refuse a list the settings do not allow, with the Spanish message, writing nothing', async () => {
      const admin = await adminAgent(t);
      for (const giftCardAmounts of [[], [50], [500, 500], Array.from({ length: 13 }, (_, i) => 200 + i * 100)]) {
        const res = await admin.post('/api/admin/settings/change').send({ giftCardAmounts }).expect(400);
        expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
        expect(res.body.error.giftCardAmounts[0]).toMatch(/^Los montos de las tarjetas de regalo/);
      }
      const { agent } = await newClient(t);
      expect((await options(agent)).slice(0, 6).map((option) => option.amount)).toEqual([
        500, 800, 1000, 1500, 2000, 3000,
      ]);
    });
  });

  describe('delivery on the date', () => {
    it('should mail the recipient through the mail queue once, from the start of the studio date', async () => {
      const { agent } = await newClient(t);
      const card = await paidCard(agent, { recipientEmail: 'entrega@example.com' });
      const service = t.app.get(GiftCardsService);
      const delivered = async () =>
        (await eventsOf('gift_card.delivered')).filter((e) => e.recipientEmail === 'entrega@example.com');

      // 23:59 of the 23rd in Mexico City (already the 24th in UTC and in Tokyo): not yet.
      clock.set(new Date(START_OF_TOMORROW.getTime() - 60_000));
      await service.deliverDue();
      expect(await delivered()).toHaveLength(0);
      expect((await cards().findOneByOrFail({ id: card.id })).status).toBe('paid');

      clock.set(START_OF_TOMORROW);
      expect(await service.deliverDue()).toBeGreaterThanOrEqual(1);
      expect(await service.deliverDue()).toBe(0);
      const mails = await delivered();
      expect(mails).toHaveLength(1);
      expect(mails[0].payload).toMatchObject({
        giftCard: { id: card.id, amountCents: 1_000_00, code: card.code!.match(/.{4}/g)!.join('-') },
      });
      expect((await cards().findOneByOrFail({ id: card.id })).status).toBe('sent');

      // The printable page, by its token (not by the code).
      const page = await t.agent().get(`/api/gift-cards/page/${card.pageToken}`).expect(200);
      expect(page.body.giftCard).toMatchObject({
        recipientName: 'Lucía Pérez',
        amountCents: 1_000_00,
        redeemed: false,
      });
      await t
        .agent()
        .get(`/api/gift-cards/page/${'0'.repeat(32)}`)
        .expect(404);
    });

    it('should mail at once a card paid on its delivery date', async () => {
      const { agent } = await newClient(t);
      const card = await paidCard(agent, { deliverOn: '2026-11-23', recipientEmail: 'hoy@example.com' });
      expect(card.status).toBe('sent');
      expect(
        (await eventsOf('gift_card.delivered')).filter((e) => e.recipientEmail === 'hoy@example.com'),
      ).toHaveLength(1);
    });
  });

  describe('redeeming', () => {
    it('should add the card to the balance once, with any case, dashes or spaces', async () => {
      const { agent: buyer } = await newClient(t);
      const card = await paidCard(buyer);
      const { agent, user } = await newClient(t);
      const typed = card.code!.toLowerCase().replace(/(.{4})(?!$)/g, '$1 ');
      const res = await agent.post('/api/gift-cards/redeem').send({ code: typed }).expect(200);
      expect(res.body).toEqual({ success: true, balanceCents: 1_000_00 });
      const again = await agent.post('/api/gift-cards/redeem').send({ code: card.code }).expect(409);
      expect(again.body.code).toBe('GIFT_CODE_USED');
      expect(await balanceOf(user.id)).toBe(1_000_00);
      const balance = await agent.get('/api/gift-cards/balance').expect(200);
      expect(balance.body).toMatchObject({
        balanceCents: 1_000_00,
        movements: [{ kind: 'redeem', deltaCents: 1_000_00, planName: null }],
      });
    });

    it('should let only one of parallel redeems of one code through', async () => {
      const { agent: buyer } = await newClient(t);
      const card = await paidCard(buyer);
      const clients = await Promise.all([1, 2, 3, 4, 5].map(() => newClient(t, 'Paralelo')));
      const answers = await Promise.all(
        clients.map(({ agent }) => agent.post('/api/gift-cards/redeem').send({ code: card.code })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
      const total = (await Promise.all(clients.map(({ user }) => balanceOf(user.id)))).reduce((a, b) => a + b, 0);
      expect(total).toBe(1_000_00);
      expect(await t.dataSource.getRepository(GiftBalanceMovement).countBy({ giftCardId: card.id })).toBe(1);
    });

    it('should limit wrong codes per account with 429 and Retry-After', async () => {
      const { agent } = await newClient(t);
      for (let i = 0; i < 10; i++) {
        const res = await agent.post('/api/gift-cards/redeem').send({ code: 'AAAA-BBBB-CCCC-DDDD' }).expect(404);
        expect(res.body.code).toBe('GIFT_CODE_INVALID');
      }
      const limited = await agent.post('/api/gift-cards/redeem').send({ code: 'AAAA-BBBB-CCCC-DDDD' }).expect(429);
      expect(limited.body.code).toBe('GIFT_TOO_MANY_ATTEMPTS');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('the balance at checkout', () => {
    it('should grant the plan at once with no Mercado Pago step when the balance covers the total', async () => {
      const { agent, user } = await clientWithBalance(2000);
      const plan = await ocho();
      const preview = await agent.post('/api/mercadopago/preview').send({ planId: plan.id }).expect(200);
      expect(preview.body).toEqual({
        success: true,
        priceCents: 1_500_00,
        discountCents: 0,
        balanceCents: 1_500_00,
        commissionCents: 0,
        totalCents: 0,
      });
      const preferences = mp.preferenceBodies().length;
      const res = await agent.post('/api/mercadopago').send({ planId: plan.id }).expect(200);
      expect(res.body).toMatchObject({
        paidWithBalance: true,
        url: expect.stringContaining('/pilates/clases?pago=saldo'),
      });
      expect(mp.preferenceBodies()).toHaveLength(preferences);
      const payment = await lastPayment();
      expect(payment).toMatchObject({
        userId: user.id,
        status: 'approved',
        balanceCents: 1_500_00,
        balanceStatus: 'spent',
        totalCents: 0,
        providerPaymentId: null,
      });
      expect(await t.dataSource.getRepository(UserPlan).countBy({ id: payment.userPlanId! })).toBe(1);
      expect(await balanceOf(user.id)).toBe(500_00);
      expect((await movementsOf(user.id)).map((m) => [m.kind, m.deltaCents])).toEqual([
        ['redeem', 2_000_00],
        ['spend', -1_500_00],
      ]);
    });

    it('should hold the part the balance pays, charge the rest, spend it on approval and return it on a full refund', async () => {
      const { agent, user } = await clientWithBalance(1000);
      const plan = await ocho();
      const preview = await agent.post('/api/mercadopago/preview').send({ planId: plan.id }).expect(200);
      // $500 left to pay: 4 % + $4 = $24.
      expect(preview.body).toMatchObject({ balanceCents: 1_000_00, commissionCents: 24_00, totalCents: 524_00 });
      const res = await agent.post('/api/mercadopago').send({ planId: plan.id }).expect(200);
      expect(res.body.paidWithBalance).toBe(false);
      const payment = await lastPayment();
      expect(payment).toMatchObject({
        balanceCents: 1_000_00,
        balanceStatus: 'held',
        priceCents: 500_00,
        totalCents: 524_00,
      });
      expect(await balanceOf(user.id)).toBe(0);

      const providerId = await report(payment.reference!, 524);
      const approved = await t.dataSource.getRepository(Payment).findOneByOrFail({ id: payment.id });
      expect(approved).toMatchObject({ status: 'approved', balanceStatus: 'spent', issue: null });
      expect(approved.userPlanId).not.toBeNull();

      const admin = await adminAgent(t);
      await admin.post('/api/admin/refund-payment').send({ paymentId: payment.id }).expect(200);
      expect(mp.refundRequests().some((r) => r.path.includes(providerId))).toBe(true);
      expect((await t.dataSource.getRepository(Payment).findOneByOrFail({ id: payment.id })).balanceStatus).toBe(
        'returned',
      );
      expect(await balanceOf(user.id)).toBe(1_000_00);
      expect((await eventsOf('payment.refunded')).at(-1)!.payload).toMatchObject({
        plan: 'revoked',
        toBalanceCents: 1_000_00,
      });
      // Reported again (the daily re-check): returned once.
      await notifyWebhook(t, providerId, { secret: SECRET, ts: clock.now().getTime(), at: clock.now() }).expect(200);
      await settled();
      expect(await balanceOf(user.id)).toBe(1_000_00);
      expect((await movementsOf(user.id)).map((m) => m.kind)).toEqual(['redeem', 'hold', 'refund_return']);
    });

    it('should return a plan paid wholly with the balance to the balance, whole and once, revoking the plan', async () => {
      const { agent, user } = await clientWithBalance(2000);
      const plan = await ocho();
      await agent.post('/api/mercadopago').send({ planId: plan.id }).expect(200);
      const payment = await lastPayment();
      const admin = await adminAgent(t);
      const listed = await admin.post('/api/admin/get-purchases').send({ userId: user.id }).expect(200);
      expect(listed.body.purchases.find((p: { id: number }) => p.id === payment.id)).toMatchObject({
        total: 0,
        balance: 1500,
        refundable: 1500,
      });

      // Part of it: refused, nothing recorded.
      const partial = await admin
        .post('/api/admin/refund-payment')
        .send({ paymentId: payment.id, amount: 500, idempotencyKey: randomUUID() })
        .expect(400);
      expect(partial.body).toMatchObject({
        code: 'REFUND_WHOLE_ONLY',
        error: expect.stringContaining('saldo de regalo'),
      });
      expect(await balanceOf(user.id)).toBe(500_00);

      const key = randomUUID();
      const refundedMails = (await eventsOf('payment.refunded')).length;
      const askedMercadoPago = mp.refundRequests().length;
      await admin.post('/api/admin/refund-payment').send({ paymentId: payment.id, idempotencyKey: key }).expect(200);
      // The same click again (a retry): the same refund, not a second one.
      await admin.post('/api/admin/refund-payment').send({ paymentId: payment.id, idempotencyKey: key }).expect(200);
      expect(mp.refundRequests()).toHaveLength(askedMercadoPago); // Mercado Pago never hears of it
      const after = await t.dataSource.getRepository(Payment).findOneByOrFail({ id: payment.id });
      expect(after).toMatchObject({
        status: 'refunded',
        statusDetail: 'refunded_to_balance',
        balanceStatus: 'returned',
        refundedCents: 0,
      });
      expect(await balanceOf(user.id)).toBe(2_000_00);
      expect((await movementsOf(user.id)).map((m) => [m.kind, m.deltaCents])).toEqual([
        ['redeem', 2_000_00],
        ['spend', -1_500_00],
        ['refund_return', 1_500_00],
      ]);
      expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: payment.userPlanId! })).toMatchObject({
        isPaid: false,
        revokedAt: expect.any(Date),
      });
      const mails = await eventsOf('payment.refunded');
      expect(mails).toHaveLength(refundedMails + 1);
      expect(mails.at(-1)!.payload).toMatchObject({ toBalanceCents: 1_500_00, plan: 'revoked' });
      const [mail] = (await mailsFor(t, user.email)).filter(
        (m) => m.subject === 'Devolvimos tu compra a tu saldo de regalo',
      );
      expect(mail.text).toContain('Devolvimos $1,500.00 a tu saldo de regalo');
      const audit = await t.dataSource
        .getRepository(AuditLog)
        .findOneByOrFail({ action: 'payment.balance_refund', entityId: String(payment.id) });
      expect(audit.after).toMatchObject({ status: 'refunded', toBalance: 1500, requested: 'total' });

      // Nothing left: refused, the balance unchanged.
      const again = await admin
        .post('/api/admin/refund-payment')
        .send({ paymentId: payment.id, idempotencyKey: randomUUID() })
        .expect(409);
      expect(again.body.code).toBe('PAYMENT_NOT_REFUNDABLE');
      expect(await balanceOf(user.id)).toBe(2_000_00);
      const relisted = await admin.post('/api/admin/get-purchases').send({ userId: user.id }).expect(200);
      expect(relisted.body.purchases.find((p: { id: number }) => p.id === payment.id).refundable).toBe(0);
    });

    it('should return the balance part of a plan when its card payment is charged back, and keep it after a partial refund', async () => {
      const { agent, user } = await clientWithBalance(1000);
      const plan = await ocho();
      await agent.post('/api/mercadopago').send({ planId: plan.id }).expect(200);
      const payment = await lastPayment();
      const providerId = await report(payment.reference!, 524);

      // A partial refund of the card part: the plan and the balance part stay.
      mp.setPayment({
        ...mp.payments.get(providerId)!,
        status: 'approved',
        status_detail: 'partially_refunded',
        transaction_amount_refunded: 100,
      });
      await notifyWebhook(t, providerId, { secret: SECRET, ts: clock.now().getTime(), at: clock.now() }).expect(200);
      await settled();
      expect(await t.dataSource.getRepository(Payment).findOneByOrFail({ id: payment.id })).toMatchObject({
        status: 'approved',
        refundedCents: 100_00,
        balanceStatus: 'spent',
      });
      expect(await balanceOf(user.id)).toBe(0);

      // The bank takes the card part back: the plan is revoked, the balance part returns once.
      mp.setPayment({ ...mp.payments.get(providerId)!, status: 'charged_back', status_detail: 'settled' });
      for (let i = 0; i < 2; i++) {
        await notifyWebhook(t, providerId, { secret: SECRET, ts: clock.now().getTime(), at: clock.now() }).expect(200);
        await settled();
      }
      const charged = await t.dataSource.getRepository(Payment).findOneByOrFail({ id: payment.id });
      expect(charged).toMatchObject({ status: 'charged_back', balanceStatus: 'returned' });
      expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ id: charged.userPlanId! })).toMatchObject({
        isPaid: false,
      });
      expect(await balanceOf(user.id)).toBe(1_000_00);
      expect((await movementsOf(user.id)).map((m) => m.kind)).toEqual(['redeem', 'hold', 'refund_return']);
    });

    it('should charge the rest of a dearer plan, the commission on the rest only', async () => {
      const { agent } = await clientWithBalance(1500);
      const doce = await t.dataSource.getRepository(Plan).findOneByOrFail({ name: 'Doce Clases' });
      // $1,900: $1,500 from the balance, $400 charged with 4 % + $4.
      const preview = await agent.post('/api/mercadopago/preview').send({ planId: doce.id }).expect(200);
      expect(preview.body).toMatchObject({
        priceCents: 1_900_00,
        balanceCents: 1_500_00,
        commissionCents: 20_00,
        totalCents: 420_00,
      });
    });

    it('should release the held part when the payment fails, and take it again if a later attempt is approved', async () => {
      const { agent, user } = await clientWithBalance(1000);
      await agent
        .post('/api/mercadopago')
        .send({ planId: (await ocho()).id })
        .expect(200);
      const payment = await lastPayment();
      expect(await balanceOf(user.id)).toBe(0);
      await report(payment.reference!, 524, { status: 'rejected', status_detail: 'cc_rejected_other_reason' });
      expect(await t.dataSource.getRepository(Payment).findOneByOrFail({ id: payment.id })).toMatchObject({
        status: 'rejected',
        balanceStatus: 'released',
      });
      expect(await balanceOf(user.id)).toBe(1_000_00);

      await report(payment.reference!, 524);
      expect(await t.dataSource.getRepository(Payment).findOneByOrFail({ id: payment.id })).toMatchObject({
        status: 'approved',
        balanceStatus: 'spent',
        issue: null,
      });
      expect(await balanceOf(user.id)).toBe(0);
      expect((await movementsOf(user.id)).map((m) => m.kind)).toEqual(['redeem', 'hold', 'release', 'spend']);
    });

    it('should give the held part back when the approved payment is of another amount (no plan)', async () => {
      const { agent, user } = await clientWithBalance(1000);
      await agent
        .post('/api/mercadopago')
        .send({ planId: (await ocho()).id })
        .expect(200);
      const payment = await lastPayment();
      await report(payment.reference!, 1564);
      expect(await t.dataSource.getRepository(Payment).findOneByOrFail({ id: payment.id })).toMatchObject({
        issue: 'amount_mismatch',
        userPlanId: null,
        balanceStatus: 'released',
      });
      expect(await balanceOf(user.id)).toBe(1_000_00);
    });

    it('should release the held part when the purchase expires unpaid', async () => {
      const { agent, user } = await clientWithBalance(1000);
      await agent
        .post('/api/mercadopago')
        .send({ planId: (await ocho()).id })
        .expect(200);
      const payment = await lastPayment();
      clock.set(new Date(NOW.getTime() + 4 * 24 * 3600_000));
      await t.app.get(PaymentsService).reconcile();
      expect(await t.dataSource.getRepository(Payment).findOneByOrFail({ id: payment.id })).toMatchObject({
        status: 'expired',
        balanceStatus: 'released',
      });
      expect(await balanceOf(user.id)).toBe(1_000_00);
    });

    it('should never spend more than the balance under parallel checkouts', async () => {
      const { agent, user } = await clientWithBalance(1000);
      const plan = await ocho();
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => agent.post('/api/mercadopago').send({ planId: plan.id })),
      );
      expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
      const held = await t.dataSource.getRepository(Payment).find({ where: { userId: user.id } });
      expect(held.reduce((sum, p) => sum + p.balanceCents, 0)).toBe(1_000_00);
      expect(await balanceOf(user.id)).toBe(0);
    });
  });

  describe('admins', () => {
    it('should list cards, resend the mail and void an unredeemed card only once its payment was refunded, audited', async () => {
      const { agent } = await newClient(t, 'Regalo');
      const card = await paidCard(agent, { recipientEmail: 'reenvio@example.com' });
      const admin = await adminAgent(t);
      const list = await admin.get('/api/admin/gift-cards').expect(200);
      expect(list.body.giftCards.find((c: { id: number }) => c.id === card.id)).toMatchObject({
        status: 'paid',
        amountCents: 1_000_00,
        recipientEmail: 'reenvio@example.com',
        redeemedBy: null,
      });

      await admin.post('/api/admin/gift-cards/resend').send({ id: card.id }).expect(200);
      await admin.post('/api/admin/gift-cards/resend').send({ id: card.id }).expect(200);
      expect(
        (await eventsOf('gift_card.delivered')).filter((e) => e.recipientEmail === 'reenvio@example.com'),
      ).toHaveLength(2);

      const early = await admin.post('/api/admin/gift-cards/void').send({ id: card.id }).expect(409);
      expect(early.body.code).toBe('GIFT_CARD_NOT_VOIDABLE');
      // Refunded in Mercado Pago's panel: the notification records it.
      mp.setPayment({
        ...approvedPayment(card.providerPaymentId!, card.reference, clock.now(), 1044),
        status: 'refunded',
        transaction_amount_refunded: 1044,
      });
      await notifyWebhook(t, card.providerPaymentId!, {
        secret: SECRET,
        ts: clock.now().getTime(),
        at: clock.now(),
      }).expect(200);
      await settled();
      // Before anyone voids it, its code no longer redeems.
      const { agent: taker } = await newClient(t);
      const refused = await taker.post('/api/gift-cards/redeem').send({ code: card.code }).expect(404);
      expect(refused.body.error).toBe(
        'Esta tarjeta de regalo ya no es válida: su pago se reembolsó. Pregunta en el estudio.',
      );
      expect((await cards().findOneByOrFail({ id: card.id })).status).toBe('sent');
      await admin.post('/api/admin/gift-cards/void').send({ id: card.id }).expect(200);
      expect((await cards().findOneByOrFail({ id: card.id })).status).toBe('voided');
      const { agent: other } = await newClient(t);
      await other.post('/api/gift-cards/redeem').send({ code: card.code }).expect(404);
      const audit = await t.dataSource
        .getRepository(AuditLog)
        .find({ where: { entityType: 'gift_card', entityId: String(card.id) } });
      expect(audit.map((a) => a.action).sort()).toEqual(['gift_card.resend', 'gift_card.resend', 'gift_card.void']);
    });

    it('should not void a redeemed card', async () => {
      const { agent: buyer } = await newClient(t);
      const card = await paidCard(buyer);
      const { agent } = await newClient(t);
      await agent.post('/api/gift-cards/redeem').send({ code: card.code }).expect(200);
      mp.setPayment({
        ...approvedPayment(card.providerPaymentId!, card.reference, clock.now(), 1044),
        status: 'refunded',
        transaction_amount_refunded: 1044,
      });
      await notifyWebhook(t, card.providerPaymentId!, {
        secret: SECRET,
        ts: clock.now().getTime(),
        at: clock.now(),
      }).expect(200);
      await settled();
      const admin = await adminAgent(t);
      await admin.post('/api/admin/gift-cards/void').send({ id: card.id }).expect(409);
    });
  });
});

describe('gift cards: the hourly checkout limit', () => {
  let t: TestApp;
  const mp = new FakeMercadoPago();

  beforeAll(async () => {
    mp.install();
    t = await createTestApp({ clock: new FixedClock(NOW), env: { ...CHECKOUT_ENV, CHECKOUT_MAX_PER_HOUR: '2' } });
  });
  afterAll(async () => {
    await t.close();
    mp.uninstall();
  });

  it('should count gift cards started in the last hour and answer 429 past the limit, recording nothing', async () => {
    const { agent } = await newClient(t);
    const body = {
      amount: 500,
      recipientName: 'Lucía Pérez',
      recipientEmail: 'lucia@example.com',
      message: '',
      deliverOn: '2026-11-23',
    };
    await agent.post('/api/gift-cards/buy').send(body).expect(200);
    await agent.post('/api/gift-cards/buy').send(body).expect(200);
    const limited = await agent.post('/api/gift-cards/buy').send(body).expect(429);
    expect(limited.body.code).toBe('CHECKOUT_LIMIT');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await t.dataSource.getRepository(GiftCard).count()).toBe(2);
  });
});
