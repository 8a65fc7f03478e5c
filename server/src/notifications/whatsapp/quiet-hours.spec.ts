import type { NotificationEvent } from '../events';
import { whatsappSendAt } from './quiet-hours';

const TZ = 'America/Mexico_City'; // UTC-6 all year since 2022
const at = (iso: string): Date => new Date(iso);
const to = { userId: 1, email: 'ana@example.com', name: 'Ana' };
const bookedClass = (date: string, startTime: string) => ({
  reservationId: 1,
  date,
  startTime,
  durationMinutes: 50,
  instructor: 'Luis',
  spot: 'Reformer 4',
});
const confirmed: NotificationEvent = {
  type: 'reservation.confirmed',
  to,
  payload: { class: bookedClass('2026-12-01', '18:00') },
};
const promotion = (date: string, startTime: string): NotificationEvent => ({
  type: 'waitlist.promoted',
  to,
  payload: { class: bookedClass(date, startTime), cancelUntil: '2026-12-01T12:00:00.000Z', grace: true },
});

describe('whatsappSendAt (studio in Mexico City, machine in ' + (process.env.TZ ?? 'its zone') + ')', () => {
  it('should send at once at 08:00 and until 20:59 studio time', () => {
    expect(whatsappSendAt(confirmed, at('2026-11-30T14:00:00Z'), TZ)).toEqual(at('2026-11-30T14:00:00Z')); // 08:00
    expect(whatsappSendAt(confirmed, at('2026-12-01T02:59:59Z'), TZ)).toEqual(at('2026-12-01T02:59:59Z')); // 20:59:59
  });

  it('should hold a message written at 21:00 until 08:00 the next morning', () => {
    expect(whatsappSendAt(confirmed, at('2026-12-01T03:00:00Z'), TZ)).toEqual(at('2026-12-01T14:00:00Z'));
  });

  it('should hold a message written at 07:59 until 08:00 the same morning', () => {
    expect(whatsappSendAt(confirmed, at('2026-11-30T13:59:00Z'), TZ)).toEqual(at('2026-11-30T14:00:00Z'));
  });

  it('should hold a message written just after midnight until 08:00 of that studio day', () => {
    expect(whatsappSendAt(confirmed, at('2026-12-01T06:30:00Z'), TZ)).toEqual(at('2026-12-01T14:00:00Z'));
  });

  it('should send a waitlist promotion at night when its class starts before 10:00 the next morning', () => {
    // 23:00 on 30 Nov, class at 09:59 on 1 Dec.
    expect(whatsappSendAt(promotion('2026-12-01', '09:59'), at('2026-12-01T05:00:00Z'), TZ)).toEqual(
      at('2026-12-01T05:00:00Z'),
    );
    // 06:00 on 1 Dec, class at 07:00 that morning.
    expect(whatsappSendAt(promotion('2026-12-01', '07:00'), at('2026-12-01T12:00:00Z'), TZ)).toEqual(
      at('2026-12-01T12:00:00Z'),
    );
  });

  it('should hold a waitlist promotion for a class at 10:00 or later until 08:00', () => {
    expect(whatsappSendAt(promotion('2026-12-01', '10:00'), at('2026-12-01T05:00:00Z'), TZ)).toEqual(
      at('2026-12-01T14:00:00Z'),
    );
    expect(whatsappSendAt(promotion('2026-12-02', '07:00'), at('2026-12-01T05:00:00Z'), TZ)).toEqual(
      at('2026-12-01T14:00:00Z'),
    );
  });
});
