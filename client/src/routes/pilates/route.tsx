import { Outlet, createFileRoute } from '@tanstack/react-router';
import { Footer } from '../../components/layout/footer';
import { Header } from '../../components/layout/header';
import { NotFoundPage } from '../../components/layout/not-found';
import { useSession } from '../../features/session/session';
import { studioJsonLd } from '../../lib/page-title';

export const Route = createFileRoute('/pilates')({
  // The studio for search engines (schema.org ExerciseGym), on every page of the site. A JSON data
  // block is never executed, so the Content-Security-Policy (script-src 'self') allows it.
  head: () => ({ scripts: [studioJsonLd()] }),
  component: PilatesLayout,
  notFoundComponent: NotFoundPage,
});

function PilatesLayout() {
  const { user } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className="sr-only z-50 rounded-control bg-surface px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      <Header user={user} />
      {/* At least a screen tall: the footer starts below the fold, so content arriving late never pushes it (no layout shift). */}
      <main id="contenido" className="min-h-[calc(100dvh-var(--spacing-header))] flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
