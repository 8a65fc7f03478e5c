import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { URLS, usersPage } from '../test-data';
import {
  ADMIN_DELETE_TITLE,
  ADMIN_DELETE_WARNING,
  ADMIN_FORFEIT_LABEL,
  WRITTEN_REQUEST_LABEL,
} from './delete-account-dialog';
import { UsersAdmin } from './users-admin';

const DELETE = '/api/admin/delete-account';
const PENDING = {
  success: false,
  code: 'DELETION_PENDING_ITEMS',
  error: {
    planes: ['Ocho Clases: 5 clases sin usar'],
    reservaciones: ['2 clases reservadas: se cancelarán'],
  },
};

async function openDelete(userName: string) {
  const table = await screen.findByRole('table', { name: 'Usuarios' });
  await userEvent.click(await within(table).findByRole('button', { name: `Más acciones para ${userName}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: ADMIN_DELETE_TITLE }));
  return screen.findByRole('dialog', { name: ADMIN_DELETE_TITLE });
}

describe('AdminDeleteAccountDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should warn it cannot be undone, ask for the written request, list what is pending and delete once confirmed', async () => {
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [DELETE]: (body) =>
        (body as { confirmForfeit?: boolean }).confirmForfeit
          ? { status: 200, body: { success: true, message: 'La cuenta fue eliminada.', cancelledReservations: 2 } }
          : { status: 409, body: PENDING },
    });
    renderPage(<UsersAdmin />);
    const dialog = await openDelete('Ana López');
    expect(dialog).toHaveTextContent(`¿Eliminar la cuenta de Ana López? ${ADMIN_DELETE_WARNING}`);
    expect(ADMIN_DELETE_WARNING).toMatch(/^No se puede deshacer/);

    // Not without the written request.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar cuenta' }));
    expect(await within(dialog).findByText('Marca la casilla para confirmar.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, DELETE)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('checkbox', { name: WRITTEN_REQUEST_LABEL }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar cuenta' }));
    const pending = await within(dialog).findByRole('list', { name: 'Pendientes' });
    expect(
      within(pending)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ocho Clases: 5 clases sin usar', '2 clases reservadas: se cancelarán']);

    // The forfeit is confirmed before the second request.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar cuenta' }));
    expect(await within(dialog).findByText('Marca la casilla para confirmar.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, DELETE)).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: ADMIN_FORFEIT_LABEL }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar cuenta' }));

    expect(await screen.findByText('La cuenta fue eliminada. Se cancelaron 2 clases.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, DELETE)).toEqual([{ userId: 7 }, { userId: 7, confirmForfeit: true }]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("should show the server's refusal of a staff account", async () => {
    stubApi({
      [URLS.users]: usersPage,
      [DELETE]: () => ({
        status: 409,
        body: {
          success: false,
          code: 'DELETION_STAFF_ACCOUNT',
          error: 'Esta cuenta es de administración o de instructor. Quítale ese rol antes de eliminarla.',
        },
      }),
    });
    renderPage(<UsersAdmin />);
    const dialog = await openDelete('Ana López');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: WRITTEN_REQUEST_LABEL }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar cuenta' }));
    expect(await within(dialog).findByText(/Quítale ese rol antes de eliminarla/)).toBeInTheDocument();
  });
});
