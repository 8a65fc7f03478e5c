import { HeadContent, Outlet, Scripts, createRootRouteWithContext } from '@tanstack/react-router';
import bodyFont from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import headingFont from '../assets/fonts/cormorant-garamond-latin-600-normal.woff2?url';
import type { ReactNode } from 'react';
import type { RouterContext } from '../router';
import { ErrorPage } from '../components/layout/error-page';
import { NotFoundPage } from '../components/layout/not-found';
import { SiteShell } from '@/features/site';
import { sessionQueryOptions } from '../features/session/session';
import { titleHead } from '../lib/page-title';
import { SESSION_READ_DEADLINE_MS, pageRead } from '../lib/server-read';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The visitor's session, read on the server from the cookie: the first HTML already has their
  // header and menu, and the browser does not ask for it again. A late one leaves the guest's header
  // (the browser redoes it) and the rest of the page's deadline to its data.
  beforeLoad: async ({ context }) => {
    await pageRead(context.queryClient, sessionQueryOptions, SESSION_READ_DEADLINE_MS);
    // The server renders the page a second time with the error of a first render that failed: the
    // error page then shows inside the header and footer, with status 500.
    if (context.renderError !== undefined) throw context.renderError;
  },
  head: () => ({
    ...titleHead()(),
    links: [
      // The two fonts every page shows above the fold (body text and headings), fetched beside the
      // styles: the text paints in its own font at once. A body font arriving after the first paint
      // has the whole page laid out again while it hydrates (a long task).
      ...[bodyFont, headingFont].map((href) => ({
        rel: 'preload',
        as: 'font',
        type: 'font/woff2',
        href,
        crossOrigin: 'anonymous' as const,
      })),
      { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' },
      { rel: 'apple-touch-icon', href: '/favicon.svg' },
    ],
  }),
  component: RootLayout,
  errorComponent: ({ reset }) => (
    <SiteShell>
      <ErrorPage reset={reset} />
    </SiteShell>
  ),
  // An address outside the site's pages: the 404 page inside the header and footer.
  notFoundComponent: () => (
    <SiteShell>
      <NotFoundPage />
    </SiteShell>
  ),
  shellComponent: RootDocument,
});

function RootLayout() {
  return <Outlet />;
}

/** The whole HTML document: the server renders it and the browser hydrates it in place. */
function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="es">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#F7F3EC" />
        <meta name="color-scheme" content="light" />
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}
