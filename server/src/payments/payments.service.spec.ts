import { fakeIntroOffer } from '../testing/fake-intro-offer';
import { planesServiceOver } from '../testing/planes-service';
import { ConsoleLogger, Logger } from '@nestjs/common';
import type { AuditService } from '../core/audit/audit.service';
import type { TransactionService } from '../core/database/transaction.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { FakePaymentGateway } from '../testing/fake-payment-gateway';
import {
  admin,
  client,
  InMemoryTransactions,
  RecordingAudit,
  RecordingNotifications,
  studioClockAt,
  testConfig,
} from '../testing/fakes';
import { InMemoryDatabase } from '../testing/in-memory-database';
import { InMemoryPaymentsRepository } from '../testing/in-memory-payments.repository';
import { InMemoryPlansRepository } from '../testing/in-memory-plans.repository';
import type { PaymentsRepository } from './payments.repository';
import type { SpotHoldsService } from '../reservations/spot-holds.service';
import type { RecordedRefundsService } from './recorded-refunds.service';
import { PaymentsService } from './payments.service';
import type { PromoCodesRepository } from '../promo-codes/promo-codes.repository';
import { PromoCodesService } from '../promo-codes/promo-codes.service';
import type { GiftBalanceService } from '../gift-cards/gift-balance.service';
import type { GiftCardsService } from '../gift-cards/gift-cards.service';

/** Monday 2026-11-23, 06:00 in Mexico City. */
const NOW = new Date('2026-11-23T12:00:00.000Z');
const HOUR = 3600_000;

/** The payments rules against in-memory repositories and a fake provider (4% + $4 commission, as the HTTP suite). */
function arrange(env: Record<string, string> = {}) {
  const db = new InMemoryDatabase();
  const config = testConfig({
    APP_URL: 'https://estudio.example',
    PAYMENT_COMMISSION_PERCENT: '4',
    PAYMENT_COMMISSION_FIXED_MXN: '4',
    ...env,
  });
  const { clock, studio } = studioClockAt(NOW, config);
  const gateway = new FakePaymentGateway();
  const service = new PaymentsService(
    new InMemoryPaymentsRepository(db) as unknown as PaymentsRepository,
    planesServiceOver(new InMemoryPlansRepository(db), config),
    new InMemoryTransactions(db) as unknown as TransactionService,
    gateway,
    config,
    studio,
    new RecordingNotifications(db) as unknown as NotificationsService,
    new RecordingAudit(db) as unknown as AuditService,
    // No checkout here holds a reformer (test/spot-holds.int-spec.ts covers holds end to end).
    { bookHeld: () => Promise.resolve(), bookingOf: () => Promise.resolve(null) } as unknown as SpotHoldsService,
    fakeIntroOffer(),
    // No checkout here types a code (test/promo-codes.int-spec.ts covers codes end to end).
    new PromoCodesService({} as unknown as PromoCodesRepository, studio, config),
    // No desk sale nor gift-balance purchase here (test/desk-sales.int-spec.ts and
    // test/gift-balance-refunds.int-spec.ts cover their recorded refunds end to end).
    {} as unknown as RecordedRefundsService,
    // Nobody here has a gift balance or buys a gift card (test/gift-cards.int-spec.ts covers both end to end).
    {
      available: () => Promise.resolve(0),
      lockAndRead: () => Promise.resolve(0),
      release: () => Promise.resolve(),
      spend: () => Promise.resolve(true),
      returnRefunded: () => Promise.resolve(false),
    } as unknown as GiftBalanceService,
    {
      forProvider: () => Promise.resolve(null),
      dueForReconcile: () => Promise.resolve([]),
    } as unknown as GiftCardsService,
  );
  const ana = db.addUser({ name: 'Ana', email: 'ana@example.com' });
  const studioAdmin = db.addUser({ name: 'Estudio' });
  const ocho = db.addPlan({ name: 'Ocho Clases', priceCents: 1_500_00, classCount: 8 });
  /** A purchase through the checkout; its row. */
  const buy = async (userId = ana.id, planId = ocho.id) => {
    await service.startCheckout(client(userId), planId);
    return db.payments.at(-1)!;
  };
  /** A purchase the provider approved (the exact total) and we applied. */
  const bought = async (providerId = '900001') => {
    const purchase = await buy();
    gateway.approve(providerId, purchase.reference, 1564);
    await service.syncProviderPayment(providerId);
    return db.payment(purchase.id);
  };
  return { db, clock, gateway, service, ana, studioAdmin, ocho, buy, bought };
}

