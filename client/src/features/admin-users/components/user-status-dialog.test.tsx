import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, renderPage, stubApi, type Handler } from '@/test/page-test-utils';
import { ana, bruno, carla, conflict, URLS, usersPage } from '../test-data';
import { DEACTIVATE_WARNING } from './user-status-dialog';
import { UsersAdmin } from './users-admin';

const deactivated =
  (cancelledReservations: number): Handler =>
  () => ({
    status: 200,
    body: {
      success: true,
      message: 'Usuario eliminado con éxito',
      user: { ...ana, phone: null },
      cancelledReservations,
    },
  });

async function pressStatus(name: RegExp) {
  const table = await screen.findByRole('table', { name: 'Usuarios' });
  await userEvent.click(await within(table).findByRole('button', { name }));
}

describe('UserStatusDialog', () => {
  it('should warn about the upcoming classes and deactivate only after confirming', async () => {
    const fetchMock = stubApi({ [URLS.users]: usersPage, [URLS.deleteUser]: deactivated(0) });
    renderPage(<UsersAdmin />);

    await pressStatus(/^Usuario Activo\. Eliminar a Ana López/);
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar usuario' });
    expect(dialog).toHaveTextContent(`¿Eliminar a Ana López? ${DEACTIVATE_WARNING}`);
    expect(DEACTIVATE_WARNING).toMatch(/clases próximas se cancelarán y volverán a sus planes/);
    expect(bodiesSentTo(fetchMock, URLS.deleteUser)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    const toast = await screen.findByText('Usuario eliminado con éxito');
    expect(toast).toHaveTextContent(/^Usuario eliminado con éxito$/);
    expect(bodiesSentTo(fetchMock, URLS.deleteUser)).toEqual([{ id: 7 }]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, URLS.users)).toHaveLength(2));
  });

  it('should say how many upcoming classes were cancelled', async () => {
    stubApi({ [URLS.users]: usersPage, [URLS.deleteUser]: deactivated(2) });
    renderPage(<UsersAdmin />);

    await pressStatus(/^Usuario Activo\. Eliminar a Ana López/);
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar usuario' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(
      await screen.findByText('Usuario eliminado con éxito. Se cancelaron 2 clases próximas y volvieron a sus planes.'),
    ).toBeInTheDocument();
  });

  it('should show why an admin cannot deactivate their own account', async () => {
    stubApi({
      [URLS.users]: usersPage,
      [URLS.deleteUser]: () => conflict('SELF_DEACTIVATION', 'No puedes desactivar tu propia cuenta.'),
    });
    renderPage(<UsersAdmin />);

    await pressStatus(new RegExp(`^Usuario Activo\\. Eliminar a ${bruno.name}`));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar usuario' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No puedes desactivar tu propia cuenta.');
    expect(screen.queryByText('Usuario eliminado con éxito')).not.toBeInTheDocument();
  });

  it('should reactivate an inactive user after confirming', async () => {
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.activeUser]: () => ({
        status: 200,
        body: { success: true, message: 'Usuario activado con éxito', user: { ...carla, phone: null } },
      }),
    });
    renderPage(<UsersAdmin />);

    await pressStatus(/^Usuario Inactivo\. Activar a Carla Ruiz/);
    const dialog = await screen.findByRole('dialog', { name: 'Activar usuario' });
    expect(dialog).toHaveTextContent('¿Activar de nuevo a Carla Ruiz?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activar' }));

    expect(await screen.findByText('Usuario activado con éxito')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, URLS.activeUser)).toEqual([{ id: 5 }]);
    expect(bodiesSentTo(fetchMock, URLS.deleteUser)).toHaveLength(0);
  });
});
