import { describe, expect, it } from 'vitest';
import {
  bookedMessage,
  bookingPolicyText,
  cancelQuestion,
  cancelTermsText,
  classOutcomeText,
  formatStudioInstant,
} from './format';

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

describe('what cancelling does, from the server answer', () => {
  it('should state the free deadline while the server accepts cancelling', () => {
    expect(cancelTermsText({ cancellable: true, cancelUntil: '2026-11-24T01:00:00.000Z' }, true)).toBe(
      'Cancela sin costo hasta el lunes 23 de noviembre, 7:00 PM; la clase vuelve a tu plan.',
    );
    expect(bookedMessage({ message: '¡Listo!', cancellable: true, cancelUntil: '2026-11-24T01:00:00.000Z' })).toBe(
      '¡Listo! Cancela sin costo hasta el lunes 23 de noviembre, 7:00 PM.',
    );
  });

  it('should promise nothing once the deadline has passed or the class was booked inside it', () => {
    expect(cancelTermsText({ cancellable: false, cancelUntil: '2026-11-24T01:00:00.000Z' }, true)).toBe(
      'Ya no se puede cancelar sin costo: el límite era el lunes 23 de noviembre, 7:00 PM. Puedes liberar tu lugar, pero la clase no se devuelve a tu plan.',
    );
    const late = bookedMessage({ message: '¡Listo!', cancellable: false, cancelUntil: '2026-11-24T01:00:00.000Z' });
    expect(late).toBe('¡Listo! Reservaste dentro del límite: esta clase ya no se puede cancelar ni vuelve a tu plan.');
    expect(late).not.toMatch(/sin costo/);
  });

  it('should name the reformer the booking was given', () => {
    const answer = { message: '¡Listo!', cancellable: true, cancelUntil: '2026-11-24T01:00:00.000Z' };
    expect(bookedMessage({ ...answer, spot: { label: 'Reformer 4' } })).toBe(
      '¡Listo! Tu lugar: Reformer 4. Cancela sin costo hasta el lunes 23 de noviembre, 7:00 PM.',
    );
  });

  it('should state the policy in force before booking: the free deadline in studio time, then what releasing does', () => {
    expect(bookingPolicyText({ cancellable: true, cancelUntil: '2026-11-27T01:00:00.000Z' }, true)).toBe(
      'Cancela sin costo hasta el jueves 26 de noviembre, 7:00 PM. Después puedes liberar tu lugar, pero la clase no se devuelve a tu plan.',
    );
    expect(bookingPolicyText({ cancellable: false, cancelUntil: '2026-11-27T01:00:00.000Z' }, true)).toBe(
      'Reservas dentro del límite para cancelar sin costo: puedes liberar tu lugar, pero la clase no se devuelve a tu plan.',
    );
  });

  it('should never offer a release the studio turned off (Ajustes): after the deadline the class is taken', () => {
    const until = '2026-11-27T01:00:00.000Z';
    expect(bookingPolicyText({ cancellable: true, cancelUntil: until }, false)).toBe(
      'Cancela sin costo hasta el jueves 26 de noviembre, 7:00 PM. Después ya no se puede cancelar y la clase se considera tomada.',
    );
    expect(bookingPolicyText({ cancellable: false, cancelUntil: until }, false)).toBe(
      'Reservas dentro del límite para cancelar sin costo: ya no podrás cancelarla y la clase se considera tomada.',
    );
    expect(cancelTermsText({ cancellable: false, cancelUntil: until }, false)).toBe(
      'Ya no se puede cancelar sin costo: el límite era el jueves 26 de noviembre, 7:00 PM. La clase se considera tomada.',
    );
  });

  it('should say a released place is "Lugar liberado", never an attendance, and mark what was forgiven', () => {
    const row = { attended: null, lateReleased: false, forgiven: false };
    expect(classOutcomeText({ ...row, lateReleased: true })).toBe('Lugar liberado');
    expect(classOutcomeText({ ...row, lateReleased: true, forgiven: true })).toBe('Lugar liberado (perdonado)');
    expect(classOutcomeText({ ...row, attended: false, forgiven: true })).toBe('No asistió (perdonado)');
    expect(classOutcomeText({ ...row, attended: true })).toBe('Asistió');
    expect(classOutcomeText(row)).toBe('Sin marcar');
  });
});
