/**
 * How an instructor's name becomes a profile: the same name typed with other capitals or spaces
 * is one person (the migration of the timetable's free-text names), and each profile has a slug
 * for its page's URL. Kept free of imports: the migration uses them too.
 */

/** The longest display name a profile takes. */
export const INSTRUCTOR_NAME_MAX = 60;

/** A name as shown: trimmed, inner runs of spaces as one. */
export const tidyInstructorName = (name: string): string => name.normalize('NFC').trim().replace(/\s+/g, ' ');

/** Two names are one instructor when this is equal ("ana  lópez " and "Ana López"). */
export const instructorNameKey = (name: string): string => tidyInstructorName(name).toLocaleLowerCase('es-MX');

/** The URL part of a name: "María José Ruiz" → "maria-jose-ruiz" (never empty). */
export function instructorSlugBase(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'instructor';
}

/** The slug for `name` that none of `taken` holds: the base, else base-2, base-3, … */
export function freeInstructorSlug(name: string, taken: ReadonlySet<string>): string {
  const base = instructorSlugBase(name);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
