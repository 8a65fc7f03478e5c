import { describe, expect, it } from 'vitest';
import { studioInstant, studioTimeOfDay, studioToday } from './index';

const MEXICO_CITY = 'America/Mexico_City';
const TOKYO = 'Asia/Tokyo';

describe('studioToday', () => {
  it('should read the calendar date in the given zone, not the process zone', () => {
    const instant = new Date('2026-11-24T05:30:00Z');
    expect(studioToday(instant, MEXICO_CITY)).toBe('2026-11-23');
    expect(studioToday(instant, TOKYO)).toBe('2026-11-24');
    expect(studioToday(instant, 'UTC')).toBe('2026-11-24');
  });

  it('should turn the day at the zone midnight', () => {
    // Mexico City is UTC-6 all year (no DST since 2022).
    expect(studioToday(new Date('2026-11-24T05:59:59Z'), MEXICO_CITY)).toBe('2026-11-23');
    expect(studioToday(new Date('2026-11-24T06:00:00Z'), MEXICO_CITY)).toBe('2026-11-24');
    expect(studioToday(new Date('2026-11-23T14:59:59Z'), TOKYO)).toBe('2026-11-23');
    expect(studioToday(new Date('2026-11-23T15:00:00Z'), TOKYO)).toBe('2026-11-24');
  });

  it('should answer within a minute as at its start, and turn the day at the minute of midnight', () => {
    expect(studioToday(new Date('2026-11-24T05:59:00.000Z'), MEXICO_CITY)).toBe('2026-11-23');
    expect(studioToday(new Date('2026-11-24T05:59:59.999Z'), MEXICO_CITY)).toBe('2026-11-23');
    expect(studioToday(new Date('2026-11-24T06:00:00.000Z'), MEXICO_CITY)).toBe('2026-11-24');
    expect(studioTimeOfDay(new Date('2026-11-24T05:59:59.999Z'), MEXICO_CITY)).toBe('23:59');
    expect(studioTimeOfDay(new Date('2026-11-24T06:00:00.000Z'), MEXICO_CITY)).toBe('00:00');
  });

  it('should cross the year and the leap day', () => {
    expect(studioToday(new Date('2027-01-01T03:00:00Z'), MEXICO_CITY)).toBe('2026-12-31');
    expect(studioToday(new Date('2024-02-28T20:00:00Z'), TOKYO)).toBe('2024-02-29');
  });

  it('should refuse an unknown zone', () => {
    expect(() => studioToday(new Date('2026-11-24T05:30:00Z'), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('studioTimeOfDay', () => {
  it('should give the 24-hour wall clock in the given zone', () => {
    const instant = new Date('2026-11-24T05:30:00Z');
    expect(studioTimeOfDay(instant, MEXICO_CITY)).toBe('23:30');
    expect(studioTimeOfDay(instant, TOKYO)).toBe('14:30');
    expect(studioTimeOfDay(instant, 'UTC')).toBe('05:30');
  });

  it('should write midnight as 00:00, never 24:00', () => {
    expect(studioTimeOfDay(new Date('2026-11-24T06:00:00Z'), MEXICO_CITY)).toBe('00:00');
    expect(studioTimeOfDay(new Date('2026-11-23T15:05:00Z'), TOKYO)).toBe('00:05');
  });
});

describe('studioInstant', () => {
  it('should place a Mexico City wall-clock time at its UTC instant, whatever the process zone', () => {
    expect(studioInstant('2026-11-24', '07:00', 'America/Mexico_City').toISOString()).toBe('2026-11-24T13:00:00.000Z');
    expect(studioInstant('2026-11-24', '20:00', 'America/Mexico_City').toISOString()).toBe('2026-11-25T02:00:00.000Z');
    expect(studioInstant('2026-11-24', '07:00', 'Asia/Tokyo').toISOString()).toBe('2026-11-23T22:00:00.000Z');
  });

  it('should follow daylight saving time in zones that have it', () => {
    expect(studioInstant('2026-07-01', '09:00', 'America/New_York').toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(studioInstant('2026-01-15', '09:00', 'America/New_York').toISOString()).toBe('2026-01-15T14:00:00.000Z');
    // 02:30 does not exist on 2026-03-08 in New York: it lands an hour later on the wall clock.
    expect(studioInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });
});
