import { Pause, Play } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import type { Art } from '../../assets/art/catalog';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import { cn } from '../ui/cn';
import { ArtImage } from './art-image';

/** One full loop of the photos takes this long (12 photos over 20 seconds). */
export const CAROUSEL_LOOP_SECONDS = 20;

export interface PhotoCarouselProps {
  photos: readonly Art[];
  /** The carousel's accessible name. */
  label: string;
  className?: string;
}

/**
 * Photos scrolling sideways in an endless loop. The list is drawn twice and slides by one copy per
 * loop (CSS animation, app.css `.carousel-track`); the copy is hidden from screen readers. It stops
 * on hover, on keyboard focus and with the pause button (WCAG 2.2.2). With `prefers-reduced-motion`
 * nothing moves: the photos become a row the visitor scrolls by hand.
 */
export function PhotoCarousel({ photos, label, className }: PhotoCarouselProps) {
  const reducedMotion = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const moving = !reducedMotion && !paused;
  const loops = reducedMotion ? [photos] : [photos, photos];
  const style = { '--carousel-duration': `${CAROUSEL_LOOP_SECONDS}s` } as CSSProperties;

  return (
    <div role="region" aria-label={label} className={cn('relative', className)}>
      <div
        data-testid="carousel-viewport"
        // Scrollable by hand (and by keyboard) only when it does not move by itself.
        tabIndex={reducedMotion ? 0 : undefined}
        className={cn(
          'carousel-viewport rounded-card',
          reducedMotion ? 'snap-x snap-mandatory overflow-x-auto' : 'overflow-hidden',
        )}
      >
        <ul
          className="carousel-track flex w-max"
          data-motion={reducedMotion ? 'off' : moving ? 'on' : 'paused'}
          style={style}
        >
          {loops.map((loop, copy) =>
            loop.map((photo, index) => (
              <li
                key={`${copy}-${index}`}
                aria-hidden={copy > 0 || undefined}
                className="w-64 shrink-0 snap-start pr-4 sm:w-80"
              >
                <ArtImage
                  art={photo}
                  alt={copy > 0 ? '' : undefined}
                  sizes="20rem"
                  className="aspect-[4/3] w-full rounded-card bg-sand"
                />
              </li>
            )),
          )}
        </ul>
      </div>
      {reducedMotion ? null : (
        <button
          type="button"
          onClick={() => setPaused((current) => !current)}
          aria-pressed={paused}
          className={cn(
            'absolute right-3 bottom-3 inline-flex size-11 items-center justify-center rounded-pill',
            'bg-surface/90 text-ink shadow-soft transition-colors hover:bg-surface',
          )}
        >
          {paused ? <Play aria-hidden="true" className="size-5" /> : <Pause aria-hidden="true" className="size-5" />}
          <span className="sr-only">{paused ? 'Reanudar el carrusel' : 'Pausar el carrusel'}</span>
        </button>
      )}
    </div>
  );
}
