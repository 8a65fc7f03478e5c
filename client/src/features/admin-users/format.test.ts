import { describe, expect, it } from 'vitest';
import { deactivatedMessage, defaultPlanDates, formatDate } from './format';

describe('admin users format', () => {
  it('should default a plan to one month minus one day, clamped to a short month', () => {
    expect(defaultPlanDates(new Date('2026-11-23T18:00:00Z'))).toEqual({
      startdate: '2026-11-23',
      enddate: '2026-12-22',
    });
    expect(defaultPlanDates(new Date('2027-01-31T18:00:00Z'))).toEqual({
      startdate: '2027-01-31',
      enddate: '2027-02-28',
    });
  });

  it('should mention the cancelled classes only when there were some', () => {
    expect(deactivatedMessage('Usuario eliminado con éxito', 0)).toBe('Usuario eliminado con éxito');
    expect(deactivatedMessage('Usuario eliminado con éxito', 1)).toBe(
      'Usuario eliminado con éxito. Se canceló 1 clase próxima y volvió a su plan.',
    );
    expect(deactivatedMessage('Usuario eliminado con éxito', 3)).toBe(
      'Usuario eliminado con éxito. Se cancelaron 3 clases próximas y volvieron a sus planes.',
    );
  });

  it('should show a birth date in Spanish and never throw on a bad one', () => {
    expect(formatDate('1990-05-17')).toBe('17 de mayo de 1990');
    expect(formatDate('')).toBe('—');
    expect(formatDate('1990-02-30')).toBe('1990-02-30');
  });
});
