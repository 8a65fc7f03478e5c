import {
  bookableUntil,
  bookingBlockedFrom,
  daysBetween,
  daysInYear,
  paidThroughAfter,
  pauseOn,
  studioWeekOf,
  type MembershipTerms,
} from './membership-rules';

const paid = (changes: Partial<MembershipTerms> = {}): MembershipTerms => ({
  status: 'active',
  anchorDate: '2026-01-31',
  periodsPaid: 1,
  extraDays: 0,
  paidThrough: '2026-02-27',
  cancelsOn: null,
  pastDueSince: null,
  ...changes,
});

describe('membership rules', () => {
  it('should end a period the day before the same day of the next month, clamped, plus the pause days', () => {
    expect(paidThroughAfter('2026-11-23', 1)).toBe('2026-12-22');
    expect(paidThroughAfter('2026-01-31', 1)).toBe('2026-02-27');
    expect(paidThroughAfter('2026-01-31', 2)).toBe('2026-03-30');
    expect(paidThroughAfter('2026-11-23', 1, 7)).toBe('2026-12-29');
  });

  it('should book up to one period past the paid one, never past the day a cancellation takes effect', () => {
    expect(bookableUntil(paid())).toBe('2026-03-30');
    expect(bookableUntil(paid({ extraDays: 10 }))).toBe('2026-04-09');
    expect(bookableUntil(paid({ cancelsOn: '2026-02-27' }))).toBe('2026-02-27');
    expect(bookableUntil(paid({ periodsPaid: 0, paidThrough: null }))).toBeNull();
  });

  it('should block a past-due membership the grace days after its failed charge, and never one in order', () => {
    const since = new Date('2026-12-23T15:00:00.000Z');
    expect(bookingBlockedFrom({ pastDueSince: since }, 7)?.toISOString()).toBe('2026-12-30T15:00:00.000Z');
    expect(bookingBlockedFrom({ pastDueSince: since }, 0)?.toISOString()).toBe('2026-12-23T15:00:00.000Z');
    expect(bookingBlockedFrom({ pastDueSince: null }, 7)).toBeNull();
  });

  it('should put a Sunday in the week of the Monday before it, and a Monday in its own', () => {
    expect(studioWeekOf('2026-12-06')).toEqual({ start: '2026-11-30', end: '2026-12-06' });
    expect(studioWeekOf('2026-12-07')).toEqual({ start: '2026-12-07', end: '2026-12-13' });
    expect(studioWeekOf('2027-01-01')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
  });

  it('should count the days of a pause in each calendar year it touches', () => {
    expect(daysBetween('2026-12-28', '2027-01-03')).toBe(6);
    expect(daysInYear('2026-12-28', '2027-01-03', 2026)).toBe(4);
    expect(daysInYear('2026-12-28', '2027-01-03', 2027)).toBe(3);
    expect(daysInYear('2026-12-28', '2027-01-03', 2025)).toBe(0);
  });

  it('should find the pause a date falls in, both ends included', () => {
    const pauses = [{ fromDate: '2026-12-01', toDate: '2026-12-07' }];
    expect(pauseOn(pauses, '2026-12-01')).toBe(pauses[0]);
    expect(pauseOn(pauses, '2026-12-07')).toBe(pauses[0]);
    expect(pauseOn(pauses, '2026-12-08')).toBeUndefined();
  });
});
