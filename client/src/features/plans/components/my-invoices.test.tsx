import '@/components/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceablePurchaseDto, InvoiceDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { MyInvoices } from './my-invoices';

const MINE = '/api/informacion/invoices';
const REQUEST = '/api/informacion/request-invoice';

const charge: InvoiceablePurchaseDto = {
  kind: 'membership',
  id: 5,
  description: 'Membresía 3 por semana (mes pagado hasta el 22/12/2026)',
  totalCents: 125_200,
  approvedAt: '2026-11-23T18:00:00.000Z',
  canRequest: true,
  invoice: null,
};

const plan: InvoiceablePurchaseDto = {
  ...charge,
  kind: 'payment',
  description: 'Plan Ocho Clases (8 clases de Pilates Reformer)',
  totalCents: 120_000,
};

const pending: InvoiceDto = {
  id: 9,
  purchaseKind: 'membership',
  purchaseId: 5,
  period: '2026-11',
  status: 'pending',
  totalCents: 125_200,
  paymentForm: null,
  rfc: 'GODE561231GR8',
  legalName: 'EMILIO GOMEZ DIAZ',
  taxSystem: '612',
  zip: '52140',
  cfdiUse: 'G03',
  email: 'facturas@example.com',
  uuid: null,
  series: null,
  folioNumber: null,
  lastError: null,
  errorField: null,
  issuedAt: null,
  cancelledAt: null,
  cancelMotive: null,
  cancellationStatus: null,
  needsAccountant: false,
  replacesId: null,
  replacedById: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('MyInvoices', () => {
  it("should ask for a membership charge's invoice with its kind, beside a plan with the same id", async () => {
    const fetchMock = stubApi({
      [MINE]: () => ({ status: 200, body: { success: true, invoices: [], purchases: [charge, plan] } }),
      [REQUEST]: () => ({ status: 202, body: { success: true, invoice: pending } }),
    });
    renderPage(<MyInvoices />);

    const item = (await screen.findByText(charge.description)).closest('li')!;
    expect(item).toHaveTextContent('$1,252.00');
    expect(screen.getAllByRole('button', { name: 'Solicitar factura' })).toHaveLength(2);
    await userEvent.click(within(item).getByRole('button', { name: 'Solicitar factura' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, REQUEST)).toEqual([{ purchaseId: 5, kind: 'membership' }]));
  });

  it('should tell which field the PAC refused, in Spanish, with a link to Mi información, and offer asking again', async () => {
    const lastError = 'El nombre del receptor debe ir sin el régimen societario (por ejemplo, sin "S.A. de C.V.").';
    const refused: InvoiceablePurchaseDto = {
      ...plan,
      id: 12,
      canRequest: true,
      invoice: {
        ...pending,
        purchaseKind: 'payment',
        purchaseId: 12,
        status: 'failed',
        lastError,
        errorField: 'legalName',
      },
    };
    const fetchMock = stubApi({
      [MINE]: () => ({ status: 200, body: { success: true, invoices: [], purchases: [refused] } }),
      [REQUEST]: () => ({ status: 202, body: { success: true, invoice: { ...pending, id: 9, purchaseId: 12 } } }),
    });
    renderPage(<MyInvoices />);

    const item = (await screen.findByText(refused.description)).closest('li')!;
    expect(item).toHaveTextContent('No se pudo emitir');
    const alert = within(item).getByRole('alert');
    expect(alert).toHaveTextContent(
      `${lastError} Corrige el nombre o razón social en Mi información y vuelve a solicitarla.`,
    );
    expect(within(alert).getByRole('link', { name: 'Mi información' })).toHaveAttribute('href', '/pilates/informacion');
    expect(within(item).queryByRole('link', { name: 'Descargar PDF' })).not.toBeInTheDocument();

    await userEvent.click(within(item).getByRole('button', { name: 'Solicitar factura' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, REQUEST)).toEqual([{ purchaseId: 12, kind: 'payment' }]));
  });

  it.each([
    ['rfc', 'el RFC'],
    ['taxSystem', 'el régimen fiscal'],
    ['zip', 'el código postal'],
    ['cfdiUse', 'el uso del CFDI'],
  ])('should name the field %s as «%s» when the PAC refused it', async (errorField, words) => {
    const refused: InvoiceablePurchaseDto = {
      ...charge,
      invoice: { ...pending, status: 'failed', lastError: 'El SAT rechazó el dato.', errorField },
    };
    stubApi({ [MINE]: () => ({ status: 200, body: { success: true, invoices: [], purchases: [refused] } }) });
    renderPage(<MyInvoices />);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `El SAT rechazó el dato. Corrige ${words} en Mi información y vuelve a solicitarla.`,
    );
  });

  it('should offer the PDF and XML of an issued invoice, and no new request', async () => {
    const issued: InvoiceablePurchaseDto = {
      ...plan,
      id: 7,
      canRequest: false,
      invoice: {
        ...pending,
        id: 31,
        purchaseKind: 'payment',
        purchaseId: 7,
        status: 'issued',
        uuid: '3F2504E0-4F89-11D3-9A0C-0305E82C3301',
        series: 'F',
        folioNumber: 120,
        issuedAt: '2026-11-24T18:00:00.000Z',
      },
    };
    stubApi({ [MINE]: () => ({ status: 200, body: { success: true, invoices: [], purchases: [issued] } }) });
    renderPage(<MyInvoices />);

    const item = (await screen.findByText(issued.description)).closest('li')!;
    expect(item).toHaveTextContent('Factura emitida');
    const pdf = within(item).getByRole('link', { name: 'Descargar PDF' });
    expect(pdf).toHaveAttribute('href', '/api/informacion/invoices/31.pdf');
    expect(pdf).toHaveAttribute('download');
    const xml = within(item).getByRole('link', { name: 'Descargar XML' });
    expect(xml).toHaveAttribute('href', '/api/informacion/invoices/31.xml');
    expect(xml).toHaveAttribute('download');
    expect(within(item).queryByRole('button', { name: 'Solicitar factura' })).not.toBeInTheDocument();
    expect(within(item).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should say an invoice re-issued with corrected data replaces the earlier one, and a cancellation in progress', async () => {
    const substitute: InvoiceablePurchaseDto = {
      ...plan,
      id: 8,
      canRequest: false,
      invoice: { ...pending, id: 32, purchaseKind: 'payment', purchaseId: 8, status: 'issued', replacesId: 30 },
    };
    const cancelling: InvoiceablePurchaseDto = {
      ...charge,
      canRequest: false,
      invoice: { ...pending, id: 33, status: 'issued', cancellationStatus: 'pending', cancelMotive: '02' },
    };
    stubApi({
      [MINE]: () => ({ status: 200, body: { success: true, invoices: [], purchases: [substitute, cancelling] } }),
    });
    renderPage(<MyInvoices />);

    const corrected = (await screen.findByText(substitute.description)).closest('li')!;
    expect(corrected).toHaveTextContent('Factura emitida (con datos corregidos; la anterior se cancela)');
    const item = screen.getByText(charge.description).closest('li')!;
    expect(item).toHaveTextContent('Factura emitida · Cancelación en proceso ante el SAT');
  });

  it('should show an invoice in progress without downloads or a new request', async () => {
    stubApi({
      [MINE]: () => ({
        status: 200,
        body: { success: true, invoices: [], purchases: [{ ...charge, canRequest: false, invoice: pending }] },
      }),
    });
    renderPage(<MyInvoices />);

    const item = (await screen.findByText(charge.description)).closest('li')!;
    expect(item).toHaveTextContent('Factura en proceso');
    expect(within(item).queryByRole('button', { name: 'Solicitar factura' })).not.toBeInTheDocument();
    expect(within(item).queryByRole('link', { name: 'Descargar PDF' })).not.toBeInTheDocument();
  });

  it("should show the server's refusal of a request under the purchase", async () => {
    stubApi({
      [MINE]: () => ({ status: 200, body: { success: true, invoices: [], purchases: [charge] } }),
      [REQUEST]: () => ({
        status: 409,
        body: {
          success: false,
          code: 'INVOICE_FISCAL_DATA_MISSING',
          error: 'Primero guarda tus datos de facturación en Mi información.',
        },
      }),
    });
    renderPage(<MyInvoices />);

    const item = (await screen.findByText(charge.description)).closest('li')!;
    await userEvent.click(within(item).getByRole('button', { name: 'Solicitar factura' }));
    expect(
      await within(item).findByText('Primero guarda tus datos de facturación en Mi información.'),
    ).toBeInTheDocument();
  });
});
