import '@/components/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminInvoiceDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi, type Handler } from '@/test/page-test-utils';
import { CANCELLATION_ASKED_MESSAGE, purchaseLabel, relationNotices } from '../format';
import { CATALOGUES } from '@/test/fiscal-catalogues';
import { issuedInvoice } from '@/test/invoice-data';
import { AdminInvoices, INVOICES_NO_MATCH_MESSAGE, monthOptions } from './admin-invoices';
import { newestByPurchase } from './purchase-invoice';

const LIST = '/api/admin/invoices';
const PREVIEW = '/api/admin/invoices/global-preview';
const RETRY = '/api/admin/invoices/retry';
const CANCEL = '/api/admin/invoices/cancel';
const SUBSTITUTE = '/api/admin/invoices/substitute';
const CATALOGUES_URL = '/api/informacion/fiscal-data';

const base: AdminInvoiceDto = { ...issuedInvoice, purchaseRefunded: true };
const failed: AdminInvoiceDto = {
  ...base,
  id: 8,
  purchaseKind: 'gift_card',
  purchaseId: 3,
  status: 'failed',
  rfc: 'SAT970701NN3',
  legalName: 'ACME',
  uuid: null,
  series: null,
  folioNumber: null,
  lastError: 'El régimen fiscal no corresponde al RFC.',
  errorField: 'taxSystem',
  issuedAt: null,
  clientName: 'Acme Cliente',
  purchaseRefunded: false,
  purchaseDescription: 'Tarjeta de regalo para clases de Pilates Reformer',
};
const cancelled: AdminInvoiceDto = {
  ...base,
  id: 9,
  purchaseId: 13,
  status: 'cancelled',
  uuid: '11111111-2222-4333-8444-555555555555',
  folioNumber: 16,
  cancelledAt: '2026-12-02T18:00:00.000Z',
  cancelMotive: '02',
  needsAccountant: true,
  purchaseRefunded: true,
};
/** F-15's substitute (F-17) and F-15 as it is once cancelled with 01. */
const substitute: AdminInvoiceDto = {
  ...base,
  id: 10,
  uuid: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
  folioNumber: 17,
  legalName: 'EMILIO GÓMEZ DÍAZ',
  purchaseRefunded: false,
  replacesId: 7,
};
const replaced: AdminInvoiceDto = {
  ...base,
  status: 'cancelled',
  cancelMotive: '01',
  cancelledAt: '2026-11-24T18:01:00.000Z',
  purchaseRefunded: false,
  replacedById: 10,
};

const listOf = (invoices: AdminInvoiceDto[]): Handler => {
  return (body) => {
    const status = (body as { status?: string }).status;
    return {
      status: 200,
      body: { success: true, invoices: status ? invoices.filter((i) => i.status === status) : invoices },
    };
  };
};

const emptyPreview: Handler = (body) => ({
  status: 200,
  body: { success: true, month: (body as { month: string }).month, totalCents: 0, purchases: [], invoice: null },
});

/** The wide-screen table (the phone cards show the same invoices). */
const table = () => screen.getByRole('table', { name: 'Facturas del mes' });
const rowOf = (text: string) => within(table()).getByText(text).closest('tr') as HTMLElement;

