import '@/components/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AdminInvoiceDto,
  AdminMembershipDetailResponseDto,
  AdminMembershipLineDto,
  MembershipDto,
} from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { issuedInvoice } from '@/test/invoice-data';
import { AdminMemberships } from './admin-memberships';

const LIST = '/api/admin/memberships';
const DETAIL = '/api/admin/memberships/detail';
const USER_INVOICES = '/api/admin/invoices/of-user';
const CANCEL_INVOICE = '/api/admin/invoices/cancel';

/** The invoice of charge #30 (October 26th), issued. */
const chargeInvoice: AdminInvoiceDto = {
  ...issuedInvoice,
  purchaseKind: 'membership',
  purchaseId: 30,
  period: '2026-10',
  totalCents: 190000,
  clientName: 'Lucía Pérez',
  purchaseDescription: 'Membresía 3 por semana',
};
const CANCEL = '/api/admin/memberships/cancel';
const REFUND = '/api/admin/memberships/refund-charge';

const lucia: AdminMembershipLineDto = {
  id: 4,
  userId: 12,
  clientName: 'Lucía Pérez',
  clientEmail: 'lucia@example.com',
  planName: 'Tres por semana',
  status: 'past_due',
  paidThrough: '2026-11-25',
  pastDueSince: '2026-11-26T15:00:00.000Z',
  totalCents: 190_000,
};
const marta: AdminMembershipLineDto = {
  id: 9,
  userId: 15,
  clientName: 'Marta Ruiz',
  clientEmail: 'marta@example.com',
  planName: 'Ilimitado',
  status: 'active',
  paidThrough: '2026-12-20',
  pastDueSince: null,
  totalCents: 240_000,
};

const listAnswer = (memberships: AdminMembershipLineDto[], totalPages = 1) => ({
  status: 200,
  body: {
    success: true,
    memberships,
    pagination: { currentPage: 1, totalPages, totalRecords: memberships.length },
  },
});

const luciaMembership: MembershipDto = {
  id: 4,
  planName: 'Tres por semana',
  weeklyLimit: 3,
  dailyLimit: 1,
  status: 'past_due',
  totalCents: 190_000,
  paidThrough: '2026-11-25',
  bookableUntil: '2026-12-25',
  cancelsOn: null,
  pastDueSince: '2026-11-26T15:00:00.000Z',
  bookingBlockedFrom: '2026-12-03T15:00:00.000Z',
  pauses: [],
  pauseDaysLeftThisYear: 30,
  updateCardUrl: 'https://www.mercadopago.com.mx/subscriptions',
  week: { start: '2026-11-23', end: '2026-11-29', used: 1, limit: 3 },
};

const detail = (membership: Partial<MembershipDto> = {}, refunded = false): AdminMembershipDetailResponseDto => ({
  success: true,
  membership: { ...luciaMembership, ...membership },
  client: { id: 12, name: 'Lucía Pérez', email: 'lucia@example.com' },
  charges: [
    {
      id: 31,
      providerChargeId: '7001',
      paymentStatus: 'rejected',
      amountCents: 190_000,
      createdAt: '2026-11-26T15:00:00.000Z',
      periodEnd: null,
      refunded: false,
      issue: null,
    },
    {
      id: 30,
      providerChargeId: '7000',
      paymentStatus: 'approved',
      amountCents: 190_000,
      createdAt: '2026-10-26T15:00:00.000Z',
      periodEnd: '2026-11-25',
      refunded,
      issue: null,
    },
    {
      id: 29,
      providerChargeId: '6999',
      paymentStatus: 'approved',
      amountCents: 150_000,
      createdAt: '2026-10-20T15:00:00.000Z',
      periodEnd: null,
      refunded: false,
      issue: 'amount_mismatch',
    },
  ],
});

const table = () => screen.getByRole('table', { name: 'Membresías' });

function renderList(search: Parameters<typeof AdminMemberships>[0]['search'] = {}) {
  const onSearchChange = vi.fn();
  const view = renderPage(<AdminMemberships search={search} onSearchChange={onSearchChange} />);
  return { ...view, onSearchChange };
}

