/*
 * The /pilates/cuenta page in a small memory router: tabs, the logged-in panel and the
 * redirect after logging in.
 */
import '@/components/ui/test-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route as AccountRoute } from '@/routes/pilates/cuenta';
import { sessionQueryOptions, type SessionUser } from '@/features/session';
import { ana, stubFetch } from './test-utils';

function renderAccount(initialEntry: string, user: SessionUser | null) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  queryClient.setQueryData(sessionQueryOptions.queryKey, user);
  const rootRoute = createRootRoute({ component: Outlet });
  const page = (path: string, text: string) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <p>{text}</p> });
  const account = createRoute({
    getParentRoute: () => rootRoute,
    path: '/pilates/cuenta',
    validateSearch: AccountRoute.options.validateSearch,
    component: AccountRoute.options.component,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      account,
      page('/pilates', 'Inicio'),
      page('/pilates/reservar', 'Reservar'),
      page('/pilates/informacion', 'Mi información'),
      page('/pilates/forgot-password', 'Recuperar'),
    ]),
    history: createMemoryHistory({ initialEntries: [initialEntry] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function logIn() {
  await userEvent.type(await screen.findByLabelText('Correo Electrónico'), 'ana@example.com');
  await userEvent.type(screen.getByLabelText('Contraseña'), 'secreta1');
  await userEvent.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
}

describe('/pilates/cuenta', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should show the login tab first and the register tab on demand', async () => {
    renderAccount('/pilates/cuenta', null);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Iniciar Sesión', 'Registrar']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
      'href',
      '/pilates/forgot-password',
    );
    await userEvent.click(tabs[1]!);
    expect(await screen.findByRole('button', { name: 'Registrarse' })).toBeInTheDocument();
  });

  it('should say why the login is asked and go back to the page that asked for it', async () => {
    stubFetch(200, { success: true, user: ana });
    const router = renderAccount('/pilates/cuenta?redirect=%2Fpilates%2Freservar', null);
    expect(await screen.findByRole('status')).toHaveTextContent('Inicia sesión para reservar tu clase.');
    await logIn();
    expect(await screen.findByText('Reservar')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pilates/reservar');
  });

  it('should go to the home page without a redirect, or with one outside /pilates', async () => {
    stubFetch(200, { success: true, user: ana });
    const router = renderAccount('/pilates/cuenta?redirect=https%3A%2F%2Fevil.example', null);
    await screen.findByRole('tab', { name: 'Iniciar Sesión' });
    // Nobody sent this visitor here (the outside redirect is dropped): no reason to give.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await logIn();
    expect(await screen.findByText('Inicio')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pilates');
  });

  it('should greet a logged-in user instead of showing the forms', async () => {
    renderAccount('/pilates/cuenta', ana);
    expect(await screen.findByText(/Ya iniciaste sesión como/)).toHaveTextContent('Ya iniciaste sesión como Ana López');
    expect(screen.getByRole('link', { name: 'Ir a Mi información' })).toHaveAttribute('href', '/pilates/informacion');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
