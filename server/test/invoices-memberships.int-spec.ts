import { FixedClock } from '../src/core/clock/clock';
import { Invoice } from '../src/invoicing/entities/invoice.entity';
import { InvoicingGateway } from '../src/invoicing/invoicing-gateway';
import { InvoicingService } from '../src/invoicing/invoicing.service';
import type { SimulatedFacturapi } from '../src/invoicing/simulated-facturapi';
import { MembershipCharge } from '../src/payments/entities/membership-charge.entity';
import { PaymentNotificationsService } from '../src/payments/payment-notifications.service';
import { adminAgent, NOW, newClient } from './helpers/booking';
import { CHECKOUT_ENV, FakeMercadoPago, MP_TEST_SECRET, notifyWebhook, type FakePayment } from './helpers/mercadopago';
import { FISCAL } from './helpers/invoicing';
import { createTestApp, type TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

/** Membresía 3 por semana at $1,200: with the 4 % + $4 commission, $1,252 a month. */
const MONTHLY_CENTS = 125_200;

describe('Facturas of memberships’ monthly charges', () => {
  let t: TestApp;
  let admin: Agent;
  let sim: SimulatedFacturapi;
  let invoicing: InvoicingService;
  let planId: number;
  const clock = new FixedClock(NOW);
  const mp = new FakeMercadoPago();
  let chargeSequence = 8_000_000_000;

  beforeAll(async () => {
    mp.install();
    t = await createTestApp({ clock, env: CHECKOUT_ENV });
    admin = await adminAgent(t);
    sim = t.app.get(InvoicingGateway) as SimulatedFacturapi;
    invoicing = t.app.get(InvoicingService);
    const plan = await admin
      .post('/api/planes/catalogo/add')
      .send({ name: 'Membresía 3 por semana', price: 1200, kind: 'membership', weeklyLimit: 3 })
      .expect(201);
    planId = plan.body.plan.id;
  });
  afterAll(async () => {
    await t.close();
    mp.uninstall();
  });
  beforeEach(() => clock.set(NOW));

  /** A client with fiscal data, subscribed to the membership, whose charge Mercado Pago approved (paid by card). */
  async function memberWithApprovedCharge(paymentType = 'credit_card') {
    const client = await newClient(t, 'Membresia');
    await client.agent.post('/api/informacion/fiscal-data').send(FISCAL).expect(200);
    const res = await client.agent.post('/api/mercadopago/subscribe').send({ planId }).expect(200);
    const preapprovalId = new URL(res.body.url as string).searchParams.get('preapproval_id')!;
    const id = ++chargeSequence;
    // The charge's payment, as GET /v1/payments/{id} answers it (the forma de pago is read from it).
    mp.setPayment({
      id: String(id + 1_000_000),
      status: 'approved',
      external_reference: mp.preapprovals.get(preapprovalId)!.external_reference,
      transaction_amount: MONTHLY_CENTS / 100,
      payment_type_id: paymentType,
    } as FakePayment & { payment_type_id: string });
    mp.setAuthorizedPayment({ id, preapproval_id: preapprovalId });
    await notifyWebhook(t, String(id), {
      secret: MP_TEST_SECRET,
      ts: clock.now().getTime(),
      at: clock.now(),
      type: 'subscription_authorized_payment',
    }).expect(200);
    await t.app.get(PaymentNotificationsService).settled();
    const charge = await t.dataSource.getRepository(MembershipCharge).findOneByOrFail({ providerChargeId: String(id) });
    expect(charge.countedAt).not.toBeNull();
    return { ...client, charge };
  }

  const invoiceOf = (id: number) => t.dataSource.getRepository(Invoice).findOneByOrFail({ id });

  it("should list the approved charge in the client's purchases and issue its invoice with its amount and the card's forma de pago", async () => {
    const { agent, charge } = await memberWithApprovedCharge('debit_card');
    const mine = await agent.get('/api/informacion/invoices').expect(200);
    expect(mine.body.purchases).toEqual([
      expect.objectContaining({
        kind: 'membership',
        id: charge.id,
        totalCents: MONTHLY_CENTS,
        canRequest: true,
        invoice: null,
        description: expect.stringMatching(
          /^Membresía Membresía 3 por semana \(mes pagado hasta el \d{2}\/\d{2}\/\d{4}\)$/,
        ),
      }),
    ]);

    const res = await agent
      .post('/api/informacion/request-invoice')
      .send({ kind: 'membership', purchaseId: charge.id })
      .expect(202);
    expect(res.body.invoice).toMatchObject({ purchaseKind: 'membership', purchaseId: charge.id, status: 'pending' });
    // A second click answers the same invoice.
    const again = await agent
      .post('/api/informacion/request-invoice')
      .send({ kind: 'membership', purchaseId: charge.id })
      .expect(202);
    expect(again.body.invoice.id).toBe(res.body.invoice.id);
    await invoicing.issueDue();
    const invoice = await invoiceOf(res.body.invoice.id);
    expect(invoice).toMatchObject({
      status: 'issued',
      totalCents: MONTHLY_CENTS,
      paymentForm: '28',
      period: '2026-11',
    });
    const body = sim.bodyOf(invoice.providerId!);
    expect(body.payment_form).toBe('28');
    expect(body.items).toHaveLength(1);
    expect(body.items[0].product.price).toBe(MONTHLY_CENTS / 100);
    expect(body.items[0].product.description).toMatch(
      /^Clases de Pilates Reformer · Membresía Membresía 3 por semana \(mes pagado hasta el \d{2}\/\d{2}\/\d{4}\)$/,
    );

    const after = await agent.get('/api/informacion/invoices').expect(200);
    expect(after.body.purchases[0]).toMatchObject({ kind: 'membership', canRequest: false });
    expect(after.body.purchases[0].invoice).toMatchObject({ id: invoice.id, status: 'issued' });

    const csv = await admin.get('/api/admin/export/invoices.csv?month=2026-11').expect(200);
    expect(csv.text).toContain(`Membresía ${charge.id}`);
  });

  it('should not invoice another client’s charge, nor a charge that does not exist', async () => {
    const { charge } = await memberWithApprovedCharge();
    const other = await newClient(t, 'Otra');
    await other.agent.post('/api/informacion/fiscal-data').send(FISCAL).expect(200);
    await other.agent
      .post('/api/informacion/request-invoice')
      .send({ kind: 'membership', purchaseId: charge.id })
      .expect(403);
    await other.agent
      .post('/api/informacion/request-invoice')
      .send({ kind: 'membership', purchaseId: 987_654 })
      .expect(404);
  });

  it("should put an October charge without its own invoice into October's global invoice, with its sum", async () => {
    clock.set(new Date('2026-10-15T18:00:00Z'));
    const { charge } = await memberWithApprovedCharge('credit_card');
    clock.set(new Date('2026-11-01T05:59:00Z'));
    expect(await invoicing.queueGlobal()).toBe(0);
    const preview = await admin.post('/api/admin/invoices/global-preview').send({ month: '2026-10' }).expect(200);
    expect(preview.body.purchases).toContainEqual(
      expect.objectContaining({ kind: 'membership', id: charge.id, totalCents: MONTHLY_CENTS, paymentForm: '04' }),
    );
    expect(preview.body.totalCents).toBe(
      preview.body.purchases.reduce((sum: number, p: { totalCents: number }) => sum + p.totalCents, 0),
    );

    clock.set(new Date('2026-11-01T07:00:00Z'));
    expect(await invoicing.queueGlobal()).toBe(1);
    await invoicing.issueDue();
    const global = await t.dataSource
      .getRepository(Invoice)
      .findOneByOrFail({ purchaseKind: 'global', purchaseId: 202610 });
    expect(global).toMatchObject({ status: 'issued', totalCents: preview.body.totalCents });
    const body = sim.bodyOf(global.providerId!);
    expect(body.items.map((item) => item.product.price)).toContain(MONTHLY_CENTS / 100);
    // The charge has no invoice of its own.
    expect(
      await t.dataSource.getRepository(Invoice).findOneBy({ purchaseKind: 'membership', purchaseId: charge.id }),
    ).toBeNull();
  });

  it('should flag the invoice of a refunded charge on the admin page and stop offering «Solicitar factura»', async () => {
    const { agent, charge } = await memberWithApprovedCharge();
    const res = await agent
      .post('/api/informacion/request-invoice')
      .send({ kind: 'membership', purchaseId: charge.id })
      .expect(202);
    await invoicing.issueDue();
    const listed = async () =>
      (await admin.post('/api/admin/invoices').send({ month: '2026-11' }).expect(200)).body.invoices.find(
        (i: { id: number }) => i.id === res.body.invoice.id,
      );
    expect(await listed()).toMatchObject({ status: 'issued', purchaseKind: 'membership', purchaseRefunded: false });

    await admin.post('/api/admin/memberships/refund-charge').send({ chargeId: charge.id }).expect(200);
    expect(await listed()).toMatchObject({
      status: 'issued',
      purchaseRefunded: true,
      purchaseDescription: expect.stringMatching(/^Membresía /),
    });
    const mine = await agent.get('/api/informacion/invoices').expect(200);
    expect(mine.body.purchases.find((p: { id: number; kind: string }) => p.kind === 'membership')).toBeUndefined();
    // A refunded charge cannot be asked for again either.
    const other = await memberWithApprovedCharge();
    await admin.post('/api/admin/memberships/refund-charge').send({ chargeId: other.charge.id }).expect(200);
    await other.agent
      .post('/api/informacion/request-invoice')
      .send({ kind: 'membership', purchaseId: other.charge.id })
      .expect(409);
  });
});
