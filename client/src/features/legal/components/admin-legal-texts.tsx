import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useEverOpened } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { publishedOn, versionLine } from '../format';
import { legalVersionsQueryOptions, type LegalKind } from '../queries';
import { usePublishedLegalDocument } from '../use-published-legal-document';
import { LegalText } from './legal-text';
import { LEGAL_NAMES, PublishLegalDialog } from './publish-legal-dialog';

const KINDS: readonly LegalKind[] = ['terminos', 'privacidad', 'aviso-corto'];

/** Where each text is read on the site (the short notice has no page: it shows where data is collected). */
const PAGES: Partial<Record<LegalKind, string>> = {
  terminos: '/pilates/terminos',
  privacidad: '/pilates/aviso-de-privacidad',
};

const NOT_PUBLISHED: Record<LegalKind, string> = {
  terminos: 'Aún no publicas una versión: el sitio muestra el borrador.',
  privacidad: 'Aún no publicas una versión: el sitio muestra el borrador.',
  'aviso-corto': 'Aún no publicas una versión: no se muestra en el registro ni en Mi información.',
};

const linkClasses = 'font-medium text-accent underline underline-offset-2 hover:text-accent-strong';

/** «Textos legales»: each text's version in force, «Publicar nueva versión» and every version. */
export function AdminLegalTexts() {
  return (
    <div className="space-y-6">
      {KINDS.map((kind) => (
        <LegalTextCard key={kind} kind={kind} />
      ))}
    </div>
  );
}

function LegalTextCard({ kind }: { kind: LegalKind }) {
  const toast = useToast();
  const current = usePublishedLegalDocument(kind);
  const versions = useQuery(legalVersionsQueryOptions(kind));
  const [publishing, setPublishing] = useState(false);
  const publishOpened = useEverOpened(publishing);
  const headingId = `texto-${kind}`;
  const page = PAGES[kind];

  return (
    <section aria-labelledby={headingId} className="rounded-card bg-surface p-6 shadow-soft md:p-8">
      <h2 id={headingId} className="text-xl font-semibold text-ink-strong">
        {LEGAL_NAMES[kind]}
      </h2>
      {current.isPending ? <Spinner label="Cargando…" className="mt-4" /> : null}
      <ErrorMessage error={current.error} className="mt-4" />
      {current.isSuccess ? (
        <>
          <p className="mt-2 text-ink-muted">
            {current.data ? `${versionLine(current.data.version, current.data.publishedAt)}.` : NOT_PUBLISHED[kind]}
          </p>
          {current.data && !page ? (
            <details className="mt-3">
              <summary className="cursor-pointer font-medium text-ink">Ver el texto vigente</summary>
              <div className="mt-2 text-sm">
                <LegalText text={current.data.text} />
              </div>
            </details>
          ) : null}
          <Button className="mt-4" onClick={() => setPublishing(true)}>
            Publicar nueva versión
          </Button>
          {publishOpened ? (
            <PublishLegalDialog
              // A fresh form from the text in force at each opening.
              key={`${current.data?.version ?? 0}-${String(publishing)}`}
              kind={kind}
              current={current.data ?? null}
              open={publishing}
              onOpenChange={setPublishing}
              onPublished={(published) =>
                toast.show(`Publicaste la versión ${published.version} de ${LEGAL_NAMES[kind].toLowerCase()}.`)
              }
            />
          ) : null}
        </>
      ) : null}
      {versions.data && versions.data.length > 0 ? (
        <div className="mt-6">
          <h3 className="font-medium text-ink-strong">Versiones</h3>
          <ul aria-label={`Versiones de ${LEGAL_NAMES[kind].toLowerCase()}`} className="mt-2 space-y-1 text-ink-muted">
            {versions.data.map((version) => (
              <li key={version.version}>
                {page ? (
                  <a
                    href={`${page}?version=${version.version}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={linkClasses}
                  >
                    Versión {version.version}
                  </a>
                ) : (
                  <span className="font-medium text-ink">Versión {version.version}</span>
                )}
                , del {publishedOn(version.publishedAt)}: {version.summary}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
