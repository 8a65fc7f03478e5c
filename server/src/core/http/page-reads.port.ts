/** An API answer as a page reads it: its status and its body's text. */
export interface ApiAnswer {
  status: number;
  body: string;
}

/** One API read of a page: the address, and the headers and body the client's apiFetch sent. */
export interface PageRead {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * Answers a server-rendered page's most common API reads in-process (the features provide it:
 * server/src/pages/page-reads.ts). `undefined` for a read it leaves to the API itself.
 */
export interface PageReadsPort {
  /** A reader for one page: the visitor's session is checked once for all of that page's reads. */
  forPage(cookieHeader: string | undefined): (read: PageRead) => Promise<ApiAnswer | undefined>;
}

/** The injection token of the PageReadsPort. */
export const PAGE_READS = Symbol('PAGE_READS');
