import { describe, expect, it } from 'vitest';
import { periodDays, periodFor, rangeProblem } from './period';
import { dashboardSearchSchema } from './search';

describe('dashboard periods on the studio calendar', () => {
  it('should give this week from Monday to Sunday, this month and last month, both ends included', () => {
    expect(periodFor({ periodo: 'semana' }, '2026-11-26')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodFor({ periodo: 'semana' }, '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodFor({ periodo: 'mes' }, '2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodFor({ periodo: 'mes-pasado' }, '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodFor({ periodo: 'mes-pasado' }, '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('should take a usable custom range as is and fall back to this month otherwise', () => {
    expect(periodFor({ periodo: 'rango', desde: '2026-10-05', hasta: '2026-11-02' }, '2026-11-26')).toEqual({
      from: '2026-10-05',
      to: '2026-11-02',
    });
    expect(periodFor({ periodo: 'rango', desde: '2026-11-05', hasta: '2026-11-02' }, '2026-11-26')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('should explain in Spanish why a range cannot be asked for, up to 366 days', () => {
    expect(rangeProblem(undefined, '2026-11-02')).toBe('Elige la fecha de inicio y la de término.');
    expect(rangeProblem('2026-11-03', '2026-11-02')).toBe(
      'La fecha de término debe ser igual o posterior a la de inicio.',
    );
    expect(periodDays({ from: '2025-11-24', to: '2026-11-24' })).toBe(366);
    expect(rangeProblem('2025-11-24', '2026-11-24')).toBeNull();
    expect(rangeProblem('2025-11-23', '2026-11-24')).toBe('El periodo no puede pasar de 366 días.');
  });

  it('should refuse, as the server does, a range from before 2000 or ending more than 366 days after today', () => {
    expect(rangeProblem('1999-12-31', '2000-01-01')).toBe('El periodo no puede empezar antes del 1 de enero de 2000.');
    expect(rangeProblem('2027-11-01', '2027-11-28', '2026-11-26')).toBe(
      'La fecha de término no puede ser más de 366 días después de hoy.',
    );
    expect(rangeProblem('2027-11-01', '2027-11-27', '2026-11-26')).toBeNull();
    expect(periodFor({ periodo: 'rango', desde: '9999-01-01', hasta: '9999-12-31' }, '2026-11-26')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('should read the URL: an unknown preset is this month, a range keeps only real dates', () => {
    expect(dashboardSearchSchema.parse({ periodo: 'otro' })).toEqual({ periodo: 'mes' });
    expect(dashboardSearchSchema.parse({ periodo: 'semana', desde: '2026-01-01' })).toEqual({ periodo: 'semana' });
    expect(dashboardSearchSchema.parse({ periodo: 'rango', desde: '2026-01-01', hasta: 'mañana' })).toEqual({
      periodo: 'rango',
      desde: '2026-01-01',
      hasta: undefined,
    });
  });
});
