/*
 * The /pilates/auditoria page in a small memory router (its real search validation and
 * component): the list, the pager and the `usuario` filter from the URL.
 */
import '@/components/ui/test-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
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
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntryDto } from '@/api/generated/model';
import { Route as AuditoriaRoute } from '@/routes/pilates/_panel/auditoria';
import { bodiesSentTo, stubApi } from '@/test/page-test-utils';
import { AUDIT_EMPTY_MESSAGE } from './components/audit-log';
import { auditSearchSchema } from './search';

const GET_AUDIT = '/api/admin/get-audit';

const planChange: AuditEntryDto = {
  id: 30,
  createdAt: '2026-11-23T15:15:00.000Z',
  action: 'plan.update',
  actionLabel: 'Cambió un plan del catálogo',
  entityType: 'plan',
  entityId: '3',
  actor: { id: 1, name: 'Admin Estudio' },
  subject: null,
  before: { name: 'Ocho Clases', price: 1500, classes: 8 },
  after: { price: 1600, classes: 10 },
};
const roleChange: AuditEntryDto = {
  id: 29,
  createdAt: '2026-11-22T18:00:00.000Z',
  action: 'user.update',
  actionLabel: 'Cambió los datos de un usuario',
  entityType: 'user',
  entityId: '5',
  actor: { id: 1, name: 'Admin Estudio' },
  subject: { id: 5, name: 'Ana López' },
  before: { role: 'user', active: true },
  after: { role: 'admin', active: false },
};
const scheduleChange: AuditEntryDto = {
  id: 28,
  createdAt: '2026-11-21T13:00:00.000Z',
  action: 'schedule.update',
  actionLabel: 'Cambió una clase del horario',
  entityType: 'schedule',
  entityId: '12',
  actor: null,
  subject: null,
  before: { weekday: 1, startTime: '07:00', instructor: null },
  after: { startTime: '07:30', instructor: 'Mariana' },
};

const page = (entries: AuditEntryDto[], currentPage = 1, totalPages = 1, totalRecords = entries.length) => ({
  status: 200,
  body: { success: true, entries, pagination: { currentPage, totalPages, totalRecords } },
});

