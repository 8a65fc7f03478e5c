import supertest from 'supertest';
import { AuditLog } from '../src/core/audit/audit-log.entity';
import { addDays } from '@pilates/dates';
import { FixedClock } from '../src/core/clock/clock';
import { User } from '../src/auth/entities/user.entity';
import { Payment } from '../src/payments/entities/payment.entity';
import { PaymentNotificationsService } from '../src/payments/payment-notifications.service';
import { PaymentsService } from '../src/payments/payments.service';
import { IntroClaim } from '../src/planes/entities/intro-claim.entity';
import { IntroFollowupsService } from '../src/planes/intro-followups.service';
import { Plan } from '../src/planes/entities/plan.entity';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { adminAgent, givePlan, newClient, NOW, scheduleAt, TODAY } from './helpers/booking';
import { approvedPayment, CHECKOUT_ENV, FakeMercadoPago, MP_TEST_SECRET, notifyWebhook } from './helpers/mercadopago';
import { mailsFor } from './helpers/notifications';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

const REFUSAL = {
  success: false,
  code: 'INTRO_NOT_ELIGIBLE',
  error: 'Esta oferta es solo para tu primera vez en el estudio',
};

describe('the intro offer ("Solo primera vez")', () => {
  let t: TestApp;
  const clock = new FixedClock(NOW);
  const mp = new FakeMercadoPago();
  let introId: number;
  let providerIds = 970_000;

  beforeAll(async () => {
    mp.install();
    // Generous checkout limits: here only the intro claim may refuse a parallel checkout.
    t = await createTestApp({
      clock,
      env: { ...CHECKOUT_ENV, CHECKOUT_MAX_OPEN: '50', CHECKOUT_MAX_PER_HOUR: '500' },
    });
    const plan = await t.dataSource
      .getRepository(Plan)
      .save({ name: 'Clase de prueba', priceCents: 150_00, classCount: 1, intro: true, sortOrder: 0 });
    introId = plan.id;
  });
  afterAll(async () => {
    await t.close();
    mp.uninstall();
  });
  afterEach(() => {
    clock.set(NOW);
    mp.failWith = null;
  });

  const catalogue = async (agent: Agent) =>
    (await agent.get('/api/planes/get-planes').expect(200)).body.planes as { id: number; intro: boolean }[];
  const seesIntro = async (agent: Agent) => (await catalogue(agent)).some((p) => p.id === introId);
  const checkout = (agent: Agent, planId = introId) => agent.post('/api/mercadopago').send({ planId });
  const expectRefused = async (agent: Agent) => {
    const before = await t.dataSource.getRepository(Payment).count();
    const res = await checkout(agent).expect(403);
    expect(res.body).toEqual(REFUSAL);
    expect(await t.dataSource.getRepository(Payment).count()).toBe(before);
  };
  const setPhone = (userId: number, phone: string) =>
    t.dataSource.getRepository(User).update({ id: userId }, { phone });
  const openIntroPurchases = (userIds: number[]) =>
    t.dataSource
      .getRepository(Payment)
      .createQueryBuilder('p')
      .where('p.user_id IN (:...userIds) AND p.plan_id = :introId', { userIds, introId })
      .andWhere("p.status IN ('created', 'pending')")
      .getCount();
  const lastReference = () => mp.preferenceBodies().at(-1)!.external_reference as string;
  /** Mercado Pago reports a payment of the purchase, and its processing finishes. */
  const report = async (reference: string, status: 'rejected' | 'pending' | 'approved') => {
    const id = String(++providerIds);
    mp.setPayment(
      status === 'approved'
        ? approvedPayment(id, reference, NOW, 160) // $150 + 4% + $4
        : {
            id,
            status,
            status_detail: status === 'pending' ? 'pending_waiting_payment' : 'cc_rejected_other_reason',
            external_reference: reference,
          },
    );
    await notifyWebhook(t, id, { secret: MP_TEST_SECRET, ts: clock.now().getTime(), at: clock.now() }).expect(200);
    await t.app.get(PaymentNotificationsService).settled();
  };

  describe('who sees it and who may buy it', () => {
    it('should show the intro plan, marked, to a visitor', async () => {
      const planes = await catalogue(t.agent());
      expect(planes.find((p) => p.id === introId)).toMatchObject({ name: 'Clase de prueba', price: 150, intro: true });
      expect(planes.filter((p) => p.id !== introId).every((p) => p.intro === false)).toBe(true);
      const res = await t.http().get('/api/planes/get-planes').expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
    });

    it('should show it to a new client and let them buy it, then hide it while their purchase is open', async () => {
      const { agent, user } = await newClient(t, 'Nueva');
      expect(await seesIntro(agent)).toBe(true);
      await checkout(agent).expect(200);
      const payment = await t.dataSource.getRepository(Payment).findOneByOrFail({ reference: lastReference() });
      expect(payment).toMatchObject({ userId: user.id, planId: introId, priceCents: 150_00, totalCents: 160_00 });
      expect(await t.dataSource.getRepository(IntroClaim).countBy({ paymentId: payment.id })).toBe(1);
      expect(await seesIntro(agent)).toBe(false);
      // A client's answer depends on them: never kept by a shared cache.
      expect((await agent.get('/api/planes/get-planes').expect(200)).headers['cache-control']).toBe(
        'private, no-store',
      );
    });

    it('should hide it from and refuse it to a client who holds or held a plan (refunded too)', async () => {
      const { agent, user } = await newClient(t, 'Con plan');
      const planId = await givePlan(t, user.id, { classes: 1 });
      await t.dataSource.getRepository(UserPlan).update({ id: planId }, { isPaid: false, revokedAt: NOW });
      expect(await seesIntro(agent)).toBe(false);
      expect((await catalogue(agent)).length).toBeGreaterThan(0);
      await expectRefused(agent);
    });

    it('should hide it from and refuse it to a client who booked a class', async () => {
      const { agent, user } = await newClient(t, 'Reservó');
      const planId = await givePlan(t, user.id, { classes: 1 });
      const scheduleId = (await scheduleAt(t, 1, '19:00')).id;
      await agent
        .post('/api/reservations/push-reservation')
        .send({ date: TODAY, classReservation: scheduleId })
        .expect(201);
      // Even once the plan is used up and gone from the list of open plans.
      await t.dataSource.getRepository(UserPlan).update({ id: planId }, { classesRemaining: 0, endDate: TODAY });
      expect(await seesIntro(agent)).toBe(false);
      await expectRefused(agent);
    });

    it('should hide it from and refuse it to a walk-in (a class paid at the studio, no plan)', async () => {
      const { agent, user } = await newClient(t, 'Sin reserva');
      const scheduleId = (await scheduleAt(t, 1, '07:00')).id;
      clock.set(new Date(`${TODAY}T07:10:00-06:00`));
      const admin = await adminAgent(t);
      const walkIn = await admin
        .post('/api/admin/walk-in')
        .send({ date: TODAY, classReservation: scheduleId, userId: user.id })
        .expect(201);
      expect(walkIn.body.paidAtStudio).toBe(true);
      expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(0);
      expect(await seesIntro(agent)).toBe(false);
      await expectRefused(agent);
    });

    it('should refuse a second account with the same phone written differently', async () => {
      const first = await newClient(t, 'Teléfono');
      await setPhone(first.user.id, '722 123 4567');
      await givePlan(t, first.user.id, { classes: 1 });
      const second = await newClient(t, 'Teléfono otra');
      await setPhone(second.user.id, '+52 7221234567');
      expect(await seesIntro(second.agent)).toBe(false);
      await expectRefused(second.agent);
      // Another number is another person.
      await setPhone(second.user.id, '+52 7221234568');
      expect(await seesIntro(second.agent)).toBe(true);
    });

    it('should refuse a second account with the same email in other case and spacing', async () => {
      const first = await newClient(t, 'Correo');
      await givePlan(t, first.user.id, { classes: 1 });
      // An account from before emails were normalised (a leading space, capitals).
      await t.dataSource.getRepository(User).update({ id: first.user.id }, { email: ' Lucia.Perez@Example.COM' });
      const second = await newClient(t, 'Correo otra');
      await t.dataSource.getRepository(User).update({ id: second.user.id }, { email: 'lucia.perez@example.com' });
      expect(await seesIntro(second.agent)).toBe(false);
      await expectRefused(second.agent);
    });
  });

  describe('one intro purchase per person', () => {
    it('should let exactly one of 10 simultaneous checkouts of one client through', async () => {
      const { agent, user } = await newClient(t, 'Prisa');
      const answers = await Promise.all(Array.from({ length: 10 }, () => checkout(agent)));
      expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(403)]);
      for (const refused of answers.filter((r) => r.status === 403)) expect(refused.body).toEqual(REFUSAL);
      expect(await openIntroPurchases([user.id])).toBe(1);
      expect(await t.dataSource.getRepository(IntroClaim).countBy({ userId: user.id })).toBe(1);
    });

    it('should let exactly one checkout through for two accounts sharing a phone', async () => {
      const a = await newClient(t, 'Gemela');
      const b = await newClient(t, 'Gemela otra');
      await setPhone(a.user.id, '(722) 555-0101');
      await setPhone(b.user.id, '+52 1 722 555 0101');
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => checkout(i % 2 ? a.agent : b.agent)));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.status === 403)).toHaveLength(9);
      expect(await openIntroPurchases([a.user.id, b.user.id])).toBe(1);
    });

    it('should let the person try again once the purchase is rejected, and keep the offer used once approved', async () => {
      const { agent, user } = await newClient(t, 'Rechazo');
      await checkout(agent).expect(200);
      const first = lastReference();
      await expectRefused(agent);
      await report(first, 'rejected');
      expect(await t.dataSource.getRepository(IntroClaim).countBy({ userId: user.id })).toBe(0);
      expect(await seesIntro(agent)).toBe(true);

      await checkout(agent).expect(200);
      const second = lastReference();
      // A rejected card, then a cash (OXXO) payment pending on the same checkout: the claim is held again.
      await report(second, 'rejected');
      expect(await t.dataSource.getRepository(IntroClaim).countBy({ userId: user.id })).toBe(0);
      await report(second, 'pending');
      expect(await t.dataSource.getRepository(IntroClaim).countBy({ userId: user.id })).toBe(1);
      await report(second, 'approved');
      const paid = await t.dataSource.getRepository(Payment).findOneByOrFail({ reference: second });
      expect(paid).toMatchObject({ status: 'approved', userPlanId: expect.any(Number) });
      expect(await t.dataSource.getRepository(IntroClaim).countBy({ userId: user.id, paymentId: paid.id })).toBe(1);
      expect(await seesIntro(agent)).toBe(false);
      await expectRefused(agent);
    });

    it('should grant no second intro when a rejected purchase is paid after the person bought the intro again', async () => {
      const { agent, user } = await newClient(t, 'Tardío');
      await checkout(agent).expect(200);
      const first = lastReference();
      await report(first, 'rejected');
      await checkout(agent).expect(200);
      const second = lastReference();
      await report(second, 'approved');
      // The first checkout's link still works: another card is approved on it.
      await report(first, 'approved');
      const late = await t.dataSource.getRepository(Payment).findOneByOrFail({ reference: first });
      expect(late).toMatchObject({ status: 'approved', issue: 'intro_taken', userPlanId: null });
      expect(await t.dataSource.getRepository(UserPlan).countBy({ userId: user.id })).toBe(1);
      expect(await t.dataSource.getRepository(IntroClaim).countBy({ userId: user.id })).toBe(1);
      // The admins see it as a payment to refund.
      const listed = await (await adminAgent(t)).post('/api/admin/get-purchases').send({ userId: user.id }).expect(200);
      expect(listed.body.purchases.find((p: { id: number }) => p.id === late.id)).toMatchObject({
        issue: 'intro_taken',
        refundable: 160,
      });
    });

    it('should free the claim of a purchase whose checkout could not be created, or that expired unpaid', async () => {
      const { agent, user } = await newClient(t, 'Caída');
      mp.failWith = 500;
      await checkout(agent).expect(502);
      mp.failWith = null;
      expect(await t.dataSource.getRepository(IntroClaim).countBy({ userId: user.id })).toBe(0);

      await checkout(agent).expect(200);
      const reference = lastReference();
      // Never paid: four days later the reconcile job expires it.
      clock.set(new Date(NOW.getTime() + 4 * 24 * 3600_000));
      await t.app.get(PaymentsService).reconcile();
      expect(await t.dataSource.getRepository(Payment).findOneByOrFail({ reference })).toMatchObject({
        status: 'expired',
      });
      expect(await t.dataSource.getRepository(IntroClaim).countBy({ userId: user.id })).toBe(0);
      expect(await seesIntro(agent)).toBe(true);
    });
  });

  describe('in the admin catalogue', () => {
    it('should add a plan as "Solo primera vez", change it back, and audit both', async () => {
      const admin = await adminAgent(t);
      const added = await admin
        .post('/api/planes/catalogo/add')
        .send({ name: 'Primera clase', price: 99, classes: 1, intro: true })
        .expect(201);
      expect(added.body.plan).toMatchObject({ name: 'Primera clase', visible: true, intro: true });
      const id = added.body.plan.id as number;
      expect((await catalogue(t.agent())).find((p) => p.id === id)).toMatchObject({ intro: true });

      const changed = await admin.post('/api/planes/catalogo/change').send({ id, intro: false }).expect(200);
      expect(changed.body.plan).toMatchObject({ id, intro: false });
      expect(
        (await admin.get('/api/planes/catalogo').expect(200)).body.planes.find((p: { id: number }) => p.id === id),
      ).toMatchObject({ intro: false });
      // A client who may not buy intro plans sees it now that it is a regular plan.
      const { agent, user } = await newClient(t, 'Regular');
      await givePlan(t, user.id, { classes: 1 });
      expect((await catalogue(agent)).some((p) => p.id === id)).toBe(true);

      const entries = await t.dataSource
        .getRepository(AuditLog)
        .find({ where: { entityType: 'plan', entityId: String(id) }, order: { id: 'ASC' } });
      expect(entries.map((e) => [e.action, e.after])).toEqual([
        ['plan.create', expect.objectContaining({ intro: true })],
        ['plan.update', { intro: false }],
      ]);
      await admin.post('/api/planes/catalogo/hide').send({ id }).expect(200);
    });

    it('should refuse an intro flag that is not true or false', async () => {
      const admin = await adminAgent(t);
      const res = await admin
        .post('/api/planes/catalogo/add')
        .send({ name: 'Mal', price: 99, classes: 1, intro: 'sí' })
        .expect(400);
      expect(res.body.error).toEqual({ intro: ['Indica si el plan es solo para la primera vez (true o false)'] });
    });

    it('should let an admin give an intro plan to anyone (the desk decides)', async () => {
      const admin = await adminAgent(t);
      const { user } = await newClient(t, 'Mostrador');
      await givePlan(t, user.id, { classes: 1 });
      await admin
        .post('/api/planes/add-plan-admin')
        .send({ id_user: user.id, selectplan: introId, number: 1, startdate: TODAY, enddate: TODAY, pagado: 1 })
        .expect(201);
    });
  });

  describe('the mail the day after the intro class', () => {
    const TOMORROW = addDays(TODAY, 1);
    const at = (time: string, date: string) => new Date(`${date}T${time}:00-06:00`);
    const followups = () => t.app.get(IntroFollowupsService);

    /**
     * A client with an intro plan, booked with it in Monday's class at `time`, marked as attended or
     * not; opted in to promotions unless told (the follow-up is one).
     */
    async function introClass(name: string, time: string, attended: boolean, promotions = true) {
      const { agent, user } = await newClient(t, name);
      if (promotions) await agent.post('/api/consents/marketing').send({ optIn: true }).expect(200);
      const inserted = await t.dataSource.getRepository(UserPlan).insert({
        userId: user.id,
        planId: introId,
        planName: 'Clase de prueba',
        classesTotal: 1,
        classesRemaining: 1,
        startDate: TODAY,
        endDate: '2026-12-22',
        isPaid: true,
        source: 'payment',
      });
      const scheduleId = (await scheduleAt(t, 1, time)).id;
      const booked = await agent
        .post('/api/reservations/push-reservation')
        .send({ date: TODAY, classReservation: scheduleId })
        .expect(201);
      clock.set(at('21:00', TODAY));
      await (
        await adminAgent(t)
      )
        .post('/api/reservations/mark-attendance')
        .send({ id: booked.body.reservationId, attended })
        .expect(200);
      clock.set(NOW);
      return { agent, user, userPlanId: Number(inserted.identifiers[0].id) };
    }

    it('should mail the regular plans once, from 9:00 the next day, only to the client who came', async () => {
      const came = await introClass('Vino', '18:00', true);
      const noShow = await introClass('No vino', '20:00', false);

      // The same evening, and the next morning before 9:00: nothing yet.
      clock.set(at('21:30', TODAY));
      expect(await followups().sendDue()).toBe(0);
      clock.set(at('08:59', TOMORROW));
      expect(await followups().sendDue()).toBe(0);
      expect(await mailsFor(t, came.user.email)).toHaveLength(1); // the booking confirmation only

      // 9:00 the next day: two replicas run the job at the same tick; one mail.
      clock.set(at('09:00', TOMORROW));
      const claimed = await Promise.all([followups().sendDue(), followups().sendDue()]);
      expect(claimed.reduce((a, b) => a + b, 0)).toBe(1);
      const mails = (await mailsFor(t, came.user.email)).filter((m) => m.subject.startsWith('¿Seguimos?'));
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail.subject).toBe('¿Seguimos? Los planes de Pilates Reformer');
      expect(mail.text).toContain(`Hola, ${came.user.name}:`);
      expect(mail.text).toContain('• Una Clase (1 clase): $220.00');
      expect(mail.text).toContain('• Ocho Clases (8 clases): $1,500.00');
      expect(mail.text).toContain('• Veinte Clases (20 clases): $2,900.00');
      expect(mail.text).not.toContain('Clase de prueba');
      expect(mail.text).toContain('https://estudio.example/pilates/planes');
      expect(mail.html).toContain('Ver los planes');

      // Not twice, and never for the no-show.
      clock.set(at('15:00', TOMORROW));
      expect(await followups().sendDue()).toBe(0);
      expect((await mailsFor(t, noShow.user.email)).some((m) => m.subject.startsWith('¿Seguimos?'))).toBe(false);
    });

    it('should not mail at night, nor a client who already bought a regular plan', async () => {
      const late = await introClass('Noche', '19:00', true);
      const bought = await introClass('Compró', '19:00', true);
      await givePlan(t, bought.user.id, { classes: 8 });

      clock.set(at('22:00', TOMORROW));
      expect(await followups().sendDue()).toBe(0);
      clock.set(at('06:00', addDays(TODAY, 2)));
      expect(await followups().sendDue()).toBe(0);
      clock.set(at('10:00', addDays(TODAY, 2)));
      expect(await followups().sendDue()).toBe(1);
      expect((await mailsFor(t, late.user.email)).filter((m) => m.subject.startsWith('¿Seguimos?'))).toHaveLength(1);
      expect((await mailsFor(t, bought.user.email)).some((m) => m.subject.startsWith('¿Seguimos?'))).toBe(false);
    });

    it('should mail no client without an opt-in to promotions, and mail one who opts in within the days', async () => {
      const quiet = await introClass('Sin promociones', '18:00', true, false);
      clock.set(at('10:00', TOMORROW));
      expect(await followups().sendDue()).toBe(0);
      expect((await mailsFor(t, quiet.user.email)).some((m) => m.subject.startsWith('¿Seguimos?'))).toBe(false);

      await quiet.agent.post('/api/consents/marketing').send({ optIn: true }).expect(200);
      expect(await followups().sendDue()).toBe(1);
      clock.set(NOW);
    });

    it('should carry a one-click unsubscribe (link and RFC 8058 headers) that withdraws the opt-in', async () => {
      const came = await introClass('Se da de baja', '18:00', true);
      clock.set(at('10:00', TOMORROW));
      expect(await followups().sendDue()).toBe(1);
      clock.set(NOW);
      const [mail] = (await mailsFor(t, came.user.email)).filter((m) => m.subject.startsWith('¿Seguimos?'));
      const url = /<(https:\/\/estudio\.example\/api\/consents\/marketing\/unsubscribe\/[^>]+)>/.exec(
        mail.headers?.['List-Unsubscribe'] ?? '',
      )?.[1];
      expect(url).toBeDefined();
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toContain(`Date de baja en un clic: ${url}`);
      expect(mail.html).toContain(`href="${url}"`);

      // The link, opened from the mail (no session, no CSRF header): a Spanish page, and the opt-in withdrawn.
      const path = new URL(url!).pathname;
      const page = await supertest(t.app.getHttpServer()).get(path).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('Ya no recibirás promociones');
      expect((await came.agent.get('/api/consents/marketing').expect(200)).body).toMatchObject({ optedIn: false });

      // The mail program's one-click POST does the same; a forged token changes nothing.
      await came.agent.post('/api/consents/marketing').send({ optIn: true }).expect(200);
      await supertest(t.app.getHttpServer()).post(path).expect(200);
      expect((await came.agent.get('/api/consents/marketing').expect(200)).body).toMatchObject({ optedIn: false });
      await came.agent.post('/api/consents/marketing').send({ optIn: true }).expect(200);
      const forged = path.replace(/\/unsubscribe\/\d+\./, `/unsubscribe/${came.user.id + 1}.`);
      await t.agent().get(forged).expect(404);
      await t.agent().get('/api/consents/marketing/unsubscribe/nada').expect(404);
      expect((await came.agent.get('/api/consents/marketing').expect(200)).body).toMatchObject({ optedIn: true });
    });
  });
});
