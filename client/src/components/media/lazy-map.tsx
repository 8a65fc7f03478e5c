import { MapPinIcon } from '@/components/ui/inline-icons';
import { studio } from '../../content/studio';
import { useStudioContact } from '../../lib/studio-contact';
import { useNearViewport } from '../../lib/use-near-viewport';
import { cn } from '../ui/cn';

/**
 * The studio's embedded map. The third-party frame is only created when the visitor scrolls near it,
 * so no request leaves the site before then; until that moment a calm placeholder holds its place.
 */
export function LazyMap({ className }: { className?: string }) {
  const { ref, near } = useNearViewport<HTMLDivElement>('200px');
  const contact = useStudioContact();
  // A link that opens the studio's place in a maps application (no request until the visitor follows it).
  const mapsLinkUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(contact.addressLine)}`;
  return (
    <div className={cn('space-y-3', className)}>
      <div
        ref={ref}
        data-map={near ? 'loaded' : 'waiting'}
        className="relative aspect-[4/3] overflow-hidden rounded-card border border-line bg-sand sm:aspect-[16/9]"
      >
        {near ? (
          <iframe
            src={contact.mapUrl}
            title={`Mapa: ubicación de ${studio.name} en ${contact.locationName}`}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            allowFullScreen
            className="absolute inset-0 size-full border-0"
          />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-6 text-center text-ink-muted">
            <MapPinIcon className="size-8 text-accent" />
            <p className="text-sm">{contact.addressLine}</p>
          </div>
        )}
      </div>
      <a
        href={mapsLinkUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-strong underline-offset-2 hover:underline"
      >
        <MapPinIcon className="size-4" />
        Abrir en Google Maps
        <span className="sr-only">(se abre en otra pestaña)</span>
      </a>
    </div>
  );
}
