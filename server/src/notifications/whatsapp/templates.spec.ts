import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NotificationEvent } from '../events';
import { renderWhatsApp, WHATSAPP_TEMPLATES } from './templates';

const context = { studioTimeZone: 'America/Mexico_City', appUrl: 'https://estudio.mx', cancelHours: 12 };
const to = { userId: 1, email: 'ana@example.com', name: 'Ana' };
const item = {
  reservationId: 7,
  date: '2026-12-01',
  startTime: '07:00',
  durationMinutes: 50,
  instructor: 'Luis',
  spot: 'Reformer 4',
};

describe('renderWhatsApp', () => {
  it('should fill the confirmation with the class in studio time, the reformer and the link', () => {
    const message = renderWhatsApp(
      { type: 'reservation.confirmed', to, payload: { class: item, cancelUntil: '2026-11-30T19:00:00.000Z' } },
      context,
    );
    expect(message).toEqual({
      template: 'reserva_confirmada',
      parameters: [
        'Ana',
        'martes 1 de diciembre de 2026 a las 7:00 AM',
        'Reformer 4',
        'Puedes cancelarla sin perder la clase hasta el lunes 30 de noviembre de 2026 a las 1:00 PM.',
        'https://estudio.mx/pilates/clases',
      ],
      text: expect.stringContaining(
        'quedó reservada para el martes 1 de diciembre de 2026 a las 7:00 AM. Tu lugar: Reformer 4.',
      ),
    });
  });

  it('should give every template as many parameters as its body names', () => {
    const events: NotificationEvent[] = [
      { type: 'reservation.confirmed', to, payload: { class: item } },
      { type: 'class.reminder', to, payload: { class: item, sentOn: '2026-12-01' } },
      { type: 'waitlist.promoted', to, payload: { class: item, cancelUntil: '2026-12-01T12:00:00Z', grace: true } },
      { type: 'reservation.cancelled', to, payload: { class: item, byStudio: true } },
      {
        type: 'reservation.changed',
        to,
        payload: { class: item, before: { startTime: '07:00', instructor: 'Ana' }, reason: 'substitute' },
      },
      {
        type: 'plan.ending',
        to,
        payload: { userPlanId: 1, planName: '8 clases', classesRemaining: 1, endDate: '2026-12-12' },
      },
      {
        type: 'membership.past_due',
        to,
        payload: { membershipId: 1, planName: 'Ilimitado', totalCents: 149_900, paidThrough: null, graceDays: 0 },
      },
    ];
    const used = new Set<string>();
    for (const event of events) {
      const message = renderWhatsApp(event, context)!;
      const template = WHATSAPP_TEMPLATES[message.template];
      expect(template.event).toBe(event.type);
      expect(message.parameters).toHaveLength(template.parameters.length);
      expect(template.body.match(/\{\{\d+\}\}/g)).toHaveLength(template.parameters.length);
      expect(message.text).not.toMatch(/\{\{|\n/);
      for (const parameter of message.parameters) expect(parameter).not.toBe('');
      used.add(message.template);
    }
    expect([...used].sort()).toEqual(Object.keys(WHATSAPP_TEMPLATES).sort());
  });

  it('should leave to e-mail what has no template: a client cancelling, a new time, payments', () => {
    expect(
      renderWhatsApp({ type: 'reservation.cancelled', to, payload: { class: item, byStudio: false } }, context),
    ).toBeNull();
    expect(
      renderWhatsApp(
        {
          type: 'reservation.changed',
          to,
          payload: { class: item, before: { startTime: '08:00', instructor: 'Luis' } },
        },
        context,
      ),
    ).toBeNull();
    expect(renderWhatsApp({ type: 'account.password-reset', to, payload: {} as never }, context)).toBeNull();
  });

  it('should say "hoy" in a reminder sent on the class day and name a class without reformer', () => {
    const message = renderWhatsApp(
      { type: 'class.reminder', to, payload: { class: { ...item, spot: null }, sentOn: '2026-12-01' } },
      context,
    )!;
    expect(message.parameters.slice(1, 3)).toEqual(['hoy a las 7:00 AM', 'el que elijas al llegar']);
  });

  it("should keep each body within Meta's rules: no parameter first or last, each numbered once in order", () => {
    for (const [name, template] of Object.entries(WHATSAPP_TEMPLATES)) {
      expect({ name, starts: /^\{\{/.test(template.body), ends: /\}\}$/.test(template.body) }).toEqual({
        name,
        starts: false,
        ends: false,
      });
      const numbers = [...template.body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));
      expect(numbers).toEqual(template.parameters.map((_, index) => index + 1));
    }
  });

  it('should be listed in the README as written here, to register with Meta', () => {
    const readme = readFileSync(join(__dirname, '../../../../README.md'), 'utf8');
    for (const [name, template] of Object.entries(WHATSAPP_TEMPLATES)) {
      expect(readme).toContain(`**\`${name}\`** (\`${template.event}\`): «${template.body}»`);
    }
  });
});
