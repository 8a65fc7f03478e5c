import { Outlet, createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '../../components/layout/error-page';
import { NotFoundPage } from '../../components/layout/not-found';
import { SiteShell } from '@/features/site';
import { studioJsonLd } from '../../lib/page-title';
import { pageRead } from '../../lib/server-read';
import { studioQueryOptions } from '../../lib/studio-clock';

export const Route = createFileRoute('/pilates')({
  // The studio for search engines (schema.org ExerciseGym), on every page of the site. A JSON data
  // block is never executed, so the Content-Security-Policy (script-src 'self') allows it.
  head: () => ({ scripts: [studioJsonLd()] }),
  // The studio's contact and policy (the owner's "Ajustes") in the server's first HTML: footer,
  // contact section and terms show the values in force at once.
  loader: ({ context }) => pageRead(context.queryClient, studioQueryOptions),
  component: PilatesLayout,
  errorComponent: ({ reset }) => (
    <SiteShell>
      <ErrorPage reset={reset} />
    </SiteShell>
  ),
  notFoundComponent: NotFoundPage,
});

function PilatesLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
