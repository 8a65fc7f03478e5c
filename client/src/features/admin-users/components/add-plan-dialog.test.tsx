import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { END_BEFORE_START_MESSAGE } from '@pilates/dates';
import { CLASSES_MESSAGE } from '../schemas';
import { catalogueAnswer, chooseRowAction, URLS, usersPage } from '../test-data';
import { UsersAdmin } from './users-admin';

const created = () => ({
  status: 201,
  body: {
    success: true,
    message: 'Se creó un plan para el usuario Ana López',
    plan: {
      id: 40,
      plan: 'Ocho Clases',
      classes_remaining: 8,
      classes_total: 8,
      startDate: '2026-03-30',
      endDate: '2026-04-29',
      is_paid: 1,
      revoked: false,
    },
  },
});

async function openAddPlan() {
  await chooseRowAction('Ana López', 'Agregar plan');
  const dialog = await screen.findByRole('dialog', { name: 'Agregar plan' });
  expect(dialog).toHaveTextContent('Para Ana López');
  return dialog;
}

async function choosePlan(dialog: HTMLElement, name: string) {
  const select = within(dialog).getByRole('combobox', { name: /^Plan/ });
  await vi.waitFor(() => expect(select).toBeEnabled());
  await userEvent.click(select);
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('AddPlanDialog', () => {
  beforeEach(() => {
    // 03:00 UTC on 31 March is still 30 March in the studio (Mexico City, UTC−6), and already the 31st in Tokyo.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-31T03:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('should start today in the studio for one month, paid, and take the classes from the chosen plan', async () => {
    const fetchMock = stubApi({ [URLS.users]: usersPage, [URLS.catalogue]: catalogueAnswer, [URLS.addPlan]: created });
    renderPage(<UsersAdmin />);
    const dialog = await openAddPlan();

    expect(within(dialog).getByLabelText(/^Fecha de inicio/)).toHaveValue('2026-03-30');
    expect(within(dialog).getByLabelText(/^Fecha de término/)).toHaveValue('2026-04-29');
    expect(within(dialog).getByRole('combobox', { name: /^Pagado/ })).toHaveTextContent('Sí');
    expect(within(dialog).getByLabelText(/^Clases restantes/)).toHaveValue(null);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Plan/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Una Clase',
      'Ocho Clases',
      'Diez Clases (oculto)',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Ocho Clases' }));
    expect(within(dialog).getByLabelText(/^Clases restantes/)).toHaveValue(8);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar plan' }));

    expect(await screen.findByText('Se creó un plan para el usuario Ana López')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, URLS.addPlan)).toEqual([
      { selectplan: 3, number: 8, startdate: '2026-03-30', enddate: '2026-04-29', pagado: 1, id_user: 7 },
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should give an unpaid hidden plan with other classes and dates', async () => {
    const fetchMock = stubApi({ [URLS.users]: usersPage, [URLS.catalogue]: catalogueAnswer, [URLS.addPlan]: created });
    renderPage(<UsersAdmin />);
    const dialog = await openAddPlan();

    await choosePlan(dialog, 'Diez Clases (oculto)');
    const classes = within(dialog).getByLabelText(/^Clases restantes/);
    expect(classes).toHaveValue(10);
    await userEvent.clear(classes);
    await userEvent.type(classes, '12');
    // A new start moves the end with it until the end is chosen by hand.
    const start = within(dialog).getByLabelText(/^Fecha de inicio/);
    await userEvent.clear(start);
    await userEvent.type(start, '2026-01-31');
    expect(within(dialog).getByLabelText(/^Fecha de término/)).toHaveValue('2026-02-28');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Pagado/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'No' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar plan' }));

    await screen.findByText('Se creó un plan para el usuario Ana López');
    expect(bodiesSentTo(fetchMock, URLS.addPlan)).toEqual([
      { selectplan: 9, number: 12, startdate: '2026-01-31', enddate: '2026-02-28', pagado: 0, id_user: 7 },
    ]);
  });

  it('should refuse a missing plan and classes, classes out of range and an end before the start', async () => {
    const fetchMock = stubApi({ [URLS.users]: usersPage, [URLS.catalogue]: catalogueAnswer, [URLS.addPlan]: created });
    renderPage(<UsersAdmin />);
    const dialog = await openAddPlan();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar plan' }));
    expect(await within(dialog).findByText('Selecciona un plan')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Plan/ })).toHaveAccessibleDescription('Selecciona un plan');
    expect(within(dialog).getByText('Las clases restantes son obligatorias')).toBeInTheDocument();

    await choosePlan(dialog, 'Ocho Clases');
    expect(within(dialog).queryByText('Las clases restantes son obligatorias')).not.toBeInTheDocument();
    const classes = within(dialog).getByLabelText(/^Clases restantes/);
    const typeClasses = async (value: string) => {
      await userEvent.clear(classes);
      await userEvent.type(classes, value);
    };
    await typeClasses('-1');
    expect(await within(dialog).findByText(CLASSES_MESSAGE)).toBeInTheDocument();
    expect(CLASSES_MESSAGE).toBe('Las clases deben ser un número entero entre 0 y 100');
    await typeClasses('100');
    await vi.waitFor(() => expect(within(dialog).queryByText(CLASSES_MESSAGE)).not.toBeInTheDocument());
    await typeClasses('101');
    expect(await within(dialog).findByText(CLASSES_MESSAGE)).toBeInTheDocument();
    expect(classes).toHaveAttribute('aria-invalid', 'true');

    const end = within(dialog).getByLabelText(/^Fecha de término/);
    await userEvent.clear(end);
    await userEvent.type(end, '2026-03-29');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar plan' }));
    expect(await within(dialog).findByText(END_BEFORE_START_MESSAGE)).toBeInTheDocument();
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesSentTo(fetchMock, URLS.addPlan)).toHaveLength(0);
  });

  it('should show the server’s field messages under their fields', async () => {
    stubApi({
      [URLS.users]: usersPage,
      [URLS.catalogue]: catalogueAnswer,
      [URLS.addPlan]: () => ({
        status: 400,
        body: { success: false, code: 'VALIDATION_ERROR', error: { enddate: [END_BEFORE_START_MESSAGE] } },
      }),
    });
    renderPage(<UsersAdmin />);
    const dialog = await openAddPlan();

    await choosePlan(dialog, 'Una Clase');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar plan' }));

    expect(await within(dialog).findByText(END_BEFORE_START_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Fecha de término/)).toHaveAccessibleDescription(
      `Un mes desde el inicio, menos un día. ${END_BEFORE_START_MESSAGE}`,
    );
  });
});
