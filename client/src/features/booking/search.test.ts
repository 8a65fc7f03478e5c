import { describe, expect, it } from 'vitest';
import { calendarSearchSchema, selectedDay } from './search';

describe('calendarSearchSchema', () => {
  it('should keep a real date and drop anything else', () => {
    expect(calendarSearchSchema.parse({ fecha: '2026-11-24' })).toEqual({ fecha: '2026-11-24' });
    expect(calendarSearchSchema.parse({ fecha: '2026-02-30' })).toEqual({ fecha: undefined });
    expect(calendarSearchSchema.parse({ fecha: 20261124 })).toEqual({ fecha: undefined });
    expect(calendarSearchSchema.parse({})).toEqual({ fecha: undefined });
  });
});

describe('selectedDay', () => {
  it('should default to today', () => {
    expect(selectedDay(undefined, '2026-11-25', false)).toBe('2026-11-25');
  });

  it('should show today instead of a past date on the booking calendar only', () => {
    expect(selectedDay('2026-11-20', '2026-11-25', false)).toBe('2026-11-25');
    expect(selectedDay('2026-11-20', '2026-11-25', true)).toBe('2026-11-20');
    expect(selectedDay('2026-12-01', '2026-11-25', false)).toBe('2026-12-01');
  });
});
