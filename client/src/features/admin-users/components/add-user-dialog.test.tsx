import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, renderPage, stubApi, type Handler } from '@/test/page-test-utils';
import { URLS, usersPage } from '../test-data';
import { UsersAdmin } from './users-admin';

async function openAddUser() {
  await screen.findByRole('table', { name: 'Usuarios' });
  await userEvent.click(screen.getByRole('button', { name: 'Agregar usuario' }));
  return screen.findByRole('dialog', { name: 'Agregar usuario' });
}

async function fillForm(dialog: HTMLElement, values: { password?: string; confirm?: string } = {}) {
  await userEvent.type(within(dialog).getByLabelText(/^Nombre/), 'Diana Pérez');
  await userEvent.type(within(dialog).getByLabelText(/^Correo electrónico/), 'diana@example.com');
  await userEvent.type(within(dialog).getByLabelText(/^Fecha de nacimiento/), '1992-03-04');
  await userEvent.type(within(dialog).getByLabelText(/^Contraseña/), values.password ?? 'una-clave-segura');
  await userEvent.type(within(dialog).getByLabelText(/^Confirmar contraseña/), values.confirm ?? 'una-clave-segura');
}

const created: Handler = () => ({
  status: 201,
  body: {
    success: true,
    message: 'Usuario creado con éxito',
    user: {
      id: 8,
      name: 'Diana Pérez',
      email: 'diana@example.com',
      phone: null,
      role: 'user',
      cumpleanos: '1992-03-04',
    },
  },
});

describe('AddUserDialog', () => {
  it('should refuse empty fields with the registration messages and send nothing', async () => {
    const fetchMock = stubApi({ [URLS.users]: usersPage });
    renderPage(<UsersAdmin />);
    const dialog = await openAddUser();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar usuario' }));

    expect(await within(dialog).findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(within(dialog).getByText('El email es obligatorio')).toBeInTheDocument();
    expect(within(dialog).getByText('El cumpleaños es obligatorio')).toBeInTheDocument();
    expect(within(dialog).getByText('La contraseña es obligatoria')).toBeInTheDocument();
    expect(within(dialog).getByText('Confirma tu contraseña')).toBeInTheDocument();
    // No terms for an account the studio creates.
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, URLS.addUser)).toHaveLength(0);
  });

  it('should refuse a short password and a confirmation that differs', async () => {
    const fetchMock = stubApi({ [URLS.users]: usersPage });
    renderPage(<UsersAdmin />);
    const dialog = await openAddUser();

    await fillForm(dialog, { password: 'corta', confirm: 'otra-clave-larga' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar usuario' }));

    expect(await within(dialog).findByText('Debe tener al menos 8 caracteres')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Contraseña/)).toHaveAccessibleDescription(
      'Al menos 8 caracteres. Debe tener al menos 8 caracteres',
    );
    expect(within(dialog).getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, URLS.addUser)).toHaveLength(0);
  });

  it('should show and hide each password on its own', async () => {
    stubApi({ [URLS.users]: usersPage });
    renderPage(<UsersAdmin />);
    const dialog = await openAddUser();

    const [showPassword] = within(dialog).getAllByRole('button', { name: 'Mostrar contraseña' });
    await userEvent.click(showPassword);
    expect(within(dialog).getByLabelText(/^Contraseña/)).toHaveAttribute('type', 'text');
    expect(within(dialog).getByLabelText(/^Confirmar contraseña/)).toHaveAttribute('type', 'password');
  });

  it('should create the user with exactly the five fields, say so and reload the list', async () => {
    const fetchMock = stubApi({ [URLS.users]: usersPage, [URLS.addUser]: created });
    renderPage(<UsersAdmin />);
    const dialog = await openAddUser();

    await fillForm(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar usuario' }));

    expect(await screen.findByText('Usuario creado con éxito')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, URLS.addUser)).toEqual([
      {
        name: 'Diana Pérez',
        email: 'diana@example.com',
        cumpleanos: '1992-03-04',
        password: 'una-clave-segura',
        confirmPassword: 'una-clave-segura',
      },
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, URLS.users)).toHaveLength(2));
  });

  it('should show the server’s field messages under their fields', async () => {
    stubApi({
      [URLS.users]: usersPage,
      [URLS.addUser]: () => ({
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_ERROR',
          error: { cumpleanos: ['La fecha de nacimiento no es válida.'] },
        },
      }),
    });
    renderPage(<UsersAdmin />);
    const dialog = await openAddUser();

    await fillForm(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar usuario' }));

    expect(await within(dialog).findByText('La fecha de nacimiento no es válida.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Fecha de nacimiento/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Agregar usuario' })).toBeInTheDocument();
  });

  it('should show a taken email in the form and keep what was typed', async () => {
    stubApi({
      [URLS.users]: usersPage,
      [URLS.addUser]: () => ({
        status: 409,
        body: { success: false, code: 'EMAIL_TAKEN', error: 'Ya existe una cuenta con ese correo' },
      }),
    });
    renderPage(<UsersAdmin />);
    const dialog = await openAddUser();

    await fillForm(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar usuario' }));

    expect(await within(dialog).findByText('Ya existe una cuenta con ese correo')).toBeInTheDocument();
    const email = within(dialog).getByLabelText(/^Correo electrónico/);
    expect(email).toHaveAccessibleDescription('Ya existe una cuenta con ese correo');
    expect(email).toHaveValue('diana@example.com');
  });
});
