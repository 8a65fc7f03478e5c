/** "Ana López" → "AL": the profile's mark until it has a photo. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word)[0]?.toLocaleUpperCase('es-MX') ?? '').join('');
}

/** The start of a bio for a card: whole words up to about `max` characters, with "…" when cut. */
export function bioExcerpt(bio: string, max = 140): string {
  const text = bio.trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** The photo files' sizes (px) and formats; the API's photoUrl is the 480 px WebP. */
const PHOTO_URL_END = /-480\.webp$/;

/** The file of the photo at `photoUrl` in another size and format (same name but its ending). */
export function photoVariant(photoUrl: string, size: 96 | 192 | 480, format: 'avif' | 'webp'): string {
  return photoUrl.replace(PHOTO_URL_END, `-${size}.${format}`);
}

/** `srcset` of a photo shown `cssSize` px wide: the smallest files that are sharp at 1x and 2x. */
export function photoSrcSet(photoUrl: string, cssSize: number, format: 'avif' | 'webp'): string {
  const fit = (pixels: number) => ([96, 192, 480] as const).find((size) => size >= pixels) ?? 480;
  const one = fit(cssSize);
  const two = fit(cssSize * 2);
  return one === two
    ? photoVariant(photoUrl, one, format)
    : `${photoVariant(photoUrl, one, format)} 1x, ${photoVariant(photoUrl, two, format)} 2x`;
}