async function openLucia() {
  const list = await screen.findByRole('table', { name: 'Membresías' });
  await userEvent.click(
    await within(list).findByRole('button', { name: 'Ver detalle de la membresía de Lucía Pérez' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Membresía' });
  await within(dialog).findByRole('table', { name: 'Cobros de la membresía' });
  return dialog;
}

describe('AdminMemberships («Membresías»)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T18:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('should list each membership with its client, plan, status in Spanish, paid-through and past-due dates', async () => {
    const fetchMock = stubApi({ [LIST]: () => listAnswer([lucia, marta]) });
    renderList();
    await within(await screen.findByRole('table', { name: 'Membresías' })).findByText('Lucía Pérez');

    expect(bodiesSentTo(fetchMock, LIST)).toEqual([{}]);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Cliente', 'Plan', 'Estado', 'Pagada hasta', 'Pago pendiente desde', 'Cobro mensual', 'Acciones']);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((td) => td.textContent);
    const [first, second] = within(table()).getAllByRole('row').slice(1);
    expect(cells(first)).toEqual([
      'Lucía Pérezlucia@example.com',
      'Tres por semana',
      'Pago pendiente',
      '25 de noviembre de 2026',
      '26 de noviembre de 2026',
      '$1,900.00',
    ]);
    expect(cells(second)).toEqual([
      'Marta Ruizmarta@example.com',
      'Ilimitado',
      'Activa',
      '20 de diciembre de 2026',
      '—',
      '$2,400.00',
    ]);
    // The phone cards hold the same.
    const cards = screen.getByRole('list', { name: 'Membresías' });
    expect(within(cards).getAllByRole('listitem')[0]).toHaveTextContent('Tres por semana · $1,900.00 al mes');
  });

  it('should ask the server for the status in the URL and change it from the filter', async () => {
    const fetchMock = stubApi({ [LIST]: () => listAnswer([lucia], 3) });
    const { onSearchChange } = renderList({ estado: 'past_due', pagina: 2 });
    await within(await screen.findByRole('table', { name: 'Membresías' })).findByText('Lucía Pérez');
    expect(bodiesSentTo(fetchMock, LIST)).toEqual([{ status: 'past_due', page: 2 }]);

    const filters = screen.getByRole('form', { name: 'Filtros' });
    expect(within(filters).getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Pago pendiente');
    await userEvent.click(within(filters).getByRole('combobox', { name: 'Estado' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Todas',
      'Activa',
      'Pago pendiente',
      'En pausa',
      'Cancelada',
      'Pendiente',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'En pausa' }));
    // A new filter starts on the first page.
    expect(onSearchChange).toHaveBeenLastCalledWith({ estado: 'paused' });
    await userEvent.click(within(filters).getByRole('button', { name: 'Quitar filtro' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({});
  });

  it('should say when no membership has the chosen status', async () => {
    stubApi({ [LIST]: () => listAnswer([]) });
    renderList({ estado: 'cancelled' });
    expect(
      await within(await screen.findByRole('table', { name: 'Membresías' })).findByText(
        'No hay membresías con el estado «Cancelada».',
      ),
    ).toBeInTheDocument();
  });

  it('should show a membership’s dates and charges, with statuses and issues in Spanish', async () => {
    const fetchMock = stubApi({
      [LIST]: () => listAnswer([lucia, marta]),
      [DETAIL]: () => ({ status: 200, body: detail() }),
      // The October 26th charge was invoiced (an invoice of a plan purchase #30 is not this charge's).
      [USER_INVOICES]: () => ({
        status: 200,
        body: {
          success: true,
          invoices: [chargeInvoice, { ...chargeInvoice, id: 8, purchaseKind: 'payment', folioNumber: 16 }],
        },
      }),
      [CANCEL_INVOICE]: () => ({
        status: 200,
        body: { success: true, invoice: { ...chargeInvoice, status: 'cancelled' } },
      }),
    });
    renderList();
    const dialog = await openLucia();

    expect(bodiesSentTo(fetchMock, DETAIL)).toEqual([{ id: 4 }]);
    expect(dialog).toHaveTextContent('Lucía Pérez · lucia@example.com');
    const fact = (label: string) =>
      within(dialog)
        .getAllByRole('term')
        .find((term) => term.textContent === label)?.nextElementSibling?.textContent;
    expect(fact('Estado')).toBe('Pago pendiente');
    expect(fact('Pagada hasta')).toBe('25 de noviembre de 2026');
    expect(fact('Puede reservar hasta')).toBe('25 de diciembre de 2026');
    expect(fact('Reservas bloqueadas desde')).toBe('3 de diciembre de 2026');
    expect(fact('Clases')).toBe('3 por semana');
    const charges = within(dialog).getByRole('table', { name: 'Cobros de la membresía' });
    expect(
      within(charges)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Fecha', 'Monto', 'Estado', 'Pagó hasta', 'Reembolsado', 'Observación', 'Factura', 'Acciones']);
    await within(charges).findByText(/^Factura F-15/);
    const rows = within(charges)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      );
    expect(rows).toEqual([
      ['26 de noviembre de 2026', '$1,900.00', 'Rechazado', '—', 'No', '—', '—', ''],
      [
        '26 de octubre de 2026',
        '$1,900.00',
        'Aprobado',
        '25 de noviembre de 2026',
        'No',
        '—',
        'Factura F-15 · EmitidaCancelar facturaSustituir factura',
        'Reembolsar cobro',
      ],
      [
        '20 de octubre de 2026',
        '$1,500.00',
        'Aprobado',
        '—',
        'No',
        'El monto no coincide: no extendió la membresía',
        '—',
        'Reembolsar cobro',
      ],
    ]);
    // The charge's invoice is cancelled from here, with the Facturas page's dialog.
    await userEvent.click(
      within(charges).getByRole('button', { name: 'Cancelar la factura F-15 del cobro del 26 de octubre de 2026' }),
    );
    const cancel = await screen.findByRole('dialog', { name: 'Cancelar factura' });
    await userEvent.click(within(cancel).getByRole('button', { name: 'Cancelar factura' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, CANCEL_INVOICE)).toEqual([{ id: 7, motive: '02' }]));
    // The wide table scrolls inside a region the keyboard reaches.
    expect(charges.closest('[role="region"]')).toHaveAttribute('tabindex', '0');
  });

  it('should refund an approved charge only after confirming, and show the server’s refusal', async () => {
    let refused = true;
    const fetchMock = stubApi({
      [LIST]: () => listAnswer([lucia]),
      [DETAIL]: () => ({ status: 200, body: detail({}, !refused) }),
      [REFUND]: () =>
        refused
          ? {
              status: 502,
              body: {
                success: false,
                code: 'PAYMENT_PROVIDER_ERROR',
                error: 'Mercado Pago no hizo el reembolso. Intenta de nuevo en unos minutos.',
              },
            }
          : { status: 200, body: detail({}, true) },
    });
    renderList();
    const dialog = await openLucia();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar cobro del 26 de octubre de 2026' }));
    expect(dialog).toHaveTextContent(
      'Mercado Pago devolverá $1,900.00 a Lucía Pérez por el cobro del 26 de octubre de 2026. Ese cobro pagó un mes',
    );
    expect(bodiesSentTo(fetchMock, REFUND)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar cobro' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Mercado Pago no hizo el reembolso. Intenta de nuevo en unos minutos.',
    );
    expect(bodiesSentTo(fetchMock, REFUND)).toEqual([{ chargeId: 30 }]);

    refused = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar cobro' }));
    expect(await screen.findByText('Cobro de $1,900.00 reembolsado')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, REFUND)).toEqual([{ chargeId: 30 }, { chargeId: 30 }]);
    // Back on the detail, which reloads: the charge now shows refunded, with no button.
    const charges = await within(dialog).findByRole('table', { name: 'Cobros de la membresía' });
    await vi.waitFor(() =>
      expect(within(charges).getAllByRole('row')[2]).toHaveTextContent(
        '26 de octubre de 2026$1,900.00Aprobado25 de noviembre de 2026Sí',
      ),
    );
    expect(
      within(charges).queryByRole('button', { name: 'Reembolsar cobro del 26 de octubre de 2026' }),
    ).not.toBeInTheDocument();
  });

  it('should cancel a membership only after confirming, and say until when it stays valid', async () => {
    let cancelled = false;
    const fetchMock = stubApi({
      [LIST]: () => listAnswer([lucia]),
      [DETAIL]: () => ({
        status: 200,
        body: cancelled ? detail({ status: 'cancelled', cancelsOn: '2026-11-25' }) : detail(),
      }),
      [CANCEL]: () => {
        cancelled = true;
        return { status: 200, body: detail({ status: 'cancelled', cancelsOn: '2026-11-25' }) };
      },
    });
    renderList();
    const dialog = await openLucia();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar membresía' }));
    expect(dialog).toHaveTextContent(
      'Se cancela en Mercado Pago la membresía «Tres por semana» de Lucía Pérez: no habrá más cobros. Sigue vigente hasta el último día pagado (25 de noviembre de 2026)',
    );
    // «Volver» asks nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect(bodiesSentTo(fetchMock, CANCEL)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar membresía' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar membresía' }));
    expect(await screen.findByText('Membresía de Lucía Pérez cancelada')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CANCEL)).toEqual([{ id: 4 }]);
    await vi.waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Cancelar membresía' })).not.toBeInTheDocument(),
    );
    expect(dialog).toHaveTextContent('Cancelada');
  });
});
