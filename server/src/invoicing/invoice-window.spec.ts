import { invoiceDeadline, nextPeriod, periodOf, previousPeriod, withinInvoiceWindow } from './invoice-window';

const TZ = 'America/Mexico_City';

describe('the invoicing window', () => {
  // Whatever the process zone (the suite runs under TZ=UTC and TZ=Asia/Tokyo): studio time decides.
  it('should put a payment at 23:59 of the last day in that month, and one at 00:00 in the next', () => {
    expect(periodOf(new Date('2026-12-01T05:59:00Z'), TZ)).toBe('2026-11');
    expect(periodOf(new Date('2026-12-01T06:00:00Z'), TZ)).toBe('2026-12');
  });

  it('should close at midnight of the next month in studio time', () => {
    expect(invoiceDeadline('2026-11', 0, TZ).toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(invoiceDeadline('2026-12', 0, TZ).toISOString()).toBe('2027-01-01T06:00:00.000Z');
    expect(invoiceDeadline('2026-11', 2, TZ).toISOString()).toBe('2026-12-03T06:00:00.000Z');
  });

  it('should accept a request at 23:59 of the last day and refuse it at 00:00 of the next', () => {
    const paid = new Date('2026-11-03T18:00:00Z');
    expect(withinInvoiceWindow(paid, new Date('2026-12-01T05:59:59Z'), 0, TZ)).toBe(true);
    expect(withinInvoiceWindow(paid, new Date('2026-12-01T06:00:00Z'), 0, TZ)).toBe(false);
    expect(withinInvoiceWindow(paid, new Date('2026-12-02T12:00:00Z'), 2, TZ)).toBe(true);
  });

  it('should count months across the year', () => {
    expect(nextPeriod('2026-12')).toBe('2027-01');
    expect(previousPeriod('2027-01')).toBe('2026-12');
    expect(previousPeriod('2026-10')).toBe('2026-09');
  });
});
