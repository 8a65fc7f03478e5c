import type { ReactNode } from 'react';
import type { Art } from '../../assets/art/catalog';
import { cn } from '../ui/cn';
import { ArtImage } from './art-image';

export interface ParallaxHeroProps {
  art: Art;
  /** 'tall': 500 px, 750 px from medium screens; 'regular': 500 px (heroes and banners). */
  height?: 'tall' | 'regular';
  /** The hero at the top of the page loads at once; banners further down load lazily. */
  priority?: boolean;
  children?: ReactNode;
  className?: string;
  labelledBy?: string;
}

/**
 * A full-width picture with text over it. The picture drifts slower than the page (parallax) with a
 * CSS scroll-driven animation: no script runs while scrolling, browsers without it show a still
 * picture, and `prefers-reduced-motion` turns it off (app.css, `.parallax-media`).
 */
export function ParallaxHero({
  art,
  height = 'regular',
  priority = false,
  children,
  className,
  labelledBy,
}: ParallaxHeroProps) {
  return (
    <section
      aria-labelledby={labelledBy}
      data-hero={height}
      className={cn(
        'on-dark relative isolate flex h-[500px] items-end overflow-hidden bg-ink-strong text-on-dark',
        height === 'tall' && 'md:h-[750px]',
        className,
      )}
    >
      <div className="parallax-media absolute inset-0 -z-10">
        <ArtImage art={art} priority={priority} className="size-full" />
      </div>
      {/* A soft shade at the bottom keeps the text readable on any picture. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-t from-ink-strong/90 via-ink-strong/60 to-ink-strong/15"
      />
      <div className="container-page pb-12 md:pb-16">{children}</div>
    </section>
  );
}
