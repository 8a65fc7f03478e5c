import type { ReactNode } from 'react';

/** The title block at the top of a page. */
export function PageHeading({ eyebrow, title, lead }: { eyebrow?: string; title: string; lead?: ReactNode }) {
  return (
    <div className="mb-8 max-w-prose">
      {eyebrow ? <p className="eyebrow mb-2">{eyebrow}</p> : null}
      <h1 className="text-title">{title}</h1>
      {lead ? <p className="mt-3 text-lead text-ink-muted">{lead}</p> : null}
    </div>
  );
}
