import type { Art } from '../../assets/art/catalog';
import { cn } from '../ui/cn';

export interface ArtImageProps {
  art: Art;
  /** The image's rendered width, for the browser to pick from srcset ("100vw", "(min-width: 48rem) 50vw, 100vw"). */
  sizes?: string;
  /** Above the fold (the page's hero): loads at once with high priority instead of lazily. */
  priority?: boolean;
  /** Empty for decorative copies (e.g. the carousel's second loop). */
  alt?: string;
  className?: string;
}

/** A picture with its intrinsic size (no layout shift), srcset for raster art and lazy loading below the fold. */
export function ArtImage({ art, sizes = '100vw', priority = false, alt, className }: ArtImageProps) {
  return (
    <img
      src={art.src}
      srcSet={art.sources?.map((source) => `${source.url} ${source.width}w`).join(', ')}
      sizes={art.sources ? sizes : undefined}
      width={art.width}
      height={art.height}
      alt={alt ?? art.alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={cn('block object-cover', className)}
    />
  );
}