describe('AdminInvoices ("Facturas")', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T18:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('should list the current studio month with status, purchase, client, folio, UUID and the notices', async () => {
    const fetchMock = stubApi({ [LIST]: listOf([base, failed, cancelled]), [PREVIEW]: emptyPreview });
    renderPage(<AdminInvoices />);

    expect(
      await within(await screen.findByRole('table', { name: 'Facturas del mes' })).findByText('F-15'),
    ).toBeTruthy();
    expect(bodiesSentTo(fetchMock, LIST)).toEqual([{ month: '2026-11' }]);
    expect(screen.getByRole('combobox', { name: 'Mes' })).toHaveTextContent('Noviembre 2026');
    expect(screen.getByRole('heading', { name: 'Facturas de noviembre de 2026' })).toBeInTheDocument();

    const issuedRow = rowOf('F-15');
    expect(issuedRow).toHaveTextContent('Emitida');
    expect(issuedRow).toHaveTextContent('Plan #12');
    expect(issuedRow).toHaveTextContent('Pagada el 23 de noviembre de 2026');
    expect(issuedRow).toHaveTextContent('$1,200.00');
    expect(issuedRow).toHaveTextContent('Emilio Gómez');
    expect(issuedRow).toHaveTextContent('RFC GODE561231GR8');
    expect(issuedRow).toHaveTextContent(base.uuid!);
    expect(issuedRow).toHaveTextContent('Reembolsada: cancela la factura');
    expect(within(issuedRow).getByRole('link', { name: 'PDF de la factura F-15' })).toHaveAttribute(
      'href',
      '/api/informacion/invoices/7.pdf',
    );
    expect(within(issuedRow).getByRole('link', { name: 'XML de la factura F-15' })).toHaveAttribute(
      'href',
      '/api/informacion/invoices/7.xml',
    );
    expect(within(issuedRow).queryByRole('button', { name: /Reintentar/ })).not.toBeInTheDocument();

    const failedRow = rowOf('Tarjeta de regalo #3');
    expect(failedRow).toHaveTextContent('Fallida');
    expect(failedRow).toHaveTextContent('Error del PAC: El régimen fiscal no corresponde al RFC.');
    expect(within(failedRow).queryByRole('link', { name: /PDF/ })).not.toBeInTheDocument();
    expect(within(failedRow).queryByRole('button', { name: /Cancelar/ })).not.toBeInTheDocument();

    const cancelledRow = rowOf('F-16');
    expect(cancelledRow).toHaveTextContent('Cancelada');
    expect(cancelledRow).toHaveTextContent('Revisar: reembolsada o cancelada después de su mes');
    expect(within(cancelledRow).queryByRole('button')).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Descargar CSV del mes' })).toHaveAttribute(
      'href',
      '/api/admin/export/invoices.csv?month=2026-11',
    );
  });

  it('should mark an invoice the queue is retrying, with its failures, the next attempt and «Reintentar ahora»', async () => {
    const retrying: AdminInvoiceDto = {
      ...failed,
      id: 11,
      purchaseId: 4,
      status: 'pending',
      attempts: 2,
      errorField: null,
      lastError: 'Servicio no disponible temporalmente.',
      // 12:04 PM in Mexico City.
      nextAttemptAt: '2026-11-24T18:04:00.000Z',
    };
    const waiting: AdminInvoiceDto = { ...retrying, id: 12, purchaseId: 5, attempts: 0, lastError: null };
    const fetchMock = stubApi({
      [LIST]: listOf([retrying, waiting]),
      [PREVIEW]: emptyPreview,
      [RETRY]: () => ({ status: 200, body: { success: true, invoice: { ...retrying, attempts: 0 } } }),
    });
    renderPage(<AdminInvoices />);
    await within(await screen.findByRole('table', { name: 'Facturas del mes' })).findByText('Tarjeta de regalo #4');

    const row = rowOf('Tarjeta de regalo #4');
    expect(row).toHaveTextContent('Pendiente');
    expect(row).toHaveTextContent(
      'Reintentando: falló 2 veces (Servicio no disponible temporalmente). Siguiente intento: 24 de noviembre de 2026 a las 12:04 PM.',
    );
    // One never tried yet is simply pending: no notice, no button.
    const fresh = rowOf('Tarjeta de regalo #5');
    expect(fresh).not.toHaveTextContent('Reintentando');
    expect(within(fresh).queryByRole('button', { name: /Reintentar/ })).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Reintentar la factura #11' }));
    expect(within(row).getByRole('button', { name: 'Reintentar la factura #11' })).toHaveTextContent(
      /Reintentar ahora|Reintentando…/,
    );
    await waitFor(() => expect(bodiesSentTo(fetchMock, RETRY)).toEqual([{ id: 11 }]));
  });

  it('should filter by status and by month, and say when nothing matches', async () => {
    const fetchMock = stubApi({ [LIST]: listOf([base]), [PREVIEW]: emptyPreview });
    renderPage(<AdminInvoices />);
    await within(await screen.findByRole('table', { name: 'Facturas del mes' })).findByText('F-15');

    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fallida' }));
    expect(await screen.findByText(INVOICES_NO_MATCH_MESSAGE)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Mes' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Octubre 2026' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, LIST)).toEqual([
        { month: '2026-11' },
        { month: '2026-11', status: 'failed' },
        { month: '2026-10', status: 'failed' },
      ]),
    );
    expect(screen.getByRole('link', { name: 'Descargar CSV del mes' })).toHaveAttribute(
      'href',
      '/api/admin/export/invoices.csv?month=2026-10',
    );
  });

  it('should retry a failed invoice and show the server’s refusal when it cannot', async () => {
    let answer: { status: number; body: unknown } = {
      status: 200,
      body: { success: true, invoice: { ...failed, status: 'pending' } },
    };
    const fetchMock = stubApi({ [LIST]: listOf([failed]), [PREVIEW]: emptyPreview, [RETRY]: () => answer });
    renderPage(<AdminInvoices />);
    await within(await screen.findByRole('table', { name: 'Facturas del mes' })).findByText('Tarjeta de regalo #3');

    await userEvent.click(within(table()).getByRole('button', { name: 'Reintentar la factura #8' }));
    expect(await screen.findByText(/volvió a la cola/)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, RETRY)).toEqual([{ id: 8 }]);

    answer = {
      status: 409,
      body: {
        success: false,
        code: 'INVOICE_NOT_RETRYABLE',
        error: 'Solo se puede reintentar una factura pendiente o con error.',
      },
    };
    await userEvent.click(within(table()).getByRole('button', { name: 'Reintentar la factura #8' }));
    expect(await screen.findByText('Solo se puede reintentar una factura pendiente o con error.')).toBeInTheDocument();
  });

  it('should cancel with motive 02 by default', async () => {
    const fetchMock = stubApi({
      [LIST]: listOf([base]),
      [PREVIEW]: emptyPreview,
      [CANCEL]: () => ({ status: 200, body: { success: true, invoice: { ...base, status: 'cancelled' } } }),
    });
    renderPage(<AdminInvoices />);
    await within(await screen.findByRole('table', { name: 'Facturas del mes' })).findByText('F-15');

    await userEvent.click(within(table()).getByRole('button', { name: 'Cancelar factura F-15' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar factura' });
    expect(within(dialog).getByRole('combobox', { name: 'Motivo de cancelación' })).toHaveTextContent(
      '02 · Comprobante emitido con errores sin relación',
    );
    expect(within(dialog).queryByLabelText('UUID de la factura que la sustituye')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar factura' }));

    expect(await screen.findByText('Factura F-15 cancelada ante el SAT.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CANCEL)).toEqual([{ id: 7, motive: '02' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should offer motives 02 and 03 only, send 03, and say when the cancellation waits for the receiver', async () => {
    const fetchMock = stubApi({
      [LIST]: listOf([{ ...base, purchaseRefunded: false }]),
      [PREVIEW]: emptyPreview,
      [CANCEL]: () => ({
        status: 200,
        body: { success: true, invoice: { ...base, cancellationStatus: 'pending', cancelMotive: '03' } },
      }),
    });
    renderPage(<AdminInvoices />);
    await within(await screen.findByRole('table', { name: 'Facturas del mes' })).findByText('F-15');

    await userEvent.click(within(table()).getByRole('button', { name: 'Cancelar factura F-15' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar factura' });
    expect(within(dialog).getByText(/Usa «Sustituir factura»/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Motivo de cancelación' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      '02 · Comprobante emitido con errores sin relación',
      '03 · No se llevó a cabo la operación',
    ]);
    await userEvent.click(screen.getByRole('option', { name: /^03 · / }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar factura' }));

    expect(await screen.findByText(CANCELLATION_ASKED_MESSAGE)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CANCEL)).toEqual([{ id: 7, motive: '03' }]);
  });

  it('should substitute an invoice with corrected data: prefilled, uses by régimen, each refusal under its field', async () => {
    let answer: Handler = () => ({
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_ERROR',
        error: { rfc: ['El RFC no es válido'] },
      },
    });
    const fetchMock = stubApi({
      [LIST]: listOf([{ ...base, purchaseRefunded: false }]),
      [PREVIEW]: emptyPreview,
      [CATALOGUES_URL]: () => ({ status: 200, body: CATALOGUES }),
      [SUBSTITUTE]: (body) => answer(body),
    });
    renderPage(<AdminInvoices />);
    await within(await screen.findByRole('table', { name: 'Facturas del mes' })).findByText('F-15');

    await userEvent.click(within(table()).getByRole('button', { name: 'Sustituir factura F-15' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sustituir factura' });
    expect(dialog).toHaveTextContent('relacionada con la F-15 (sustitución)');
    expect(dialog).toHaveTextContent('los datos de facturación de Emilio Gómez');
    const name = await within(dialog).findByLabelText('Nombre o razón social');
    expect(name).toHaveValue('EMILIO GOMEZ DIAZ');
    expect(within(dialog).getByLabelText('RFC')).toHaveValue('GODE561231GR8');
    expect(within(dialog).getByLabelText('Correo para la factura')).toHaveValue('facturas@example.com');
    const use = within(dialog).getByRole('combobox', { name: 'Uso del CFDI' });
    expect(use).toHaveTextContent('G03 – Gastos en general');

    // 605 does not allow G03: the use is cleared and only the allowed ones are offered.
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Régimen fiscal' }));
    await userEvent.click(await screen.findByRole('option', { name: /^605 – / }));
    expect(use).toHaveTextContent('Elige el uso');
    await userEvent.click(use);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'D01 – Honorarios médicos, dentales y gastos hospitalarios',
      'S01 – Sin efectos fiscales',
    ]);
    await userEvent.click(screen.getByRole('option', { name: /^S01 – / }));
    await userEvent.clear(name);
    await userEvent.type(name, 'Emilio Gómez Díaz');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Sustituir factura' }));
    expect(await within(dialog).findByLabelText('RFC')).toHaveAccessibleDescription(
      expect.stringContaining('El RFC no es válido'),
    );
    answer = () => ({ status: 200, body: { success: true, invoice: { ...substitute, status: 'pending' } } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sustituir factura' }));
    expect(
      await screen.findByText('Sustituta en cola: al timbrarse, la F-15 se cancela con el motivo 01.'),
    ).toBeInTheDocument();
    const sent = {
      id: 7,
      rfc: 'GODE561231GR8',
      legalName: 'Emilio Gómez Díaz',
      taxSystem: '605',
      zip: '52140',
      cfdiUse: 'S01',
      email: 'facturas@example.com',
    };
    expect(bodiesSentTo(fetchMock, SUBSTITUTE)).toEqual([sent, sent]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should name a substitute and the invoice it replaced, without cancelling or substituting the replaced one', async () => {
    stubApi({ [LIST]: listOf([substitute, replaced]), [PREVIEW]: emptyPreview });
    renderPage(<AdminInvoices />);
    await within(await screen.findByRole('table', { name: 'Facturas del mes' })).findByText('F-17');

    const newer = rowOf('F-17');
    expect(newer).toHaveTextContent('Sustituye a la F-15');
    expect(within(newer).getByRole('button', { name: 'Cancelar factura F-17' })).toBeInTheDocument();
    const older = rowOf('F-15');
    expect(older).toHaveTextContent('Sustituida por la F-17');
    expect(within(older).queryByRole('button', { name: /Cancelar|Sustituir/ })).not.toBeInTheDocument();
  });

  it('should offer «Corregir datos» on a refused substitute and send it through the invoice it replaces', async () => {
    const refused: AdminInvoiceDto = {
      ...substitute,
      status: 'failed',
      uuid: null,
      folioNumber: null,
      series: null,
      legalName: 'GOMEZ DIAZ SA DE CV',
      lastError: 'El nombre del receptor debe ir sin el régimen societario.',
      errorField: 'legalName',
    };
    const inForce: AdminInvoiceDto = { ...base, purchaseRefunded: false, replacedById: 10 };
    const fetchMock = stubApi({
      [LIST]: listOf([refused, inForce]),
      [PREVIEW]: emptyPreview,
      [CATALOGUES_URL]: () => ({ status: 200, body: CATALOGUES }),
      [SUBSTITUTE]: () => ({ status: 200, body: { success: true, invoice: { ...refused, status: 'pending' } } }),
    });
    renderPage(<AdminInvoices />);
    await within(await screen.findByRole('table', { name: 'Facturas del mes' })).findByText('F-15');

    // The invoice in force can be cancelled again, since its substitute failed.
    const older = rowOf('F-15');
    expect(older).toHaveTextContent('Su sustituta fue rechazada por el PAC: corrige los datos.');
    expect(within(older).getByRole('button', { name: 'Cancelar factura F-15' })).toBeInTheDocument();
    expect(within(older).queryByRole('button', { name: /Sustituir/ })).not.toBeInTheDocument();

    await userEvent.click(within(table()).getByRole('button', { name: 'Corregir datos de la factura #10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sustituir factura' });
    const name = await within(dialog).findByLabelText('Nombre o razón social');
    expect(name).toHaveValue('GOMEZ DIAZ SA DE CV');
    await userEvent.clear(name);
    await userEvent.type(name, 'Emilio Gómez Díaz');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sustituir factura' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, SUBSTITUTE)).toEqual([
        expect.objectContaining({ id: 7, legalName: 'Emilio Gómez Díaz' }),
      ]),
    );
  });

  it('should say when a cancellation waits for the receiver (no cancel then) or was rejected (cancel again)', async () => {
    stubApi({
      [LIST]: listOf([
        { ...base, purchaseRefunded: false, cancellationStatus: 'pending', cancelMotive: '02' },
        {
          ...base,
          id: 11,
          folioNumber: 18,
          purchaseRefunded: false,
          cancellationStatus: 'rejected',
          cancelMotive: '02',
          lastError: 'El receptor rechazó la cancelación ante el SAT: la factura sigue vigente.',
        },
      ]),
      [PREVIEW]: emptyPreview,
    });
    renderPage(<AdminInvoices />);
    await within(await screen.findByRole('table', { name: 'Facturas del mes' })).findByText('F-15');

    const waiting = rowOf('F-15');
    expect(waiting).toHaveTextContent(
      'Cancelación pedida (motivo 02): espera la respuesta del receptor ante el SAT (hasta 72 horas).',
    );
    expect(within(waiting).queryByRole('button', { name: /Cancelar|Sustituir/ })).not.toBeInTheDocument();
    const rejected = rowOf('F-18');
    expect(rejected).toHaveTextContent('El receptor rechazó la cancelación: la factura sigue vigente.');
    expect(within(rejected).getByRole('button', { name: 'Cancelar factura F-18' })).toBeInTheDocument();
    expect(within(rejected).getByRole('button', { name: 'Sustituir factura F-18' })).toBeInTheDocument();
  });

  it('should show the PAC’s refusal of a cancellation in the dialog', async () => {
    stubApi({
      [LIST]: listOf([base]),
      [PREVIEW]: emptyPreview,
      [CANCEL]: () => ({
        status: 503,
        body: {
          success: false,
          code: 'INVOICE_PAC_UNAVAILABLE',
          error: 'El servicio de facturación no responde. Intenta de nuevo en unos minutos.',
        },
      }),
    });
    renderPage(<AdminInvoices />);
    await within(await screen.findByRole('table', { name: 'Facturas del mes' })).findByText('F-15');

    await userEvent.click(within(table()).getByRole('button', { name: 'Cancelar factura F-15' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar factura' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar factura' }));
    expect(
      await within(dialog).findByText('El servicio de facturación no responde. Intenta de nuevo en unos minutos.'),
    ).toBeInTheDocument();
  });

  it('should preview the global invoice with its lines and total, and offer its files once issued', async () => {
    const fetchMock = stubApi({
      [LIST]: listOf([]),
      [PREVIEW]: () => ({
        status: 200,
        body: {
          success: true,
          month: '2026-11',
          totalCents: 200000,
          purchases: [
            {
              kind: 'payment',
              id: 20,
              description: 'Plan Ocho Clases (8 clases de Pilates Reformer)',
              totalCents: 120000,
              paymentForm: '04',
              approvedAt: '2026-11-03T17:00:00.000Z',
            },
            {
              kind: 'gift_card',
              id: 4,
              description: 'Tarjeta de regalo para clases de Pilates Reformer',
              totalCents: 80000,
              paymentForm: '01',
              approvedAt: '2026-11-05T17:00:00.000Z',
            },
          ],
          invoice: { ...base, id: 30, purchaseKind: 'global', purchaseId: 202611, folioNumber: 40 },
        },
      }),
    });
    renderPage(<AdminInvoices />);
    expect(await screen.findByText('No hay facturas en este mes.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, PREVIEW)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Vista previa de la factura global' }));
    const lines = await screen.findByRole('table', { name: 'Conceptos de la factura global' });
    expect(within(lines).getAllByRole('row')).toHaveLength(3);
    expect(within(lines).getByText('04 Tarjeta de crédito')).toBeInTheDocument();
    expect(screen.getByText(/2 compras sin factura propia/)).toHaveTextContent('$2,000.00');
    expect(screen.getByRole('link', { name: 'PDF de la global' })).toHaveAttribute(
      'href',
      '/api/informacion/invoices/30.pdf',
    );
    expect(bodiesSentTo(fetchMock, PREVIEW)).toEqual([{ month: '2026-11' }]);
  });

  it('should show the list’s error in Spanish', async () => {
    stubApi({
      [LIST]: () => ({ status: 403, body: { success: false, code: 'FORBIDDEN', error: 'Solo administradores.' } }),
      [PREVIEW]: emptyPreview,
    });
    renderPage(<AdminInvoices />);
    expect(await screen.findByText('Solo administradores.')).toBeInTheDocument();
  });
});

describe('monthOptions', () => {
  it('should offer the current month first and go back across the new year', () => {
    const options = monthOptions('2026-02-10');
    expect(options.slice(0, 3)).toEqual([
      { value: '2026-02', label: 'Febrero 2026' },
      { value: '2026-01', label: 'Enero 2026' },
      { value: '2025-12', label: 'Diciembre 2025' },
    ]);
    expect(options).toHaveLength(24);
  });
});

describe('newestByPurchase', () => {
  it('should keep each purchase’s newest invoice from a newest-first list (the substitute, not the replaced one)', () => {
    const newest = newestByPurchase([substitute, replaced, failed], 'payment');
    expect([...newest.entries()]).toEqual([[12, substitute]]);
    expect(newestByPurchase([substitute, replaced, failed], 'gift_card').get(3)).toBe(failed);
  });
});

describe('relationNotices', () => {
  it('should name the related invoice by folio when it is known, and say "otra factura" when not', () => {
    expect(relationNotices(substitute)).toEqual(['Sustituye a otra factura']);
    expect(relationNotices(replaced, new Map([[10, substitute]]))).toEqual(['Sustituida por la F-17']);
    expect(
      relationNotices({ ...base, replacedById: 10 }, new Map([[10, { ...substitute, status: 'pending' }]])),
    ).toEqual(['Sustituida por la F-17: se cancela con el motivo 01 al timbrarse']);
  });
});

describe('purchaseLabel', () => {
  it('should name each kind of purchase with its id, and the global invoice alone', () => {
    expect(purchaseLabel({ purchaseKind: 'membership', purchaseId: 5 })).toBe('Membresía #5');
    expect(purchaseLabel({ purchaseKind: 'payment', purchaseId: 12 })).toBe('Plan #12');
    expect(purchaseLabel({ purchaseKind: 'gift_card', purchaseId: 3 })).toBe('Tarjeta de regalo #3');
    expect(purchaseLabel({ purchaseKind: 'global', purchaseId: 202610 })).toBe('Factura global');
  });
});
