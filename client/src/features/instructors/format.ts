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
