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
  uuid: null,
  series: null,
  folioNumber: null,
  lastError: null,
  errorField: null,
  issuedAt: null,
  cancelledAt: null,
  cancelMotive: null,
  needsAccountant: false,
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
});
