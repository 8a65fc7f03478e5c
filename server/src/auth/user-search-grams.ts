// The users search's trigram index (user_search_grams): which grams a user's name and email hold,
// and which a search needs. The bench's SQL seed (scripts/bench/history-seed.mjs) loads this file
// from the build, so the grams it writes are the app's.

/** Length of a gram, in characters (code points, as MariaDB's varchar counts them). */
export const GRAM_LENGTH = 3;

// Accents (combining marks once decomposed) and invisible format characters (soft hyphen,
// zero-width joiner), which MariaDB's collation ignores.
const IGNORED = /[\p{M}\p{Cf}]/gu;

/** Printable ASCII: nothing to fold but the case. */
const ASCII = /^[\x20-\x7e]*$/;

/**
 * Lower case without accents (`Años` → `anos`): how names, emails and search terms are compared.
 * Also the compatibility forms (NFKD: `ﬁ` → `fi`, full-width letters), `ß` as `ss` and the final
 * sigma as any other, as people type them without the special key.
 */
export function foldForSearch(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text.toLowerCase().normalize('NFKD').replace(IGNORED, '').replace(/ß/g, 'ss').replace(/ς/g, 'σ');
}

/** Whether a user's name or email contains a folded search term (`foldForSearch`): any case, any accents. */
export function matchesFoldedTerm(name: string, email: string, term: string): boolean {
  return foldForSearch(name).includes(term) || foldForSearch(email).includes(term);
}

/** Every distinct run of GRAM_LENGTH characters of an already folded text (none when shorter). */
function gramsOfFolded(folded: string, into: Set<string>): Set<string> {
  const chars = Array.from(folded);
  for (let i = 0; i + GRAM_LENGTH <= chars.length; i++) into.add(chars.slice(i, i + GRAM_LENGTH).join(''));
  return into;
}

/** The grams stored for a user: those of the name and of the email, each folded on its own. */
export function userSearchGrams(name: string, email: string): string[] {
  const grams = gramsOfFolded(foldForSearch(name), new Set());
  return [...gramsOfFolded(foldForSearch(email), grams)];
}

/** The grams every match of `search` has; empty when the folded text is too short to have one. */
export function searchTermGrams(search: string): string[] {
  return [...gramsOfFolded(foldForSearch(search), new Set())];
}
