/*
 * The /pilates/panel page in a small memory router (its real search validation and component),
 * the API stubbed: the period it asks for, the figures in es-MX, the tables behind the charts,
 * the reminder action and the CSV links.
 */
import '@/components/ui/test-polyfills';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponseDto } from '@/api/generated/model';
import { createQueryClient } from '@/api/query-client';
import { ToastProvider } from '@/components/ui/toast';
import { Route as PanelRoute } from '@/routes/pilates/_panel/panel';
import { bodiesSentTo, stubApi } from '@/test/page-test-utils';

const DASHBOARD = '/api/admin/dashboard';
const REMIND = '/api/admin/dashboard/send-reminder';

const figures = (
  from: string,
  to: string,
  reminderSentAt: string | null = null,
  backups: Pick<DashboardResponseDto, 'restoreDrill' | 'offsiteBackup'> = { restoreDrill: null, offsiteBackup: null },
): DashboardResponseDto => ({
  success: true,
  from,
  to,
  today: '2026-11-23',
  occupancy: {
    cells: [
      { weekday: 1, startTime: '07:00', classes: 4, offered: 32, taken: 28, ratio: 0.875 },
      { weekday: 3, startTime: '19:00', classes: 4, offered: 20, taken: 5, ratio: 0.25 },
    ],
    fullest: [{ weekday: 1, startTime: '07:00', classes: 4, offered: 32, taken: 28, ratio: 0.875 }],
    emptiest: [{ weekday: 3, startTime: '19:00', classes: 4, offered: 20, taken: 5, ratio: 0.25 }],
    offered: 52,
    taken: 33,
  },
  attendance: { attended: 1234, noShow: 56, notMarked: 7 },
  revenue: {
    months: [{ month: '2026-11', mercadoPagoNetCents: 1_234_567_00, adminPaidCents: 150_000 }],
    mercadoPagoByPlan: [
      { planName: 'Ocho Clases', count: 3, grossCents: 4_680_00, refundedCents: 0, netCents: 4_680_00 },
    ],
    adminPaidByPlan: [{ planName: 'Una Clase', count: 2, grossCents: 440_00, refundedCents: 0, netCents: 440_00 }],
    mercadoPagoGrossCents: 1_234_567_00,
    mercadoPagoRefundedCents: 0,
    mercadoPagoNetCents: 1_234_567_00,
    adminPaidCents: 150_000,
  },
  revenueByMethod: {
    methods: [
      { method: 'mercado_pago', count: 3, grossCents: 4_680_00, refundedCents: 0, netCents: 4_680_00 },
      { method: 'efectivo', count: 2, grossCents: 3_000_00, refundedCents: 500_00, netCents: 2_500_00 },
      { method: 'transferencia', count: 1, grossCents: 800_00, refundedCents: 0, netCents: 800_00 },
      { method: 'terminal', count: 0, grossCents: 0, refundedCents: 0, netCents: 0 },
    ],
    deskByPlan: [
      { planName: 'Ocho Clases', count: 3, grossCents: 3_800_00, refundedCents: 500_00, netCents: 3_300_00 },
    ],
    deskNetCents: 3_300_00,
    totalNetCents: 7_980_00,
    giftCardMethods: [
      { method: 'mercado_pago', count: 2, grossCents: 2_088_00, refundedCents: 0, netCents: 2_088_00 },
      { method: 'efectivo', count: 2, grossCents: 2_000_00, refundedCents: 1_000_00, netCents: 1_000_00 },
      { method: 'transferencia', count: 0, grossCents: 0, refundedCents: 0, netCents: 0 },
      { method: 'terminal', count: 0, grossCents: 0, refundedCents: 0, netCents: 0 },
    ],
    giftCardNetCents: 3_088_00,
  },
  discountsAndGifts: {
    discountsCents: 150_00,
    giftCardSalesCents: 4_000_00,
    giftCardSalesCount: 3,
    giftBalanceSpentCents: 2_500_00,
  },
  clients: {
    newClients: 12,
    activeClients: 1500,
    plansEnding: [
      {
        userPlanId: 77,
        userId: 5,
        name: 'Ana López',
        email: 'ana@example.com',
        phone: '5512345678',
        planName: 'Ocho Clases',
        classesRemaining: 3,
        endDate: '2026-11-28',
        whatsappUrl: 'https://wa.me/525512345678?text=%C2%A1Hola%2C%20Ana!',
        reminderSentAt,
      },
    ],
  },
  waitlist: [
    { classSessionId: 9, date: '2026-11-16', startTime: '07:00', capacity: 8, entries: 3, promoted: 1, waiting: 2 },
  ],
  whatsapp: { sent: 42, delivered: 40, read: 31, failed: 2 },
  pastDueMemberships: { count: 0, items: [] },
  arcoOverdue: { count: 0, items: [] },
  arcoOpen: 0,
  ...backups,
});

