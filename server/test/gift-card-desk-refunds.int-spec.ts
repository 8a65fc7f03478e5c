import { randomUUID } from 'node:crypto';
import { AuditLog } from '../src/core/audit/audit-log.entity';
import { FixedClock } from '../src/core/clock/clock';
import { GiftBalance } from '../src/gift-cards/entities/gift-balance.entity';
import { GiftCard } from '../src/gift-cards/entities/gift-card.entity';
import { GiftCardsService } from '../src/gift-cards/gift-cards.service';
import { NotificationsService } from '../src/notifications/notifications.service';
import { PaymentNotificationsService } from '../src/payments/payment-notifications.service';
import { PromoCodeAttempt } from '../src/promo-codes/entities/promo-code-attempt.entity';
import { adminAgent, newClient, NOW, TODAY } from './helpers/booking';
import {
  approvedPayment,
  CHECKOUT_ENV,
  FakeMercadoPago,
  MP_TEST_SECRET as SECRET,
  notifyWebhook,
} from './helpers/mercadopago';
import { eventsFor, mailsFor } from './helpers/notifications';
import { createTestApp, type TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

const TOMORROW = '2026-11-24';

describe('gift cards at the desk ("Venta en mostrador") and their refunds ("Reembolsar y anular")', () => {
  let t: TestApp;
  let admin: Agent;
  const clock = new FixedClock(NOW);
  const mp = new FakeMercadoPago();
  let providerIds = 700_000;

  beforeAll(async () => {
    mp.install();
    t = await createTestApp({ clock, env: { ...CHECKOUT_ENV, CHECKOUT_MAX_OPEN: '50', CHECKOUT_MAX_PER_HOUR: '500' } });
    admin = await adminAgent(t);
  });
  afterAll(async () => {
    await t.app.get(NotificationsService).settled();
    await t.close();
    mp.uninstall();
  });
  afterEach(async () => {
    mp.failWith = null;
    clock.set(NOW);
    await t.dataSource.getRepository(PromoCodeAttempt).clear();
  });

  const cards = () => t.dataSource.getRepository(GiftCard);
  const cardOf = (id: number) => cards().findOneByOrFail({ id });
  const sell = (body: Record<string, unknown>) => admin.post('/api/admin/desk-sales/gift-card').send(body);
  const refund = (id: number) => admin.post('/api/admin/gift-cards/refund').send({ id });
  const balanceOf = async (userId: number) =>
    (await t.dataSource.getRepository(GiftBalance).findOneBy({ userId }))?.balanceCents ?? 0;

  const deskOrder = (userId: number, values: Record<string, unknown> = {}) => ({
    userId,
    amount: 1000,
    recipientName: 'Lucía Pérez',
    recipientEmail: `lucia.${randomUUID().slice(0, 8)}@example.com`,
    message: '¡Feliz cumpleaños!',
    deliverOn: TODAY,
    method: 'efectivo',
    received: 1000,
    ...values,
  });

  /** A card sold at the desk to a new client: its row. */
  async function deskCard(values: Record<string, unknown> = {}): Promise<GiftCard> {
    const buyer = await newClient(t, 'Mostrador');
    const res = await sell(deskOrder(buyer.user.id, values)).expect(200);
    return cardOf(res.body.receipt.id);
  }

  /** A card bought online and paid through Mercado Pago (its total with the 4 % + $4 commission). */
  async function mercadoPagoCard(): Promise<GiftCard> {
    const { agent } = await newClient(t, 'En línea');
    await agent
      .post('/api/gift-cards/buy')
      .send({
        amount: 1000,
        recipientName: 'Marta Ruiz',
        recipientEmail: `marta.${randomUUID().slice(0, 8)}@example.com`,
        message: '',
        deliverOn: TOMORROW,
      })
      .expect(200);
    const [pending] = await cards().find({ order: { id: 'DESC' }, take: 1 });
    const id = String(++providerIds);
    mp.setPayment(approvedPayment(id, pending.reference, clock.now(), pending.totalCents / 100));
    await notifyWebhook(t, id, { secret: SECRET, ts: clock.now().getTime(), at: clock.now() }).expect(200);
    await t.app.get(PaymentNotificationsService).settled();
    const paid = await cardOf(pending.id);
    expect(paid.status).toBe('paid');
    return paid;
  }

  const redeem = (agent: Agent, code: string) => agent.post('/api/gift-cards/redeem').send({ code });

  describe('selling at the desk', () => {
    it('should sell a card paid in cash: paid at once with its code, change, receipt and delivery mails queued, audited, no Mercado Pago', async () => {
      const calls = mp.requests.length;
      const buyer = await newClient(t, 'Efectivo');
      const order = deskOrder(buyer.user.id, { amount: 1500, received: 2000 });
      const res = await sell(order).expect(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Tarjeta de regalo vendida',
        receipt: {
          clientName: buyer.user.name,
          clientEmail: buyer.user.email,
          recipientName: 'Lucía Pérez',
          recipientEmail: order.recipientEmail,
          deliverOn: TODAY,
          sent: true,
          amount: 1500,
          total: 1500,
          method: 'efectivo',
          received: 2000,
          change: 500,
          mailed: true,
          pageUrl: expect.stringMatching(/^\/pilates\/regalo\/[0-9a-f]{32}$/),
        },
      });
      const card = await cardOf(res.body.receipt.id);
      expect(card).toMatchObject({
        buyerId: buyer.user.id,
        amountCents: 1500_00,
        commissionCents: 0,
        totalCents: 1500_00,
        paidCents: 1500_00,
        method: 'efectivo',
        receivedCents: 2000_00,
        paymentStatus: 'approved',
        providerPaymentId: null,
        // Delivered today: mailed at once.
        status: 'sent',
        reference: expect.stringMatching(/^mostrador-[0-9a-f-]{36}$/),
      });
      expect(card.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{16}$/);
      const [receipt] = (await mailsFor(t, buyer.user.email)).filter(
        (m) => m.subject === 'Recibo de tu tarjeta de regalo',
      );
      expect(receipt.text).toContain('recibimos $2,000.00 y te dimos $500.00 de cambio');
      expect(receipt.text).toContain('Venta en mostrador');
      const delivered = (await eventsFor(t, order.recipientEmail)).filter((e) => e.type === 'gift_card.delivered');
      expect(delivered).toHaveLength(1);
      const audit = await t.dataSource
        .getRepository(AuditLog)
        .findOneByOrFail({ action: 'gift_card.desk_sale', entityId: String(card.id) });
      expect(audit).toMatchObject({
        subjectUserId: buyer.user.id,
        after: { price: 1500, total: 1500, method: 'efectivo', received: 2000, change: 500, giftStatus: 'sent' },
      });
      expect(mp.requests.length).toBe(calls);
      // The recipient redeems it like any card.
      const recipient = await newClient(t, 'Recibe');
      await redeem(recipient.agent, card.code!).expect(200);
      expect(await balanceOf(recipient.user.id)).toBe(1500_00);
    });

    it('should leave a card for a later date to the delivery job, the receipt queued now', async () => {
      const card = await deskCard({ deliverOn: TOMORROW, method: 'terminal', received: 1000 });
      expect(card).toMatchObject({ status: 'paid', method: 'terminal', sentAt: null });
      expect((await eventsFor(t, card.recipientEmail)).filter((e) => e.type === 'gift_card.delivered')).toEqual([]);
      clock.set(new Date('2026-11-24T06:00:00.000Z'));
      await t.app.get(GiftCardsService).deliverDue();
      expect((await cardOf(card.id)).status).toBe('sent');
      expect((await eventsFor(t, card.recipientEmail)).filter((e) => e.type === 'gift_card.delivered')).toHaveLength(1);
    });

    it('should refuse, in Spanish and with a 4xx, a short or different amount, an amount not on offer, a bad date or client', async () => {
      const buyer = await newClient(t, 'Rechazos');
      const before = await cards().count();
      const short = await sell(deskOrder(buyer.user.id, { received: 999.99 })).expect(400);
      expect(short.body).toMatchObject({
        code: 'DESK_AMOUNT_SHORT',
        error: 'El monto recibido es menor que el total de la venta.',
      });
      for (const method of ['transferencia', 'terminal']) {
        const more = await sell(deskOrder(buyer.user.id, { method, received: 1000.5 })).expect(400);
        expect(more.body.code).toBe('DESK_AMOUNT_MISMATCH');
      }
      expect((await sell(deskOrder(buyer.user.id, { amount: 777, received: 777 })).expect(400)).body.code).toBe(
        'GIFT_AMOUNT_INVALID',
      );
      await sell(deskOrder(buyer.user.id, { deliverOn: '2026-11-22' })).expect(400);
      const method = await sell(deskOrder(buyer.user.id, { method: 'mercado_pago' })).expect(400);
      expect(method.body.error).toEqual({ method: ['La forma de pago debe ser efectivo, transferencia o terminal'] });
      // A promo code is for plans: the body does not take one.
      await sell({ ...deskOrder(buyer.user.id), code: 'BUENFIN' }).expect(400);
      expect((await sell(deskOrder(999_999)).expect(404)).body.code).toBe('USER_NOT_FOUND');
      await buyer.agent.post('/api/admin/desk-sales/gift-card').send(deskOrder(buyer.user.id)).expect(403);
      expect(await cards().count()).toBe(before);
    });

    it('should record one sale for one request key, however often and however concurrently it is sent', async () => {
      const buyer = await newClient(t, 'Doble clic');
      const body = deskOrder(buyer.user.id, { received: 1200, requestKey: randomUUID() });
      const clicks = await Promise.all([sell(body), sell(body), sell(body)]);
      expect(clicks.map((c) => c.status)).toEqual([200, 200, 200]);
      expect(new Set(clicks.map((c) => c.body.receipt.id)).size).toBe(1);
      const later = await sell(body).expect(200);
      expect(later.body.receipt).toMatchObject({ id: clicks[0].body.receipt.id, change: 200 });
      expect(await cards().countBy({ buyerId: buyer.user.id })).toBe(1);
      const events = await eventsFor(t, buyer.user.email);
      expect(events.filter((e) => e.type === 'gift_card.receipt')).toHaveLength(1);
      expect((await eventsFor(t, body.recipientEmail)).filter((e) => e.type === 'gift_card.delivered')).toHaveLength(1);
      expect(
        await t.dataSource
          .getRepository(AuditLog)
          .countBy({ action: 'gift_card.desk_sale', subjectUserId: buyer.user.id }),
      ).toBe(1);
      const reused = await sell({ ...body, received: 1000 }).expect(409);
      expect(reused.body.code).toBe('DESK_SALE_KEY_REUSED');
    });
  });

  describe('refunds', () => {
    it('should refund a Mercado Pago card in full through Mercado Pago, void it and mail the buyer, audited', async () => {
      const card = await mercadoPagoCard();
      const res = await refund(card.id).expect(200);
      expect(res.body).toEqual({ success: true, message: `Tarjeta ${card.id} reembolsada y anulada` });
      const requests = mp.refundRequests().filter((r) => r.path.includes(card.providerPaymentId!));
      expect(requests).toHaveLength(1);
      expect(requests[0].idempotencyKey).toBe(`pilates-gift-refund-${card.id}`);
      // In full: no amount asked.
      expect((requests[0].body as { amount?: number } | undefined)?.amount).toBeUndefined();
      expect(await cardOf(card.id)).toMatchObject({
        status: 'voided',
        paymentStatus: 'refunded',
        refundedCents: card.totalCents,
      });
      const buyer = (await t.dataSource.query('SELECT email FROM users WHERE id = ?', [card.buyerId])) as {
        email: string;
      }[];
      const [mail] = (await mailsFor(t, buyer[0].email)).filter(
        (m) => m.subject === 'Te reembolsamos tu tarjeta de regalo',
      );
      expect(mail.text).toContain('Te reembolsamos $1,044.00');
      expect(mail.text).toContain('Mercado Pago devuelve el dinero');
      const audit = await t.dataSource
        .getRepository(AuditLog)
        .findOneByOrFail({ action: 'gift_card.refund', entityId: String(card.id) });
      expect(audit).toMatchObject({
        before: { giftStatus: 'paid', refunded: 0 },
        after: { giftStatus: 'voided', refunded: 1044, providerPaymentId: card.providerPaymentId },
      });
      // Its code (made on approval) no longer redeems; a second refund is refused.
      const someone = await newClient(t, 'Tarde');
      expect((await redeem(someone.agent, card.code!).expect(404)).body.code).toBe('GIFT_CODE_INVALID');
      expect((await refund(card.id).expect(409)).body.code).toBe('GIFT_CARD_NOT_REFUNDABLE');
      expect(mp.refundRequests().filter((r) => r.path.includes(card.providerPaymentId!))).toHaveLength(1);
    });

    it('should record the refund of a desk card without calling Mercado Pago, void it and mail the buyer', async () => {
      const card = await deskCard({ deliverOn: TOMORROW });
      const calls = mp.requests.length;
      await refund(card.id).expect(200);
      expect(mp.requests.length).toBe(calls);
      expect(await cardOf(card.id)).toMatchObject({
        status: 'voided',
        paymentStatus: 'refunded',
        statusDetail: 'refunded_at_desk',
        refundedCents: 1000_00,
      });
      const buyerEmail = (await eventsFor(t)).find(
        (e) => e.type === 'gift_card.refunded' && (e.payload as { giftCard: { id: number } }).giftCard.id === card.id,
      )!.to.email;
      const [mail] = (await mailsFor(t, buyerEmail)).filter(
        (m) => m.subject === 'Te reembolsamos tu tarjeta de regalo',
      );
      expect(mail.text).toContain('el reembolso se entrega en el estudio');
      expect(
        await t.dataSource
          .getRepository(AuditLog)
          .findOneByOrFail({ action: 'gift_card.refund', entityId: String(card.id) }),
      ).toMatchObject({ after: { giftStatus: 'voided', refunded: 1000, method: 'efectivo' } });
      // Never delivered: the delivery job skips a voided card.
      clock.set(new Date('2026-11-24T06:00:00.000Z'));
      await t.app.get(GiftCardsService).deliverDue();
      expect((await cardOf(card.id)).status).toBe('voided');
    });

    it('should refuse a redeemed card with 409, in Spanish, refunding nothing', async () => {
      const card = await mercadoPagoCard();
      const recipient = await newClient(t, 'Canjeó');
      await redeem(recipient.agent, card.code!).expect(200);
      const calls = mp.refundRequests().length;
      const refused = await refund(card.id).expect(409);
      expect(refused.body.code).toBe('GIFT_CARD_REDEEMED');
      expect(refused.body.error).toMatch(/^La tarjeta ya se canjeó: /);
      expect(mp.refundRequests().length).toBe(calls);
      expect((await cardOf(card.id)).status).toBe('redeemed');
      const desk = await deskCard();
      await redeem(recipient.agent, desk.code!).expect(200);
      expect((await refund(desk.id).expect(409)).body.code).toBe('GIFT_CARD_REDEEMED');
      expect(await refund(999_999).expect(404)).toBeTruthy();
    });

    it('should leave the card as it was when Mercado Pago does not refund (502), still redeemable', async () => {
      const card = await mercadoPagoCard();
      mp.failWith = 500;
      const failed = await refund(card.id).expect(502);
      expect(failed.body.code).toBe('PAYMENT_PROVIDER_ERROR');
      mp.failWith = null;
      expect(await cardOf(card.id)).toMatchObject({ status: 'paid', voidedAt: null, paymentStatus: 'approved' });
      expect(
        await t.dataSource.getRepository(AuditLog).countBy({ action: 'gift_card.refund', entityId: String(card.id) }),
      ).toBe(0);
      const recipient = await newClient(t, 'Después');
      await redeem(recipient.agent, card.code!).expect(200);
    });

    it('should let exactly one of a redeem and a refund racing for a card win', async () => {
      for (let round = 0; round < 4; round++) {
        const card = round % 2 === 0 ? await deskCard() : await mercadoPagoCard();
        const recipient = await newClient(t, 'Carrera');
        const [redeemed, refunded] = await Promise.all([redeem(recipient.agent, card.code!), refund(card.id)]);
        const outcome = [redeemed.status, refunded.status];
        expect([
          [200, 409],
          [404, 200],
        ]).toContainEqual(outcome);
        const after = await cardOf(card.id);
        if (redeemed.status === 200) {
          expect(refunded.body.code).toBe('GIFT_CARD_REDEEMED');
          expect(after.status).toBe('redeemed');
          expect(await balanceOf(recipient.user.id)).toBe(after.amountCents);
          expect(after.paymentStatus).toBe('approved');
        } else {
          expect(redeemed.body.code).toBe('GIFT_CODE_INVALID');
          expect(after).toMatchObject({ status: 'voided', paymentStatus: 'refunded' });
          expect(await balanceOf(recipient.user.id)).toBe(0);
        }
      }
    });
  });

  it("should count desk cards in the dashboard's gift card sales and money by method, apart from plans; a refunded card leaves them", async () => {
    const period = { from: '2026-11-01', to: '2026-11-30' };
    const figures = async () => (await admin.post('/api/admin/dashboard').send(period).expect(200)).body;
    type Line = { method: string; count: number; grossCents: number; refundedCents: number; netCents: number };
    const line = (body: { revenueByMethod: { giftCardMethods: Line[] } }, method: string): Line =>
      body.revenueByMethod.giftCardMethods.find((l) => l.method === method)!;
    const before = await figures();
    const card = await deskCard({ amount: 800, method: 'transferencia', received: 800 });
    const sold = await figures();
    expect(sold.discountsAndGifts.giftCardSalesCount).toBe(before.discountsAndGifts.giftCardSalesCount + 1);
    expect(sold.discountsAndGifts.giftCardSalesCents).toBe(before.discountsAndGifts.giftCardSalesCents + 800_00);
    expect(line(sold, 'transferencia')).toEqual({
      method: 'transferencia',
      count: line(before, 'transferencia').count + 1,
      grossCents: line(before, 'transferencia').grossCents + 800_00,
      refundedCents: line(before, 'transferencia').refundedCents,
      netCents: line(before, 'transferencia').netCents + 800_00,
    });
    expect(sold.revenueByMethod.giftCardNetCents).toBe(before.revenueByMethod.giftCardNetCents + 800_00);
    // Not plan revenue.
    expect(sold.revenueByMethod.methods).toEqual(before.revenueByMethod.methods);
    expect(sold.revenueByMethod.totalNetCents).toBe(before.revenueByMethod.totalNetCents);

    await refund(card.id).expect(200);
    const refunded = await figures();
    expect(refunded.discountsAndGifts.giftCardSalesCount).toBe(before.discountsAndGifts.giftCardSalesCount);
    expect(refunded.discountsAndGifts.giftCardSalesCents).toBe(before.discountsAndGifts.giftCardSalesCents);
    expect(line(refunded, 'transferencia')).toMatchObject({
      grossCents: line(before, 'transferencia').grossCents + 800_00,
      refundedCents: line(before, 'transferencia').refundedCents + 800_00,
      netCents: line(before, 'transferencia').netCents,
    });
    // The admins' list shows how each card was paid.
    const list = await admin.get('/api/admin/gift-cards').expect(200);
    expect(list.body.giftCards.find((c: { id: number }) => c.id === card.id)).toMatchObject({
      method: 'transferencia',
      status: 'voided',
      paymentStatus: 'refunded',
      refundedCents: 800_00,
    });
  });
});
