import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GetUsersDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { ana, bruno, carla, pagination, URLS, usersPage } from '../test-data';
import { UsersAdmin } from './users-admin';

describe('UsersAdmin', () => {
  it('should list the users with Spanish dates, roles and an active or inactive button', async () => {
    stubApi({ [URLS.users]: usersPage });
    renderPage(<UsersAdmin />);

    const table = await screen.findByRole('table', { name: 'Usuarios' });
    await within(table).findByRole('cell', { name: 'Ana López' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Nombre', 'Email', 'Fecha de nacimiento', 'Rol', 'Activo', 'Acciones', 'Planes', 'Ver']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const firstCells = within(rows[0]).getAllByRole('cell');
    expect(firstCells.slice(0, 5).map((td) => td.textContent)).toEqual([
      '7',
      'Ana López',
      'ana@example.com',
      '17 de mayo de 1990',
      'Usuario',
    ]);
    expect(within(rows[1]).getByRole('cell', { name: 'Administrador' })).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: 'Usuario Activo. Eliminar a Ana López' })).toHaveTextContent(
      'Usuario Activo',
    );
    expect(within(rows[2]).getByRole('button', { name: 'Usuario Inactivo. Activar a Carla Ruiz' })).toHaveTextContent(
      'Usuario Inactivo',
    );
    for (const name of [
      'Editar a Ana López',
      'Agregar plan a Ana López',
      'Planes de Ana López',
      'Clases de Ana López',
    ]) {
      expect(within(rows[0]).getByRole('button', { name })).toBeInTheDocument();
    }

    // The same users as cards, for a narrow column.
    const cards = within(screen.getByRole('list', { name: 'Usuarios' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[2]).toHaveTextContent('Carla Ruiz');
    expect(within(cards[2]).getByRole('button', { name: /^Usuario Inactivo/ })).toBeInTheDocument();
  });

  it('should ask for ten users per page and page through them', async () => {
    const fetchMock = stubApi({
      [URLS.users]: (body) => {
        const page = (body as GetUsersDto).pagination ?? 1;
        return {
          status: 200,
          body: { success: true, usuarios: page === 1 ? [ana, bruno] : [carla], pagination: pagination(page, 2, 12) },
        };
      },
    });
    renderPage(<UsersAdmin />);

    const table = await screen.findByRole('table', { name: 'Usuarios' });
    await within(table).findByRole('cell', { name: 'Ana López' });
    const pager = screen.getByRole('navigation', { name: 'Paginación' });
    expect(pager).toHaveTextContent('Página 1 de 2 · 12 registros');
    expect(within(pager).getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await userEvent.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    expect(await within(table).findByRole('cell', { name: 'Carla Ruiz' })).toBeInTheDocument();
    expect(within(table).queryByRole('cell', { name: 'Ana López' })).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, URLS.users)).toEqual([
      { pagination: 1, limit: 10 },
      { pagination: 2, limit: 10 },
    ]);
  });

  it('should search by name or email after a pause and start again at page 1', async () => {
    const fetchMock = stubApi({
      [URLS.users]: (body) => {
        const { pagination: page = 1, search } = body as GetUsersDto;
        const usuarios = search ? [carla] : page === 1 ? [ana, bruno] : [carla];
        return {
          status: 200,
          body: { success: true, usuarios, pagination: search ? pagination(1, 1, 1) : pagination(page, 2, 12) },
        };
      },
    });
    renderPage(<UsersAdmin />);

    const table = await screen.findByRole('table', { name: 'Usuarios' });
    await within(table).findByRole('cell', { name: 'Ana López' });
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, URLS.users)).toHaveLength(2));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar usuario' }), 'carla');
    await vi.waitFor(() =>
      expect(bodiesSentTo(fetchMock, URLS.users).at(-1)).toEqual({ pagination: 1, limit: 10, search: 'carla' }),
    );
    // Debounced: one request for the whole word, not one per letter.
    expect(bodiesSentTo(fetchMock, URLS.users)).toHaveLength(3);
    await vi.waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByRole('cell', { name: 'Carla Ruiz' })).toBeInTheDocument();
  });

  it('should say so when no user matches the search', async () => {
    stubApi({
      [URLS.users]: (body) => {
        const { search } = body as GetUsersDto;
        return search
          ? { status: 200, body: { success: true, usuarios: [], pagination: pagination(1, 0, 0) } }
          : usersPage(body);
      },
    });
    renderPage(<UsersAdmin />);

    await screen.findByRole('table', { name: 'Usuarios' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar usuario' }), 'zoe');
    expect(await screen.findByText('Ningún usuario coincide con «zoe».')).toBeInTheDocument();
  });

  it('should show the server refusal when the list cannot be loaded', async () => {
    stubApi({
      [URLS.users]: () => ({ status: 403, body: { success: false, code: 'FORBIDDEN', error: 'No tienes permiso.' } }),
    });
    renderPage(<UsersAdmin />);

    expect(await screen.findByRole('alert')).toHaveTextContent('No tienes permiso.');
  });
});
