import { describe, expect, it } from 'vitest';
import { monthOf, monthsUpTo, previousMonth } from './month';
import { payMonthSearchSchema } from './search';

describe('the pay pages’ month', () => {
  it('should offer this month and the 23 before it, newest first, across a new year', () => {
    const months = monthsUpTo('2026-02-14');
    expect(months).toHaveLength(24);
    expect(months.slice(0, 3)).toEqual([
      { value: '2026-02', label: 'Febrero 2026' },
      { value: '2026-01', label: 'Enero 2026' },
      { value: '2025-12', label: 'Diciembre 2025' },
    ]);
    expect(months[23].value).toBe('2024-03');
    expect(previousMonth('2026-10')).toBe('2026-09');
  });

  it('should read ?mes from the URL, and fall back to this month for a later month or no month', () => {
    expect(payMonthSearchSchema.parse({ mes: '2026-09' })).toEqual({ mes: '2026-09' });
    expect(payMonthSearchSchema.parse({ mes: '2026-13' })).toEqual({});
    expect(payMonthSearchSchema.parse({ mes: 202609 })).toEqual({});
    expect(monthOf({ mes: '2026-09' }, '2026-11-27')).toBe('2026-09');
    expect(monthOf({ mes: '2026-12' }, '2026-11-27')).toBe('2026-11');
    expect(monthOf({}, '2026-11-27')).toBe('2026-11');
  });
});
