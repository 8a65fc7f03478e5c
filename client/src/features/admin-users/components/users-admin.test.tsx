import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GetUsersDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { ana, bruno, carla, pagination, URLS, usersPage } from '../test-data';
import { UsersAdmin } from './users-admin';

describe('UsersAdmin', () => {
  it('should list the users in five columns with their attendance, each action labelled, the rest under "Más acciones"', async () => {
    stubApi({ [URLS.users]: usersPage });
    renderPage(<UsersAdmin />);

    const table = await screen.findByRole('table', { name: 'Usuarios' });
    await within(table).findByText('Ana López');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Usuario', 'Rol', 'Asistencia', 'Estado', 'Acciones']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const firstCells = within(rows[0]).getAllByRole('cell');
    expect(firstCells.slice(0, 4).map((td) => td.textContent)).toEqual([
      'Ana López #7ana@example.com',
      'Usuario',
      '5 asistencias · 2 faltas',
      'Usuario Activo',
    ]);
    expect(within(rows[1]).getByRole('cell', { name: 'Administrador' })).toBeInTheDocument();
    // The state is a label, not a control.
    expect(within(rows[2]).getByRole('cell', { name: 'Usuario Inactivo' })).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button', { name: /Usuario Activo/ })).not.toBeInTheDocument();
    for (const [name, text] of [
      ['Editar a Ana López', 'Editar'],
      ['Planes de Ana López', 'Planes'],
    ]) {
      expect(within(rows[0]).getByRole('button', { name })).toHaveTextContent(text!);
    }
    const more = within(rows[0]).getByRole('button', { name: 'Más acciones para Ana López' });
    expect(more).toHaveAttribute('title', 'Más acciones');
    await userEvent.click(more);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Agregar plan',
      'Venta en mostrador',
      'Ver clases',
      'Desactivar',
      'Eliminar cuenta (solicitud del titular)',
    ]);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(rows[2]).getByRole('button', { name: 'Más acciones para Carla Ruiz' }));
    expect(await screen.findByRole('menuitem', { name: 'Reactivar' })).toBeInTheDocument();

    // The same users as cards, for a narrow column: every action a labelled button.
    const cards = within(screen.getByRole('list', { name: 'Usuarios' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('17 de mayo de 1990');
    expect(cards[2]).toHaveTextContent('Carla Ruiz');
    for (const name of [
      'Editar a Carla Ruiz',
      'Agregar plan a Carla Ruiz',
      'Planes de Carla Ruiz',
      'Clases de Carla Ruiz',
      'Eliminar cuenta de Carla Ruiz (solicitud del titular)',
    ]) {
      expect(within(cards[2]).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(cards[2]).getByRole('button', { name: 'Reactivar a Carla Ruiz' })).toHaveTextContent('Reactivar');
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
    await within(table).findByText('Ana López');
    const pager = screen.getByRole('navigation', { name: 'Paginación' });
    expect(pager).toHaveTextContent('Página 1 de 2 · 12 registros');
    expect(within(pager).getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await userEvent.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    expect(await within(table).findByText('Carla Ruiz')).toBeInTheDocument();
    expect(within(table).queryByText('Ana López')).not.toBeInTheDocument();
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
    await within(table).findByText('Ana López');
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, URLS.users)).toHaveLength(2));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar usuario' }), 'carla');
    await vi.waitFor(() =>
      expect(bodiesSentTo(fetchMock, URLS.users).at(-1)).toEqual({ pagination: 1, limit: 10, search: 'carla' }),
    );
    // Debounced: one request for the whole word, not one per letter.
    expect(bodiesSentTo(fetchMock, URLS.users)).toHaveLength(3);
    await vi.waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Carla Ruiz')).toBeInTheDocument();
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
