import { describe, expect, it } from 'vitest';
import { cancellationPolicySentences, type CancellationPolicy } from './cancellation-policy';

const DEFAULTS: CancellationPolicy = {
  cancelHours: 12,
  lateCancelReleases: true,
  autoNoShows: true,
  strikeRule: { enabled: false, count: 3, days: 30, blockDays: 7 },
};

describe('cancellationPolicySentences', () => {
  it('should state the window, the late release and the no-shows, and no strike rule while it is off', () => {
    const text = cancellationPolicySentences(DEFAULTS).join(' ');
    expect(text).toContain('hasta 12 horas antes de la clase');
    expect(text).toContain('puedes liberar tu lugar');
    expect(text).toContain('inasistencia');
    expect(text).not.toContain('no podrás reservar en línea');
  });

  it('should follow the settings: one hour, no late release, and the strike rule when on', () => {
    const text = cancellationPolicySentences({
      cancelHours: 1,
      lateCancelReleases: false,
      autoNoShows: false,
      strikeRule: { enabled: true, count: 2, days: 14, blockDays: 1 },
    }).join(' ');
    expect(text).toContain('hasta 1 hora antes');
    expect(text).toContain('ya no es posible cancelar');
    expect(text).not.toContain('liberar tu lugar');
    expect(text).toContain(
      'Si acumulas 2 inasistencias o cancelaciones tardías en 14 días, no podrás reservar en línea durante 1 día',
    );
  });
});
