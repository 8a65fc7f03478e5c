import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { ana, bruno, conflict, URLS, usersPage } from '../test-data';
import { ADMIN_ROLE_WARNING } from './edit-user-dialog';
import { UsersAdmin } from './users-admin';

const changed = () => ({
  status: 200,
  body: {
    success: true,
    message: 'Usuario cambiado con éxito',
    user: { ...ana, phone: null, name: 'Ana María', role: 'admin' },
  },
});

async function openEdit(name: string) {
  const table = await screen.findByRole('table', { name: 'Usuarios' });
  await userEvent.click(await within(table).findByRole('button', { name: `Editar a ${name}` }));
  return screen.findByRole('dialog', { name: 'Editar usuario' });
}

describe('EditUserDialog', () => {
  it('should start from the user’s data and send only what changed, the role included', async () => {
    const fetchMock = stubApi({ [URLS.users]: usersPage, [URLS.changeData]: changed });
    renderPage(<UsersAdmin />);
    const dialog = await openEdit(ana.name);

    expect(within(dialog).getByLabelText(/^Correo electrónico/)).toHaveValue(ana.email);
    expect(within(dialog).getByLabelText(/^Fecha de nacimiento/)).toHaveValue(ana.cumpleanos);
    const role = within(dialog).getByRole('combobox', { name: /Rol/ });
    expect(role).toHaveTextContent('Usuario');

    const name = within(dialog).getByLabelText(/^Nombre/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Ana María');
    await userEvent.click(role);
    await userEvent.click(await screen.findByRole('option', { name: 'Administrador' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    // Granting the admin role asks first; "Volver" goes back to the form as it was.
    expect(await within(dialog).findByText(ADMIN_ROLE_WARNING, { exact: false })).toHaveTextContent(
      `¿Dar el rol de administrador a Ana López? ${ADMIN_ROLE_WARNING}`,
    );
    expect(bodiesSentTo(fetchMock, URLS.changeData)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect(within(dialog).getByLabelText(/^Nombre/)).toHaveValue('Ana María');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Sí, hacerlo administrador' }));

    expect(await screen.findByText('Usuario cambiado con éxito')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, URLS.changeData)).toEqual([{ id_user: 7, name: 'Ana María', role: 'admin' }]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, URLS.users)).toHaveLength(2));
  });

  it('should keep a blank field as it is and refuse an invalid email', async () => {
    const fetchMock = stubApi({ [URLS.users]: usersPage, [URLS.changeData]: changed });
    renderPage(<UsersAdmin />);
    const dialog = await openEdit(ana.name);

    const email = within(dialog).getByLabelText(/^Correo electrónico/);
    await userEvent.clear(email);
    await userEvent.type(email, 'ana@');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('El correo no es válido')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, URLS.changeData)).toHaveLength(0);

    await userEvent.clear(email);
    await userEvent.clear(within(dialog).getByLabelText(/^Nombre/));
    const birthDate = within(dialog).getByLabelText(/^Fecha de nacimiento/);
    await userEvent.clear(birthDate);
    await userEvent.type(birthDate, '1991-06-20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    await vi.waitFor(() =>
      expect(bodiesSentTo(fetchMock, URLS.changeData)).toEqual([{ id_user: 7, cumpleanos: '1991-06-20' }]),
    );
  });

  it('should show in Spanish why an admin cannot take away their own role', async () => {
    stubApi({
      [URLS.users]: usersPage,
      [URLS.changeData]: () => conflict('SELF_DEMOTION', 'No puedes quitarte el rol de administrador.'),
    });
    renderPage(<UsersAdmin />);
    const dialog = await openEdit(bruno.name);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Rol/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Usuario' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await within(dialog).findByText('No puedes quitarte el rol de administrador.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Rol/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('should show a taken email under the email field', async () => {
    stubApi({
      [URLS.users]: usersPage,
      [URLS.changeData]: () => conflict('EMAIL_TAKEN', 'Ya existe una cuenta con ese correo'),
    });
    renderPage(<UsersAdmin />);
    const dialog = await openEdit(ana.name);

    const email = within(dialog).getByLabelText(/^Correo electrónico/);
    await userEvent.clear(email);
    await userEvent.type(email, 'bruno@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await within(dialog).findByText('Ya existe una cuenta con ese correo')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Ya existe una cuenta con ese correo');
  });
});
