import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InstructorProfileDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { InstructorsEditor } from './instructors-editor';

const LIST = '/api/admin/instructores';
const ADD = '/api/admin/instructores/add';
const CHANGE = '/api/admin/instructores/change';

const ana: InstructorProfileDto = {
  id: 3,
  name: 'Ana López',
  slug: 'ana-lopez',
  bio: 'Diez años enseñando.',
  specialties: ['Prenatal', 'Espalda'],
  active: true,
  sortOrder: 1,
  userId: 12,
  accountEmail: 'ana@example.com',
  payPerClassCents: 15000,
  payPerAttendeeCents: 2000,
  payAttendeeThreshold: 4,
};
const luis: InstructorProfileDto = {
  ...ana,
  id: 4,
  name: 'Luis',
  slug: 'luis',
  bio: '',
  specialties: [],
  active: false,
  userId: null,
  accountEmail: null,
  payPerClassCents: 0,
  payPerAttendeeCents: 0,
  payAttendeeThreshold: 0,
};
const list = () => ({ status: 200, body: { success: true, instructores: [ana, luis] } });
const saved = (instructor: InstructorProfileDto) => () => ({
  status: 200,
  body: { success: true, message: 'Instructor guardado', instructor },
});

async function renderEditor() {
  renderPage(<InstructorsEditor />);
  const table = await screen.findByRole('table', { name: 'Instructores' });
  await within(table).findByRole('cell', { name: 'Ana López' });
  return table;
}

describe('InstructorsEditor ("Instructores")', () => {
  it('should list every profile with its specialties, account, order and state', async () => {
    stubApi({ [LIST]: list });
    const table = await renderEditor();
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((td) => td.textContent),
    ).toEqual(['Ana López', 'Prenatal · Espalda', 'ana@example.com', '1', 'Activo']);
    expect(within(second).getAllByRole('cell')[4]).toHaveTextContent('Inactivo');
    expect(within(second).getAllByRole('cell')[2]).toHaveTextContent('Sin cuenta');
    expect(within(first).getAllByRole('cell')[5]).toHaveTextContent(
      '$150.00 por clase + $20.00 por asistente arriba de 4',
    );
    expect(within(second).getAllByRole('cell')[5]).toHaveTextContent('Sin tarifa');
  });

  it('should add a profile with its specialties split by commas, and refuse too many before sending', async () => {
    const fetchMock = stubApi({ [LIST]: list, [ADD]: saved({ ...luis, id: 9, name: 'Sofía' }) });
    await renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo instructor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo instructor' });
    const specialties = within(dialog).getByLabelText(/Especialidades/);
    await userEvent.type(specialties, 'a, b, c, d, e, f, g');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar instructor' }));
    expect(await within(dialog).findByText('El nombre es obligatorio')).toBeVisible();
    expect(within(dialog).getByText('Hasta 6 especialidades, de 1 a 40 caracteres cada una')).toBeVisible();
    expect(bodiesSentTo(fetchMock, ADD)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/Nombre/), 'Sofía Ruiz');
    await userEvent.clear(specialties);
    await userEvent.type(specialties, 'Prenatal, , Rehabilitación ');
    await userEvent.type(within(dialog).getByLabelText(/Semblanza/), 'Fisioterapeuta.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar instructor' }));

    expect(await screen.findByText('Instructor guardado')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, ADD)).toEqual([
      {
        name: 'Sofía Ruiz',
        specialties: ['Prenatal', 'Rehabilitación'],
        bio: 'Fisioterapeuta.',
        sortOrder: 0,
        payPerClassCents: 0,
        payPerAttendeeCents: 0,
        payAttendeeThreshold: 0,
      },
    ]);
  });

  it('should set the pay rate in pesos, send it in centavos, and refuse a third decimal before sending', async () => {
    const fetchMock = stubApi({ [LIST]: list, [CHANGE]: saved({ ...ana, payPerClassCents: 17550 }) });
    const table = await renderEditor();
    await userEvent.click(within(table).getByRole('button', { name: 'Editar a Ana López' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar instructor' });
    const perClass = within(dialog).getByLabelText(/Por clase/);
    expect(perClass).toHaveValue('150');
    await userEvent.clear(perClass);
    await userEvent.type(perClass, '175.505');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await within(dialog).findByText('El pago por clase debe ser de $0 a $10,000, con hasta dos decimales'),
    ).toBeVisible();
    expect(bodiesSentTo(fetchMock, CHANGE)).toEqual([]);

    await userEvent.clear(perClass);
    await userEvent.type(perClass, '175.50');
    const threshold = within(dialog).getByLabelText(/Asistentes incluidos/);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Instructor guardado')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CHANGE)).toEqual([{ id: 3, payPerClassCents: 17550, payAttendeeThreshold: 5 }]);
  });

  it('should send only what changed, unlink an account with an empty email, and show a taken account under its field', async () => {
    let answers = 0;
    const fetchMock = stubApi({
      [LIST]: list,
      [CHANGE]: () =>
        ++answers === 1
          ? {
              status: 409,
              body: {
                success: false,
                code: 'INSTRUCTOR_ACCOUNT_TAKEN',
                error: 'Esa cuenta ya está ligada a otro instructor.',
              },
            }
          : saved({ ...ana, name: 'Ana L.', userId: null, accountEmail: null })(),
    });
    const table = await renderEditor();
    await userEvent.click(within(table).getByRole('button', { name: 'Editar a Ana López' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar instructor' });
    const email = within(dialog).getByLabelText('Correo electrónico de su cuenta');
    await userEvent.clear(email);
    await userEvent.type(email, 'luis@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('Esa cuenta ya está ligada a otro instructor.')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(email);
    const name = within(dialog).getByLabelText(/Nombre/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Ana L.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Instructor guardado')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CHANGE)).toEqual([
      { id: 3, accountEmail: 'luis@example.com' },
      { id: 3, name: 'Ana L.', accountEmail: null },
    ]);
  });
});
