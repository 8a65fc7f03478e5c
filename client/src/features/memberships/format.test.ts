import { describe, expect, it } from 'vitest';
import { membershipLimitLabel, membershipStatusLabel, pauseLength, pauseProblems, weekUsageLabel } from './format';

describe('membership labels', () => {
  it('should name the limit: N a week, or unlimited with its daily cap', () => {
    expect(membershipLimitLabel(3)).toBe('3 clases por semana');
    expect(membershipLimitLabel(1)).toBe('1 clase por semana');
    expect(membershipLimitLabel(null)).toBe('Ilimitado (1 clase al día)');
    expect(membershipLimitLabel(null, 2)).toBe('Ilimitado (2 clases al día)');
  });

  it('should say each status in Spanish, a cancellation with the day it ends', () => {
    expect(membershipStatusLabel('active', null)).toBe('Activa');
    expect(membershipStatusLabel('pending', null)).toBe('Pendiente de pago inicial');
    expect(membershipStatusLabel('paused', null)).toBe('En pausa');
    expect(membershipStatusLabel('past_due', null)).toBe('Pago pendiente');
    expect(membershipStatusLabel('cancelled', '2027-01-03')).toBe('Cancelada — termina el 3 de enero de 2027');
  });

  it("should count this week's classes, or say the daily cap when unlimited", () => {
    expect(weekUsageLabel({ used: 2, limit: 3 })).toBe('2 de 3 esta semana');
    expect(weekUsageLabel({ used: 0, limit: null })).toBe('Ilimitado: 1 clase al día');
  });
});

describe('pauseProblems', () => {
  const today = '2026-11-27';

  it('should count a pause with both ends included', () => {
    expect(pauseLength('2026-11-30', '2026-12-06')).toBe(7);
  });

  it('should accept seven days from tomorrow within the days left', () => {
    expect(pauseProblems('2026-11-28', '2026-12-04', today, 30)).toEqual({});
  });

  it('should refuse a start today or before, and an end before the start', () => {
    expect(pauseProblems('2026-11-27', '2026-12-10', today, 30).from).toMatch(/a partir de mañana/);
    expect(pauseProblems('2026-12-10', '2026-12-01', today, 30).to).toMatch(/posterior a la de inicio/);
  });

  it('should refuse fewer than seven days, and more than the days left this year', () => {
    expect(pauseProblems('2026-12-01', '2026-12-06', today, 30).to).toBe('La pausa dura al menos 7 días.');
    expect(pauseProblems('2026-12-01', '2026-12-20', today, 10).to).toBe('Te quedan 10 días de pausa este año.');
    expect(pauseProblems('2026-12-01', '2026-12-10', today, 0).to).toBe(
      'Ya usaste todos tus días de pausa de este año.',
    );
  });

  it('should ask for both dates', () => {
    expect(pauseProblems('', '', today, 30)).toEqual({
      from: 'Elige desde qué día pausas.',
      to: 'Elige hasta qué día pausas.',
    });
  });
});
