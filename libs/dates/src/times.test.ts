import { describe, expect, it } from 'vitest';
import { INVALID_TIME_MESSAGE, isTime24, timeToMinutes, to12Hour, to24Hour } from './index';

describe('isTime24', () => {
  it('should accept HH:mm from 00:00 to 23:59', () => {
    for (const value of ['00:00', '07:05', '12:00', '18:30', '23:59']) expect(isTime24(value), value).toBe(true);
  });

  it('should refuse anything else', () => {
    for (const value of ['24:00', '7:00', '07:60', '07:00:00', '7:00 AM', ' 07:00', '', 700, null, undefined]) {
      expect(isTime24(value), String(value)).toBe(false);
    }
  });
});

describe('timeToMinutes', () => {
  it('should count minutes since midnight', () => {
    expect(timeToMinutes('7:00 AM')).toBe(420);
    expect(timeToMinutes('07:00 AM')).toBe(420);
    expect(timeToMinutes('12:00 PM')).toBe(720);
    expect(timeToMinutes('12:30 AM')).toBe(30);
    expect(timeToMinutes('12:00 AM')).toBe(0);
    expect(timeToMinutes('6:30 PM')).toBe(1110);
    expect(timeToMinutes('11:59 PM')).toBe(1439);
  });

  it('should throw the Spanish message for an invalid time', () => {
    for (const value of ['13:00 PM', '0:30 AM', '7:60 AM', '07:00', '7 AM', '', 'mediodía']) {
      expect(() => timeToMinutes(value), value).toThrow(INVALID_TIME_MESSAGE);
    }
    expect(() => timeToMinutes('25:00')).toThrow('La hora proporcionada no es válida.');
  });
});

describe('to12Hour', () => {
  it('should write h:mm AM|PM', () => {
    expect(to12Hour('07:00')).toBe('7:00 AM');
    expect(to12Hour('18:30')).toBe('6:30 PM');
    expect(to12Hour('00:15')).toBe('12:15 AM');
    expect(to12Hour('00:00')).toBe('12:00 AM');
    expect(to12Hour('12:00')).toBe('12:00 PM');
    expect(to12Hour('11:59')).toBe('11:59 AM');
    expect(to12Hour('23:59')).toBe('11:59 PM');
  });

  it('should throw the Spanish message for an invalid time', () => {
    for (const value of ['24:00', '7:00', '07:60', '7:00 AM', '']) {
      expect(() => to12Hour(value), value).toThrow(INVALID_TIME_MESSAGE);
    }
  });
});

describe('to24Hour', () => {
  it('should write HH:mm', () => {
    expect(to24Hour('6:30 PM')).toBe('18:30');
    expect(to24Hour('7:00 AM')).toBe('07:00');
    expect(to24Hour('12:00 PM')).toBe('12:00');
    expect(to24Hour('12:15 AM')).toBe('00:15');
  });

  it('should be the inverse of to12Hour for every minute of the day', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes++) {
      const time24 = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      expect(to24Hour(to12Hour(time24))).toBe(time24);
      expect(timeToMinutes(to12Hour(time24))).toBe(minutes);
    }
  });

  it('should throw the Spanish message for an invalid time', () => {
    expect(() => to24Hour('18:30')).toThrow(INVALID_TIME_MESSAGE);
  });
});
