import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserPlanDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { MyPlans, REVOKED_NOTE } from './my-plans';

const GET_USER_PLANES = '/api/informacion/get-planes';
const PURCHASES = '/api/mercadopago/purchases';

const paid: UserPlanDto = {
  id: 12,
  plan: 'Ocho Clases',
  classes_remaining: 5,
  classes_total: 8,
  startDate: '2026-11-02',
  endDate: '2026-12-02',
  is_paid: 1,
  revoked: false,
  membership: false,
};
const unpaid: UserPlanDto = {
  ...paid,
  id: 11,
  plan: 'Cuatro Clases',
  classes_remaining: 4,
  classes_total: 4,
  is_paid: 0,
};
const refunded: UserPlanDto = {
  ...paid,
  id: 10,
  plan: 'Una Clase',
  classes_remaining: 1,
  classes_total: 1,
  revoked: true,
};

const page = (planes: UserPlanDto[], currentPage = 1, totalPages = 1, totalRecords = planes.length) => ({
  status: 200,
  body: { success: true, planes, pagination: { currentPage, totalPages, totalRecords } },
});

describe('MyPlans', () => {
  it('should list the plans with classes left, Spanish dates and a paid badge', async () => {
    stubApi({ [GET_USER_PLANES]: () => page([paid, unpaid, refunded]) });
    renderPage(<MyPlans />);

    await screen.findByRole('cell', { name: 'Ocho Clases' });
    const table = screen.getByRole('table', { name: 'Mis planes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Plan', 'Clases restantes', 'Fecha de inicio', 'Fecha de término', 'Pagado', 'Historial']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Ocho Clases', '5 de 8', '2 de noviembre de 2026', '2 de diciembre de 2026', 'Pagado', 'Historial']);
    expect(
      within(rows[0]).getByRole('button', { name: 'Historial de Ocho Clases (desde el 2 de noviembre de 2026)' }),
    ).toBeInTheDocument();
    expect(within(rows[0]).getByText('Pagado')).toHaveClass('text-success');
    expect(within(rows[1]).getByText('No Pagado')).toHaveClass('text-danger');
    expect(within(rows[1]).queryByText(REVOKED_NOTE)).not.toBeInTheDocument();
    expect(within(rows[2]).getByText(REVOKED_NOTE)).toHaveTextContent(
      'Reembolsado: ya no se puede reservar con este plan',
    );

    // The same plans as cards, for a narrow column.
    const cards = within(screen.getByRole('list', { name: 'Mis planes' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]).getByText('Pagado')).toBeInTheDocument();
    expect(within(cards[0]).getByText('5 de 8')).toBeInTheDocument();
    // No internal numbers: no "#12", no ID column.
    expect(cards[0]).not.toHaveTextContent('#');
    expect(within(cards[1]).getByText('No Pagado')).toBeInTheDocument();
    expect(within(cards[2]).getByText(REVOKED_NOTE)).toBeInTheDocument();
  });

  it('should ask for the session user’s plans five per page and page through them', async () => {
    const fetchMock = stubApi({
      [GET_USER_PLANES]: (body) => {
        const { pagination } = body as { pagination: number };
        return pagination === 1 ? page([paid], 1, 2, 6) : page([refunded], 2, 2, 6);
      },
    });
    renderPage(<MyPlans />);

    await screen.findByRole('cell', { name: 'Ocho Clases' });
    const pager = screen.getByRole('navigation', { name: 'Paginación' });
    expect(pager).toHaveTextContent('Página 1 de 2 · 6 registros');
    await userEvent.click(within(pager).getByRole('button', { name: 'Siguiente' }));

    await screen.findByRole('cell', { name: 'Una Clase' });
    expect(screen.getByRole('navigation', { name: 'Paginación' })).toHaveTextContent('Página 2 de 2');
    expect(bodiesSentTo(fetchMock, GET_USER_PLANES)).toEqual([
      { pagination: 1, limit: 5 },
      { pagination: 2, limit: 5 },
    ]);
  });

  it('should list a pending purchase above the plans, even without plans yet', async () => {
    stubApi({
      [GET_USER_PLANES]: () => page([]),
      [PURCHASES]: () => ({
        status: 200,
        body: {
          success: true,
          purchases: [
            {
              id: 5,
              plan: 'Cuatro Clases',
              status: 'pending',
              total: 831.84,
              expiresAt: '2026-12-01T05:59:00.000Z',
              userPlanId: null,
            },
          ],
        },
      }),
    });
    renderPage(<MyPlans />);

    const pending = await screen.findByRole('list', { name: 'Pagos en curso' });
    expect(pending).toHaveTextContent('Cuatro Clases — $831.84');
    expect(pending).toHaveTextContent('Pago pendiente');
    expect(pending).toHaveTextContent('30 de noviembre de 2026 a las 11:59 PM');
    expect(await screen.findByText('Aún no tienes planes')).toBeInTheDocument();
    // Above the plans.
    expect(
      pending.compareDocumentPosition(screen.getByText('Aún no tienes planes')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('should list the plan to book with first and a rejected payment apart, below the plans', async () => {
    const used: UserPlanDto = { ...paid, id: 20, plan: 'Una Clase', endDate: '2000-01-31', startDate: '2000-01-01' };
    const active: UserPlanDto = { ...paid, id: 19, plan: 'Doce Clases', endDate: '2999-12-31' };
    stubApi({
      [GET_USER_PLANES]: () => page([used, active]),
      [PURCHASES]: () => ({
        status: 200,
        body: {
          success: true,
          purchases: [
            { id: 6, plan: 'Cuatro Clases', status: 'rejected', total: 831.84, expiresAt: null, userPlanId: null },
          ],
        },
      }),
    });
    renderPage(<MyPlans />);

    const failed = await screen.findByRole('region', { name: 'Pagos no completados' });
    expect(failed).toHaveTextContent('Cuatro Clases — $831.84');
    expect(failed).toHaveTextContent('Pago rechazado');
    const table = screen.getByRole('table', { name: 'Mis planes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Doce Clases', 'Una Clase']);
    // Below the plans, and nothing pending above them.
    expect(table.compareDocumentPosition(failed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Pagos en curso' })).not.toBeInTheDocument();
  });

  it("should name a membership's plan by its kind, not by 0 classes of 0", async () => {
    stubApi({
      [GET_USER_PLANES]: () =>
        page([{ ...paid, plan: 'Ilimitado', classes_remaining: 0, classes_total: 0, membership: true }]),
    });
    renderPage(<MyPlans />);

    const cell = await screen.findByRole('cell', { name: 'Ilimitado' });
    expect(cell.closest('tr')).toHaveTextContent('Membresía (por semana)');
    expect(cell.closest('tr')).not.toHaveTextContent('0 de 0');
  });

  it('should show no pager when everything fits on one page', async () => {
    stubApi({ [GET_USER_PLANES]: () => page([paid]) });
    renderPage(<MyPlans />);
    await screen.findByRole('cell', { name: 'Ocho Clases' });
    expect(screen.queryByRole('navigation', { name: 'Paginación' })).not.toBeInTheDocument();
  });

  it('should invite a client without plans to see the catalogue', async () => {
    stubApi({ [GET_USER_PLANES]: () => page([]) });
    renderPage(<MyPlans />);

    expect(await screen.findByText('Aún no tienes planes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver planes' })).toHaveAttribute('href', '/pilates/planes');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('should show the server’s message when the plans cannot be read', async () => {
    stubApi({
      [GET_USER_PLANES]: () => ({
        status: 401,
        body: { success: false, code: 'UNAUTHORIZED', error: 'Inicia sesión para continuar.' },
      }),
      '/api/informacion/membership': () => ({ status: 200, body: { membership: null } }),
    });
    renderPage(<MyPlans />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Inicia sesión para continuar.');
  });

  it("should show a member's membership card above the plans", async () => {
    stubApi({
      [GET_USER_PLANES]: () => page([]),
      '/api/informacion/membership': () => ({
        status: 200,
        body: {
          membership: {
            id: 7,
            planName: '3 por semana',
            weeklyLimit: 3,
            dailyLimit: 1,
            status: 'active',
            totalCents: 120000,
            paidThrough: '2026-12-26',
            bookableUntil: '2027-01-26',
            cancelsOn: null,
            pastDueSince: null,
            bookingBlockedFrom: null,
            pauses: [],
            pauseDaysLeftThisYear: 30,
            updateCardUrl: null,
            week: { start: '2026-11-23', end: '2026-11-29', used: 1, limit: 3 },
          },
        },
      }),
    });
    renderPage(<MyPlans />);
    const card = await screen.findByRole('region', { name: '3 por semana' });
    expect(card).toHaveTextContent('1 de 3 esta semana');
  });
});
