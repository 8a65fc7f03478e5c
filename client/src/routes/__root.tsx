import { HeadContent, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { NotFoundPage } from '../components/layout/not-found';
import { titleHead } from '../lib/page-title';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: titleHead(),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <Outlet />
    </>
  );
}
