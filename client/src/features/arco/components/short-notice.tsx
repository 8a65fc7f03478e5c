import { useGetLegalDocument } from '@/api/generated/legal/legal';

/** The short privacy notice («aviso corto») when the studio has published one; nothing otherwise (404). */
export function ShortPrivacyNotice() {
  const notice = useGetLegalDocument('aviso-corto', { query: { retry: false, staleTime: 5 * 60_000 } });
  if (!notice.data) return null;
  return (
    <aside aria-label="Aviso de privacidad corto" className="rounded-card bg-sand px-4 py-3 text-sm text-ink">
      {notice.data.text.split(/\n\s*\n/).map((paragraph, i) => (
        <p key={i} className={i > 0 ? 'mt-2' : undefined}>
          {paragraph}
        </p>
      ))}
    </aside>
  );
}
