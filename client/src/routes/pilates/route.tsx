import { Outlet, createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '../../components/layout/error-page';
import { NotFoundPage } from '../../components/layout/not-found';
import { SiteShell } from '@/features/site';
import { studioJsonLd } from '../../lib/page-title';

export const Route = createFileRoute('/pilates')({
  // The studio for search engines (schema.org ExerciseGym), on every page of the site. A JSON data
  // block is never executed, so the Content-Security-Policy (script-src 'self') allows it.
  head: () => ({ scripts: [studioJsonLd()] }),
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
