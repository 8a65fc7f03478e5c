import '@/components/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminInvoiceDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { approvedPurchase, plansAnswer, partlyRefundedPurchase, purchasesAnswer, URLS, usersPage } from '../test-data';
import { issuedInvoice } from '@/test/invoice-data';
import { UsersAdmin } from './users-admin';

const USER_INVOICES = '/api/admin/invoices/of-user';
const CANCEL = '/api/admin/invoices/cancel';

/** The refunded purchase's invoice, still in force; the other purchase's one being stamped. */
const issued: AdminInvoiceDto = {
  ...issuedInvoice,
  purchaseId: partlyRefundedPurchase.id,
  period: '2026-10',
  totalCents: 156400,
  issuedAt: '2026-10-23T18:00:00.000Z',
  needsAccountant: true,
  clientName: 'Ana López',
  purchaseRefunded: true,
  purchaseApprovedAt: '2026-10-23T17:00:00.000Z',
};
const pending: AdminInvoiceDto = {
  ...issued,
  id: 8,
  purchaseId: approvedPurchase.id,
  status: 'pending',
  uuid: null,
  series: null,
  folioNumber: null,
  issuedAt: null,
  needsAccountant: false,
  purchaseRefunded: false,
  attempts: 0,
};

describe('a purchase’s invoice in Usuarios → planes', () => {
  it('should show each purchase’s invoice, warn when a refunded one is still in force, and cancel it from there', async () => {
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.userPlans]: plansAnswer,
      [URLS.purchases]: purchasesAnswer([approvedPurchase, partlyRefundedPurchase]),
      [USER_INVOICES]: () => ({ status: 200, body: { success: true, invoices: [issued, pending] } }),
      [CANCEL]: () => ({ status: 200, body: { success: true, invoice: { ...issued, status: 'cancelled' } } }),
    });
    renderPage(<UsersAdmin />);
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Planes de Ana López' }));
    const plans = await screen.findByRole('dialog', { name: 'Planes de Ana López' });

    const refunded = await within(plans).findByRole('listitem', { name: `Compra #${partlyRefundedPurchase.id}` });
    expect(await within(refunded).findByText(/^Factura F-15 · Emitida/)).toHaveTextContent(
      'Factura F-15 · Emitida · Revisar con la contadora',
    );
    expect(refunded).toHaveTextContent('Reembolsada: cancela su factura.');
    const other = within(plans).getByRole('listitem', { name: `Compra #${approvedPurchase.id}` });
    expect(other).toHaveTextContent('Factura: Pendiente');
    expect(within(other).queryByRole('button', { name: /Cancelar la factura/ })).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, USER_INVOICES)).toEqual([{ userId: 7 }]);

    await userEvent.click(
      within(refunded).getByRole('button', {
        name: `Cancelar la factura F-15 de la compra #${partlyRefundedPurchase.id}`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar factura' });
    expect(within(dialog).getByRole('combobox', { name: 'Motivo de cancelación' })).toHaveTextContent(/^02 · /);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar factura' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, CANCEL)).toEqual([{ id: 7, motive: '02' }]));
    expect(await screen.findByText('Factura F-15 cancelada ante el SAT.')).toBeInTheDocument();
  });
});
