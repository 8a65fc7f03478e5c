import { DEFAULT_STUDIO_CONTACT } from '@pilates/dates';
import { blockFrom, blockMessage } from './no-shows.service';
import type { Strike } from './reservations.repository';

const rule = { enabled: true, count: 3, days: 30, blockDays: 7 };
const noShow = (date: string): Strike => ({ date, kind: 'no_show' });
const contact = { ...DEFAULT_STUDIO_CONTACT };

describe('the strike rule', () => {
  it('should block through blockDays after the strike that makes the count', () => {
    const strikes = [noShow('2026-11-01'), noShow('2026-11-10'), noShow('2026-11-20')];
    expect(blockFrom(strikes, rule, '2026-11-27')).toEqual({
      until: '2026-11-27',
      noShows: 3,
      lateReleases: 0,
      days: 30,
    });
    expect(blockFrom(strikes, rule, '2026-11-28')).toBeNull();
  });

  it('should not block when the strikes are spread over more than the window', () => {
    const strikes = [noShow('2026-10-01'), noShow('2026-10-20'), noShow('2026-11-01')];
    expect(blockFrom(strikes, rule, '2026-11-02')).toBeNull();
  });

  it('should not block below the count', () => {
    expect(blockFrom([noShow('2026-11-20'), noShow('2026-11-21')], rule, '2026-11-22')).toBeNull();
  });

  it('should say why, until when and whom to write to', () => {
    const block = { until: '2026-12-11', noShows: 3, lateReleases: 0, days: 30 };
    expect(blockMessage(block, contact)).toBe(
      'Tu reserva en línea está pausada hasta el viernes 11 de diciembre de 2026 por 3 inasistencias en 30 días. ' +
        'Escríbenos por WhatsApp al 722 123 4567 si crees que es un error.',
    );
    expect(blockMessage(block, { ...contact, whatsapp: '' })).toContain('Llámanos al 722 123 4567 si crees');
    expect(blockMessage(block, { ...contact, whatsapp: '', phone: '' })).toContain('Escríbenos al estudio si crees');
  });
});
