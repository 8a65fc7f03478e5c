import { FacturapiError } from 'facturapi';
import { FixedClock } from '../src/core/clock/clock';
import { Invoice } from '../src/invoicing/entities/invoice.entity';
import { FacturapiGateway } from '../src/invoicing/facturapi.gateway';
import { InvoicingGateway, type CfdiRequest } from '../src/invoicing/invoicing-gateway';
import { InvoicingService } from '../src/invoicing/invoicing.service';
import type { PaymentMethod } from '../src/payments/entities/payment.entity';
import { Plan } from '../src/planes/entities/plan.entity';
import { adminAgent, newClient, NOW } from './helpers/booking';
import { FakeFacturapi } from './helpers/fake-facturapi';
import { binary, FISCAL, FISCAL_CUSTOMER, planPurchase } from './helpers/invoicing';
import { createTestApp, type TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

/**
 * The real gateway (Facturapi's official SDK) over HTTP against a local Facturapi: what the SDK sends
 * for each step of the invoicing flow, and how the app takes each of Facturapi's answers.
 */
describe('Facturapi through its SDK (FacturapiGateway against a local Facturapi)', () => {
  let fake: FakeFacturapi;
  let t: TestApp;
  let admin: Agent;
  let invoicing: InvoicingService;
  let plan: Plan;
  const clock = new FixedClock(NOW);
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    /*
     * For a PDF or XML the SDK takes the response's reader, then `await import('stream')` to hand back
     * a Node stream. Jest's sandbox refuses that dynamic import (without --experimental-vm-modules), and
     * the SDK's fallback, `response.blob()`, then finds the body locked ("Body is unusable"). Plain Node
     * (the server in production) imports it and gets the stream. Here a PDF or XML answer shows no
     * `body`, so the SDK takes its other documented path (a Blob, as where streams are unavailable):
     * the bytes still come over HTTP from the fake through the SDK.
     */
    globalThis.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      if (/^application\/(pdf|xml)/.test(response.headers.get('content-type') ?? ''))
        Object.defineProperty(response, 'body', { value: null });
      return response;
    };
    fake = await new FakeFacturapi().start();
    t = await createTestApp({ clock, env: { FACTURAPI_KEY: fake.apiKey, FACTURAPI_BASE_URL: fake.url } });
    admin = await adminAgent(t);
    invoicing = t.app.get(InvoicingService);
    plan = await t.dataSource.getRepository(Plan).findOneByOrFail({ name: 'Ocho Clases' });
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await t?.close();
    await fake?.stop();
  });
  beforeEach(() => {
    clock.set(NOW);
    fake.reset();
  });

  const purchase = (userId: number, options: { method?: PaymentMethod; totalCents?: number } = {}) =>
    planPurchase(t, plan, userId, options);

  /** A client with fiscal data and one purchase, its invoice requested (pending). */
  const requested = async (options: Parameters<typeof purchase>[1] = {}) => {
    const client = await newClient(t, 'Factura');
    await client.agent.post('/api/informacion/fiscal-data').send(FISCAL).expect(200);
    const purchaseId = await purchase(client.user.id, options);
    const res = await client.agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(202);
    return { ...client, purchaseId, invoiceId: res.body.invoice.id as number };
  };

  const invoiceOf = (id: number) => t.dataSource.getRepository(Invoice).findOneByOrFail({ id });
  /** The creates (POST /v2/invoices) the fake got for one invoice of the app (its idempotency key). */
  const creates = (invoiceId: number) =>
    fake.requestsTo('POST', /^\/v2\/invoices$/).filter((r) => r.idempotencyKey === `pilates-invoice-${invoiceId}`);

  describe('the gateway', () => {
    it('should be the SDK gateway in test mode for a sk_test_ key, and in live mode for a sk_live_ key', () => {
      const gateway = t.app.get(InvoicingGateway);
      expect(gateway).toBeInstanceOf(FacturapiGateway);
      expect(gateway).toMatchObject({ simulated: false, testMode: true });
      expect(new FacturapiGateway('sk_live_x')).toMatchObject({ simulated: false, testMode: false });
      expect(new FacturapiGateway('sk_test_x')).toMatchObject({ simulated: false, testMode: true });
    });

    it("should throw the SDK's FacturapiError with status and message for a wrong key (Bearer auth)", async () => {
      const wrong = new FacturapiGateway('sk_test_wrong', fake.url);
      const body: CfdiRequest = {
        customer: { legal_name: 'X', tax_id: FISCAL.rfc, tax_system: '612', address: { zip: '52140' } },
        items: [],
        payment_form: '01',
        payment_method: 'PUE',
        use: 'G03',
      };
      const error = await wrong.createInvoice(body).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FacturapiError);
      expect(error).toMatchObject({ status: 401, message: expect.stringMatching(/llave de API/) });
      expect(fake.requests).toEqual([expect.objectContaining({ authorization: 'Bearer sk_test_wrong' })]);
    });
  });

  it("should stamp a requested invoice with Facturapi's body, keep its uuid, series and folio, mail it, and serve its PDF and XML", async () => {
    const { agent, invoiceId } = await requested({ method: 'efectivo', totalCents: 116_000 });
    expect(await invoicing.issueDue()).toBeGreaterThanOrEqual(1);

    const [create] = creates(invoiceId);
    expect(create).toMatchObject({
      authorization: `Bearer ${fake.apiKey}`,
      contentType: 'application/json',
      idempotencyKey: `pilates-invoice-${invoiceId}`,
    });
    expect(create.body).toMatchObject({
      customer: {
        tax_id: FISCAL.rfc,
        legal_name: 'EMILIO GÓMEZ DÍAZ',
        tax_system: '612',
        email: FISCAL.email,
        address: { zip: '52140' },
      },
      use: 'G03',
      payment_form: '01',
      payment_method: 'PUE',
      series: 'F',
      idempotency_key: `pilates-invoice-${invoiceId}`,
      items: [
        {
          quantity: 1,
          product: expect.objectContaining({
            product_key: '01010101',
            unit_key: 'E48',
            price: 1160,
            tax_included: true,
            taxes: [{ type: 'IVA', rate: 0.16 }],
          }),
        },
      ],
    });
    const stamped = [...fake.invoices.values()].find((i) => i.idempotency_key === `pilates-invoice-${invoiceId}`)!;
    const invoice = await invoiceOf(invoiceId);
    expect(invoice).toMatchObject({
      status: 'issued',
      providerId: stamped.id,
      uuid: stamped.uuid,
      series: 'F',
      folioNumber: stamped.folio_number,
      totalCents: 116_000,
      attempts: 1,
      lastError: null,
    });
    const mailed = fake.requestsTo('POST', /\/email$/);
    expect(mailed).toEqual([
      expect.objectContaining({ path: `/v2/invoices/${stamped.id}/email`, body: { email: FISCAL.email } }),
    ]);

    const pdf = await agent.get(`/api/informacion/invoices/${invoiceId}.pdf`).buffer(true).parse(binary).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(pdf.body as Buffer, fake.pdfOf(stamped))).toBe(0);
    const xml = await agent.get(`/api/informacion/invoices/${invoiceId}.xml`).buffer(true).parse(binary).expect(200);
    expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect((xml.body as Buffer).toString('utf8')).toBe(fake.xmlOf(stamped).toString('utf8'));
    expect(fake.requestsTo('GET', /./).map((r) => r.path)).toEqual([
      `/v2/invoices/${stamped.id}/pdf`,
      `/v2/invoices/${stamped.id}/xml`,
    ]);
  });

  it("should fail a refused invoice at once with the field to fix and Facturapi's message, and stamp it once the SAT lists the RFC", async () => {
    const { agent, purchaseId, invoiceId } = await requested();
    fake.unknownTaxIds.add(FISCAL.rfc);
    await invoicing.issueDue();
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'failed', attempts: 1, errorField: 'rfc' });
    const shown = (await agent.get('/api/informacion/invoices').expect(200)).body.invoices[0];
    expect(shown).toMatchObject({ id: invoiceId, status: 'failed', errorField: 'rfc' });
    expect(shown.lastError).toBe(
      'El RFC del receptor no se encuentra en la lista de RFC inscritos no cancelados en el SAT.',
    );
    // Not retried: a refusal of the data is final until the client acts.
    clock.set(new Date(NOW.getTime() + 24 * 3600_000));
    await invoicing.issueDue();
    expect(creates(invoiceId)).toHaveLength(1);

    fake.unknownTaxIds.clear();
    const again = await agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(202);
    expect(again.body.invoice).toMatchObject({ id: invoiceId, status: 'pending', errorField: null });
    await invoicing.issueDue();
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'issued', lastError: null });
  });

  it('should keep an invoice pending after a 503, retry it when due with the same idempotency key, and stamp it', async () => {
    const { invoiceId } = await requested({ method: 'terminal' });
    fake.failNext(1, 503);
    await invoicing.issueDue();
    const waiting = await invoiceOf(invoiceId);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, errorField: null });
    expect(waiting.lastError).toMatch(/no disponible/);
    expect(waiting.nextAttemptAt!.getTime()).toBe(NOW.getTime() + 60_000);
    // Not before it is due.
    await invoicing.issueDue();
    expect(creates(invoiceId)).toHaveLength(1);
    clock.set(new Date(NOW.getTime() + 61_000));
    await invoicing.issueDue();
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'issued', attempts: 2, paymentForm: '04' });
    expect(creates(invoiceId)).toHaveLength(2);
  });

  it("should keep retrying while Facturapi refuses the studio's key (401): the owner fixes the key, not the client their data", async () => {
    const { invoiceId } = await requested();
    fake.keyRevoked = true;
    try {
      await invoicing.issueDue();
      expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'pending', attempts: 1, errorField: null });
    } finally {
      fake.keyRevoked = false;
    }
    clock.set(new Date(NOW.getTime() + 61_000));
    await invoicing.issueDue();
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'issued', attempts: 2 });
  });

  it('should retry a 500 as well, not take it as a refusal', async () => {
    const { invoiceId } = await requested();
    fake.failNext(1, 500);
    await invoicing.issueDue();
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'pending', attempts: 1, errorField: null });
    clock.set(new Date(NOW.getTime() + 61_000));
    await invoicing.issueDue();
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'issued', attempts: 2 });
  });

  it('should not stamp twice when the answer to a create is lost: the retry sends the same idempotency_key', async () => {
    const { invoiceId } = await requested();
    fake.loseNextAnswers(1);
    await invoicing.issueDue();
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'pending', attempts: 1 });
    const key = `pilates-invoice-${invoiceId}`;
    const stampedOnce = [...fake.invoices.values()].filter((i) => i.idempotency_key === key);
    expect(stampedOnce).toHaveLength(1);

    clock.set(new Date(NOW.getTime() + 61_000));
    await invoicing.issueDue();
    expect(creates(invoiceId)).toHaveLength(2);
    expect([...fake.invoices.values()].filter((i) => i.idempotency_key === key)).toHaveLength(1);
    expect(await invoiceOf(invoiceId)).toMatchObject({
      status: 'issued',
      providerId: stampedOnce[0].id,
      uuid: stampedOnce[0].uuid,
    });
  });

  it('should cancel (admin, motive 02 by default) with DELETE ?motive=02', async () => {
    const first = await requested();
    await invoicing.issueDue();
    const a = await invoiceOf(first.invoiceId);
    expect(a.status).toBe('issued');

    const cancelled = await admin.post('/api/admin/invoices/cancel').send({ id: a.id }).expect(200);
    expect(cancelled.body.invoice).toMatchObject({ status: 'cancelled', cancelMotive: '02' });
    expect(fake.requestsTo('DELETE', /./)).toEqual([
      expect.objectContaining({ path: `/v2/invoices/${a.providerId}`, query: { motive: '02' } }),
    ]);
    expect(fake.invoices.get(a.providerId!)).toMatchObject({ status: 'canceled', cancellation: { motive: '02' } });
    expect(await invoiceOf(a.id)).toMatchObject({ status: 'cancelled', cancelMotive: '02' });
  });

  it('should stamp a substitute related (04) to the UUID it replaces, then cancel the old one with 01 naming the substitute', async () => {
    const { invoiceId } = await requested();
    await invoicing.issueDue();
    const old = await invoiceOf(invoiceId);
    const res = await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: old.id, ...FISCAL_CUSTOMER, legalName: 'Emilio Gómez Díez' })
      .expect(200);
    await invoicing.issueDue();
    const substitute = await invoiceOf(res.body.invoice.id);
    expect(substitute).toMatchObject({ status: 'issued', replacesId: old.id, legalName: 'EMILIO GÓMEZ DÍEZ' });
    expect(creates(substitute.id)).toEqual([
      expect.objectContaining({
        body: expect.objectContaining({ related_documents: [{ relationship: '04', documents: [old.uuid] }] }),
      }),
    ]);
    expect(fake.invoices.get(substitute.providerId!)?.related_documents).toEqual([
      { relationship: '04', documents: [old.uuid] },
    ]);
    expect(fake.requestsTo('DELETE', /./)).toEqual([
      expect.objectContaining({
        path: `/v2/invoices/${old.providerId}`,
        query: { motive: '01', substitution: substitute.providerId },
      }),
    ]);
    expect(await invoiceOf(old.id)).toMatchObject({ status: 'cancelled', cancelMotive: '01' });
  });

  it('should keep a cancellation the receiver must accept pending, follow it with GET, and record the answer', async () => {
    const first = await requested();
    const second = await requested();
    await invoicing.issueDue();
    fake.acceptanceRequired = true;
    const asked = await admin.post('/api/admin/invoices/cancel').send({ id: first.invoiceId }).expect(200);
    expect(asked.body.invoice).toMatchObject({ status: 'issued', cancellationStatus: 'pending', cancelMotive: '02' });
    await admin.post('/api/admin/invoices/cancel').send({ id: second.invoiceId, motive: '03' }).expect(200);
    const [a, b] = [await invoiceOf(first.invoiceId), await invoiceOf(second.invoiceId)];

    // Before 15 minutes nobody asks; then the job reads each one (GET), still pending.
    await invoicing.issueDue();
    expect(fake.requestsTo('GET', /^\/v2\/invoices\/[^/]+$/)).toEqual([]);
    clock.set(new Date(NOW.getTime() + 16 * 60_000));
    await invoicing.issueDue();
    expect(
      fake
        .requestsTo('GET', /^\/v2\/invoices\/[^/]+$/)
        .map((r) => r.path)
        .sort(),
    ).toEqual([`/v2/invoices/${a.providerId}`, `/v2/invoices/${b.providerId}`].sort());
    expect((await invoiceOf(a.id)).cancellationStatus).toBe('pending');

    fake.answerCancellation(a.providerId!, 'accepted');
    fake.answerCancellation(b.providerId!, 'rejected');
    clock.set(new Date(NOW.getTime() + 32 * 60_000));
    await invoicing.issueDue();
    expect(await invoiceOf(a.id)).toMatchObject({ status: 'cancelled', cancelMotive: '02', cancellationStatus: null });
    expect(await invoiceOf(b.id)).toMatchObject({
      status: 'issued',
      cancellationStatus: 'rejected',
      lastError: 'El receptor rechazó la cancelación ante el SAT: la factura sigue vigente.',
    });
  });

  it('should answer 503 on a cancel while Facturapi is down, and keep the invoice issued', async () => {
    const { invoiceId } = await requested();
    await invoicing.issueDue();
    fake.failNext(1, 503);
    const down = await admin.post('/api/admin/invoices/cancel').send({ id: invoiceId }).expect(503);
    expect(down.body.code).toBe('INVOICE_PAC_UNAVAILABLE');
    expect((await invoiceOf(invoiceId)).status).toBe('issued');
  });
});
