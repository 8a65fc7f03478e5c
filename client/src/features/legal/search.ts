/*
 * The legal pages' search param: `?version=N` reads an earlier version. Written without zod, like
 * the other route search schemas.
 */
export interface LegalSearch {
  /** A version to read; 0 stands for a value that names none (the page answers 404). */
  version?: number;
}

export const legalSearchSchema = {
  parse: (search: { version?: unknown }): LegalSearch => {
    if (search.version === undefined) return {};
    const version = Number(search.version);
    return { version: Number.isSafeInteger(version) && version > 0 ? version : 0 };
  },
};
