import { describe, expect, it } from 'vitest';
import {
  INVALID_DATE_MESSAGE,
  addDays,
  formatDateOnly,
  isDateOnly,
  isoWeekday,
  mondayOf,
  parseDateOnly,
  weekFrom,
  addMonths,
  planEndDate,
} from './index';

describe('isDateOnly', () => {
  it('should accept real calendar dates written YYYY-MM-DD', () => {
    expect(isDateOnly('2026-11-24')).toBe(true);
    expect(isDateOnly('2024-02-29')).toBe(true);
    expect(isDateOnly('2000-02-29')).toBe(true);
    expect(isDateOnly('0001-01-01')).toBe(true);
    expect(isDateOnly('9999-12-31')).toBe(true);
  });

  it('should refuse impossible dates and other shapes', () => {
    for (const value of [
      '2025-02-30',
      '2025-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-11-00',
      '2026-1-05',
      '26-11-24',
      '2026/11/24',
      '17/05/1990',
      ' 2026-11-24',
      '2026-11-24T00:00:00Z',
      '',
    ]) {
      expect(isDateOnly(value), value).toBe(false);
    }
  });

  it('should refuse values that are not strings', () => {
    for (const value of [undefined, null, 20261124, new Date(), {}, ['2026-11-24']]) {
      expect(isDateOnly(value)).toBe(false);
    }
  });
});

describe('parseDateOnly', () => {
  it('should give the UTC midnight of the date', () => {
    expect(parseDateOnly('1990-05-17').toISOString()).toBe('1990-05-17T00:00:00.000Z');
    expect(parseDateOnly('2024-02-29').toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('should keep years below 100 as written', () => {
    expect(parseDateOnly('0050-03-01').getUTCFullYear()).toBe(50);
  });

  it('should throw the Spanish message for an invalid date', () => {
    expect(() => parseDateOnly('2025-02-30')).toThrow(INVALID_DATE_MESSAGE);
    expect(() => parseDateOnly('17/05/1990')).toThrow('La fecha proporcionada no es válida.');
    expect(() => parseDateOnly('')).toThrow(INVALID_DATE_MESSAGE);
  });
});

describe('formatDateOnly', () => {
  it('should write the UTC fields, whatever the process zone', () => {
    expect(formatDateOnly(new Date('2026-11-24T00:00:00Z'))).toBe('2026-11-24');
    expect(formatDateOnly(new Date('2026-11-24T23:59:59.999Z'))).toBe('2026-11-24');
    expect(formatDateOnly(new Date(Date.UTC(2026, 0, 5)))).toBe('2026-01-05');
  });

  it('should pad small years', () => {
    expect(formatDateOnly(parseDateOnly('0050-03-01'))).toBe('0050-03-01');
  });

  it('should round-trip with parseDateOnly', () => {
    for (const value of ['1990-05-17', '2024-02-29', '2026-12-31', '2027-01-01']) {
      expect(formatDateOnly(parseDateOnly(value))).toBe(value);
    }
  });

  it('should throw on an Invalid Date', () => {
    expect(() => formatDateOnly(new Date('not a date'))).toThrow(INVALID_DATE_MESSAGE);
    expect(() => formatDateOnly(new Date(Date.UTC(10000, 0, 1)))).toThrow(INVALID_DATE_MESSAGE);
  });
});

describe('addDays', () => {
  it('should cross month and year boundaries', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-24', 0)).toBe('2026-11-24');
    expect(addDays('2026-11-24', 365)).toBe('2027-11-24');
  });

  it('should handle the leap day', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 365)).toBe('2025-02-28');
  });

  it('should not be moved by daylight-saving changes', () => {
    // Mexico City ended DST on 2022-10-30; Europe and the US change in March and November.
    expect(addDays('2022-10-29', 2)).toBe('2022-10-31');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-10-24', 7)).toBe('2026-10-31');
  });

  it('should refuse an invalid date or a fractional count', () => {
    expect(() => addDays('2025-02-30', 1)).toThrow(INVALID_DATE_MESSAGE);
    expect(() => addDays('2026-11-24', 1.5)).toThrow();
    expect(() => addDays('2026-11-24', Number.NaN)).toThrow();
  });
});

describe('isoWeekday', () => {
  it('should number Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-24')).toBe(2);
    expect(isoWeekday('2026-11-25')).toBe(3);
    expect(isoWeekday('2026-11-26')).toBe(4);
    expect(isoWeekday('2026-11-27')).toBe(5);
    expect(isoWeekday('2026-11-28')).toBe(6);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isoWeekday('2024-02-29')).toBe(4);
  });

  it('should throw on an invalid date', () => {
    expect(() => isoWeekday('2026-02-31')).toThrow(INVALID_DATE_MESSAGE);
  });
});

describe('mondayOf', () => {
  it('should give the Monday that starts the week', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-26')).toBe('2026-11-23');
    expect(mondayOf('2026-11-28')).toBe('2026-11-23');
  });

  it('should take a Sunday back to the Monday before it', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
  });

  it('should cross month, year and leap-day boundaries', () => {
    expect(mondayOf('2026-11-01')).toBe('2026-10-26');
    expect(mondayOf('2027-01-03')).toBe('2026-12-28');
    expect(mondayOf('2024-03-02')).toBe('2024-02-26');
  });

  it('should throw on an invalid date', () => {
    expect(() => mondayOf('2026-11-31')).toThrow(INVALID_DATE_MESSAGE);
  });
});

describe('weekFrom', () => {
  it('should list seven consecutive dates starting at the given one', () => {
    expect(weekFrom('2026-11-23')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });

  it('should cross the year and the leap day', () => {
    expect(weekFrom('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(weekFrom('2024-02-26')[3]).toBe('2024-02-29');
    expect(weekFrom('2024-02-26')[4]).toBe('2024-03-01');
  });

  it('should throw on an invalid date', () => {
    expect(() => weekFrom('2026-02-29')).toThrow(INVALID_DATE_MESSAGE);
  });
});

describe('addMonths and planEndDate', () => {
  it('should keep the day of the month, clamped to shorter months', () => {
    expect(addMonths('2026-11-23', 1)).toBe('2026-12-23');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('should end a one-month plan the day before the same day of the next month', () => {
    expect(planEndDate('2026-11-23')).toBe('2026-12-22');
    expect(planEndDate('2026-12-01')).toBe('2026-12-31');
    expect(planEndDate('2026-01-31')).toBe('2026-02-28');
    expect(planEndDate('2026-01-28')).toBe('2026-02-27');
  });
});
