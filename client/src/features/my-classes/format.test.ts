import { describe, expect, it } from 'vitest';
import { cancelQuestion, formatStudioInstant } from './format';

describe('formatStudioInstant', () => {
  it('should read the instant on the studio clock when the process runs in another zone', () => {
    // 01:00 UTC on Tuesday is 7:00 PM on Monday in Mexico City (UTC−6).
    expect(formatStudioInstant('2026-11-24T01:00:00.000Z')).toBe('lunes 23 de noviembre, 7:00 PM');
  });

  it('should write the morning in 12-hour time', () => {
    expect(formatStudioInstant('2026-11-24T13:00:00.000Z')).toBe('martes 24 de noviembre, 7:00 AM');
  });
});

describe('cancelQuestion', () => {
  it('should name the long date with its weekday and the time', () => {
    expect(cancelQuestion('2026-11-24', '7:00 AM')).toBe(
      '¿Cancelar tu clase del martes 24 de noviembre de 2026 a las 7:00 AM?',
    );
  });
});
