import '@/components/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminInvoiceDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi, type Handler } from '@/test/page-test-utils';
import { CANCEL_MESSAGES, purchaseLabel } from '../format';
import { issuedInvoice } from '@/test/invoice-data';
import { AdminInvoices, INVOICES_NO_MATCH_MESSAGE, monthOptions } from './admin-invoices';
import { substituteFor } from './cancel-invoice-dialog';

const LIST = '/api/admin/invoices';
const PREVIEW = '/api/admin/invoices/global-preview';
const RETRY = '/api/admin/invoices/retry';
const CANCEL = '/api/admin/invoices/cancel';

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
const substitute: AdminInvoiceDto = {
  ...base,
  id: 10,
  purchaseId: 14,
  uuid: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
  folioNumber: 17,
  purchaseRefunded: false,
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

  it('should ask motive 01 for the substitute’s UUID, refuse a wrong one, then send its invoice', async () => {
    const fetchMock = stubApi({
      [LIST]: listOf([base, substitute]),
      [PREVIEW]: emptyPreview,
      [CANCEL]: () => ({ status: 200, body: { success: true, invoice: { ...base, status: 'cancelled' } } }),
    });
    renderPage(<AdminInvoices />);
    await within(await screen.findByRole('table', { name: 'Facturas del mes' })).findByText('F-15');

    await userEvent.click(within(table()).getByRole('button', { name: 'Cancelar factura F-15' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar factura' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Motivo de cancelación' }));
    await userEvent.click(await screen.findByRole('option', { name: /^01 · / }));
    const uuid = within(dialog).getByLabelText('UUID de la factura que la sustituye');
    const submit = within(dialog).getByRole('button', { name: 'Cancelar factura' });

    await userEvent.click(submit);
    expect(uuid).toHaveAccessibleDescription(expect.stringContaining(CANCEL_MESSAGES.substituteRequired));
    await userEvent.type(uuid, 'no-es-un-uuid');
    await userEvent.click(submit);
    expect(uuid).toHaveAccessibleDescription(expect.stringContaining(CANCEL_MESSAGES.substituteFormat));
    await userEvent.clear(uuid);
    await userEvent.type(uuid, '99999999-2222-4333-8444-555555555555');
    await userEvent.click(submit);
    expect(uuid).toHaveAccessibleDescription(expect.stringContaining(CANCEL_MESSAGES.substituteUnknown));
    expect(bodiesSentTo(fetchMock, CANCEL)).toEqual([]);

    await userEvent.clear(uuid);
    await userEvent.type(uuid, substitute.uuid!.toUpperCase());
    await userEvent.click(submit);
    await waitFor(() => expect(bodiesSentTo(fetchMock, CANCEL)).toEqual([{ id: 7, motive: '01', substituteId: 10 }]));
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

describe('substituteFor', () => {
  const issued = [{ id: 10, uuid: substitute.uuid, status: 'issued' as const }];
  it('should refuse the invoice itself as its own substitute', () => {
    expect(substituteFor(substitute.uuid!, { id: 10 }, issued)).toEqual({ error: CANCEL_MESSAGES.substituteSelf });
  });
  it('should find the substitute whatever the case of the UUID', () => {
    expect(substituteFor(` ${substitute.uuid!.toUpperCase()} `, { id: 7 }, issued)).toEqual({ id: 10 });
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