function renderAuditoria(initialEntry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({ component: Outlet });
  const pilates = createRoute({ getParentRoute: () => rootRoute, path: '/pilates' });
  const panel = createRoute({ getParentRoute: () => pilates, id: '_panel' });
  const auditoria = createRoute({
    getParentRoute: () => panel,
    path: '/auditoria',
    validateSearch: AuditoriaRoute.options.validateSearch,
    component: AuditoriaRoute.options.component,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pilates.addChildren([panel.addChildren([auditoria])])]),
    history: createMemoryHistory({ initialEntries: [initialEntry] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The wide-screen table (the phone cards show the same entries). */
const table = () => screen.getByRole('table', { name: 'Cambios registrados' });
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('/pilates/auditoria', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should list the changes newest first with who, what, about what and before → after in Spanish', async () => {
    const fetchMock = stubApi({ [GET_AUDIT]: () => page([planChange, roleChange, scheduleChange]) });
    renderAuditoria('/pilates/auditoria');

    expect(await screen.findByRole('heading', { level: 1, name: 'Auditoría' })).toBeInTheDocument();
    await within(await screen.findByRole('table', { name: 'Cambios registrados' })).findByRole('cell', {
      name: 'Plan «Ocho Clases»',
    });
    expect(bodiesSentTo(fetchMock, GET_AUDIT)).toEqual([{ pagination: 1, limit: 20 }]);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Fecha y hora', 'Quién', 'Acción', 'Sobre', 'Cambios']);

    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [plan, role, schedule] = rows.map(cellTexts);
    // 15:15 UTC is 9:15 AM at the studio (Mexico City), under any test time zone.
    expect(plan[0]).toBe('23 nov 2026, 9:15 AM');
    expect(plan.slice(1, 4)).toEqual(['Admin Estudio', 'Cambió un plan del catálogo', 'Plan «Ocho Clases»']);
    expect(
      within(rows[0])
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Nombre: Ocho Clases', 'Precio (MXN): $1,500.00 → $1,600.00', 'Clases: 8 → 10']);
    expect(role.slice(1, 4)).toEqual(['Admin Estudio', 'Cambió los datos de un usuario', 'Ana López']);
    expect(
      within(rows[1])
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Rol: Usuario → Administrador', 'Activo: Sí → No']);
    expect(schedule.slice(1, 4)).toEqual(['—', 'Cambió una clase del horario', 'Clase del horario: lunes, 7:00 AM']);
    expect(
      within(rows[2])
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Día: Lunes', 'Hora: 7:00 AM → 7:30 AM', 'Instructor: — → Mariana']);
    // The phone cards show the same.
    const cards = screen.getByRole('list', { name: 'Cambios registrados' });
    expect(cards.children).toHaveLength(3);
    expect(cards.children[0]).toHaveTextContent('Cambió un plan del catálogoQuiénAdmin EstudioSobrePlan «Ocho Clases»');
    expect(cards.children[0]).toHaveTextContent('Precio (MXN): $1,500.00 → $1,600.00');
    expect(screen.queryByText('Mostrando los cambios de', { exact: false })).not.toBeInTheDocument();
  });

  it('should ask for the next page with the pager', async () => {
    const fetchMock = stubApi({
      [GET_AUDIT]: (body) =>
        (body as { pagination: number }).pagination === 2
          ? page([scheduleChange], 2, 2, 21)
          : page([planChange, roleChange], 1, 2, 21),
    });
    renderAuditoria('/pilates/auditoria');

    await within(await screen.findByRole('table', { name: 'Cambios registrados' })).findByRole('cell', {
      name: 'Plan «Ocho Clases»',
    });
    expect(screen.getByText(/Página 1 de 2/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));

    expect(await within(table()).findByRole('cell', { name: 'Clase del horario: lunes, 7:00 AM' })).toBeInTheDocument();
    expect(within(table()).queryByRole('cell', { name: 'Plan «Ocho Clases»' })).not.toBeInTheDocument();
    expect(screen.getByText(/Página 2 de 2/)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, GET_AUDIT)).toEqual([
      { pagination: 1, limit: 20 },
      { pagination: 2, limit: 20 },
    ]);
  });

  it('should show only one user’s changes with ?usuario= and all of them again with Ver todos', async () => {
    const fetchMock = stubApi({
      [GET_AUDIT]: (body) =>
        (body as { userId?: number }).userId === 5
          ? page([roleChange])
          : page([planChange, roleChange, scheduleChange]),
    });
    const router = renderAuditoria('/pilates/auditoria?usuario=5');

    expect(await screen.findByText('Ana López', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText(/Mostrando los cambios de/)).toHaveTextContent('Mostrando los cambios de Ana López');
    expect(bodiesSentTo(fetchMock, GET_AUDIT)).toEqual([{ pagination: 1, limit: 20, userId: 5 }]);
    expect(within(table()).getAllByRole('row')).toHaveLength(2);

    await userEvent.click(screen.getByRole('link', { name: 'Ver todos' }));
    expect(await within(table()).findByRole('cell', { name: 'Plan «Ocho Clases»' })).toBeInTheDocument();
    expect(screen.queryByText(/Mostrando los cambios de/)).not.toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
    expect(bodiesSentTo(fetchMock, GET_AUDIT).at(-1)).toEqual({ pagination: 1, limit: 20 });
  });

  it('should ignore a usuario that is not a user id', async () => {
    const fetchMock = stubApi({ [GET_AUDIT]: () => page([planChange]) });
    renderAuditoria('/pilates/auditoria?usuario=abc');

    await within(await screen.findByRole('table', { name: 'Cambios registrados' })).findByRole('cell', {
      name: 'Plan «Ocho Clases»',
    });
    expect(bodiesSentTo(fetchMock, GET_AUDIT)).toEqual([{ pagination: 1, limit: 20 }]);
    expect(screen.queryByText(/Mostrando los cambios de/)).not.toBeInTheDocument();
  });

  it('should say so when nothing has been recorded yet', async () => {
    stubApi({ [GET_AUDIT]: () => page([]) });
    renderAuditoria('/pilates/auditoria');

    expect(await screen.findByText(AUDIT_EMPTY_MESSAGE)).toBeInTheDocument();
    expect(AUDIT_EMPTY_MESSAGE).toBe('Aún no hay cambios registrados.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('should filter by action and days from the URL, put new filters in the URL and start again on page 1', async () => {
    const fetchMock = stubApi({ [GET_AUDIT]: () => page([roleChange]) });
    const router = renderAuditoria('/pilates/auditoria?accion=user.update&desde=2026-11-01&hasta=2026-11-30');

    await within(await screen.findByRole('table', { name: 'Cambios registrados' })).findByRole('cell', {
      name: 'Ana López',
    });
    expect(bodiesSentTo(fetchMock, GET_AUDIT)).toEqual([
      { pagination: 1, limit: 20, action: 'user.update', from: '2026-11-01', to: '2026-11-30' },
    ]);
    const filters = screen.getByRole('form', { name: 'Filtros' });
    expect(within(filters).getByLabelText('Desde')).toHaveValue('2026-11-01');

    await userEvent.clear(within(filters).getByLabelText('Hasta'));
    await userEvent.type(within(filters).getByLabelText('Hasta'), '2026-11-15');
    await vi.waitFor(() => expect(router.state.location.search).toMatchObject({ hasta: '2026-11-15' }));
    expect(bodiesSentTo(fetchMock, GET_AUDIT).at(-1)).toEqual({
      pagination: 1,
      limit: 20,
      action: 'user.update',
      from: '2026-11-01',
      to: '2026-11-15',
    });

    await userEvent.click(within(filters).getByRole('button', { name: 'Quitar filtros' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(bodiesSentTo(fetchMock, GET_AUDIT).at(-1)).toEqual({ pagination: 1, limit: 20 });
  });

  it('should keep one person’s changes when their name is clicked', async () => {
    const fetchMock = stubApi({ [GET_AUDIT]: () => page([roleChange]) });
    const router = renderAuditoria('/pilates/auditoria');
    const link = await within(await screen.findByRole('table', { name: 'Cambios registrados' })).findByRole('link', {
      name: 'Ana López',
    });
    await userEvent.click(link);
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ usuario: 5 }));
    expect(bodiesSentTo(fetchMock, GET_AUDIT).at(-1)).toEqual({ pagination: 1, limit: 20, userId: 5 });
  });

  it('should drop filters from the URL that are not valid', () => {
    expect(auditSearchSchema.parse({ accion: 'DROP TABLE', desde: '2026-02-30', hasta: 'mañana' })).toEqual({
      usuario: undefined,
      accion: undefined,
      desde: undefined,
      hasta: undefined,
    });
  });

  it('should filter by no action when the URL names one the server does not record', async () => {
    const fetchMock = stubApi({ [GET_AUDIT]: () => page([roleChange]) });
    renderAuditoria('/pilates/auditoria?accion=user.explode&desde=2026-11-01');

    await within(await screen.findByRole('table', { name: 'Cambios registrados' })).findByRole('cell', {
      name: 'Ana López',
    });
    expect(bodiesSentTo(fetchMock, GET_AUDIT)).toEqual([{ pagination: 1, limit: 20, from: '2026-11-01' }]);
    const filters = screen.getByRole('form', { name: 'Filtros' });
    expect(within(filters).getByRole('combobox', { name: 'Acción' })).toHaveTextContent('Todas las acciones');
  });
});
