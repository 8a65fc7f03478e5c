import { Outlet, createFileRoute } from '@tanstack/react-router';
import { Footer } from '../../components/layout/footer';
import { Header } from '../../components/layout/header';
import { NotFoundPage } from '../../components/layout/not-found';
import { useSession } from '../../features/session/session';

export const Route = createFileRoute('/pilates')({
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
      <main id="contenido" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
