import { describe, expect, it } from 'vitest';
import { formatLongDate, parseDateOnly } from './dates';

describe('dates', () => {
  it('should format a date-only value in long Spanish without shifting the day', () => {
    expect(formatLongDate('1990-05-17')).toBe('17 de mayo de 1990');
    expect(formatLongDate('2026-01-01')).toBe('1 de enero de 2026');
  });

  it('should refuse an invalid date with the spec message', () => {
    expect(() => parseDateOnly('2025-02-30')).toThrow('La fecha proporcionada no es válida.');
    expect(() => parseDateOnly('17/05/1990')).toThrow('La fecha proporcionada no es válida.');
  });
});
