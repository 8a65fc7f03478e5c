import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GetUserPlanesDto, UserPlanDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi, type Handler } from '@/test/page-test-utils';
import { END_BEFORE_START_MESSAGE } from '@pilates/dates';
import { pagination, paidPlan, purchasesAnswer, refundedPlan, unpaidPlan, URLS, usersPage } from '../test-data';
import { UsersAdmin } from './users-admin';

const plansPage =
  (planes: UserPlanDto[], totalPages = 1): Handler =>
  (body) => ({
    status: 200,
    body: {
      success: true,
      planes,
      pagination: pagination((body as GetUserPlanesDto).pagination ?? 1, totalPages, planes.length),
    },
  });

const planChanged: Handler = () => ({
  status: 200,
  body: { success: true, message: 'Información de plan cambiada con éxito', plan: { ...paidPlan, is_paid: 0 } },
});

async function openPlans() {
  const table = await screen.findByRole('table', { name: 'Usuarios' });
  await userEvent.click(await within(table).findByRole('button', { name: 'Planes de Ana López' }));
  return screen.findByRole('dialog', { name: 'Planes de Ana López' });
}

describe('UserPlansDialog', () => {
  it('should list the user’s plans five per page with green Pagado, red No Pagado and Reembolsado', async () => {
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.userPlans]: plansPage([paidPlan, unpaidPlan, refundedPlan], 2),
      [URLS.purchases]: purchasesAnswer([]),
    });
    renderPage(<UsersAdmin />);
    const dialog = await openPlans();

    const table = await within(dialog).findByRole('table', { name: 'Planes de Ana López' });
    await within(table).findByRole('cell', { name: 'Ocho Clases' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Plan', 'Clases restantes', 'Fecha de inicio', 'Fecha de término', 'Pagado', 'Acciones']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .slice(0, 6)
        .map((td) => td.textContent),
    ).toEqual(['12', 'Ocho Clases', '5 de 8', '2 de noviembre de 2026', '1 de diciembre de 2026', 'Pagado']);
    expect(within(rows[0]).getByText('Pagado')).toHaveClass('text-success');
    expect(within(rows[1]).getByText('No Pagado')).toHaveClass('text-danger');
    expect(within(rows[2]).getByText('Reembolsado')).toBeInTheDocument();
    expect(within(dialog).getByRole('navigation', { name: 'Paginación' })).toHaveTextContent('Página 1 de 2');
    expect(bodiesSentTo(fetchMock, URLS.userPlans)).toEqual([{ id: 7, pagination: 1, limit: 5 }]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    await vi.waitFor(() =>
      expect(bodiesSentTo(fetchMock, URLS.userPlans).at(-1)).toEqual({ id: 7, pagination: 2, limit: 5 }),
    );
  });

  it('should edit a plan sending only what changed, paid as 0, and reload the list', async () => {
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.userPlans]: plansPage([paidPlan, unpaidPlan]),
      [URLS.changePlan]: planChanged,
      [URLS.purchases]: purchasesAnswer([]),
    });
    renderPage(<UsersAdmin />);
    const plans = await openPlans();

    const table = await within(plans).findByRole('table', { name: 'Planes de Ana López' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Editar el plan Ocho Clases #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar plan' });
    expect(within(dialog).getByLabelText(/^Clases restantes/)).toHaveValue(5);
    expect(within(dialog).getByLabelText(/^Fecha de inicio/)).toHaveValue('2026-11-02');
    expect(within(dialog).getByLabelText(/^Fecha de término/)).toHaveValue('2026-12-01');
    expect(within(dialog).getByRole('combobox', { name: /^Pagado/ })).toHaveTextContent('Sí');

    const classes = within(dialog).getByLabelText(/^Clases restantes/);
    await userEvent.clear(classes);
    await userEvent.type(classes, '3');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Pagado/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'No' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Información de plan cambiada con éxito')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, URLS.changePlan)).toEqual([{ id_plan: 12, clases: 3, paid: 0 }]);
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, URLS.userPlans)).toHaveLength(2));
    // Back to the plans, still open.
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar plan' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Planes de Ana López' })).toBeInTheDocument();
  });

  it('should mark an unpaid plan as paid with 1 and move its end date', async () => {
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.userPlans]: plansPage([paidPlan, unpaidPlan]),
      [URLS.changePlan]: planChanged,
      [URLS.purchases]: purchasesAnswer([]),
    });
    renderPage(<UsersAdmin />);
    const plans = await openPlans();

    const table = await within(plans).findByRole('table', { name: 'Planes de Ana López' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Editar el plan Cuatro Clases #11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar plan' });
    expect(within(dialog).getByRole('combobox', { name: /^Pagado/ })).toHaveTextContent('No');

    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Pagado/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sí' }));
    const end = within(dialog).getByLabelText(/^Fecha de término/);
    await userEvent.clear(end);
    await userEvent.type(end, '2026-12-15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    await screen.findByText('Información de plan cambiada con éxito');
    expect(bodiesSentTo(fetchMock, URLS.changePlan)).toEqual([{ id_plan: 11, dateEnd: '2026-12-15', paid: 1 }]);
  });

  it('should refuse an end before the start and send nothing when nothing changed', async () => {
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.userPlans]: plansPage([paidPlan]),
      [URLS.changePlan]: planChanged,
      [URLS.purchases]: purchasesAnswer([]),
    });
    renderPage(<UsersAdmin />);
    const plans = await openPlans();

    const table = await within(plans).findByRole('table', { name: 'Planes de Ana López' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Editar el plan Ocho Clases #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar plan' });
    const end = within(dialog).getByLabelText(/^Fecha de término/);
    await userEvent.clear(end);
    await userEvent.type(end, '2026-11-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText(END_BEFORE_START_MESSAGE)).toBeInTheDocument();

    await userEvent.clear(end);
    await userEvent.type(end, '2026-12-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar plan' })).not.toBeInTheDocument());
    expect(bodiesSentTo(fetchMock, URLS.changePlan)).toHaveLength(0);
  });

  it('should say when the user has no plans', async () => {
    stubApi({ [URLS.users]: usersPage, [URLS.userPlans]: plansPage([]), [URLS.purchases]: purchasesAnswer([]) });
    renderPage(<UsersAdmin />);
    const dialog = await openPlans();

    expect(await within(dialog).findByText('Ana López aún no tiene planes.')).toBeInTheDocument();
    // No Mercado Pago payments either: no such section.
    expect(within(dialog).queryByRole('heading', { name: 'Pagos con Mercado Pago' })).not.toBeInTheDocument();
  });
});
