import { IsNull } from 'typeorm';
import { PromoCodeAttempt } from '../src/promo-codes/entities/promo-code-attempt.entity';
import { PromoCode } from '../src/promo-codes/entities/promo-code.entity';
import { FixedClock } from '../src/core/clock/clock';
import { Payment } from '../src/payments/entities/payment.entity';
import { PaymentNotificationsService } from '../src/payments/payment-notifications.service';
import { Plan } from '../src/planes/entities/plan.entity';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { adminAgent, givePlan, NOW, newClient } from './helpers/booking';
import { AuditLog } from '../src/core/audit/audit-log.entity';
import { outboxCount, readOutboxMail, registerUser } from './helpers/accounts';
import { NotificationsService } from '../src/notifications/notifications.service';
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
        balanceCents: 0,
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
        balanceCents: 0,
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
        balanceCents: 0,
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
        balanceCents: 0,
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
        balanceCents: 0,
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
      // The receipt names the catalogue price and the discount.
      await t.app.get(NotificationsService).settled();
      const mails = await Promise.all(Array.from({ length: await outboxCount(t) }, (_, i) => readOutboxMail(t, i + 1)));
      const receipt = mails.find((mail) => mail.text.includes('Total pagado: $1,408.00'));
      expect(receipt?.text).toContain(
        'Precio: $1,500.00 · Descuento: −$150.00 · Comisión: $58.00 · Total pagado: $1,408.00.',
      );
    });
  });

  describe('uses under races: held at checkout, counted when approved, freed when the purchase fails', () => {
    const usesOf = (codeId: number) => t.dataSource.getRepository(Payment).countBy({ promoCodeId: codeId });

    it('should let at most 10 of 50 simultaneous checkouts by different clients hold a code with 10 uses, and approve 10', async () => {
      const code = await addCode({ maxUses: 10, maxUsesPerClient: 1 });
      const planId = (await ocho()).id;
      let n = 0;
      const clients = await Promise.all(
        Array.from({ length: 50 }, () =>
          registerUser(t, { name: 'Carrera', email: `carrera${++n}.${Date.now()}@example.com` }),
        ),
      );
      const answers = await Promise.all(clients.map(({ agent }) => checkout(agent, planId, code.code)));
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(40);
      expect(new Set(answers.filter((res) => res.status === 409).map((res) => res.body.code))).toEqual(
        new Set(['PROMO_EXHAUSTED']),
      );
      expect(await usesOf(code.id)).toBe(10);
      // Every held purchase paid: 10 discounted plans, and the 11th checkout is still refused.
      const held = await t.dataSource.getRepository(Payment).findBy({ promoCodeId: code.id });
      for (const payment of held) await pay(payment.reference!, 1408);
      const approved = await t.dataSource.getRepository(Payment).findBy({ promoCodeId: code.id, status: 'approved' });
      expect(approved.filter((p) => p.userPlanId !== null)).toHaveLength(10);
      const late = await newClient(t);
      expect((await checkout(late.agent, planId, code.code).expect(409)).body.code).toBe('PROMO_EXHAUSTED');
    }, 120_000);

    it('should let one of 10 simultaneous checkouts of one client hold a code with one use per client', async () => {
      const code = await addCode({ maxUses: 100, maxUsesPerClient: 1 });
      const planId = (await ocho()).id;
      const { agent, user } = await newClient(t);
      const answers = await Promise.all(Array.from({ length: 10 }, () => checkout(agent, planId, code.code)));
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      expect(await t.dataSource.getRepository(Payment).countBy({ promoCodeId: code.id, userId: user.id })).toBe(1);
      // Another client still may.
      await checkout((await newClient(t)).agent, planId, code.code).expect(200);
    }, 60_000);

    it('should free a held use when its payment is rejected', async () => {
      const code = await addCode({ maxUses: 1 });
      const planId = (await ocho()).id;
      const first = await newClient(t);
      await checkout(first.agent, planId, code.code).expect(200);
      const second = await newClient(t);
      expect((await preview(second.agent, planId, code.code).expect(409)).body).toMatchObject({
        code: 'PROMO_EXHAUSTED',
        error: 'Ese código ya se agotó.',
      });
      const payment = await lastPayment();
      const id = String(++providerIds);
      mp.setPayment({
        id,
        status: 'rejected',
        status_detail: 'cc_rejected_other_reason',
        external_reference: payment.reference!,
      });
      await notifyAndSettle(id);
      await checkout(second.agent, planId, code.code).expect(200);
    });

    it('should free a held use when its checkout link expires unpaid, but keep an approved use', async () => {
      const code = await addCode({ maxUses: 1, maxUsesPerClient: 5 });
      const planId = (await ocho()).id;
      const { agent } = await newClient(t);
      await checkout(agent, planId, code.code).expect(200);
      await preview(agent, planId, code.code).expect(409);
      // The link works 24 hours: after it nobody can pay that checkout.
      clock.set(new Date(NOW.getTime() + 24 * 3600_000 + 60_000));
      await checkout(agent, planId, code.code).expect(200);
      await pay((await lastPayment()).reference!, 1408);
      // Approved: counted for good, days later too.
      clock.set(new Date(NOW.getTime() + 5 * 24 * 3600_000));
      expect((await preview(agent, planId, code.code).expect(409)).body.code).toBe('PROMO_EXHAUSTED');
    });

    it('should grant no plan to a purchase paid after its hold lapsed once another took the last use, and grant it while the use is free', async () => {
      const code = await addCode({ maxUses: 1, maxUsesPerClient: 5 });
      const planId = (await ocho()).id;
      const late = await newClient(t);
      await checkout(late.agent, planId, code.code).expect(200);
      const lapsed = await lastPayment();
      // Past its link's 24 hours: the use is free and another client takes it and pays.
      clock.set(new Date(NOW.getTime() + 24 * 3600_000 + 60_000));
      const other = await newClient(t);
      await checkout(other.agent, planId, code.code).expect(200);
      await pay((await lastPayment()).reference!, 1408);
      // Then the first purchase's payment is reported approved: the code has no use left for it.
      await pay(lapsed.reference!, 1408);
      expect(await t.dataSource.getRepository(Payment).findOneByOrFail({ id: lapsed.id })).toMatchObject({
        status: 'approved',
        issue: 'promo_taken',
        userPlanId: null,
      });
      const granted = await t.dataSource
        .getRepository(Payment)
        .countBy({ promoCodeId: code.id, status: 'approved', issue: IsNull() });
      expect(granted).toBe(1);

      // A late payment whose use nobody took is granted as usual.
      const roomy = await addCode({ maxUses: 1, maxUsesPerClient: 5 });
      await checkout(late.agent, planId, roomy.code).expect(200);
      const alone = await lastPayment();
      clock.set(new Date(NOW.getTime() + 3 * 24 * 3600_000));
      await pay(alone.reference!, 1408);
      expect(await t.dataSource.getRepository(Payment).findOneByOrFail({ id: alone.id })).toMatchObject({
        status: 'approved',
        issue: null,
        userPlanId: expect.any(Number),
      });
    });

    it('should free a counted use when its payment is refunded', async () => {
      const code = await addCode({ maxUses: 1 });
      const planId = (await ocho()).id;
      const first = await newClient(t);
      await checkout(first.agent, planId, code.code).expect(200);
      const payment = await lastPayment();
      const id = await pay(payment.reference!, 1408);
      const second = await newClient(t);
      await preview(second.agent, planId, code.code).expect(409);
      mp.setPayment({
        ...approvedPayment(id, payment.reference!, clock.now(), 1408),
        status: 'refunded',
        status_detail: 'refunded',
        transaction_amount_refunded: 1408,
      });
      await notifyAndSettle(id);
      expect((await t.dataSource.getRepository(Payment).findOneByOrFail({ id: payment.id })).status).toBe('refunded');
      await preview(second.agent, planId, code.code).expect(200);
    });
  });

  describe('refusals', () => {
    const refusal = async (res: { status: number; body: { code: string; error: string } }) => ({
      status: res.status,
      code: res.body.code,
      error: res.body.error,
    });

    it('should refuse an unknown or inactive code with PROMO_INVALID, creating no purchase', async () => {
      const { agent, user } = await newClient(t);
      const planId = (await ocho()).id;
      const unknown = await refusal(await checkout(agent, planId, 'NOEXISTE'));
      expect(unknown).toEqual({
        status: 404,
        code: 'PROMO_INVALID',
        error: 'Ese código no existe o ya no está activo. Revisa que esté bien escrito.',
      });
      const inactive = await addCode({ active: false });
      expect((await preview(agent, planId, inactive.code).expect(404)).body.code).toBe('PROMO_INVALID');
      expect(await t.dataSource.getRepository(Payment).countBy({ userId: user.id })).toBe(0);
    });

    it('should refuse a code outside its dates with PROMO_EXPIRED, saying when it works', async () => {
      const { agent, user } = await newClient(t);
      const planId = (await ocho()).id;
      const later = await addCode({ validFrom: '2026-12-01', validTo: '2026-12-15' });
      expect(await refusal(await checkout(agent, planId, later.code))).toEqual({
        status: 409,
        code: 'PROMO_EXPIRED',
        error: 'Ese código es válido del 1 de diciembre de 2026 al 15 de diciembre de 2026.',
      });
      const past = await addCode({ validFrom: '2026-11-01', validTo: '2026-11-22' });
      expect((await preview(agent, planId, past.code).expect(409)).body.code).toBe('PROMO_EXPIRED');
      // The last day counts whole, in the studio's calendar: 23:59 in Mexico City on the 22nd is still valid.
      clock.set(new Date('2026-11-23T05:59:00.000Z'));
      await preview(agent, planId, past.code).expect(200);
      expect(await t.dataSource.getRepository(Payment).countBy({ userId: user.id })).toBe(0);
    });

    it('should refuse a code for a plan it does not include with PROMO_NOT_APPLICABLE', async () => {
      const { agent } = await newClient(t);
      const una = await planNamed('Una Clase');
      const code = await addCode({ planIds: [una.id] });
      await preview(agent, una.id, code.code).expect(200);
      expect(await refusal(await checkout(agent, (await ocho()).id, code.code))).toEqual({
        status: 409,
        code: 'PROMO_NOT_APPLICABLE',
        error: 'Ese código no aplica para este plan.',
      });
    });

    it('should refuse a new-clients code to a client who ever held a plan with PROMO_ONLY_NEW_CLIENTS', async () => {
      const code = await addCode({ newClientsOnly: true });
      const planId = (await ocho()).id;
      const fresh = await newClient(t);
      await preview(fresh.agent, planId, code.code).expect(200);
      const regular = await newClient(t);
      await givePlan(t, regular.user.id, { classes: 4, start: '2026-01-01', end: '2026-01-31' });
      const res = await checkout(regular.agent, planId, code.code);
      expect(await refusal(res)).toEqual({
        status: 409,
        code: 'PROMO_ONLY_NEW_CLIENTS',
        error: 'Ese código es solo para clientes nuevos: es para quien nunca ha tenido un plan en el estudio.',
      });
    });

    it('should refuse a code used up in total or by the client with PROMO_EXHAUSTED', async () => {
      const planId = (await ocho()).id;
      const perClient = await addCode({ maxUses: 10, maxUsesPerClient: 1 });
      const { agent } = await newClient(t);
      await checkout(agent, planId, perClient.code).expect(200);
      expect(await refusal(await checkout(agent, planId, perClient.code))).toEqual({
        status: 409,
        code: 'PROMO_EXHAUSTED',
        error: 'Ya tienes una compra sin terminar con este código. Termina de pagarla o espera a que venza.',
      });
      await pay((await lastPayment()).reference!, 1408);
      expect((await preview(agent, planId, perClient.code).expect(409)).body.error).toBe(
        'Ya usaste este código las veces permitidas.',
      );
    });

    it('should answer 429 with Retry-After after 10 wrong codes from one account in an hour, and let it try again after', async () => {
      const { agent } = await newClient(t);
      const planId = (await ocho()).id;
      const good = await addCode();
      for (let i = 0; i < 10; i++) {
        clock.set(new Date(NOW.getTime() + i * 60_000));
        await preview(agent, planId, `MAL${i}`).expect(404);
      }
      const limited = await preview(agent, planId, good.code).expect(429);
      expect(limited.body).toEqual({
        success: false,
        code: 'PROMO_TOO_MANY_ATTEMPTS',
        error: 'Demasiados códigos incorrectos. Intenta de nuevo en 51 minutos o compra sin código.',
      });
      expect(limited.headers['retry-after']).toBe(String(51 * 60));
      // The checkout is refused alike; without a code the client still buys.
      expect((await checkout(agent, planId, good.code).expect(429)).body.code).toBe('PROMO_TOO_MANY_ATTEMPTS');
      await checkout(agent, planId).expect(200);
      // Another account from the same address is not blocked by this one's guesses.
      await preview((await newClient(t)).agent, planId, good.code).expect(200);
      // An hour after the first guess, one more try is allowed.
      clock.set(new Date(NOW.getTime() + 60 * 60_000 + 1_000));
      await preview(agent, planId, good.code).expect(200);
    });

    it('should answer 429 after 30 wrong codes from one address across accounts', async () => {
      const planId = (await ocho()).id;
      for (let account = 0; account < 3; account++) {
        const { agent } = await newClient(t);
        for (let i = 0; i < 10; i++) await preview(agent, planId, `MAL${account}X${i}`).expect(404);
      }
      const fresh = await newClient(t);
      const res = await preview(fresh.agent, planId, 'OTRO').expect(429);
      expect(res.body.code).toBe('PROMO_TOO_MANY_ATTEMPTS');
      expect(Number(res.headers['retry-after'])).toBe(3600);
    });
  });

  describe('admin: Promociones', () => {
    const body = (values: Record<string, unknown> = {}) => ({
      code: 'Navidad26',
      kind: 'fixed',
      value: 250.5,
      validFrom: '2026-11-20',
      validTo: '2026-12-31',
      maxUses: 3,
      maxUsesPerClient: 1,
      newClientsOnly: false,
      ...values,
    });

    it('should create a code upper-case with a fixed amount in centavos, refuse the same code in any case, and audit it', async () => {
      const admin = await adminAgent(t);
      const una = await planNamed('Una Clase');
      const res = await admin
        .post('/api/admin/promo-codes/add')
        .send(body({ planIds: [una.id] }))
        .expect(200);
      expect(res.body.promoCode).toMatchObject({
        code: 'NAVIDAD26',
        kind: 'fixed',
        value: 250.5,
        planIds: [una.id],
        active: true,
        used: 0,
        held: 0,
      });
      const stored = await t.dataSource.getRepository(PromoCode).findOneByOrFail({ id: res.body.promoCode.id });
      expect(stored).toMatchObject({ code: 'NAVIDAD26', value: 250_50, planIds: [una.id] });
      const taken = await admin
        .post('/api/admin/promo-codes/add')
        .send(body({ code: 'navidad26' }))
        .expect(409);
      expect(taken.body).toMatchObject({
        code: 'PROMO_CODE_TAKEN',
        error: 'Ya existe un código promocional con ese nombre.',
      });
      const entry = await t.dataSource
        .getRepository(AuditLog)
        .findOneByOrFail({ action: 'promo_code.create', entityId: String(stored.id) });
      expect(entry.after).toMatchObject({ code: 'NAVIDAD26', discount: '$250.50', plans: 'Una Clase', maxUses: 3 });
    });

    it('should refuse bad values with Spanish messages', async () => {
      const admin = await adminAgent(t);
      const bad = async (values: Record<string, unknown>) =>
        JSON.stringify((await admin.post('/api/admin/promo-codes/add').send(body(values)).expect(400)).body);
      expect(await bad({ code: 'BUEN-FIN' })).toContain('El código debe tener de 3 a 30 letras y números');
      expect(await bad({ kind: 'percent', value: 101 })).toContain(
        'El porcentaje debe ser un número entero entre 1 y 100',
      );
      expect(await bad({ kind: 'percent', value: 12.5 })).toContain(
        'El porcentaje debe ser un número entero entre 1 y 100',
      );
      expect(await bad({ kind: 'fixed', value: 0 })).toContain('El descuento en pesos debe ser mayor que 0');
      expect(await bad({ validTo: '2026-11-01' })).toContain(
        'La fecha de fin debe ser igual o posterior a la de inicio',
      );
      expect(await bad({ maxUses: 0 })).toContain('Los usos totales deben ser un número entero entre 1 y 100,000');
      expect(await bad({ code: 'SINPLAN', planIds: [999999] })).toContain('Uno de los planes no existe');
      expect(await t.dataSource.getRepository(PromoCode).countBy({ code: 'NAVIDAD26' })).toBeLessThanOrEqual(1);
    });

    it('should list uses counted and held, and a deactivated code is refused at checkout', async () => {
      const admin = await adminAgent(t);
      const created = await admin
        .post('/api/admin/promo-codes/add')
        .send(body({ code: 'LISTA1', kind: 'percent', value: 10 }))
        .expect(200);
      const id = created.body.promoCode.id as number;
      const planId = (await ocho()).id;
      const paying = await newClient(t);
      await checkout(paying.agent, planId, 'lista1').expect(200);
      await pay((await lastPayment()).reference!, 1408);
      await checkout((await newClient(t)).agent, planId, 'LISTA1').expect(200);
      const listed = await admin.get('/api/admin/promo-codes').expect(200);
      expect(listed.body.codes.find((c: { id: number }) => c.id === id)).toMatchObject({
        used: 1,
        held: 1,
        maxUses: 3,
      });
      const changed = await admin
        .post('/api/admin/promo-codes/change')
        .send({ id, active: false, maxUses: 5 })
        .expect(200);
      expect(changed.body.promoCode).toMatchObject({ active: false, maxUses: 5, used: 1, held: 1 });
      expect((await checkout((await newClient(t)).agent, planId, 'LISTA1').expect(404)).body.code).toBe(
        'PROMO_INVALID',
      );
      const entry = await t.dataSource
        .getRepository(AuditLog)
        .findOneByOrFail({ action: 'promo_code.update', entityId: String(id) });
      expect({ before: entry.before, after: entry.after }).toEqual({
        before: { active: true, maxUses: 3 },
        after: { active: false, maxUses: 5 },
      });
      await admin.post('/api/admin/promo-codes/change').send({ id: 999999, active: false }).expect(404);
      expect(
        (await admin.post('/api/admin/promo-codes/change').send({ id, validTo: '2026-11-01' }).expect(400)).body.code,
      ).toBe('VALIDATION_ERROR');
    });
  });
});
