import { randomUUID } from 'node:crypto';
import { FixedClock } from '../src/core/clock/clock';
import { Invoice } from '../src/invoicing/entities/invoice.entity';
import { InvoicingGateway } from '../src/invoicing/invoicing-gateway';
import { InvoicingService } from '../src/invoicing/invoicing.service';
import type { SimulatedFacturapi } from '../src/invoicing/simulated-facturapi';
import { Payment } from '../src/payments/entities/payment.entity';
import { Plan } from '../src/planes/entities/plan.entity';
import { adminAgent, newClient, NOW } from './helpers/booking';
import { binary, FISCAL, planPurchase } from './helpers/invoicing';
import { createTestApp, type TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

describe('Facturas (CFDI 4.0)', () => {
  let t: TestApp;
  let admin: Agent;
  let sim: SimulatedFacturapi;
  let invoicing: InvoicingService;
  let plan: Plan;
  const clock = new FixedClock(NOW);

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
  beforeEach(() => clock.set(NOW));

  /** An approved purchase of the plan, as the checkout or the desk leaves it. */
  const purchase = (userId: number, options: Parameters<typeof planPurchase>[3] = {}) =>
    planPurchase(t, plan, userId, options);

  const clientWithFiscalData = async (data: Partial<typeof FISCAL> = {}) => {
    const client = await newClient(t, 'Factura');
    await client.agent
      .post('/api/informacion/fiscal-data')
      .send({ ...FISCAL, ...data })
      .expect(200);
    return client;
  };

  const invoiceOf = (id: number) => t.dataSource.getRepository(Invoice).findOneByOrFail({ id });

  describe('fiscal data ("Datos de facturación")', () => {
    it('should refuse an RFC with a wrong check digit with "El RFC no es válido" under rfc', async () => {
      const { agent } = await newClient(t);
      const res = await agent
        .post('/api/informacion/fiscal-data')
        .send({ ...FISCAL, rfc: 'GODE561231GR9' })
        .expect(400);
      expect(res.body.error).toEqual({ rfc: ['El RFC no es válido'] });
    });

    it('should refuse a use the SAT does not allow for the régimen, and a company régimen for a person', async () => {
      const { agent } = await newClient(t);
      const use = await agent
        .post('/api/informacion/fiscal-data')
        .send({ ...FISCAL, taxSystem: '605', cfdiUse: 'G03' })
        .expect(400);
      expect(Object.keys(use.body.error)).toEqual(['cfdiUse']);
      const kind = await agent
        .post('/api/informacion/fiscal-data')
        .send({ ...FISCAL, taxSystem: '601' })
        .expect(400);
      expect(Object.keys(kind.body.error)).toEqual(['taxSystem']);
      const fields = await agent
        .post('/api/informacion/fiscal-data')
        .send({ ...FISCAL, zip: '5214', email: 'no', taxSystem: '999' })
        .expect(400);
      expect(Object.keys(fields.body.error).sort()).toEqual(['email', 'taxSystem', 'zip']);
      expect((await agent.get('/api/informacion/fiscal-data').expect(200)).body.fiscalData).toBeNull();
    });

    it('should save the data, read it back with the catalogues, and change it on a second save', async () => {
      const { agent } = await newClient(t);
      const saved = await agent
        .post('/api/informacion/fiscal-data')
        .send({ ...FISCAL, rfc: 'gode-561231-gr8' })
        .expect(200);
      expect(saved.body.fiscalData).toEqual({ ...FISCAL, legalName: 'EMILIO GÓMEZ DÍAZ' });
      await agent
        .post('/api/informacion/fiscal-data')
        .send({ ...FISCAL, cfdiUse: 'S01', autoInvoice: true })
        .expect(200);
      const read = await agent.get('/api/informacion/fiscal-data').expect(200);
      expect(read.body.fiscalData).toMatchObject({ cfdiUse: 'S01', autoInvoice: true });
      expect(read.body.taxSystems.find((s: { code: string }) => s.code === '616')).toMatchObject({ person: true });
      expect(read.body.cfdiUses.find((u: { code: string }) => u.code === 'S01').taxSystems).toContain('605');
    });
  });

  describe('requesting and issuing', () => {
    it('should queue the invoice (202), stamp it with the studio settings, mail it and let its owner download PDF and XML', async () => {
      const { agent, user } = await clientWithFiscalData();
      const purchaseId = await purchase(user.id, { method: 'efectivo', totalCents: 116_000 });
      const res = await agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(202);
      expect(res.body.invoice).toMatchObject({ status: 'pending', purchaseId, period: '2026-11', rfc: FISCAL.rfc });
      expect(await invoicing.issueDue()).toBeGreaterThanOrEqual(1);
      const invoice = await invoiceOf(res.body.invoice.id);
      expect(invoice).toMatchObject({ status: 'issued', paymentForm: '01', series: 'F', totalCents: 116_000 });
      expect(invoice.uuid).toMatch(/^[0-9A-F-]{36}$/);
      const body = sim.bodyOf(invoice.providerId!);
      expect(body).toMatchObject({
        payment_method: 'PUE',
        payment_form: '01',
        use: 'G03',
        customer: { tax_id: FISCAL.rfc, tax_system: '612', address: { zip: '52140' } },
      });
      expect(body.items).toEqual([
        expect.objectContaining({
          quantity: 1,
          product: expect.objectContaining({
            product_key: '01010101',
            unit_key: 'E48',
            price: 1160,
            tax_included: true,
            taxes: [{ type: 'IVA', rate: 0.16 }],
          }),
        }),
      ]);
      expect(sim.mailed).toContainEqual({ id: invoice.providerId, email: FISCAL.email });

      const pdf = await agent.get(`/api/informacion/invoices/${invoice.id}.pdf`).buffer(true).parse(binary).expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
      const xml = await agent.get(`/api/informacion/invoices/${invoice.id}.xml`).expect(200);
      expect(xml.text).toContain(`UUID="${invoice.uuid}"`);
      expect(xml.text).toContain('FormaPago="01" MetodoPago="PUE"');

      // Another client cannot; an admin can.
      const other = await newClient(t);
      await other.agent.get(`/api/informacion/invoices/${invoice.id}.pdf`).expect(403);
      await other.agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(403);
      await admin.get(`/api/informacion/invoices/${invoice.id}.xml`).expect(200);
      const mine = await agent.get('/api/informacion/invoices').expect(200);
      expect(mine.body.invoices.map((i: { id: number }) => i.id)).toEqual([invoice.id]);
      expect(mine.body.purchases).toEqual([
        expect.objectContaining({
          kind: 'payment',
          id: purchaseId,
          canRequest: false,
          invoice: expect.objectContaining({ id: invoice.id, status: 'issued' }),
        }),
      ]);
    });

    it('should make one invoice of a purchase under 10 parallel requests and two parallel job runs', async () => {
      const { agent, user } = await clientWithFiscalData();
      const purchaseId = await purchase(user.id);
      const clicks = await Promise.all(
        Array.from({ length: 10 }, () => agent.post('/api/informacion/request-invoice').send({ purchaseId })),
      );
      expect(clicks.map((c) => c.status)).toEqual(Array(10).fill(202));
      expect(new Set(clicks.map((c) => c.body.invoice.id)).size).toBe(1);
      expect(await t.dataSource.getRepository(Invoice).countBy({ purchaseKind: 'payment', purchaseId })).toBe(1);
      const before = sim.mailed.length;
      await Promise.all([invoicing.issueDue(), invoicing.issueDue(), invoicing.issue(clicks[0].body.invoice.id)]);
      expect(await invoiceOf(clicks[0].body.invoice.id)).toMatchObject({ status: 'issued', attempts: 1 });
      expect(sim.mailed.length - before).toBe(1);
    });

    it('should refuse a purchase without fiscal data, an unpaid one and an unknown one', async () => {
      const { agent, user } = await newClient(t);
      const purchaseId = await purchase(user.id);
      const missing = await agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(409);
      expect(missing.body.code).toBe('INVOICE_FISCAL_DATA_MISSING');
      await agent.post('/api/informacion/fiscal-data').send(FISCAL).expect(200);
      await t.dataSource.getRepository(Payment).update({ id: purchaseId }, { status: 'pending' });
      const unpaid = await agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(409);
      expect(unpaid.body.code).toBe('INVOICE_PURCHASE_NOT_APPROVED');
      await agent.post('/api/informacion/request-invoice').send({ purchaseId: 999999 }).expect(404);
    });

    it("should show the PAC's refusal with the field to fix, and issue it once the client corrects the data", async () => {
      const { agent, user } = await clientWithFiscalData({
        rfc: 'SAT970701NN3',
        legalName: 'Servicio de Administración S.A. de C.V.',
        taxSystem: '601',
      });
      const purchaseId = await purchase(user.id, { method: 'transferencia' });
      const res = await agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(202);
      await invoicing.issueDue();
      const refused = (await agent.get('/api/informacion/invoices').expect(200)).body.invoices[0];
      expect(refused).toMatchObject({ status: 'failed', errorField: 'legalName' });
      expect(refused.lastError).toMatch(/sin el régimen societario/);
      await agent
        .post('/api/informacion/fiscal-data')
        .send({ ...FISCAL, rfc: 'SAT970701NN3', legalName: 'Servicio de Administración', taxSystem: '601' })
        .expect(200);
      const again = await agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(202);
      expect(again.body.invoice).toMatchObject({ id: res.body.invoice.id, status: 'pending', errorField: null });
      await invoicing.issueDue();
      expect(await invoiceOf(res.body.invoice.id)).toMatchObject({ status: 'issued', paymentForm: '03' });
    });

    it('should retry after an outage with backoff, and not before', async () => {
      const { agent, user } = await clientWithFiscalData();
      const purchaseId = await purchase(user.id, { method: 'terminal' });
      const res = await agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(202);
      sim.outages = 1;
      await invoicing.issueDue();
      expect(await invoiceOf(res.body.invoice.id)).toMatchObject({ status: 'pending', attempts: 1 });
      await invoicing.issueDue();
      expect((await invoiceOf(res.body.invoice.id)).status).toBe('pending');
      clock.set(new Date(NOW.getTime() + 61_000));
      await invoicing.issueDue();
      expect(await invoiceOf(res.body.invoice.id)).toMatchObject({ status: 'issued', attempts: 2, paymentForm: '04' });
    });

    it('should invoice the purchases of a client who chose automatic invoicing without a request', async () => {
      const { user } = await clientWithFiscalData({ autoInvoice: true });
      const purchaseId = await purchase(user.id);
      await invoicing.issueDue();
      expect(
        await t.dataSource.getRepository(Invoice).findOneByOrFail({ purchaseKind: 'payment', purchaseId }),
      ).toMatchObject({
        status: 'issued',
        userId: user.id,
      });
    });

    it("should write the owner's invoice description from Ajustes, then what was sold, on the invoice's line", async () => {
      await admin
        .post('/api/admin/settings/change')
        .send({ invoiceDescription: 'Clases grupales de Pilates Reformer' })
        .expect(200);
      try {
        const { agent, user } = await clientWithFiscalData();
        const purchaseId = await purchase(user.id);
        const res = await agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(202);
        await invoicing.issueDue();
        const invoice = await invoiceOf(res.body.invoice.id);
        expect(invoice.status).toBe('issued');
        const description = `Clases grupales de Pilates Reformer · Plan ${plan.name} (${plan.classCount} clases)`;
        expect(sim.bodyOf(invoice.providerId!).items).toEqual([
          expect.objectContaining({
            product: expect.objectContaining({ description, product_key: '01010101', unit_key: 'E48' }),
          }),
        ]);
        const xml = await agent.get(`/api/informacion/invoices/${invoice.id}.xml`).expect(200);
        expect(xml.text).toContain(`Descripcion="${description}"`);
      } finally {
        await admin
          .post('/api/admin/settings/change')
          .send({ invoiceDescription: 'Clases de Pilates Reformer' })
          .expect(200);
      }
    });
  });

  describe('the window at the end of the month', () => {
    // 23:59 of November 30 in the studio (Mexico City, UTC-6) is 05:59 UTC on December 1st.
    const lastMinute = new Date('2026-12-01T05:59:00Z');

    it('should take a request at 23:59:59 of the last day and refuse it at 00:00 of the next month (studio time)', async () => {
      const { agent, user } = await clientWithFiscalData();
      const first = await purchase(user.id, { approvedAt: lastMinute });
      const second = await purchase(user.id, { approvedAt: lastMinute });
      clock.set(new Date('2026-12-01T05:59:59Z'));
      const inside = await agent.post('/api/informacion/request-invoice').send({ purchaseId: first }).expect(202);
      expect(inside.body.invoice.period).toBe('2026-11');
      clock.set(new Date('2026-12-01T06:00:00Z'));
      const closed = await agent.post('/api/informacion/request-invoice').send({ purchaseId: second }).expect(409);
      expect(closed.body.code).toBe('INVOICE_WINDOW_CLOSED');
    });

    it('should keep the window open the grace days the owner set', async () => {
      const { agent, user } = await clientWithFiscalData();
      const purchaseId = await purchase(user.id, { approvedAt: lastMinute });
      await admin.post('/api/admin/settings/change').send({ invoiceGraceDays: 1 }).expect(200);
      try {
        clock.set(new Date('2026-12-02T05:59:00Z'));
        await agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(202);
      } finally {
        await admin.post('/api/admin/settings/change').send({ invoiceGraceDays: 0 }).expect(200);
      }
    });
  });

  describe('the global invoice, cancellations and the admin page', () => {
    it("should put October's purchases without their own invoice into one global invoice to público en general, after October closes", async () => {
      const october = new Date('2026-10-15T18:00:00Z');
      const { agent, user } = await clientWithFiscalData();
      const a = await purchase(user.id, { approvedAt: october, totalCents: 50_000, method: 'efectivo' });
      const b = await purchase(user.id, { approvedAt: october, totalCents: 70_000, method: 'efectivo' });
      const c = await purchase(user.id, {
        approvedAt: new Date('2026-10-31T23:00:00Z'),
        totalCents: 30_000,
        method: 'transferencia',
      });
      const invoiced = await purchase(user.id, { approvedAt: october, totalCents: 90_000 });
      const refunded = await purchase(user.id, { approvedAt: october, totalCents: 40_000 });
      await t.dataSource.getRepository(Payment).update({ id: refunded }, { status: 'refunded', refundedCents: 40_000 });
      // Its own invoice, asked for in October.
      clock.set(new Date('2026-10-20T18:00:00Z'));
      await agent.post('/api/informacion/request-invoice').send({ purchaseId: invoiced }).expect(202);
      await invoicing.issueDue();
      // Not before October's window closes (midnight of November 1st, studio time).
      clock.set(new Date('2026-11-01T05:59:00Z'));
      expect(await invoicing.queueGlobal()).toBe(0);

      const preview = await admin.post('/api/admin/invoices/global-preview').send({ month: '2026-10' }).expect(200);
      const ours = [a, b, c];
      const mine = preview.body.purchases.filter((p: { id: number }) => [...ours, invoiced, refunded].includes(p.id));
      expect(mine.map((p: { id: number }) => p.id)).toEqual(ours);
      expect(preview.body.totalCents).toBe(
        preview.body.purchases.reduce((sum: number, p: { totalCents: number }) => sum + p.totalCents, 0),
      );
      expect(preview.body.invoice).toBeNull();

      clock.set(new Date('2026-11-01T07:00:00Z'));
      expect(await invoicing.queueGlobal()).toBe(1);
      expect(await invoicing.queueGlobal()).toBe(0);
      await invoicing.issueDue();
      const global = await t.dataSource
        .getRepository(Invoice)
        .findOneByOrFail({ purchaseKind: 'global', purchaseId: 202610 });
      expect(global).toMatchObject({
        status: 'issued',
        rfc: 'XAXX010101000',
        taxSystem: '616',
        cfdiUse: 'S01',
        userId: null,
      });
      expect(global.totalCents).toBe(preview.body.totalCents);
      const body = sim.bodyOf(global.providerId!);
      expect(body.global).toEqual({ periodicity: 'month', months: '10', year: 2026 });
      expect(body.customer).toMatchObject({
        tax_id: 'XAXX010101000',
        legal_name: 'PUBLICO EN GENERAL',
        tax_system: '616',
      });
      expect(body.items).toHaveLength(preview.body.purchases.length);
      expect(Math.round(body.items.reduce((sum, item) => sum + item.product.price, 0) * 100)).toBe(global.totalCents);
      // Efectivo is the larger amount of the month.
      expect(body.payment_form).toBe('01');

      const after = await admin.post('/api/admin/invoices/global-preview').send({ month: '2026-10' }).expect(200);
      expect(after.body.invoice).toMatchObject({ id: global.id, status: 'issued' });
      await admin.get(`/api/informacion/invoices/${global.id}.xml`).expect(200);
      await agent.get(`/api/informacion/invoices/${global.id}.xml`).expect(403);
    });

    it('should put into the global invoice a sale whose own invoice was still retrying, or was cancelled with 02, when its month closed', async () => {
      const september = new Date('2026-09-10T18:00:00Z');
      const { agent, user } = await clientWithFiscalData();
      const retrying = await purchase(user.id, { approvedAt: september, totalCents: 61_000 });
      const cancelled = await purchase(user.id, { approvedAt: september, totalCents: 62_000 });
      const kept = await purchase(user.id, { approvedAt: september, totalCents: 63_000 });
      clock.set(new Date('2026-09-15T18:00:00Z'));
      const ask = async (purchaseId: number) =>
        (await agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(202)).body.invoice
          .id as number;
      const cancelledInvoice = await ask(cancelled);
      const keptInvoice = await ask(kept);
      await invoicing.issueDue();
      // The PAC is down when the last one is asked for: it waits for its next attempt.
      const retryingInvoice = await ask(retrying);
      sim.outages = 1;
      await invoicing.issueDue();
      expect(await invoiceOf(retryingInvoice)).toMatchObject({ status: 'pending', attempts: 1 });
      // Data wrong, cancelled with 02 (no substitute): the sale has no CFDI of its own.
      await admin.post('/api/admin/invoices/cancel').send({ id: cancelledInvoice }).expect(200);

      // September closed; the retrying invoice is being stamped by another process at that moment: wait.
      clock.set(new Date('2026-10-01T07:00:00Z'));
      await t.dataSource
        .getRepository(Invoice)
        .update({ id: retryingInvoice }, { claimedUntil: new Date('2026-10-01T07:01:00Z') });
      expect(await invoicing.queueGlobal()).toBe(0);
      expect(await invoiceOf(retryingInvoice)).toMatchObject({ status: 'pending' });
      // Its claim lapsed: it is closed, and both sales go into the global invoice; the issued one does not.
      clock.set(new Date('2026-10-01T08:00:00Z'));
      expect(await invoicing.queueGlobal()).toBe(1);
      expect(await invoiceOf(retryingInvoice)).toMatchObject({
        status: 'failed',
        lastError:
          'Terminó el plazo para facturar sin poder timbrarla: la venta va en la factura global de septiembre de 2026.',
      });
      const preview = await admin.post('/api/admin/invoices/global-preview').send({ month: '2026-09' }).expect(200);
      const ours = preview.body.purchases
        .map((p: { id: number }) => p.id)
        .filter((id: number) => [retrying, cancelled, kept].includes(id));
      expect(ours.sort()).toEqual([retrying, cancelled].sort());
      // The closed one is never stamped on its own: no retry, and the job leaves it.
      const retry = await admin.post('/api/admin/invoices/retry').send({ id: retryingInvoice }).expect(409);
      expect(retry.body).toMatchObject({
        code: 'INVOICE_NOT_RETRYABLE',
        error: 'El plazo para facturar esta venta terminó: va en la factura global de su mes.',
      });
      await invoicing.issueDue();
      expect(await invoiceOf(retryingInvoice)).toMatchObject({ status: 'failed', providerId: null });
      const global = await t.dataSource
        .getRepository(Invoice)
        .findOneByOrFail({ purchaseKind: 'global', purchaseId: 202609 });
      expect(global.status).toBe('issued');
      expect(global.totalCents).toBe(preview.body.totalCents);
      expect(await invoiceOf(keptInvoice)).toMatchObject({ status: 'issued' });
    });

    it('should invoice a gift card sold at the desk, on its own or in the global invoice', async () => {
      const buyer = await clientWithFiscalData();
      const other = await newClient(t, 'Regalo');
      const sell = async (userId: number) =>
        (
          await admin
            .post('/api/admin/desk-sales/gift-card')
            .send({
              userId,
              amount: 800,
              recipientName: 'Lucía Pérez',
              recipientEmail: `lucia.${randomUUID().slice(0, 8)}@example.com`,
              message: '',
              deliverOn: '2026-11-24',
              method: 'terminal',
              received: 800,
            })
            .expect(200)
        ).body.receipt.id as number;
      const card = await sell(buyer.user.id);
      const unclaimed = await sell(other.user.id);
      const res = await buyer.agent
        .post('/api/informacion/request-invoice')
        .send({ purchaseId: card, kind: 'gift_card' })
        .expect(202);
      expect(res.body.invoice).toMatchObject({ purchaseKind: 'gift_card', purchaseId: card, status: 'pending' });
      await invoicing.issueDue();
      const invoice = await invoiceOf(res.body.invoice.id);
      expect(invoice).toMatchObject({ status: 'issued', totalCents: 80_000, paymentForm: '04' });
      const body = sim.bodyOf(invoice.providerId!);
      expect(body.items).toEqual([
        expect.objectContaining({
          product: expect.objectContaining({
            description: expect.stringContaining('Tarjeta de regalo'),
            price: 800,
            tax_included: true,
          }),
        }),
      ]);
      // Someone else's card is not theirs to invoice.
      await buyer.agent
        .post('/api/informacion/request-invoice')
        .send({ purchaseId: unclaimed, kind: 'gift_card' })
        .expect(403);
      // The card nobody invoiced goes into November's global invoice; the invoiced one does not.
      const preview = await admin.post('/api/admin/invoices/global-preview').send({ month: '2026-11' }).expect(200);
      const cards = preview.body.purchases.filter((p: { kind: string }) => p.kind === 'gift_card');
      expect(cards.map((p: { id: number }) => p.id)).toContain(unclaimed);
      expect(cards.map((p: { id: number }) => p.id)).not.toContain(card);
      expect(cards.find((p: { id: number }) => p.id === unclaimed)).toMatchObject({
        totalCents: 80_000,
        paymentForm: '04',
      });

      // «Tarjetas de regalo» reads the invoices of the cards it lists, to cancel one from its card.
      const listed = await admin
        .post('/api/admin/invoices/of-purchases')
        .send({ kind: 'gift_card', purchaseIds: [card, unclaimed] })
        .expect(200);
      expect(listed.body.invoices).toEqual([
        expect.objectContaining({
          id: invoice.id,
          purchaseKind: 'gift_card',
          purchaseId: card,
          status: 'issued',
          purchaseRefunded: false,
          purchaseDescription: 'Tarjeta de regalo para clases de Pilates Reformer',
        }),
      ]);
      await admin
        .post('/api/admin/invoices/of-purchases')
        .send({ kind: 'gift_card', purchaseIds: Array.from({ length: 501 }, (_, i) => i + 1) })
        .expect(400);
      await buyer.agent
        .post('/api/admin/invoices/of-purchases')
        .send({ kind: 'gift_card', purchaseIds: [card] })
        .expect(403);
    });

    it('should flag for the accountant an invoice whose sale is refunded in a later month, before anyone cancels it', async () => {
      const { agent, user } = await clientWithFiscalData();
      const october = await purchase(user.id, { approvedAt: new Date('2026-10-05T18:00:00Z') });
      clock.set(new Date('2026-10-06T18:00:00Z'));
      const octoberInvoice = (
        await agent.post('/api/informacion/request-invoice').send({ purchaseId: october }).expect(202)
      ).body.invoice.id as number;
      await invoicing.issueDue();
      const november = await purchase(user.id, { approvedAt: new Date('2026-11-05T18:00:00Z') });
      clock.set(new Date('2026-11-06T18:00:00Z'));
      const novemberInvoice = (
        await agent.post('/api/informacion/request-invoice').send({ purchaseId: november }).expect(202)
      ).body.invoice.id as number;
      await invoicing.issueDue();
      // Both refunded on November 10th: October is declared already, November is not.
      clock.set(new Date('2026-11-10T18:00:00Z'));
      for (const id of [october, november]) {
        await t.dataSource.getRepository(Payment).update({ id }, { status: 'refunded', refundedCents: 120_000 });
      }
      expect(await invoicing.flagLateRefunds()).toBeGreaterThanOrEqual(1);
      expect(await invoiceOf(octoberInvoice)).toMatchObject({ status: 'issued', needsAccountant: true });
      expect(await invoiceOf(novemberInvoice)).toMatchObject({ status: 'issued', needsAccountant: false });
      const listed = await admin.post('/api/admin/invoices').send({ month: '2026-10' }).expect(200);
      expect(listed.body.invoices.find((i: { id: number }) => i.id === octoberInvoice)).toMatchObject({
        needsAccountant: true,
        purchaseRefunded: true,
      });
      // Flagged once: the next run leaves it.
      const before = await invoiceOf(octoberInvoice);
      await invoicing.flagLateRefunds();
      expect(await invoiceOf(octoberInvoice)).toEqual(before);
      // Usuarios lists the client's invoices beside their purchases, to cancel one from its purchase.
      const ofUser = await admin.post('/api/admin/invoices/of-user').send({ userId: user.id }).expect(200);
      expect(ofUser.body.invoices.map((i: { id: number }) => i.id)).toEqual([novemberInvoice, octoberInvoice]);
      expect(ofUser.body.invoices[1]).toMatchObject({
        purchaseKind: 'payment',
        purchaseId: october,
        clientName: user.name,
        purchaseRefunded: true,
        needsAccountant: true,
      });
      await agent.post('/api/admin/invoices/of-user').send({ userId: user.id }).expect(403);
      const cancelled = await admin.post('/api/admin/invoices/cancel').send({ id: octoberInvoice }).expect(200);
      expect(cancelled.body.invoice).toMatchObject({ status: 'cancelled', cancelMotive: '02', needsAccountant: true });
    });

    it("should cancel with 02 by default, flag an earlier month's for the accountant, and leave 01 to the substitution", async () => {
      const { agent, user } = await clientWithFiscalData();
      const purchaseId = await purchase(user.id);
      const res = await agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(202);
      await invoicing.issueDue();
      const byHand = await admin
        .post('/api/admin/invoices/cancel')
        .send({ id: res.body.invoice.id, motive: '01' })
        .expect(400);
      expect(byHand.body.error.motive).toEqual([
        'El motivo de cancelación debe ser 02 o 03. Para corregir datos usa «Sustituir factura» (motivo 01).',
      ]);
      const client = await agent.post('/api/admin/invoices/cancel').send({ id: res.body.invoice.id });
      expect(client.status).toBe(403);
      clock.set(new Date('2026-12-05T18:00:00Z'));
      const cancelled = await admin.post('/api/admin/invoices/cancel').send({ id: res.body.invoice.id }).expect(200);
      expect(cancelled.body.invoice).toMatchObject({ status: 'cancelled', cancelMotive: '02', needsAccountant: true });
      await admin.post('/api/admin/invoices/cancel').send({ id: res.body.invoice.id }).expect(409);
      const again = await agent.post('/api/informacion/request-invoice').send({ purchaseId });
      expect(again.status).toBe(409);
    });

    it('should list the month with status and client, filter by status, retry a failed one and give the CSV', async () => {
      const { agent, user } = await clientWithFiscalData({
        rfc: 'SAT970701NN3',
        legalName: 'ACME S.A. de C.V.',
        taxSystem: '601',
      });
      const purchaseId = await purchase(user.id);
      const res = await agent.post('/api/informacion/request-invoice').send({ purchaseId }).expect(202);
      await invoicing.issueDue();
      const failed = await admin.post('/api/admin/invoices').send({ month: '2026-11', status: 'failed' }).expect(200);
      const row = failed.body.invoices.find((i: { id: number }) => i.id === res.body.invoice.id);
      expect(row).toMatchObject({
        status: 'failed',
        clientName: user.name,
        purchaseRefunded: false,
        purchaseDescription: expect.stringContaining('Plan'),
        purchaseApprovedAt: expect.any(String),
        attempts: 1,
        nextAttemptAt: null,
      });
      const all = await admin.post('/api/admin/invoices').send({ month: '2026-11' }).expect(200);
      const retried = await admin.post('/api/admin/invoices/retry').send({ id: res.body.invoice.id }).expect(200);
      expect(retried.body.invoice).toMatchObject({ status: 'pending' });
      const csv = await admin.get('/api/admin/export/invoices.csv?month=2026-11').expect(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean);
      expect(lines[0]).toContain('UUID');
      expect(lines.length - 1).toBe(all.body.invoices.length);
      const issued = all.body.invoices.find((i: { status: string; totalCents: number }) => i.status === 'issued');
      const line = lines.find((l) => l.startsWith(`${issued.id},`))!;
      expect(line).toContain((issued.totalCents / 100).toFixed(2));
    });
  });
});
