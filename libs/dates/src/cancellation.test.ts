import { describe, expect, it } from 'vitest';
import { canCancelAt, cancelDeadline } from './cancellation';

const start = new Date('2026-11-24T13:00:00.000Z');

describe('cancelDeadline', () => {
  it('should be cancelHours before the start when there is no grace', () => {
    expect(cancelDeadline(start, 12).toISOString()).toBe('2026-11-24T01:00:00.000Z');
  });

  it('should be the grace end when a late promotion gave one past the usual deadline', () => {
    const grace = new Date('2026-11-24T05:00:00.000Z');
    expect(cancelDeadline(start, 12, grace)).toEqual(grace);
  });

  it('should keep the usual deadline when the grace ends before it', () => {
    const grace = new Date('2026-11-23T20:00:00.000Z');
    expect(cancelDeadline(start, 12, grace).toISOString()).toBe('2026-11-24T01:00:00.000Z');
  });
});

describe('canCancelAt', () => {
  const deadline = new Date('2026-11-24T01:00:00.000Z');

  it('should allow cancelling at the deadline itself and not a moment later', () => {
    expect(canCancelAt(deadline, deadline)).toBe(true);
    expect(canCancelAt(new Date(deadline.getTime() + 1), deadline)).toBe(false);
  });
});
