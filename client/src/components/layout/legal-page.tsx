import type { ReactNode } from 'react';
import { PageHeading } from './page-heading';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

export const DRAFT_NOTICE =
  'Borrador pendiente de revisión legal: el estudio debe validar este texto con su abogado antes de publicarlo.';

/**
 * A legal text page. The texts are drafts for the studio's lawyer (the README says how to replace
 * them); the draft notice is for the studio while it reviews them, in development only, never shown
 * to the public by a production build.
 */
export function LegalPage({ title, updated, sections }: { title: string; updated: string; sections: LegalSection[] }) {
  return (
    <article className="container-page py-12 md:py-16">
      <PageHeading title={title} lead={`Última actualización: ${updated}`} />
      {import.meta.env.DEV ? (
        <p
          role="note"
          className="mb-8 max-w-prose rounded-card border border-accent-soft bg-accent-soft/40 p-4 text-sm text-ink"
        >
          {DRAFT_NOTICE}
        </p>
      ) : null}
      <div className="max-w-prose space-y-8">
        {sections.map((section) => (
          <section key={section.title}>
            <h2 className="text-subtitle">{section.title}</h2>
            <div className="mt-3 space-y-3 text-ink-muted">{section.body}</div>
          </section>
        ))}
      </div>
    </article>
  );
}
