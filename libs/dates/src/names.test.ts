import { describe, expect, it } from 'vitest';
import {
  INVALID_DATE_MESSAGE,
  WEEKDAY_NAMES,
  formatLongDate,
  formatLongDateWithWeekday,
  monthYearTitle,
  parseDateOnly,
  shortWeekdayName,
  weekFrom,
  weekdayName,
} from './index';

const MONDAY = '2026-11-23';

describe('WEEKDAY_NAMES', () => {
  it('should hold Lunes … Domingo at 1 … 7 and nothing at 0', () => {
    expect(WEEKDAY_NAMES).toEqual(['', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo']);
  });

  it('should not be changeable', () => {
    expect(Object.isFrozen(WEEKDAY_NAMES)).toBe(true);
  });
});

describe('weekdayName and shortWeekdayName', () => {
  it('should name each day of a week from Monday', () => {
    expect(weekFrom(MONDAY).map(weekdayName)).toEqual([
      'Lunes',
      'Martes',
      'Miércoles',
      'Jueves',
      'Viernes',
      'Sábado',
      'Domingo',
    ]);
    expect(weekFrom(MONDAY).map(shortWeekdayName)).toEqual(['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom']);
  });

  it('should throw on an invalid date', () => {
    expect(() => weekdayName('2026-02-30')).toThrow(INVALID_DATE_MESSAGE);
    expect(() => shortWeekdayName('nope')).toThrow(INVALID_DATE_MESSAGE);
  });
});

describe('formatLongDate', () => {
  it('should write the date in long Spanish without shifting the day', () => {
    expect(formatLongDate('1990-05-17')).toBe('17 de mayo de 1990');
    expect(formatLongDate('2026-01-01')).toBe('1 de enero de 2026');
    expect(formatLongDate('2026-12-31')).toBe('31 de diciembre de 2026');
    expect(formatLongDate('2024-02-29')).toBe('29 de febrero de 2024');
    expect(formatLongDate('2026-09-15')).toBe('15 de septiembre de 2026');
  });

  it('should agree with Intl es-MX for every month', () => {
    const intl = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (let month = 1; month <= 12; month++) {
      const date = `2026-${String(month).padStart(2, '0')}-15`;
      expect(formatLongDate(date)).toBe(intl.format(parseDateOnly(date)));
    }
  });

  it('should throw on an invalid date', () => {
    expect(() => formatLongDate('2025-02-30')).toThrow(INVALID_DATE_MESSAGE);
  });
});

describe('formatLongDateWithWeekday', () => {
  it('should start with the lower-case weekday', () => {
    expect(formatLongDateWithWeekday('2026-11-23')).toBe('lunes 23 de noviembre de 2026');
    expect(formatLongDateWithWeekday('2026-11-24')).toBe('martes 24 de noviembre de 2026');
    expect(formatLongDateWithWeekday('2026-11-25')).toBe('miércoles 25 de noviembre de 2026');
    expect(formatLongDateWithWeekday('2026-11-28')).toBe('sábado 28 de noviembre de 2026');
    expect(formatLongDateWithWeekday('2026-11-29')).toBe('domingo 29 de noviembre de 2026');
  });

  it('should throw on an invalid date', () => {
    expect(() => formatLongDateWithWeekday('2026-11-31')).toThrow(INVALID_DATE_MESSAGE);
  });
});

describe('monthYearTitle', () => {
  it('should capitalise the month', () => {
    expect(monthYearTitle('2026-11-24')).toBe('Noviembre 2026');
    expect(monthYearTitle('2027-01-01')).toBe('Enero 2027');
    expect(monthYearTitle('2026-12-31')).toBe('Diciembre 2026');
  });

  it('should throw on an invalid date', () => {
    expect(() => monthYearTitle('2026-13-01')).toThrow(INVALID_DATE_MESSAGE);
  });
});
