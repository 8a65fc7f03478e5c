import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SideMenu, type SideMenuUser } from './side-menu';

function renderMenu(user: SideMenuUser, onLogout = vi.fn()) {
  const rootRoute = createRootRoute({ component: () => <SideMenu user={user} onLogout={onLogout} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return onLogout;
}

describe('SideMenu', () => {
  it('should greet a client and offer their pages and Salir, without the admin block', async () => {
    const onLogout = renderMenu({ name: 'Ana López', role: 'user' });
    const nav = await screen.findByRole('navigation', { name: 'Mi cuenta' });
    expect(within(nav).getByText('Hola, Ana')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Mi información' })).toHaveAttribute('href', '/pilates/informacion');
    expect(within(nav).getByRole('link', { name: 'Mis clases' })).toHaveAttribute('href', '/pilates/clases');
    expect(within(nav).queryByText('Administrador')).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Usuarios' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Planes' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Auditoría' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Panel' })).not.toBeInTheDocument();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/pilates/informacion', '/pilates/clases']);
    await userEvent.click(within(nav).getByRole('button', { name: 'Salir' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('should show the Administrador block to an admin', async () => {
    renderMenu({ name: 'Admin', role: 'admin' });
    const nav = await screen.findByRole('navigation', { name: 'Mi cuenta' });
    expect(within(nav).getByText('Administrador')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Panel' })).toHaveAttribute('href', '/pilates/panel');
    expect(within(nav).getByRole('link', { name: 'Usuarios' })).toHaveAttribute('href', '/pilates/usuarios');
    expect(within(nav).getByRole('link', { name: 'Ver clases' })).toHaveAttribute('href', '/pilates/usuarios-clases');
    expect(within(nav).getByRole('link', { name: 'Horario' })).toHaveAttribute('href', '/pilates/horario');
    expect(within(nav).getByRole('link', { name: 'Sala' })).toHaveAttribute('href', '/pilates/sala');
    expect(within(nav).getByRole('link', { name: 'Planes' })).toHaveAttribute('href', '/pilates/planes-admin');
    expect(within(nav).getByRole('link', { name: 'Promociones' })).toHaveAttribute('href', '/pilates/promociones');
    expect(within(nav).getByRole('link', { name: 'Tarjetas de regalo' })).toHaveAttribute(
      'href',
      '/pilates/tarjetas-de-regalo',
    );
    expect(within(nav).getByRole('link', { name: 'Facturas' })).toHaveAttribute('href', '/pilates/facturas');
    expect(within(nav).getByRole('link', { name: 'Auditoría' })).toHaveAttribute('href', '/pilates/auditoria');
    expect(within(nav).getByRole('link', { name: 'Ajustes' })).toHaveAttribute('href', '/pilates/ajustes');
    expect(within(nav).getByRole('link', { name: 'Membresías' })).toHaveAttribute('href', '/pilates/membresias');
    // In the Administrador block, the owner's dashboard first.
    const adminLinks = within(nav).getAllByRole('list')[1];
    expect(
      within(adminLinks)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Panel',
      'Usuarios',
      'Ver clases',
      'Horario',
      'Instructores',
      'Pago a instructores',
      'Sala',
      'Planes',
      'Membresías',
      'Promociones',
      'Tarjetas de regalo',
      'Facturas',
      'Solicitudes ARCO',
      'Auditoría',
      'Ajustes',
      'Textos legales',
    ]);
    expect(within(nav).getAllByRole('button', { name: 'Salir' })).toHaveLength(1);
    // "Mi pago" is an instructor's own page: the admin sees the studio's report instead.
    expect(within(nav).queryByRole('link', { name: 'Mi pago' })).not.toBeInTheDocument();
  });

  it('should offer an instructor their own pay, and no studio page', async () => {
    renderMenu({ name: 'Diana Sol', role: 'instructor' });
    const nav = await screen.findByRole('navigation', { name: 'Mi cuenta' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/pilates/informacion', '/pilates/clases', '/pilates/mis-clases-a-impartir', '/pilates/mi-pago']);
    expect(within(nav).getByRole('link', { name: 'Mi pago' })).toBeInTheDocument();
    expect(within(nav).queryByText('Administrador')).not.toBeInTheDocument();
  });

  it('should offer an instructor their classes to teach, and no studio page', async () => {
    renderMenu({ name: 'Rosa Maestra', role: 'instructor' });
    const nav = await screen.findByRole('navigation', { name: 'Mi cuenta' });
    expect(within(nav).getByRole('link', { name: 'Mis clases a impartir' })).toHaveAttribute(
      'href',
      '/pilates/mis-clases-a-impartir',
    );
    expect(within(nav).queryByText('Administrador')).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Ver clases' })).not.toBeInTheDocument();
    expect(within(nav).getAllByRole('button', { name: 'Salir' })).toHaveLength(1);
  });

  it('should not offer the instructor page to an admin, who reads every roster in Ver clases', async () => {
    renderMenu({ name: 'Admin', role: 'admin' });
    const nav = await screen.findByRole('navigation', { name: 'Mi cuenta' });
    expect(within(nav).queryByRole('link', { name: 'Mis clases a impartir' })).not.toBeInTheDocument();
  });
});
