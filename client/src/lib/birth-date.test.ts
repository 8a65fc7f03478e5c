import { describe, expect, it } from 'vitest';
import { BIRTH_DATE_MESSAGE, birthDateError, FUTURE_BIRTH_DATE_MESSAGE } from './birth-date';

describe('birthDateError', () => {
  it('refuses a date after today, before 1900 or not a date, and accepts today and earlier', () => {
    expect(birthDateError('2026-11-24', '2026-11-23')).toBe(FUTURE_BIRTH_DATE_MESSAGE);
    expect(birthDateError('1899-12-31', '2026-11-23')).toBe(BIRTH_DATE_MESSAGE);
    expect(birthDateError('1990-02-30', '2026-11-23')).toBe(BIRTH_DATE_MESSAGE);
    expect(birthDateError('2026-11-23', '2026-11-23')).toBeNull();
    expect(birthDateError('1990-05-17', '2026-11-23')).toBeNull();
  });
});
