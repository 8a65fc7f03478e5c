import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, renderPage, stubApi, type Handler } from '@/test/page-test-utils';
import { ana, bruno, carla, conflict, URLS, usersPage } from '../test-data';
import { DEACTIVATE_NOTE, DEACTIVATE_WARNING } from './user-status-dialog';
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

/** In the table the state changes through the row's "Más acciones" menu. */
async function pressStatus(userName: string, action: 'Desactivar' | 'Reactivar') {
  const table = await screen.findByRole('table', { name: 'Usuarios' });
  await userEvent.click(await within(table).findByRole('button', { name: `Más acciones para ${userName}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

describe('UserStatusDialog', () => {
  it('should say the account is deactivated, not deleted, and deactivate only after confirming', async () => {
    const fetchMock = stubApi({ [URLS.users]: usersPage, [URLS.deleteUser]: deactivated(0) });
    renderPage(<UsersAdmin />);

    await pressStatus('Ana López', 'Desactivar');
    const dialog = await screen.findByRole('dialog', { name: 'Desactivar usuario' });
    expect(dialog).toHaveTextContent(`¿Desactivar la cuenta de Ana López? ${DEACTIVATE_WARNING}`);
    expect(dialog).toHaveTextContent(DEACTIVATE_NOTE);
    expect(DEACTIVATE_NOTE).toMatch(/no se borra.*reactivarla/);
    expect(dialog).not.toHaveTextContent(/Eliminar/);
    expect(DEACTIVATE_WARNING).toMatch(/clases próximas se cancelarán y volverán a sus planes/);
    expect(bodiesSentTo(fetchMock, URLS.deleteUser)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));

    const toast = await screen.findByText('Usuario eliminado con éxito');
    expect(toast).toHaveTextContent(/^Usuario eliminado con éxito$/);
    expect(bodiesSentTo(fetchMock, URLS.deleteUser)).toEqual([{ id: 7 }]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, URLS.users)).toHaveLength(2));
  });

  it('should say how many upcoming classes were cancelled', async () => {
    stubApi({ [URLS.users]: usersPage, [URLS.deleteUser]: deactivated(2) });
    renderPage(<UsersAdmin />);

    await pressStatus('Ana López', 'Desactivar');
    const dialog = await screen.findByRole('dialog', { name: 'Desactivar usuario' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));

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

    await pressStatus(bruno.name, 'Desactivar');
    const dialog = await screen.findByRole('dialog', { name: 'Desactivar usuario' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));

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

    await pressStatus('Carla Ruiz', 'Reactivar');
    const dialog = await screen.findByRole('dialog', { name: 'Reactivar usuario' });
    expect(dialog).toHaveTextContent('¿Reactivar la cuenta de Carla Ruiz?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reactivar' }));

    expect(await screen.findByText('Usuario activado con éxito')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, URLS.activeUser)).toEqual([{ id: 5 }]);
    expect(bodiesSentTo(fetchMock, URLS.deleteUser)).toHaveLength(0);
  });
});