describe('PaymentsService', () => {
  // The service logs each refusal and duplicate for the operator; the assertions read the rows instead.
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(new ConsoleLogger()));

  describe('startCheckout', () => {
    it('should record a purchase at the catalogue price plus commission for the caller, and open a preference', async () => {
      const { db, gateway, service, ana, ocho } = arrange();
      const { url, held } = await service.startCheckout(client(ana.id), ocho.id);
      expect(held).toBeNull();
      expect(url).toBe('https://pago.example/checkout?pref_id=pref-1');
      const [purchase] = db.payments;
      expect(purchase).toMatchObject({
        userId: ana.id,
        planId: ocho.id,
        planName: 'Ocho Clases',
        classCount: 8,
        priceCents: 1_500_00,
        commissionCents: 64_00, // 4% of $1,500 + $4
        totalCents: 1_564_00,
        status: 'created',
        preferenceId: 'pref-1',
        expiresAt: new Date(NOW.getTime() + 72 * HOUR),
      });
      expect(purchase.reference).toMatch(/^pilates-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(gateway.preferences).toEqual([
        expect.objectContaining({
          reference: purchase.reference,
          title: 'Ocho Clases — Pilates Reformer',
          description: 'Plan de 8 clases de Pilates Reformer, válido por un mes desde el día del pago.',
          amountMxn: 1564,
          payer: { name: 'Ana', email: 'ana@example.com' },
          notificationUrl: 'https://estudio.example/api/mercadopago/webhook?source_news=webhooks',
          checkoutExpiresAt: new Date(NOW.getTime() + 24 * HOUR),
          cashExpiresAt: new Date(NOW.getTime() + 72 * HOUR),
        }),
      ]);
    });

    it('should refuse an unknown or hidden plan, recording nothing', async () => {
      const { db, service, ana, ocho } = arrange();
      ocho.visible = false;
      await expect(service.startCheckout(client(ana.id), ocho.id)).rejects.toMatchObject({
        code: 'PLAN_NOT_FOUND',
        status: 404,
      });
      await expect(service.startCheckout(client(ana.id), 999)).rejects.toMatchObject({ code: 'PLAN_NOT_FOUND' });
      expect(db.payments).toEqual([]);
    });

    it('should answer a clear Spanish error when the provider fails, and leave no open purchase', async () => {
      const { db, gateway, service, ana, ocho } = arrange();
      gateway.failWith = new Error('ETIMEDOUT');
      await expect(service.startCheckout(client(ana.id), ocho.id)).rejects.toMatchObject({
        code: 'PAYMENT_PROVIDER_ERROR',
        status: 502,
        error: 'No pudimos conectar con Mercado Pago. Intenta de nuevo en unos minutos; no se hizo ningún cargo.',
      });
      expect(db.payments.map((p) => [p.status, p.statusDetail])).toEqual([['cancelled', 'preference_failed']]);
    });

    it('should refuse a fourth open checkout saying when, creating nothing, until a slot frees', async () => {
      const { db, clock, gateway, service, ana, ocho, buy } = arrange();
      for (let i = 0; i < 3; i++) await buy();
      const refusal = service.startCheckout(client(ana.id), ocho.id);
      // The first link works until Tuesday 6:00 AM at the studio.
      await expect(refusal).rejects.toMatchObject({
        code: 'CHECKOUT_LIMIT',
        status: 429,
        error:
          'Ya tienes 3 compras sin terminar. Termina de pagar una o intenta de nuevo el 24 de noviembre de 2026 a las 6:00 AM.',
        headers: { 'retry-after': String(24 * 3600) },
      });
      expect(db.payments).toHaveLength(3);
      expect(gateway.preferences).toHaveLength(3);

      db.payments[0].status = 'rejected'; // a failed card frees its slot at once
      await buy();
      await expect(buy()).rejects.toMatchObject({ code: 'CHECKOUT_LIMIT' });
      clock.set(new Date(NOW.getTime() + 24 * HOUR - 60_000));
      await expect(buy()).rejects.toMatchObject({ code: 'CHECKOUT_LIMIT' });
      clock.set(new Date(NOW.getTime() + 24 * HOUR));
      await buy();
      expect(gateway.preferences).toHaveLength(5);
    });

    it('should refuse the eleventh checkout started within an hour, saying at what time', async () => {
      const { db, clock, buy } = arrange();
      for (let i = 0; i < 10; i++) {
        clock.set(new Date(NOW.getTime() + i * 60_000));
        (await buy()).status = 'rejected';
      }
      clock.set(new Date(NOW.getTime() + 30 * 60_000));
      await expect(buy()).rejects.toMatchObject({
        code: 'CHECKOUT_LIMIT',
        error: 'Ya iniciaste 10 compras en la última hora. Intenta de nuevo a las 7:00 AM.',
        headers: { 'retry-after': String(30 * 60) },
      });
      clock.set(new Date(NOW.getTime() + 60 * 60_000));
      await buy();
      expect(db.payments).toHaveLength(11);
    });
  });

  describe('approval', () => {
    it('should create exactly one plan for an approved payment, with a receipt, however often it is reported', async () => {
      const { db, gateway, service, ana, buy } = arrange();
      const purchase = await buy();
      gateway.approve('900001', purchase.reference, 1564);
      const applied = await service.syncProviderPayment('900001');
      expect(applied).toMatchObject({ id: purchase.id, status: 'approved', providerPaymentId: '900001' });
      expect(db.userPlans).toEqual([
        expect.objectContaining({
          userId: ana.id,
          planName: 'Ocho Clases',
          classesTotal: 8,
          classesRemaining: 8,
          startDate: '2026-11-23',
          endDate: '2026-12-22',
          isPaid: true,
          source: 'payment',
        }),
      ]);
      expect(db.payment(purchase.id)).toMatchObject({
        userPlanId: db.userPlans[0].id,
        paidCents: 1_564_00,
        issue: null,
      });
      expect(db.eventsOfType('payment.receipt')).toEqual([
        expect.objectContaining({
          to: { userId: ana.id, email: 'ana@example.com', name: 'Ana' },
          payload: expect.objectContaining({ providerPaymentId: '900001' }),
        }),
      ]);

      for (let i = 0; i < 3; i++) await service.syncProviderPayment('900001');
      expect(db.userPlans).toHaveLength(1);
      expect(db.events).toHaveLength(1);
      expect(db.payments).toHaveLength(1);
    });

    it('should grant nothing when the amount or the currency differ, and say why', async () => {
      const { db, gateway, service, buy } = arrange();
      const short = await buy();
      gateway.approve('900002', short.reference, 1563.99);
      await service.syncProviderPayment('900002');
      const usd = await buy();
      gateway.approve('900003', usd.reference, 1564, { currency: 'USD' });
      await service.syncProviderPayment('900003');
      expect(
        [db.payment(short.id), db.payment(usd.id)].map((p) => [p.status, p.issue, p.paidCents, p.userPlanId]),
      ).toEqual([
        ['approved', 'amount_mismatch', 1_563_99, null],
        ['approved', 'currency_mismatch', 1_564_00, null],
      ]);
      expect(db.userPlans).toEqual([]);
      expect(db.events).toEqual([]);
    });

    it('should refuse a test-mode payment in production and grant a live one', async () => {
      const { db, gateway, service, buy } = arrange({
        NODE_ENV: 'production',
        MP_ACCESS_TOKEN: 'APP_USR-token',
        MP_WEBHOOK_SECRET: 'secret',
      });
      const test = await buy();
      gateway.approve('900004', test.reference, 1564, { liveMode: false });
      await service.syncProviderPayment('900004');
      const live = await buy();
      gateway.approve('900005', live.reference, 1564);
      await service.syncProviderPayment('900005');
      expect([db.payment(test.id).issue, db.payment(live.id).issue]).toEqual(['not_live', null]);
      expect(db.userPlans).toHaveLength(1);
    });

    it('should record a second approved payment for a paid purchase on its own row, to refund, once', async () => {
      const { db, gateway, service, bought } = arrange();
      const purchase = await bought('900006');
      gateway.approve('900007', purchase.reference, 1564);
      await service.syncProviderPayment('900007');
      await service.syncProviderPayment('900007');
      expect(db.payments.map((p) => [p.providerPaymentId, p.issue, p.duplicateOf])).toEqual([
        ['900006', null, null],
        ['900007', 'duplicate', purchase.id],
      ]);
      expect(db.userPlans).toHaveLength(1);
    });

    it('should leave a rejected payment without a plan, and grant one when a later attempt is approved', async () => {
      const { db, gateway, service, buy } = arrange();
      const purchase = await buy();
      gateway.approve('900008', purchase.reference, 1564, {
        status: 'rejected',
        statusDetail: 'cc_rejected_other_reason',
      });
      await service.syncProviderPayment('900008');
      expect(db.payment(purchase.id)).toMatchObject({ status: 'rejected', userPlanId: null });
      gateway.approve('900009', purchase.reference, 1564);
      await service.syncProviderPayment('900009');
      expect(db.payment(purchase.id)).toMatchObject({ status: 'approved', providerPaymentId: '900009' });
      expect(db.userPlans).toHaveLength(1);
      // An approved purchase never goes back: a late report of the failed attempt changes nothing.
      await service.syncProviderPayment('900008');
      expect(db.payment(purchase.id).status).toBe('approved');
    });

    it("should ignore a provider payment that is not ours, and refuse someone else's to a client", async () => {
      const { db, gateway, service, ana, buy } = arrange();
      gateway.approve('900010', 'otra-tienda-123', 1564);
      expect(await service.syncProviderPayment('900010')).toBeNull();
      const purchase = await buy();
      gateway.approve('900011', purchase.reference, 1564);
      const beto = db.addUser({ name: 'Beto' });
      await expect(service.syncProviderPayment('900011', client(beto.id))).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect(db.userPlans).toEqual([]);
      expect(await service.syncProviderPayment('900011', client(ana.id))).toMatchObject({ status: 'approved' });
    });

    it('should revoke the plan of a charged back payment unless the provider covers it', async () => {
      const { db, gateway, service, bought } = arrange();
      const covered = await bought('900012');
      const lost = await bought('900013');
      gateway.chargebacks.set('cb-1', { id: 'cb-1', paymentIds: ['900012'], coverageApplied: true });
      gateway.chargebacks.set('cb-2', { id: 'cb-2', paymentIds: ['900013'], coverageApplied: false });
      await service.applyChargeback('cb-1');
      await service.applyChargeback('cb-2');
      expect(db.payment(covered.id).status).toBe('approved');
      expect(db.payment(lost.id).status).toBe('charged_back');
      expect(db.userPlan(covered.userPlanId!)).toMatchObject({ isPaid: true, revokedAt: null });
      expect(db.userPlan(lost.userPlanId!)).toMatchObject({ isPaid: false, revokedAt: NOW });
    });
  });

  describe('refund', () => {
    it('should refund in part (plan kept), then the rest (plan revoked), audited; then nothing is left', async () => {
      const { db, gateway, service, ana, studioAdmin, bought } = arrange();
      const purchase = await bought();
      const partial = await service.refund(admin(studioAdmin.id), purchase.id, 500_00);
      expect(partial).toMatchObject({ status: 'approved', statusDetail: 'partially_refunded', refundedCents: 500_00 });
      expect(db.userPlan(purchase.userPlanId!)).toMatchObject({ isPaid: true, revokedAt: null });

      const rest = await service.refund(admin(studioAdmin.id), purchase.id);
      expect(rest).toMatchObject({ status: 'refunded', refundedCents: 1_564_00 });
      expect(db.userPlan(purchase.userPlanId!)).toMatchObject({ isPaid: false, revokedAt: NOW });
      expect(gateway.refunds.map((r) => r.amountMxn)).toEqual([500, undefined]);
      expect(db.audit.map((a) => [a.action, a.subjectUserId, a.after])).toEqual([
        ['payment.refund', ana.id, expect.objectContaining({ status: 'approved', refunded: 500, requested: 500 })],
        ['payment.refund', ana.id, expect.objectContaining({ status: 'refunded', refunded: 1564, requested: 'total' })],
      ]);

      await expect(service.refund(admin(studioAdmin.id), purchase.id)).rejects.toMatchObject({
        code: 'PAYMENT_NOT_REFUNDABLE',
      });
      expect(gateway.refunds).toHaveLength(2);
    });

    it('should refuse more than what is left, an unpaid purchase and an unknown one, refunding nothing', async () => {
      const { gateway, service, studioAdmin, buy, bought } = arrange();
      const purchase = await bought();
      await expect(service.refund(admin(studioAdmin.id), purchase.id, 1_564_01)).rejects.toMatchObject({
        code: 'REFUND_TOO_LARGE',
        status: 400,
      });
      const unpaid = await buy();
      await expect(service.refund(admin(studioAdmin.id), unpaid.id)).rejects.toMatchObject({
        code: 'PAYMENT_NOT_REFUNDABLE',
        status: 409,
      });
      await expect(service.refund(admin(studioAdmin.id), 999)).rejects.toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
      expect(gateway.refunds).toEqual([]);
    });

    it('should make a repeated request with one key the same refund, and refuse the key with another amount or payment', async () => {
      const { gateway, service, studioAdmin, bought } = arrange();
      const first = await bought('900020');
      const second = await bought('900021');
      const by = admin(studioAdmin.id);
      await service.refund(by, first.id, 500_00, 'key-1');
      const again = await service.refund(by, first.id, 500_00, 'key-1');
      expect(again.refundedCents).toBe(500_00);
      expect(gateway.refunds.map((r) => r.idempotencyKey)).toEqual([
        `pilates-refund-${first.id}-key-1`,
        `pilates-refund-${first.id}-key-1`,
      ]);

      const reused = {
        code: 'REFUND_KEY_REUSED',
        error:
          'Esta solicitud de reembolso ya se usó con otro pago u otro monto: no se reembolsó nada. Cierra el diálogo y vuelve a abrirlo.',
      };
      await expect(service.refund(by, first.id, 100_00, 'key-1')).rejects.toMatchObject(reused);
      await expect(service.refund(by, second.id, 500_00, 'key-1')).rejects.toMatchObject(reused);
      expect(gateway.refunds).toHaveLength(2);
      expect(gateway.payments.get('900021')!.refundedMxn).toBe(0);
    });
  });

  describe('reconcile', () => {
    it('should settle purchases left open after 15 minutes and expire abandoned cash ones', async () => {
      const { db, clock, gateway, service, buy } = arrange();
      const paid = await buy();
      const abandoned = await buy();
      gateway.approve('900030', paid.reference, 1564);
      clock.set(new Date(NOW.getTime() + 10 * 60_000));
      expect(await service.reconcile()).toBe(0);
      clock.set(new Date(NOW.getTime() + 72 * HOUR + 60_000));
      expect(await service.reconcile()).toBe(2);
      expect([db.payment(paid.id).status, db.payment(abandoned.id).status]).toEqual(['approved', 'expired']);
      expect(db.userPlans).toHaveLength(1);
    });
  });
});
