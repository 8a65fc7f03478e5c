/** After this many failed attempts a delivery is given up (about a day of retries). */
export const MAIL_MAX_ATTEMPTS = 24;
/** How long one sender holds a delivery it is making. */
export const CLAIM_MS = 2 * 60_000;
const MINUTE = 60_000;

/** 1, 2, 4, 8, 16, 32 minutes, then every hour. */
export const retryDelayMs = (attempts: number): number => Math.min(2 ** (attempts - 1), 60) * MINUTE;
