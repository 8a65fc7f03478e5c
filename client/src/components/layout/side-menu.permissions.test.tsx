import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SideMenu } from './side-menu';

// A role the studio might add, given one permission in the server's table (and so in the generated one).
vi.mock('@/api/generated/permissions', async (importOriginal) => {
  const generated = await importOriginal<typeof import('@/api/generated/permissions')>();
  return {
    ...generated,
    ROLE_PERMISSIONS: { ...generated.ROLE_PERMISSIONS, recepcion: [generated.Permission.RosterRead] },
  };
});

function renderMenu(role: string) {
  const rootRoute = createRootRoute({
    component: () => <SideMenu user={{ name: 'Eva Ruiz', role }} onLogout={vi.fn()} />,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('SideMenu by permission', () => {
  it('should show a role only the studio pages its permissions open, with Salir at the end of that block', async () => {
    renderMenu('recepcion');
    const nav = await screen.findByRole('navigation', { name: 'Mi cuenta' });
    expect(within(nav).getByText('Administrador')).toBeInTheDocument();
    const [own, studio] = within(nav).getAllByRole('list');
    expect(
      within(studio)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Ver clases']);
    expect(within(studio).getByRole('button', { name: 'Salir' })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Salir' })).not.toBeInTheDocument();
  });

  it('should show a role the table does not know no studio page', async () => {
    renderMenu('desconocido');
    const nav = await screen.findByRole('navigation', { name: 'Mi cuenta' });
    expect(within(nav).queryByText('Administrador')).not.toBeInTheDocument();
    expect(within(nav).getAllByRole('list')).toHaveLength(1);
    expect(within(nav).getByRole('button', { name: 'Salir' })).toBeInTheDocument();
  });
});
