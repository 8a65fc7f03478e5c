import { FacturapiError } from 'facturapi';
import { FixedClock } from '../src/core/clock/clock';
import { Invoice } from '../src/invoicing/entities/invoice.entity';
import { InvoicingGateway } from '../src/invoicing/invoicing-gateway';
import { InvoicingService } from '../src/invoicing/invoicing.service';
import type { SimulatedFacturapi } from '../src/invoicing/simulated-facturapi';
import { Plan } from '../src/planes/entities/plan.entity';
import { adminAgent, newClient, NOW } from './helpers/booking';
import { FISCAL, FISCAL_CUSTOMER, planPurchase } from './helpers/invoicing';
import { createTestApp, type TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

/**
 * Facturas, point 6: re-issuing an invoice with corrected data (a substitute related 04 to it, then
 * the old one cancelled with 01), and cancellations the receiver must accept at the SAT.
 */
describe('Facturas: substitution with corrected data and cancellations awaiting the receiver', () => {
  let t: TestApp;
  let admin: Agent;
  let sim: SimulatedFacturapi;
  let invoicing: InvoicingService;
  let plan: Plan;
  const clock = new FixedClock(NOW);
  const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await adminAgent(t);
    sim = t.app.get(InvoicingGateway) as SimulatedFacturapi;
    invoicing = t.app.get(InvoicingService);
    plan = await t.dataSource.getRepository(Plan).findOneByOrFail({ name: 'Ocho Clases' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    clock.set(NOW);
    sim.acceptanceRequired = false;
    sim.outages = 0;
  });

  const invoiceOf = (id: number) => t.dataSource.getRepository(Invoice).findOneByOrFail({ id });

  /** A client whose invoice of a plan purchase is issued, with a name the SAT has otherwise. */
  const issued = async (options: Parameters<typeof planPurchase>[3] = {}) => {
    const client = await newClient(t, 'Sustituta');
    await client.agent
      .post('/api/informacion/fiscal-data')
      .send({ ...FISCAL, legalName: 'Emilio Gomes Dias', autoInvoice: true })
      .expect(200);
    const purchaseId = await planPurchase(t, plan, client.user.id, options);
    const res = await client.agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(202);
    await invoicing.issueDue();
    const invoice = await invoiceOf(res.body.invoice.id);
    expect(invoice.status).toBe('issued');
    return { ...client, purchaseId, invoice };
  };

  /** The admin cancels (02), the receiver rejects it, and the job reads the answer 16 minutes later. */
  const rejectedCancellation = async (invoice: Invoice) => {
    sim.acceptanceRequired = true;
    await admin.post('/api/admin/invoices/cancel').send({ id: invoice.id }).expect(200);
    sim.answerCancellation(invoice.providerId!, 'rejected');
    clock.set(minutesLater(16));
    await invoicing.issueDue();
  };

  const corrected = { ...FISCAL_CUSTOMER, legalName: 'Emilio Gómez Díaz', zip: '52148', email: 'emilio@example.com' };

  it('should stamp the substitute related (04) to the old UUID, cancel the old one with 01 naming it, and keep the corrected data', async () => {
    const { agent, purchaseId, invoice: old } = await issued();
    const res = await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: old.id, ...corrected })
      .expect(200);
    expect(res.body.invoice).toMatchObject({
      status: 'pending',
      purchaseKind: 'payment',
      purchaseId,
      period: old.period,
      totalCents: old.totalCents,
      replacesId: old.id,
      legalName: 'EMILIO GÓMEZ DÍAZ',
      zip: '52148',
      email: 'emilio@example.com',
    });
    // Until the substitute is stamped the old one stands, marked as being replaced.
    expect(await invoiceOf(old.id)).toMatchObject({ status: 'issued', replacedById: res.body.invoice.id });

    await invoicing.issueDue();
    const substitute = await invoiceOf(res.body.invoice.id);
    expect(substitute).toMatchObject({ status: 'issued', revision: 1 });
    expect(sim.bodyOf(substitute.providerId!).related_documents).toEqual([
      { relationship: '04', documents: [old.uuid] },
    ]);
    const xml = await agent.get(`/api/informacion/invoices/${substitute.id}.xml`).expect(200);
    expect(xml.text).toContain(`<cfdi:CfdiRelacionados TipoRelacion="04"><cfdi:CfdiRelacionado UUID="${old.uuid}"/>`);
    expect(xml.text).toContain('Nombre="EMILIO GÓMEZ DÍAZ" DomicilioFiscalReceptor="52148"');
    expect(sim.mailed).toContainEqual({ id: substitute.providerId, email: 'emilio@example.com' });
    // The simulator cancels with 01 only with a substitute that relates this UUID: it did.
    expect(await invoiceOf(old.id)).toMatchObject({ status: 'cancelled', cancelMotive: '01', needsAccountant: false });
    expect(await sim.cancellationOf(old.providerId!)).toEqual({ status: 'canceled', cancellation_status: 'accepted' });

    // The client's "Datos de facturación" are the corrected ones, their choice of automatic invoicing kept.
    const fiscal = await agent.get('/api/informacion/fiscal-data').expect(200);
    expect(fiscal.body.fiscalData).toMatchObject({ legalName: 'EMILIO GÓMEZ DÍAZ', zip: '52148', autoInvoice: true });
    // Mis planes shows the substitute for the purchase; both are in the month for the accountant.
    const mine = await agent.get('/api/informacion/invoices').expect(200);
    expect(mine.body.purchases.find((p: { id: number }) => p.id === purchaseId).invoice).toMatchObject({
      id: substitute.id,
      status: 'issued',
      replacesId: old.id,
    });
    const again = await agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(202);
    expect(again.body.invoice.id).toBe(substitute.id);
    const month = await admin.post('/api/admin/invoices').send({ month: old.period }).expect(200);
    expect(month.body.invoices.filter((i: { purchaseId: number }) => i.purchaseId === purchaseId)).toEqual([
      expect.objectContaining({ id: substitute.id, status: 'issued', replacesId: old.id }),
      expect.objectContaining({ id: old.id, status: 'cancelled', cancelMotive: '01', replacedById: substitute.id }),
    ]);
    const csv = await admin.get(`/api/admin/export/invoices.csv?month=${old.period}`).expect(200);
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0].split(',').at(-1)).toBe('Sustituye al UUID (relación 04)');
    // The substitute's row ends with the UUID it replaces; the old one's, cancelled with 01, with nothing.
    expect(
      lines
        .find((l) => l.startsWith(`${substitute.id},`))!
        .split(',')
        .at(-1),
    ).toBe(old.uuid);
    const oldLine = lines.find((l) => l.startsWith(`${old.id},`))!.split(',');
    expect(oldLine.slice(-4)).toEqual([expect.any(String), '01', 'No', '']);

    // The substitute can be substituted in its turn (revision 2).
    const next = await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: substitute.id, ...corrected, cfdiUse: 'S01' })
      .expect(200);
    await invoicing.issueDue();
    expect(await invoiceOf(next.body.invoice.id)).toMatchObject({ status: 'issued', revision: 2, cfdiUse: 'S01' });
    expect(await invoiceOf(substitute.id)).toMatchObject({ status: 'cancelled', cancelMotive: '01' });
  });

  it('should refuse bad data by field, a pending or global invoice, and a second substitution while one is under way', async () => {
    const { invoice: old } = await issued();
    const bad = await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: old.id, ...corrected, rfc: 'GODE561231GR9' })
      .expect(400);
    expect(bad.body.error).toEqual({ rfc: ['El RFC no es válido'] });
    const use = await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: old.id, ...corrected, taxSystem: '605', cfdiUse: 'G03' })
      .expect(400);
    expect(Object.keys(use.body.error)).toEqual(['cfdiUse']);
    const missing = await admin.post('/api/admin/invoices/substitute').send({ id: old.id }).expect(400);
    expect(Object.keys(missing.body.error).sort()).toEqual([
      'cfdiUse',
      'email',
      'legalName',
      'rfc',
      'taxSystem',
      'zip',
    ]);
    // Nothing was written by the refusals.
    expect(await t.dataSource.getRepository(Invoice).countBy({ replacesId: old.id })).toBe(0);

    const res = await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: old.id, ...corrected })
      .expect(200);
    const second = await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: old.id, ...corrected })
      .expect(409);
    expect(second.body.code).toBe('INVOICE_BEING_SUBSTITUTED');
    // The old one is cancelled by the substitution, not by hand; the pending substitute cannot be substituted.
    const byHand = await admin.post('/api/admin/invoices/cancel').send({ id: old.id }).expect(409);
    expect(byHand.body.code).toBe('INVOICE_BEING_SUBSTITUTED');
    const pending = await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: res.body.invoice.id, ...corrected })
      .expect(409);
    expect(pending.body.code).toBe('INVOICE_NOT_ISSUED');
    await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: 999_999, ...corrected })
      .expect(404);
    await invoicing.issueDue();
  });

  it('should make one substitute under 10 parallel requests', async () => {
    const { invoice: old } = await issued();
    const clicks = await Promise.all(
      Array.from({ length: 10 }, () => admin.post('/api/admin/invoices/substitute').send({ id: old.id, ...corrected })),
    );
    expect(clicks.map((c) => c.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const rows = await t.dataSource
      .getRepository(Invoice)
      .findBy({ purchaseKind: 'payment', purchaseId: old.purchaseId });
    expect(rows.map((r) => r.revision).sort()).toEqual([0, 1]);
    expect((await invoiceOf(old.id)).replacedById).toBe(clicks.find((c) => c.status === 200)!.body.invoice.id);
    await invoicing.issueDue();
    expect((await invoiceOf(old.id)).status).toBe('cancelled');
  });

  it('should keep the old invoice in force when the PAC refuses the substitute, and queue that substitute again with new data', async () => {
    const { invoice: old } = await issued();
    const res = await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: old.id, ...corrected, legalName: 'Gómez Díaz S.A. de C.V.' })
      .expect(200);
    await invoicing.issueDue();
    expect(await invoiceOf(res.body.invoice.id)).toMatchObject({ status: 'failed', errorField: 'legalName' });
    expect(await invoiceOf(old.id)).toMatchObject({ status: 'issued', cancelMotive: null });

    const fixed = await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: old.id, ...corrected })
      .expect(200);
    expect(fixed.body.invoice).toMatchObject({ id: res.body.invoice.id, status: 'pending', errorField: null });
    await invoicing.issueDue();
    expect(await invoiceOf(res.body.invoice.id)).toMatchObject({ status: 'issued', legalName: 'EMILIO GÓMEZ DÍAZ' });
    expect(await invoiceOf(old.id)).toMatchObject({ status: 'cancelled', cancelMotive: '01' });
  });

  it('should retry the cancellation of the replaced invoice 15 minutes after the PAC failed it', async () => {
    const { invoice: old } = await issued();
    const res = await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: old.id, ...corrected })
      .expect(200);
    const cancel = jest
      .spyOn(sim, 'cancelInvoice')
      .mockRejectedValueOnce(new FacturapiError({ status: 503, message: 'Servicio no disponible temporalmente.' }));
    try {
      await invoicing.issueDue();
      expect((await invoiceOf(res.body.invoice.id)).status).toBe('issued');
      const waiting = await invoiceOf(old.id);
      expect(waiting).toMatchObject({ status: 'issued', claimedUntil: null });
      expect(waiting.lastError).toMatch(/^No se pudo cancelar; se reintenta en 15 minutos/);
      await invoicing.issueDue();
      expect(cancel).toHaveBeenCalledTimes(1);
      clock.set(minutesLater(16));
      await invoicing.issueDue();
      expect(cancel).toHaveBeenCalledTimes(2);
      expect(await invoiceOf(old.id)).toMatchObject({ status: 'cancelled', cancelMotive: '01', lastError: null });
    } finally {
      cancel.mockRestore();
    }
  });

  it('should leave a cancellation the receiver must accept pending, refuse another, then record the acceptance', async () => {
    const { invoice } = await issued();
    sim.acceptanceRequired = true;
    const asked = await admin.post('/api/admin/invoices/cancel').send({ id: invoice.id, motive: '03' }).expect(200);
    expect(asked.body.invoice).toMatchObject({
      status: 'issued',
      cancellationStatus: 'pending',
      cancelMotive: '03',
      cancelledAt: null,
    });
    const twice = await admin.post('/api/admin/invoices/cancel').send({ id: invoice.id }).expect(409);
    expect(twice.body.code).toBe('INVOICE_CANCELLATION_PENDING');
    const substitute = await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: invoice.id, ...corrected })
      .expect(409);
    expect(substitute.body.code).toBe('INVOICE_CANCELLATION_PENDING');

    // Looked at every 15 minutes; still waiting, then accepted.
    clock.set(minutesLater(16));
    await invoicing.issueDue();
    expect((await invoiceOf(invoice.id)).cancellationStatus).toBe('pending');
    sim.answerCancellation(invoice.providerId!, 'accepted');
    clock.set(minutesLater(32));
    await invoicing.issueDue();
    expect(await invoiceOf(invoice.id)).toMatchObject({
      status: 'cancelled',
      cancelMotive: '03',
      cancellationStatus: null,
      cancelledAt: minutesLater(32),
    });
  });

  it('should keep the invoice in force when the receiver rejects the cancellation, and let the admin cancel it again', async () => {
    const { invoice } = await issued();
    await rejectedCancellation(invoice);
    const rejected = (
      await admin.post('/api/admin/invoices').send({ month: invoice.period }).expect(200)
    ).body.invoices.find((i: { id: number }) => i.id === invoice.id);
    expect(rejected).toMatchObject({
      status: 'issued',
      cancellationStatus: 'rejected',
      lastError: 'El receptor rechazó la cancelación ante el SAT: la factura sigue vigente.',
    });
    // Nothing more is asked of the PAC for it.
    const follow = jest.spyOn(sim, 'cancellationOf');
    clock.set(minutesLater(60));
    await invoicing.issueDue();
    expect(follow).not.toHaveBeenCalledWith(invoice.providerId);
    follow.mockRestore();

    sim.acceptanceRequired = false;
    const cancelled = await admin.post('/api/admin/invoices/cancel').send({ id: invoice.id }).expect(200);
    expect(cancelled.body.invoice).toMatchObject({ status: 'cancelled', cancelMotive: '02', cancellationStatus: null });
  });

  it('should substitute an invoice whose cancellation the receiver rejected, and cancel it with 01 then', async () => {
    const { invoice } = await issued();
    await rejectedCancellation(invoice);
    expect((await invoiceOf(invoice.id)).cancellationStatus).toBe('rejected');

    sim.acceptanceRequired = false;
    const res = await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: invoice.id, ...corrected })
      .expect(200);
    expect(await invoiceOf(invoice.id)).toMatchObject({ cancellationStatus: null, lastError: null });
    await invoicing.issueDue();
    expect((await invoiceOf(res.body.invoice.id)).status).toBe('issued');
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'cancelled', cancelMotive: '01' });
  });

  it("should keep a substituted sale out of the month's global invoice, and not close a substitute when the month closes", async () => {
    const october = new Date('2026-10-20T18:00:00Z');
    clock.set(new Date('2026-10-21T18:00:00Z'));
    const { invoice: old, purchaseId } = await issued({ approvedAt: october, totalCents: 80_000 });
    const walkIn = await newClient(t, 'Sin factura');
    const uninvoiced = await planPurchase(t, plan, walkIn.user.id, { approvedAt: october, totalCents: 60_000 });
    clock.set(new Date('2026-11-01T07:00:00Z'));
    // Asked for once October closed: it is still pending when the global job runs, which leaves it be.
    const res = await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: old.id, ...corrected })
      .expect(200);
    expect(await invoicing.queueGlobal()).toBe(1);
    expect(await invoiceOf(res.body.invoice.id)).toMatchObject({ status: 'pending', lastError: null });
    const preview = await admin.post('/api/admin/invoices/global-preview').send({ month: '2026-10' }).expect(200);
    expect(preview.body.purchases.map((p: { id: number }) => p.id)).toEqual([uninvoiced]);
    expect(preview.body.purchases.map((p: { id: number }) => p.id)).not.toContain(purchaseId);
    await invoicing.issueDue();
    expect(await invoiceOf(res.body.invoice.id)).toMatchObject({ status: 'issued', period: '2026-10' });
    // Cancelled in November, an invoice of October: the accountant is told.
    expect(await invoiceOf(old.id)).toMatchObject({ status: 'cancelled', cancelMotive: '01', needsAccountant: true });
    // The global invoice is not substituted here.
    const global = await t.dataSource
      .getRepository(Invoice)
      .findOneByOrFail({ purchaseKind: 'global', purchaseId: 202610 });
    expect(global.status).toBe('issued');
    const refused = await admin
      .post('/api/admin/invoices/substitute')
      .send({ id: global.id, ...corrected })
      .expect(409);
    expect(refused.body.code).toBe('INVOICE_NOT_ISSUED');
  });
});
