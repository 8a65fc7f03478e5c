/*
 * The studio's cancellation rule, in one place for the server (which enforces it) and anything
 * that words it: a client may cancel for free until `cancelHours` before the class starts
 * (inclusive), or until a late waitlist promotion's grace ends when that is later.
 */

/** Until when a class starting at `start` can be cancelled for free. */
export function cancelDeadline(start: Date, cancelHours: number, graceUntil: Date | null = null): Date {
  const deadline = new Date(start.getTime() - cancelHours * 3_600_000);
  return graceUntil && graceUntil.getTime() > deadline.getTime() ? graceUntil : deadline;
}

/** Whether a client may still cancel at `now`: the deadline itself is still in time. */
export function canCancelAt(now: Date, deadline: Date): boolean {
  return now.getTime() <= deadline.getTime();
}
