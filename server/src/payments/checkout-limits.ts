import type { CheckoutRow } from './payments.repository';
import { OPEN_STATUSES } from './payments.repository';

const HOUR = 3600_000;

export interface CheckoutLimits {
  /** Checkouts open at once (CHECKOUT_MAX_OPEN). */
  maxOpen: number;
  /** Checkouts started in an hour (CHECKOUT_MAX_PER_HOUR). */
  maxPerHour: number;
  /** How long a checkout link works (a purchase nobody paid is abandoned after it). */
  linkHours: number;
}

/** Why a client must wait before another checkout, and until when. */
export interface CheckoutWait {
  reason: 'open' | 'hour';
  until: Date;
}

/**
 * Until when a purchase holds one of the client's open checkouts, or null when it holds none. A
 * purchase still `created` (nobody paid) is open while its link works, at most until it expires; one
 * under way (an OXXO ticket: pending, in_process…) until its payment deadline.
 */
export function openUntil(row: CheckoutRow, limits: CheckoutLimits): Date | null {
  if (!OPEN_STATUSES.includes(row.status) || !row.expiresAt) return null;
  if (row.status !== 'created') return row.expiresAt;
  const linkEnds = row.createdAt.getTime() + limits.linkHours * HOUR;
  return new Date(Math.min(linkEnds, row.expiresAt.getTime()));
}

/** The `rank`-th earliest (1-based) of some instants. */
const nth = (instants: number[], rank: number): number => [...instants].sort((a, b) => a - b)[rank - 1];

/**
 * Whether a client may start a checkout now, given their purchases (CheckoutsRepository's rows):
 * null when they may, else the limit they reached and when it lets them (both limits when both).
 * Purchases whose checkout never reached Mercado Pago (the preference failed) count for neither.
 */
export function checkoutWait(rows: CheckoutRow[], now: Date, limits: CheckoutLimits): CheckoutWait | null {
  const started = rows.filter((row) => row.statusDetail !== 'preference_failed');
  const openEnds = started
    .map((row) => openUntil(row, limits)?.getTime())
    .filter((end): end is number => end !== undefined && end > now.getTime());
  const lastHour = started.map((row) => row.createdAt.getTime()).filter((created) => created > now.getTime() - HOUR);
  const waits: CheckoutWait[] = [];
  if (openEnds.length >= limits.maxOpen) {
    // One slot frees when enough of them have ended to leave maxOpen - 1 open.
    waits.push({ reason: 'open', until: new Date(nth(openEnds, openEnds.length - limits.maxOpen + 1)) });
  }
  if (lastHour.length >= limits.maxPerHour) {
    waits.push({ reason: 'hour', until: new Date(nth(lastHour, lastHour.length - limits.maxPerHour + 1) + HOUR) });
  }
  if (waits.length === 0) return null;
  return waits.reduce((later, wait) => (wait.until > later.until ? wait : later));
}
