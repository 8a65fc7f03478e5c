import { In } from 'typeorm';
import { FixedClock } from '../src/core/clock/clock';
import { GiftCard } from '../src/gift-cards/entities/gift-card.entity';
import { NotificationsService } from '../src/notifications/notifications.service';
import { Payment } from '../src/payments/entities/payment.entity';
import { PaymentNotificationsService } from '../src/payments/payment-notifications.service';
import { Plan } from '../src/planes/entities/plan.entity';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { PromoCode } from '../src/promo-codes/entities/promo-code.entity';
import { adminAgent, newClient, NOW, TODAY } from './helpers/booking';
import {
  approvedPayment,
  CHECKOUT_ENV,
  FakeMercadoPago,
  MP_TEST_SECRET as SECRET,
  notifyWebhook,
} from './helpers/mercadopago';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

/** The CSV's rows (cells without quotes: none of this file's cells hold a comma or a quote). */
const rowsOf = (text: string): string[][] =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line.length > 0)
    .map((line) => line.split(','));

/**
 * The dashboard's discounts and gift cards, and the exports' code, discount and balance columns: a
 * plan bought with a promo code, gift cards sold (money received, not plan revenue), a plan paid
 * partly and one wholly with gift balance (plan revenue paid with balance).
 */
describe('dashboard and exports: promo code discounts and gift cards', () => {
  let t: TestApp;
  let admin: Agent;
  const clock = new FixedClock(NOW);
  const mp = new FakeMercadoPago();
  let providerIds = 950_000;

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

  const ocho = () => t.dataSource.getRepository(Plan).findOneByOrFail({ name: 'Ocho Clases' });
  const lastPayment = async () =>
    (await t.dataSource.getRepository(Payment).find({ order: { id: 'DESC' }, take: 1 }))[0];
  const lastCard = async () => (await t.dataSource.getRepository(GiftCard).find({ order: { id: 'DESC' }, take: 1 }))[0];

  /** Mercado Pago approves `reference` for `amount` pesos and notifies. */
  async function report(reference: string, amount: number): Promise<void> {
    const id = String(++providerIds);
    mp.setPayment(approvedPayment(id, reference, clock.now(), amount));
    await notifyWebhook(t, id, { secret: SECRET, ts: clock.now().getTime(), at: clock.now() }).expect(200);
    await t.app.get(PaymentNotificationsService).settled();
  }

  /** A gift card of `pesos` bought and paid (with its commission): its row. */
  async function paidCard(pesos: number): Promise<GiftCard> {
    const { agent } = await newClient(t, 'Compra');
    await agent
      .post('/api/gift-cards/buy')
      .send({
        amount: pesos,
        recipientName: 'Lucía Pérez',
        recipientEmail: 'lucia@example.com',
        message: '¡Feliz cumpleaños!',
        deliverOn: '2026-11-24',
      })
      .expect(200);
    const card = await lastCard();
    await report(card.reference, card.totalCents / 100);
    return t.dataSource.getRepository(GiftCard).findOneByOrFail({ id: card.id });
  }

  /** A client who redeemed a card of `pesos`, and bought Ocho Clases ($1,500) with that balance: the purchase. */
  async function boughtWithBalance(pesos: number): Promise<Payment> {
    const card = await paidCard(pesos);
    const { agent } = await newClient(t, 'Saldo');
    await agent.post('/api/gift-cards/redeem').send({ code: card.code }).expect(200);
    await agent
      .post('/api/mercadopago')
      .send({ planId: (await ocho()).id })
      .expect(200);
    const payment = await lastPayment();
    if (payment.totalCents > 0) await report(payment.reference!, payment.totalCents / 100);
    return t.dataSource.getRepository(Payment).findOneByOrFail({ id: payment.id });
  }

  const download = async (kind: string): Promise<string[][]> => {
    const res = await admin
      .get(`/api/admin/export/${kind}.csv?from=${TODAY}&to=${TODAY}`)
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      })
      .expect(200);
    return rowsOf(res.body as string);
  };

  it('should show discounts, gift card sales and balance spent apart, and the code, discount and balance in the exports', async () => {
    const zero = await admin.post('/api/admin/dashboard').send({ from: TODAY, to: TODAY }).expect(200);
    expect(zero.body.discountsAndGifts).toEqual({
      discountsCents: 0,
      giftCardSalesCents: 0,
      giftCardSalesCount: 0,
      giftBalanceSpentCents: 0,
    });

    // 10 % off Ocho Clases: $1,350 charged (with its commission), $150 of discount.
    const code = await t.dataSource.getRepository(PromoCode).save(
      t.dataSource.getRepository(PromoCode).create({
        code: 'REPORTE10',
        kind: 'percent',
        value: 10,
        validFrom: '2026-11-20',
        validTo: '2026-11-30',
        maxUses: 100,
        maxUsesPerClient: 1,
        planIds: null,
        newClientsOnly: false,
        active: true,
      }),
    );
    const { agent } = await newClient(t, 'Promo');
    await agent
      .post('/api/mercadopago')
      .send({ planId: (await ocho()).id, code: code.code })
      .expect(200);
    const pending = await lastPayment();
    expect(pending).toMatchObject({ priceCents: 1_350_00, discountCents: 150_00, balanceCents: 0 });
    await report(pending.reference!, pending.totalCents / 100);
    const discounted = await t.dataSource.getRepository(Payment).findOneByOrFail({ id: pending.id });
    expect(discounted.status).toBe('approved');

    // A card of $1,000 only sold; $1,000 of balance on a $1,500 plan (the rest charged); $2,000 of
    // balance paying a plan wholly.
    const unused = await paidCard(1000);
    expect(unused.status).toBe('paid');
    const partly = await boughtWithBalance(1000);
    expect(partly).toMatchObject({
      status: 'approved',
      priceCents: 500_00,
      balanceCents: 1_000_00,
      balanceStatus: 'spent',
    });
    const wholly = await boughtWithBalance(2000);
    expect(wholly).toMatchObject({
      status: 'approved',
      priceCents: 0,
      totalCents: 0,
      balanceCents: 1_500_00,
      balanceStatus: 'spent',
    });

    const { body } = await admin.post('/api/admin/dashboard').send({ from: TODAY, to: TODAY }).expect(200);
    expect(body.discountsAndGifts).toEqual({
      discountsCents: 150_00,
      // Three cards paid: $1,000 + $1,000 + $2,000, without their commission.
      giftCardSalesCents: 4_000_00,
      giftCardSalesCount: 3,
      // $1,000 + $1,500 of the plans' prices paid with balance.
      giftBalanceSpentCents: 2_500_00,
    });
    // Money charged for plans: the discounted one and the rest of the partly paid one, with their commissions.
    expect(body.revenueByMethod.totalNetCents).toBe(discounted.totalCents + partly.totalCents);
    // A period without them: nothing.
    const before = await admin.post('/api/admin/dashboard').send({ from: '2026-11-01', to: '2026-11-22' }).expect(200);
    expect(before.body.discountsAndGifts).toEqual({
      discountsCents: 0,
      giftCardSalesCents: 0,
      giftCardSalesCount: 0,
      giftBalanceSpentCents: 0,
    });

    const payments = await download('payments');
    expect(payments[0].slice(-3)).toEqual(['Código', 'Descuento (MXN)', 'Saldo de regalo (MXN)']);
    const paymentCells = (id: number) => payments.find((r) => Number(r[0]) === id)!.slice(-3);
    expect(paymentCells(discounted.id)).toEqual(['REPORTE10', '150', '0']);
    expect(paymentCells(partly.id)).toEqual(['', '0', '1000']);
    expect(paymentCells(wholly.id)).toEqual(['', '0', '1500']);
    expect(payments.find((r) => Number(r[0]) === wholly.id)!.slice(6, 9)).toEqual(['0', '0', '0']);

    // A plan's creation time is the database's clock: put on the test's day.
    await t.dataSource
      .getRepository(UserPlan)
      .update({ id: In([discounted.userPlanId, partly.userPlanId, wholly.userPlanId]) }, { createdAt: NOW });
    const plans = await download('plans');
    expect(plans[0].slice(-3)).toEqual(['Código', 'Descuento (MXN)', 'Saldo de regalo (MXN)']);
    const planCells = (userPlanId: number | null) => plans.find((r) => Number(r[0]) === userPlanId)!.slice(-3);
    expect(planCells(discounted.userPlanId)).toEqual(['REPORTE10', '150', '0']);
    expect(planCells(partly.userPlanId)).toEqual(['', '0', '1000']);
    expect(planCells(wholly.userPlanId)).toEqual(['', '0', '1500']);
    expect(plans.slice(1)).toHaveLength(3);
  });

  it('should export the gift cards paid in the period, Mercado Pago and desk alike, apart from payments', async () => {
    // The first test's three cards (one waiting for its date, two redeemed), and one sold at the desk today.
    const buyer = await newClient(t, 'Mostrador');
    await admin
      .post('/api/admin/desk-sales/gift-card')
      .send({
        userId: buyer.user.id,
        amount: 500,
        recipientName: 'Marta Ruiz',
        recipientEmail: 'marta@example.com',
        message: 'Para ti',
        deliverOn: TODAY,
        method: 'efectivo',
        received: 600,
      })
      .expect(200);
    const desk = await lastCard();
    const cards = await download('gift-cards');
    expect(cards[0]).toEqual([
      'Folio',
      'Fecha de pago',
      'Comprador',
      'Correo',
      'Para',
      'Correo de quien la recibe',
      'Entrega',
      'Estado',
      'Monto de la tarjeta (MXN)',
      'Cobrado (MXN)',
      'Reembolsado (MXN)',
      'Forma de pago',
      'Recibido en mostrador (MXN)',
      'Pago de Mercado Pago',
      'Canjeada por',
      'Fecha de canje',
    ]);
    expect(cards.slice(1)).toHaveLength(4);
    const row = (id: number) => cards.find((r) => Number(r[0]) === id)!;
    expect(row(desk.id).slice(2, 13)).toEqual([
      buyer.user.name,
      buyer.user.email,
      'Marta Ruiz',
      'marta@example.com',
      '23/11/2026',
      'Enviada',
      '500',
      '500',
      '0',
      'Efectivo',
      '600',
    ]);
    const states = cards.slice(1).map((r) => r[7]);
    expect(states.sort()).toEqual(['Canjeada', 'Canjeada', 'Enviada', 'Por enviar']);
    // Mercado Pago's cards carry their commission in what was charged, and their payment's number.
    const mercadoPago = cards.slice(1).filter((r) => r[11] === 'Mercado Pago');
    expect(mercadoPago.map((r) => [r[8], r[9]])).toEqual(
      expect.arrayContaining([
        ['1000', '1044'],
        ['2000', '2084'],
      ]),
    );
    expect(mercadoPago.every((r) => r[13] !== '')).toBe(true);
    expect(
      cards
        .slice(1)
        .filter((r) => r[7] === 'Canjeada')
        .every((r) => r[14].startsWith('Saldo')),
    ).toBe(true);
  });
});
