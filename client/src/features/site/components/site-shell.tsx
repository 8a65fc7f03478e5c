import type { ReactNode } from 'react';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { useSession } from '@/features/session';

/** The site's frame: skip link, header (with the visitor's session), the page's content and the footer. */
export function SiteShell({ children }: { children: ReactNode }) {
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
        {children}
      </main>
      <Footer />
    </div>
  );
}
