import { cn } from '@/components/ui/cn';
import { initialsOf, photoSrcSet, photoVariant } from '../format';

/** Shown sizes, in CSS pixels: the booking row, the cards, the profile page. */
const SIZES = { sm: 32, md: 64, lg: 96 } as const;
const BOX = { sm: 'size-8 text-xs', md: 'size-16 text-xl', lg: 'size-24 text-3xl' } as const;

/**
 * The instructor's photo (AVIF, else WebP, at the sizes the box needs at 1x and 2x), or their
 * initials without one. Width and height are fixed, so nothing moves when the image arrives;
 * `eager` only above the fold (the profile page's).
 */
export function InstructorAvatar({
  name,
  photoUrl,
  size,
  eager = false,
}: {
  name: string;
  photoUrl?: string | null;
  size: keyof typeof SIZES;
  eager?: boolean;
}) {
  const pixels = SIZES[size];
  if (photoUrl) {
    return (
      <picture className={cn('inline-flex shrink-0', BOX[size])}>
        <source type="image/avif" srcSet={photoSrcSet(photoUrl, pixels, 'avif')} />
        <source type="image/webp" srcSet={photoSrcSet(photoUrl, pixels, 'webp')} />
        <img
          src={photoVariant(photoUrl, 96, 'webp')}
          alt={name}
          width={pixels}
          height={pixels}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className={cn('rounded-full bg-sand object-cover', BOX[size])}
        />
      </picture>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-sand font-display text-ink-strong',
        BOX[size],
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