function renderPanel(initialEntry: string) {
  const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
  const rootRoute = createRootRoute({ component: Outlet });
  const pilates = createRoute({ getParentRoute: () => rootRoute, path: '/pilates' });
  const panel = createRoute({ getParentRoute: () => pilates, id: '_panel' });
  const page = createRoute({
    getParentRoute: () => panel,
    path: '/panel',
    validateSearch: PanelRoute.options.validateSearch,
    component: PanelRoute.options.component,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pilates.addChildren([panel.addChildren([page])])]),
    history: createMemoryHistory({ initialEntries: [initialEntry] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('/pilates/panel', () => {
  beforeEach(() => {
    // Monday 23 November 2026, 6:00 at the studio (Mexico City), under any test time zone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('should ask for this month by default and show the figures in es-MX, each chart with its table', async () => {
    const fetchMock = stubApi({ [DASHBOARD]: () => ({ status: 200, body: figures('2026-11-01', '2026-11-30') }) });
    renderPanel('/pilates/panel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel' })).toBeInTheDocument();
    await screen.findByText('Clientes activos hoy');
    expect(bodiesSentTo(fetchMock, DASHBOARD)).toEqual([{ from: '2026-11-01', to: '2026-11-30' }]);
    expect(screen.getByText('Del 01/11/2026 al 30/11/2026, hora del estudio.')).toBeInTheDocument();
    const keyFigure = (label: string) =>
      screen.getAllByRole('term').find((term) => term.textContent === label)?.nextElementSibling?.textContent;
    expect(keyFigure('Ingresos Mercado Pago (neto)')).toBe('$1,234,567.00');
    expect(keyFigure('Pagado en estudio (catálogo)')).toBe('$1,500.00');
    expect(keyFigure('Clientes activos hoy')).toBe('1,500');
    expect(keyFigure('Ocupación')).toBe('63%');
    expect(keyFigure('Asistencia (de las marcadas)')).toBe('96%');
    // The heatmap is a table: each cell says its figures in words.
    const heatmap = screen.getByRole('table', { name: /Ocupación por día y hora/ });
    expect(within(heatmap).getByText('Lunes 7:00 AM: 28 de 32 lugares (88%)')).toBeInTheDocument();
    // Each chart: a labelled box and a "Ver como tabla" table with the same figures.
    expect(screen.getByRole('img', { name: /Gráfica de asistencia/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Gráfica de ingresos/ })).toBeInTheDocument();
    expect(screen.getAllByText('Ver como tabla')).toHaveLength(2);
    const attendance = screen.getByRole('table', { name: /Asistencia a las clases/ });
    expect(
      within(attendance)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1,234', '56', '7']);
    const revenue = screen.getByRole('table', { name: 'Ingresos por mes' });
    expect(within(revenue).getByRole('rowheader').textContent).toBe('Noviembre 2026');
    expect(
      within(revenue)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$1,234,567.00', '$1,500.00']);
    // Revenue by how it was paid: Mercado Pago and the desk's sales.
    const byMethod = screen.getByRole('table', { name: 'Ingresos por forma de pago' });
    expect(
      within(byMethod)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Forma de pagoPagosNeto',
      'Mercado Pago3$4,680.00',
      'Efectivo (mostrador)2$2,500.00',
      'Transferencia (mostrador)1$800.00',
      'Tarjeta en terminal (mostrador)0$0.00',
      'Total6$7,980.00',
    ]);
    expect(screen.getByText(/Las ventas en mostrador suman \$3,300\.00/)).toBeInTheDocument();
    // Gift cards by how they were paid, apart from the plans' total.
    const giftByMethod = screen.getByRole('table', { name: 'Tarjetas de regalo por forma de pago' });
    expect(
      within(giftByMethod)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Forma de pagoTarjetasNeto',
      'Mercado Pago2$2,088.00',
      'Efectivo (mostrador)2$1,000.00',
      'Transferencia (mostrador)0$0.00',
      'Tarjeta en terminal (mostrador)0$0.00',
      'Total4$3,088.00',
    ]);
    // Discounts and gift cards apart: a card sold is money received, plan revenue when spent.
    const gifts = screen.getByLabelText('Descuentos y tarjetas de regalo');
    const giftFigure = (label: string) =>
      within(gifts)
        .getAllByRole('term')
        .find((term) => term.textContent === label)?.nextElementSibling?.textContent;
    expect(giftFigure('Descuentos')).toBe('$150.00');
    expect(giftFigure('Tarjetas de regalo vendidas')).toBe('$4,000.00 (3)');
    expect(giftFigure('Pagado con saldo de regalo')).toBe('$2,500.00');
    expect(screen.getByText(/se vuelve ingreso cuando su saldo se usa para pagar un plan/)).toBeInTheDocument();
    // WhatsApp messages of the period by how far they got.
    const whatsapp = screen.getByLabelText('Mensajes por WhatsApp');
    expect(
      within(whatsapp)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
    ).toEqual(['Enviados: 42', 'Entregados: 40', 'Leídos: 31', 'No entregados (fueron por correo): 2']);
  });

  it('should ask for this week and last month from the period buttons', async () => {
    const fetchMock = stubApi({
      [DASHBOARD]: (body) => {
        const { from, to } = body as { from: string; to: string };
        return { status: 200, body: figures(from, to) };
      },
    });
    const router = renderPanel('/pilates/panel');
    await screen.findByText('Clientes activos hoy');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Esta semana' }));
    await screen.findByText('Del 23/11/2026 al 29/11/2026, hora del estudio.');
    expect(router.state.location.search).toEqual({ periodo: 'semana' });
    await user.click(screen.getByRole('button', { name: 'Mes pasado' }));
    await screen.findByText('Del 01/10/2026 al 31/10/2026, hora del estudio.');
    expect(bodiesSentTo(fetchMock, DASHBOARD)).toEqual([
      { from: '2026-11-01', to: '2026-11-30' },
      { from: '2026-11-23', to: '2026-11-29' },
      { from: '2026-10-01', to: '2026-10-31' },
    ]);
  });

  it('should refuse a custom range that ends before it starts, in Spanish, without asking the server', async () => {
    const fetchMock = stubApi({ [DASHBOARD]: () => ({ status: 200, body: figures('2026-11-01', '2026-11-30') }) });
    renderPanel('/pilates/panel?periodo=rango&desde=2026-11-10&hasta=2026-11-20');
    await screen.findByText('Del 10/11/2026 al 20/11/2026, hora del estudio.');
    const user = userEvent.setup();
    const hasta = screen.getByLabelText(/Hasta/);
    await user.clear(hasta);
    await user.type(hasta, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Ver' }));
    expect(
      await screen.findByText('La fecha de término debe ser igual o posterior a la de inicio.'),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, DASHBOARD)).toEqual([{ from: '2026-11-10', to: '2026-11-20' }]);
  });

  it('should link WhatsApp, send the reminder once and offer the four CSV downloads for the period', async () => {
    let sent: string | null = null;
    const fetchMock = stubApi({
      [DASHBOARD]: () => ({ status: 200, body: figures('2026-11-01', '2026-11-30', sent) }),
      [REMIND]: () => {
        sent = '2026-11-23T12:00:00.000Z';
        return { status: 200, body: { success: true, sent: true, sentAt: sent, message: 'Recordatorio enviado' } };
      },
    });
    renderPanel('/pilates/panel');
    await screen.findByText('Ana López');
    const whatsapp = screen.getByRole('link', { name: /WhatsApp/ });
    expect(whatsapp.textContent).toBe('WhatsApp a Ana López');
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/525512345678?text=%C2%A1Hola%2C%20Ana!');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enviar recordatorio' }));
    expect(await screen.findByText('Recordatorio enviado', { selector: 'span' })).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, REMIND)).toEqual([{ userPlanId: 77 }]);
    expect(screen.queryByRole('button', { name: 'Enviar recordatorio' })).toBeNull();
    const links = ['Pagos', 'Planes otorgados', 'Reservas y asistencia', 'Clientes', 'Tarjetas de regalo'].map((name) =>
      screen.getByRole('link', { name: `${name} (CSV)` }).getAttribute('href'),
    );
    expect(links).toEqual([
      '/api/admin/export/payments.csv?from=2026-11-01&to=2026-11-30',
      '/api/admin/export/plans.csv?from=2026-11-01&to=2026-11-30',
      '/api/admin/export/reservations.csv?from=2026-11-01&to=2026-11-30',
      '/api/admin/export/clients.csv?from=2026-11-01&to=2026-11-30',
      '/api/admin/export/gift-cards.csv?from=2026-11-01&to=2026-11-30',
    ]);
  });
  it("should say the last restore drill passed, and when, in the studio's words", async () => {
    stubApi({
      [DASHBOARD]: () => ({
        status: 200,
        body: figures('2026-11-01', '2026-11-30', null, {
          // 3 December 00:30 UTC is still 2 December at the studio (Mexico City, UTC-6).
          restoreDrill: { at: '2026-12-03T00:30:00.000Z', ok: true, detail: 'copia 1a2b3c4d: migraciones al día' },
          offsiteBackup: { lastSuccessAt: '2026-11-23T09:10:00.000Z', lastFailureAt: null },
        }),
      }),
    });
    renderPanel('/pilates/panel');
    const section = await screen.findByRole('region', { name: 'Copias de seguridad' });
    expect(within(section).getByText('Último simulacro de restauración: correcto, 2 de diciembre')).toBeInTheDocument();
    expect(within(section).getByText('Última copia fuera del servidor: hoy 3:10 AM')).toBeInTheDocument();
  });

  it('should say a failed drill with its reason, and a failing off-site backup, in the danger colour', async () => {
    stubApi({
      [DASHBOARD]: () => ({
        status: 200,
        body: figures('2026-11-01', '2026-11-30', null, {
          restoreDrill: { at: '2026-12-03T17:00:00.000Z', ok: false, detail: 'users: la copia tiene 3 filas' },
          offsiteBackup: { lastSuccessAt: '2026-11-21T09:10:00.000Z', lastFailureAt: '2026-11-22T09:10:00.000Z' },
        }),
      }),
    });
    renderPanel('/pilates/panel');
    const section = await screen.findByRole('region', { name: 'Copias de seguridad' });
    const drill = within(section).getByText(
      'Último simulacro de restauración: falló, 3 de diciembre — users: la copia tiene 3 filas',
    );
    expect(drill).toHaveClass('text-danger');
    const offsite = within(section).getByText(
      'Última copia fuera del servidor: 21 de noviembre, 3:10 AM — el último intento falló (ayer 3:10 AM)',
    );
    expect(offsite).toHaveClass('text-danger');
  });

  it('should say that no restore drill was made yet', async () => {
    stubApi({ [DASHBOARD]: () => ({ status: 200, body: figures('2026-11-01', '2026-11-30') }) });
    renderPanel('/pilates/panel');
    const section = await screen.findByRole('region', { name: 'Copias de seguridad' });
    expect(within(section).getByText('Aún no se ha hecho un simulacro de restauración')).toBeInTheDocument();
    expect(within(section).getByText('Aún no hay copias fuera del servidor')).toBeInTheDocument();
  });

  it('should highlight the ARCO requests past their deadline and link to «Solicitudes ARCO», and say nothing without any', async () => {
    stubApi({
      [DASHBOARD]: () => ({
        status: 200,
        body: {
          ...figures('2026-11-01', '2026-11-30'),
          arcoOverdue: {
            count: 1,
            items: [{ id: 3, folio: 'ARCO-2026-0003', name: 'Ana López', dueDate: '2026-11-20' }],
          },
          arcoOpen: 2,
        },
      }),
    });
    renderPanel('/pilates/panel');
    const alert = await screen.findByRole('region', { name: 'Solicitudes ARCO vencidas' });
    expect(alert).toHaveTextContent('1 solicitud sin responder pasó su plazo de 20 días hábiles.');
    expect(alert).toHaveTextContent('ARCO-2026-0003 · Ana López · venció el 20 de noviembre de 2026');
    expect(within(alert).getByRole('link', { name: 'Ver las solicitudes ARCO' })).toHaveAttribute(
      'href',
      '/pilates/arco',
    );
  });

  it('should list the memberships with a pending payment, mark those past the grace and link to Membresías', async () => {
    stubApi({
      [DASHBOARD]: () => ({
        status: 200,
        body: {
          ...figures('2026-11-01', '2026-11-30'),
          pastDueMemberships: {
            count: 2,
            items: [
              {
                id: 4,
                clientName: 'Lucía Pérez',
                planName: 'Tres por semana',
                pastDueSince: '2026-11-10T15:00:00.000Z',
                blocked: true,
              },
              {
                id: 9,
                clientName: 'Marta Ruiz',
                planName: 'Ilimitado',
                pastDueSince: '2026-11-20T15:00:00.000Z',
                blocked: false,
              },
            ],
          },
        },
      }),
    });
    renderPanel('/pilates/panel');
    const section = await screen.findByRole('region', { name: 'Membresías con pago pendiente' });
    expect(section).toHaveTextContent('2 membresías con pago pendiente');
    const items = within(within(section).getByRole('list', { name: 'Membresías con pago pendiente' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('Lucía Pérez');
    expect(items[0]).toHaveTextContent('Tres por semana: pago pendiente desde 10 de noviembre, 9:00 AM');
    expect(within(items[0]).getByText('Reservas bloqueadas')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Marta Ruiz');
    expect(within(items[1]).queryByText('Reservas bloqueadas')).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Ver en Membresías' })).toHaveAttribute(
      'href',
      '/pilates/membresias?estado=past_due',
    );
  });

  it('should say so when no membership has a pending payment', async () => {
    stubApi({ [DASHBOARD]: () => ({ status: 200, body: figures('2026-11-01', '2026-11-30') }) });
    renderPanel('/pilates/panel');
    const section = await screen.findByRole('region', { name: 'Membresías con pago pendiente' });
    expect(section).toHaveTextContent('Ninguna membresía tiene un pago pendiente.');
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
  });
});
