/*
 * /pilates/terminos and /pilates/aviso-de-privacidad in a small memory router (their real search
 * validation, loader and component): the version in force from the API, an earlier version by its
 * link, the drafts while nothing is published, and the site's 404 for a version that does not exist.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotFoundPage } from '@/components/layout/not-found';
import { Route as PrivacyRoute } from '@/routes/pilates/aviso-de-privacidad';
import { Route as TermsRoute } from '@/routes/pilates/terminos';
import { stubApi } from '@/test/page-test-utils';
import { NOT_IN_FORCE_MESSAGE } from './components/published-legal-page';

const v1 = {
  success: true,
  kind: 'terminos',
  version: 1,
  publishedAt: '2026-11-02T18:00:00.000Z',
  summary: 'Primera versión',
  text: 'Texto de la versión uno.',
};
const v2 = {
  success: true,
  kind: 'terminos',
  version: 2,
  publishedAt: '2026-12-01T18:00:00.000Z',
  summary: 'Nueva política de cancelación',
  text: '## Uso del sitio\nAl reservar aceptas estos términos.\n\n<b>Sin HTML</b>\n\n## Cancelaciones\nCancela con 12 horas.',
};
const versions = {
  success: true,
  versions: [v2, v1].map(({ version, publishedAt, summary }) => ({ version, publishedAt, summary })),
};
const notFound = { status: 404, body: { success: false, code: 'LEGAL_DOCUMENT_NOT_FOUND', error: 'No publicado' } };
const ok = (body: unknown) => () => ({ status: 200, body });

function renderLegalPage(initialEntry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
    component: Outlet,
    notFoundComponent: NotFoundPage,
  });
  const pilates = createRoute({ getParentRoute: () => rootRoute, path: '/pilates' });
  const fromFile = (route: typeof TermsRoute | typeof PrivacyRoute, path: string) =>
    createRoute({
      getParentRoute: () => pilates,
      path,
      validateSearch: route.options.validateSearch,
      loaderDeps: route.options.loaderDeps,
      loader: route.options.loader,
      component: route.options.component,
    } as never);
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      pilates.addChildren([fromFile(TermsRoute, '/terminos'), fromFile(PrivacyRoute, '/aviso-de-privacidad')]),
    ]),
    history: createMemoryHistory({ initialEntries: [initialEntry] }),
    context: { queryClient },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the legal pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should show the version in force with its date, its text as paragraphs and the earlier versions', async () => {
    stubApi({
      '/api/legal/terminos': ok(v2),
      '/api/legal/terminos/versions': ok(versions),
    });
    renderLegalPage('/pilates/terminos');

    expect(await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeInTheDocument();
    expect(screen.getByText('Versión 2, vigente desde el 1 de diciembre de 2026.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Uso del sitio' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Cancelaciones' })).toBeInTheDocument();
    // Shown as text, never as HTML.
    expect(screen.getByText('<b>Sin HTML</b>')).toBeInTheDocument();
    expect(screen.queryByText(NOT_IN_FORCE_MESSAGE, { exact: false })).not.toBeInTheDocument();

    const earlier = screen.getByRole('region', { name: 'Versiones anteriores' });
    const link = within(earlier).getByRole('link', { name: 'Versión 1' });
    expect(link).toHaveAttribute('href', '/pilates/terminos?version=1');
    expect(earlier).toHaveTextContent('Versión 1, del 2 de noviembre de 2026: Primera versión');
  });

  it('should show an earlier version with a notice that it is no longer in force and a link to the current one', async () => {
    stubApi({
      '/api/legal/terminos': ok(v2),
      '/api/legal/terminos/versions': ok(versions),
      '/api/legal/terminos/versions/1': ok(v1),
    });
    renderLegalPage('/pilates/terminos');
    await userEvent.click(await screen.findByRole('link', { name: 'Versión 1' }));

    expect(await screen.findByText('Texto de la versión uno.')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(NOT_IN_FORCE_MESSAGE);
    const current = screen.getByRole('link', { name: 'Lee la versión vigente (versión 2)' });
    expect(current).toHaveAttribute('href', '/pilates/terminos');
    await userEvent.click(current);
    expect(await screen.findByText('Versión 2, vigente desde el 1 de diciembre de 2026.')).toBeInTheDocument();
  });

  it('should keep showing the draft while nothing is published', async () => {
    stubApi({
      '/api/legal/privacidad': () => notFound,
      '/api/legal/privacidad/versions': () => notFound,
    });
    renderLegalPage('/pilates/aviso-de-privacidad');

    expect(await screen.findByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeInTheDocument();
    expect(screen.getByText('Última actualización: 22 de noviembre de 2026')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Identidad y domicilio del responsable' }),
    ).toBeInTheDocument();
  });

  it("should answer the site's 404 for a version that does not exist", async () => {
    stubApi({
      '/api/legal/terminos': ok(v2),
      '/api/legal/terminos/versions': ok(versions),
      '/api/legal/terminos/versions/7': () => notFound,
    });
    renderLegalPage('/pilates/terminos?version=7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
  });

  it("should answer the site's 404 for a version that is not a number", async () => {
    stubApi({ '/api/legal/terminos': ok(v2), '/api/legal/terminos/versions': ok(versions) });
    renderLegalPage('/pilates/terminos?version=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
  });
});
