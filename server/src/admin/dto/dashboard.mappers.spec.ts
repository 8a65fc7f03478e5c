import { endingPlanMessage, whatsappNumber, whatsappUrl } from './dashboard.mappers';

describe('WhatsApp links of plans ending soon', () => {
  it.each([
    ['55 1234 5678', '525512345678'],
    ['(55) 1234-5678', '525512345678'],
    ['+52 55 1234 5678', '525512345678'],
    ['+52 1 55 1234 5678', '525512345678'],
    ['0052 55 1234 5678', '525512345678'],
    ['521 55 1234 5678', '525512345678'],
    ['+1 415 555 0100', '14155550100'],
  ])('should turn %s into %s', (phone, number) => {
    expect(whatsappNumber(phone)).toBe(number);
  });

  it.each([[null], [''], ['12'], ['415 555 0100 99'], ['1234567']])('should give no number for %j', (phone) => {
    expect(whatsappNumber(phone)).toBeNull();
  });

  it('should prefill a Spanish message, URL-encoded', () => {
    const row = {
      userPlanId: 1,
      userId: 2,
      name: 'Ana María López',
      email: 'ana@example.com',
      phone: '5512345678',
      planName: 'Ocho Clases',
      classesRemaining: 3,
      endDate: '2026-12-12',
      reminderSentAt: null,
    };
    expect(endingPlanMessage(row)).toBe(
      '¡Hola, Ana! Te escribimos del estudio de Pilates: te quedan 3 clases de tu plan «Ocho Clases» hasta el 12 de diciembre de 2026. ¿Te ayudamos a reservarlas?',
    );
    const url = new URL(whatsappUrl(row)!);
    expect(url.origin + url.pathname).toBe('https://wa.me/525512345678');
    expect(url.searchParams.get('text')).toBe(endingPlanMessage(row));
    expect(whatsappUrl(row)).toContain('%C2%A1Hola%2C%20Ana!');
    expect(whatsappUrl({ ...row, phone: null })).toBeNull();
  });
});
