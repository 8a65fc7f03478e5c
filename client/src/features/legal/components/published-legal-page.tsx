import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { LegalDocumentResponseDto, LegalVersionDto } from '@/api/generated/model';
import { PageHeading } from '@/components/layout/page-heading';
import { publishedOn, versionLine } from '../format';
import { LegalText } from './legal-text';

export const NOT_IN_FORCE_MESSAGE = 'Esta versión ya no está vigente.';

export interface PublishedLegalPageProps {
  title: string;
  /** The page's own address: the earlier versions are `?version=N` on it. */
  path: '/pilates/terminos' | '/pilates/aviso-de-privacidad';
  /** The version shown. */
  shown: LegalDocumentResponseDto;
  /** The version in force. */
  current: LegalDocumentResponseDto;
  versions: readonly LegalVersionDto[];
  /** What the site adds under the studio's text (the privacy notice: the ARCO form's link). */
  after?: ReactNode;
}

const linkClasses = 'font-medium text-accent underline underline-offset-2 hover:text-accent-strong';

/** A published legal text: its version and date, the text, and the earlier versions by their links. */
export function PublishedLegalPage({ title, path, shown, current, versions, after }: PublishedLegalPageProps) {
  const inForce = shown.version === current.version;
  const earlier = versions.filter((version) => version.version !== current.version);
  return (
    <article className="container-page py-12 md:py-16">
      <PageHeading
        title={title}
        lead={
          inForce
            ? `${versionLine(shown.version, shown.publishedAt)}.`
            : `Versión ${shown.version}, publicada el ${publishedOn(shown.publishedAt)}.`
        }
      />
      {inForce ? null : (
        <p
          role="note"
          className="mb-8 max-w-prose rounded-card border border-accent-soft bg-accent-soft/40 p-4 text-ink"
        >
          {NOT_IN_FORCE_MESSAGE}{' '}
          <Link to={path} className={linkClasses}>
            Lee la versión vigente (versión {current.version})
          </Link>
          .
        </p>
      )}
      <div className="max-w-prose">
        <LegalText text={shown.text} />
        {after}
      </div>
      {earlier.length > 0 ? (
        <section aria-labelledby="versiones-anteriores" className="mt-12 max-w-prose">
          <h2 id="versiones-anteriores" className="text-subtitle">
            Versiones anteriores
          </h2>
          <ul className="mt-3 space-y-2 text-ink-muted">
            {earlier.map((version) => (
              <li key={version.version}>
                <Link to={path} search={{ version: version.version }} className={linkClasses}>
                  Versión {version.version}
                </Link>
                , del {publishedOn(version.publishedAt)}
                {version.summary ? `: ${version.summary}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
