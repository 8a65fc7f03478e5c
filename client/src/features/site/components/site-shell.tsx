import type { ReactNode } from 'react';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { useSession } from '@/features/session';
import { PageQueryBoundary } from '@/lib/page-query';

/** The site's frame: skip link, header (with the visitor's session), the page's content and the footer. */
export function SiteShell({ children }: { children: ReactNode }) {
  // Until the session is known (or when it cannot be read), the guest's header.
  const guestHeader = <Header user={null} />;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className="sr-only z-50 rounded-control bg-surface px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      <PageQueryBoundary fallback={guestHeader} error={() => guestHeader}>
        <SessionHeader />
      </PageQueryBoundary>
      {/* At least a screen tall: the footer starts below the fold, so content arriving late never pushes it (no layout shift). */}
      <main id="contenido" className="min-h-[calc(100dvh-var(--spacing-header))] flex-1">
        {children}
      </main>
      <Footer />
    </div>
  );
}

function SessionHeader() {
  const { user } = useSession();
  return <Header user={user} />;
}
