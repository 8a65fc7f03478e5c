import { cn } from '@/components/ui/cn';
import { usePublishedLegalDocument } from '../use-published-legal-document';
import { LegalText } from './legal-text';

/**
 * The short privacy notice («aviso corto») where data is collected, with a link to the full one.
 * Read in the browser, after the page shows (nothing waits for it); nothing shows while none is published.
 */
export function ShortNotice({ className }: { className?: string }) {
  const notice = usePublishedLegalDocument('aviso-corto').data;
  if (!notice) return null;
  return (
    <aside aria-label="Aviso de privacidad" className={cn('rounded-card bg-sand p-4 text-sm', className)}>
      <div className="[&_h2]:text-base [&_h2]:pt-2">
        <LegalText text={notice.text} />
      </div>
      <a
        href="/pilates/aviso-de-privacidad"
        className="mt-2 inline-block font-medium text-accent underline underline-offset-2 hover:text-accent-strong"
      >
        Lee el aviso de privacidad completo
      </a>
    </aside>
  );
}
