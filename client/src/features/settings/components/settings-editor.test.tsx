import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SettingsDto } from '@/api/generated/model';
import { DEFAULT_STUDIO_CONTACT } from '@pilates/dates/studio-contact';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { INVOICING_MESSAGES } from '../invoicing-schema';
import { MESSAGES } from '../schemas';
import { NOTHING_CHANGED, SettingsEditor } from './settings-editor';

const SETTINGS_URL = '/api/admin/settings';
const CHANGE_URL = '/api/admin/settings/change';

const SETTINGS: SettingsDto = {
  cancelHours: 12,
  waitlistMax: 10,
  waitlistCutoffHours: 2,
  waitlistGraceMinutes: 60,
  lateCancelReleases: true,
  autoNoShows: true,
  strikeRule: { enabled: false, count: 3, days: 30, blockDays: 7 },
  reminderHours: 24,
  secondReminderHours: null,
  contact: DEFAULT_STUDIO_CONTACT,
  giftCardAmounts: [500, 800, 1000, 1500, 2000, 3000],
  giftCardPlanPrices: true,
  invoiceProductKey: '01010101',
  invoiceUnitKey: 'E48',
  invoiceSeries: 'F',
  invoiceZip: '52140',
  invoiceGraceDays: 0,
  invoiceDescription: 'Clases de Pilates Reformer',
  membershipGraceDays: 7,
  membershipPauseMaxDaysPerYear: 30,
  membershipDailyLimit: 1,
};

const read = () => ({ status: 200, body: { success: true, settings: SETTINGS, warnings: [] } });

async function renderEditor() {
  const view = renderPage(<SettingsEditor />);
  await screen.findByRole('button', { name: 'Guardar cambios' });
  return view;
}

const field = (label: RegExp | string) => screen.getByLabelText(label);

async function replace(label: RegExp | string, text: string) {
  await userEvent.clear(field(label));
  if (text !== '') await userEvent.type(field(label), text);
}

describe('SettingsEditor ("Ajustes")', () => {
  it('should show the settings in their sections, in Spanish', async () => {
    stubApi({ [SETTINGS_URL]: read });
    await renderEditor();

    for (const section of [
      'Cancelaciones',
      'Lista de espera',
      'Inasistencias y penalizaciones',
      'Recordatorios',
      'Contacto del estudio',
      'Tarjetas de regalo',
      'Membresías',
    ]) {
      expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
    }
    expect(field(/Cancelar sin costo hasta/)).toHaveValue('12');
    expect(screen.getByRole('checkbox', { name: 'Marcar inasistencias automáticamente' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bloquear la reserva en línea por faltas' })).not.toBeChecked();
    expect(field(/Segundo recordatorio/)).toHaveValue('');
    expect(field('WhatsApp')).toHaveValue('527221234567');
    expect(field('Dirección')).toHaveValue(DEFAULT_STUDIO_CONTACT.address.join('\n'));
  });

  it('should refuse negative, absurd and malformed values at their fields before sending', async () => {
    const fetchMock = stubApi({ [SETTINGS_URL]: read });
    await renderEditor();

    await replace(/Cancelar sin costo hasta/, '-1');
    await replace('Personas en espera por clase', '1000');
    await replace('WhatsApp', '722-abc');
    await replace(/Segundo recordatorio/, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText(MESSAGES.cancelHours)).toBeInTheDocument();
    expect(field(/Cancelar sin costo hasta/)).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.cancelHours),
    );
    expect(field('Personas en espera por clase')).toHaveAccessibleDescription(MESSAGES.waitlistMax);
    expect(field('WhatsApp')).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.whatsapp));
    expect(field(/Segundo recordatorio/)).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.secondReminderOrder),
    );
    expect(bodiesSentTo(fetchMock, CHANGE_URL)).toEqual([]);
  });

  it('should send only the changed fields, then say so and show the warnings the server gives', async () => {
    const warning = 'La lista de espera cierra 20 horas antes de la clase, antes de que termine el plazo.';
    const fetchMock = stubApi({
      [SETTINGS_URL]: read,
      [CHANGE_URL]: () => ({
        status: 200,
        body: {
          success: true,
          message: 'Ajustes guardados.',
          settings: {
            ...SETTINGS,
            waitlistCutoffHours: 20,
            strikeRule: { ...SETTINGS.strikeRule, enabled: true },
            contact: {
              ...SETTINGS.contact,
              phone: '722 765 4321',
              openingHours: ['Lunes a viernes: 7:00 AM – 9:00 PM'],
            },
          },
          warnings: [warning],
        },
      }),
    });
    await renderEditor();

    // Nothing changed yet: nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(NOTHING_CHANGED)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CHANGE_URL)).toEqual([]);

    await replace('La lista cierra (horas antes de la clase)', '20');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bloquear la reserva en línea por faltas' }));
    await replace('Teléfono', '722 765 4321');
    await userEvent.type(field('Horario de atención'), 'Lunes a viernes: 7:00 AM – 9:00 PM');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Ajustes guardados.');
    expect(bodiesSentTo(fetchMock, CHANGE_URL)).toEqual([
      {
        waitlistCutoffHours: 20,
        strikeRule: { enabled: true },
        contact: { phone: '722 765 4321', openingHours: ['Lunes a viernes: 7:00 AM – 9:00 PM'] },
      },
    ]);
    expect(within(screen.getByRole('note', { name: 'Advertencias' })).getByText(warning)).toBeInTheDocument();
  });

  it("should show the server's field errors at their fields", async () => {
    const refused = 'El Instagram debe ser la dirección de la página, empezando con https://';
    stubApi({
      [SETTINGS_URL]: read,
      [CHANGE_URL]: () => ({
        status: 400,
        body: { success: false, code: 'VALIDATION_ERROR', error: { 'contact.instagram': [refused] } },
      }),
    });
    await renderEditor();

    await replace('Instagram', 'https://instagram.com/otro');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText(refused)).toBeInTheDocument();
    expect(field('Instagram')).toHaveAccessibleDescription(expect.stringContaining(refused));
  });

  it("should send the studio's e-mail lower-cased, and refuse one that is not an address at its field", async () => {
    const fetchMock = stubApi({
      [SETTINGS_URL]: read,
      [CHANGE_URL]: () => ({
        status: 200,
        body: {
          success: true,
          message: 'Ajustes guardados.',
          settings: { ...SETTINGS, contact: { ...SETTINGS.contact, email: 'recepcion@estudio.mx' } },
          warnings: [],
        },
      }),
    });
    await renderEditor();
    expect(field('Correo del estudio')).toHaveValue('hola@estudiopilatesreformer.mx');

    await replace('Correo del estudio', 'hola@');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(MESSAGES.email)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CHANGE_URL)).toEqual([]);

    await replace('Correo del estudio', ' Recepcion@Estudio.MX ');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ajustes guardados.');
    expect(bodiesSentTo(fetchMock, CHANGE_URL)).toEqual([{ contact: { email: 'recepcion@estudio.mx' } }]);
  });

  describe('memberships', () => {
    const grace = /Días de gracia con pago pendiente/;
    const pauseDays = /Días de pausa al año/;
    const daily = /Clases por día de una membresía ilimitada/;

    it('should show the grace days, the pause days a year and the daily classes, with their bounds', async () => {
      stubApi({ [SETTINGS_URL]: read });
      await renderEditor();
      const section = screen.getByRole('region', { name: 'Membresías' });
      expect(within(section).getByLabelText(grace)).toHaveValue('7');
      expect(within(section).getByLabelText(pauseDays)).toHaveValue('30');
      expect(within(section).getByLabelText(daily)).toHaveValue('1');
      expect(within(section).getByLabelText(grace)).toHaveAccessibleDescription(expect.stringContaining('De 0 a 30.'));
      expect(within(section).getByLabelText(pauseDays)).toHaveAccessibleDescription(
        expect.stringContaining('De 0 a 90.'),
      );
      expect(within(section).getByLabelText(daily)).toHaveAccessibleDescription(expect.stringContaining('De 1 a 3.'));
    });

    it('should refuse values outside the server’s bounds at their fields before sending', async () => {
      const fetchMock = stubApi({ [SETTINGS_URL]: read });
      await renderEditor();

      await replace(grace, '31');
      await replace(pauseDays, '91');
      await replace(daily, '0');
      await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

      expect(await screen.findByText(MESSAGES.membershipGraceDays)).toBeInTheDocument();
      expect(field(pauseDays)).toHaveAccessibleDescription(
        expect.stringContaining(MESSAGES.membershipPauseMaxDaysPerYear),
      );
      expect(field(daily)).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.membershipDailyLimit));
      expect(bodiesSentTo(fetchMock, CHANGE_URL)).toEqual([]);
    });

    it('should send only the membership settings that changed', async () => {
      const fetchMock = stubApi({
        [SETTINGS_URL]: read,
        [CHANGE_URL]: () => ({
          status: 200,
          body: {
            success: true,
            message: 'Ajustes guardados.',
            settings: { ...SETTINGS, membershipGraceDays: 0, membershipDailyLimit: 2 },
            warnings: [],
          },
        }),
      });
      await renderEditor();

      await replace(grace, '0');
      await replace(daily, '2');
      await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

      expect(await screen.findByRole('status')).toHaveTextContent('Ajustes guardados.');
      expect(bodiesSentTo(fetchMock, CHANGE_URL)).toEqual([{ membershipGraceDays: 0, membershipDailyLimit: 2 }]);
      expect(field(grace)).toHaveValue('0');
    });

    it("should show the server's refusal of a membership setting at its field", async () => {
      stubApi({
        [SETTINGS_URL]: read,
        [CHANGE_URL]: () => ({
          status: 400,
          body: {
            success: false,
            code: 'VALIDATION_ERROR',
            error: { membershipPauseMaxDaysPerYear: [MESSAGES.membershipPauseMaxDaysPerYear] },
          },
        }),
      });
      await renderEditor();

      await replace(pauseDays, '60');
      await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

      expect(await screen.findByText(MESSAGES.membershipPauseMaxDaysPerYear)).toBeInTheDocument();
      expect(field(pauseDays)).toHaveAttribute('aria-invalid', 'true');
    });
  });

  describe('gift card amounts', () => {
    const amounts = () => field('Montos (pesos)');
    const planPrices = () => screen.getByRole('checkbox', { name: 'También el precio de cada plan' });
    const save = () => userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    it('should show the amounts one a line and whether the plans’ prices are offered', async () => {
      stubApi({ [SETTINGS_URL]: read });
      await renderEditor();
      const section = screen.getByRole('region', { name: 'Tarjetas de regalo' });
      expect(within(section).getByLabelText('Montos (pesos)')).toHaveValue('500\n800\n1000\n1500\n2000\n3000');
      expect(within(section).getByRole('checkbox', { name: 'También el precio de cada plan' })).toBeChecked();
    });

    it.each([
      ['no amount', '', MESSAGES.giftCardAmounts],
      ['an amount under $100', '99\n500', MESSAGES.giftCardAmounts],
      ['an amount over $20,000', '500\n20001', MESSAGES.giftCardAmounts],
      ['centavos', '500.50', MESSAGES.giftCardAmounts],
      ['words', 'quinientos', MESSAGES.giftCardAmounts],
      ['13 amounts', Array.from({ length: 13 }, (_, i) => String(100 + i * 100)).join('\n'), MESSAGES.giftCardAmounts],
      ['a repeated amount', '500\n$500', MESSAGES.giftCardAmountsRepeated],
    ])('should refuse %s at the field before sending', async (_, text, message) => {
      const fetchMock = stubApi({ [SETTINGS_URL]: read });
      await renderEditor();

      await replace('Montos (pesos)', text);
      await save();

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(amounts()).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(amounts()).toHaveAttribute('aria-invalid', 'true');
      expect(bodiesSentTo(fetchMock, CHANGE_URL)).toEqual([]);
    });

    it('should send the amounts as written by people, ascending, and the plans’ prices turned off', async () => {
      const fetchMock = stubApi({
        [SETTINGS_URL]: read,
        [CHANGE_URL]: () => ({
          status: 200,
          body: {
            success: true,
            message: 'Ajustes guardados.',
            settings: { ...SETTINGS, giftCardAmounts: [600, 1200, 1500, 2500], giftCardPlanPrices: false },
            warnings: [],
          },
        }),
      });
      await renderEditor();

      await replace('Montos (pesos)', '$2,500\n1200, 600\n\n$ 1,500');
      await userEvent.click(planPrices());
      await save();

      expect(await screen.findByRole('status')).toHaveTextContent('Ajustes guardados.');
      expect(bodiesSentTo(fetchMock, CHANGE_URL)).toEqual([
        { giftCardAmounts: [600, 1200, 1500, 2500], giftCardPlanPrices: false },
      ]);
      // The form shows what the server stored.
      expect(amounts()).toHaveValue('600\n1200\n1500\n2500');
      expect(planPrices()).not.toBeChecked();
    });

    it('should send nothing when the same amounts are written in another order', async () => {
      const fetchMock = stubApi({ [SETTINGS_URL]: read });
      await renderEditor();

      await replace('Montos (pesos)', '3000\n2000\n1500\n1000\n800\n500');
      await save();

      expect(await screen.findByText(NOTHING_CHANGED)).toBeInTheDocument();
      expect(bodiesSentTo(fetchMock, CHANGE_URL)).toEqual([]);
    });

    it("should show the server's refusal of the amounts at the field", async () => {
      const refused = 'Los montos de las tarjetas de regalo no deben repetirse.';
      stubApi({
        [SETTINGS_URL]: read,
        [CHANGE_URL]: () => ({
          status: 400,
          body: { success: false, code: 'VALIDATION_ERROR', error: { giftCardAmounts: [refused] } },
        }),
      });
      await renderEditor();

      await replace('Montos (pesos)', '700');
      await save();

      expect(await screen.findByText(refused)).toBeInTheDocument();
      expect(amounts()).toHaveAccessibleDescription(expect.stringContaining(refused));
    });
  });
});

describe('SettingsEditor: "Facturación"', () => {
  it('should show the fiscal settings, with the placeholder product key called provisional', async () => {
    stubApi({ [SETTINGS_URL]: read });
    await renderEditor();

    const section = screen.getByRole('region', { name: 'Facturación' });
    expect(within(section).getByLabelText('Clave de producto o servicio (SAT)')).toHaveValue('01010101');
    expect(within(section).getByLabelText('Clave de producto o servicio (SAT)')).toHaveAccessibleDescription(
      expect.stringContaining('es provisional: tu contadora debe reemplazarla'),
    );
    expect(within(section).getByLabelText('Clave de unidad (SAT)')).toHaveValue('E48');
    expect(within(section).getByLabelText('Serie de las facturas')).toHaveValue('F');
    expect(within(section).getByLabelText('Código postal del estudio')).toHaveValue('52140');
    expect(within(section).getByLabelText('Días extra para pedir factura')).toHaveValue('0');

    await replace('Clave de producto o servicio (SAT)', '85121800');
    expect(field('Clave de producto o servicio (SAT)')).not.toHaveAccessibleDescription(
      expect.stringContaining('provisional'),
    );
  });

  it('should refuse malformed fiscal settings at their fields with the server messages, before sending', async () => {
    const fetchMock = stubApi({ [SETTINGS_URL]: read });
    await renderEditor();

    await replace('Clave de producto o servicio (SAT)', '0101');
    await replace('Clave de unidad (SAT)', 'E-48');
    await replace('Serie de las facturas', 'F 1');
    await replace('Código postal del estudio', '5214');
    await replace('Días extra para pedir factura', '3');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText(INVOICING_MESSAGES.invoiceProductKey)).toBeInTheDocument();
    expect(field('Clave de unidad (SAT)')).toHaveAccessibleDescription(
      expect.stringContaining(INVOICING_MESSAGES.invoiceUnitKey),
    );
    expect(field('Serie de las facturas')).toHaveAccessibleDescription(
      expect.stringContaining(INVOICING_MESSAGES.invoiceSeries),
    );
    expect(field('Código postal del estudio')).toHaveAccessibleDescription(
      expect.stringContaining(INVOICING_MESSAGES.invoiceZip),
    );
    expect(field('Días extra para pedir factura')).toHaveAccessibleDescription(
      expect.stringContaining(INVOICING_MESSAGES.invoiceGraceDays),
    );
    expect(bodiesSentTo(fetchMock, CHANGE_URL)).toEqual([]);
  });

  it('should send only the changed fiscal settings (unit key in capitals, days as a number)', async () => {
    const fetchMock = stubApi({
      [SETTINGS_URL]: read,
      [CHANGE_URL]: () => ({
        status: 200,
        body: {
          success: true,
          message: 'Ajustes guardados.',
          settings: { ...SETTINGS, invoiceUnitKey: 'E48', invoiceSeries: 'PIL', invoiceGraceDays: 2 },
          warnings: [],
        },
      }),
    });
    await renderEditor();

    await replace('Clave de unidad (SAT)', 'e48');
    await replace('Serie de las facturas', 'PIL');
    await replace('Días extra para pedir factura', '2');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Ajustes guardados.');
    expect(bodiesSentTo(fetchMock, CHANGE_URL)).toEqual([{ invoiceSeries: 'PIL', invoiceGraceDays: 2 }]);
  });

  it("should put the server's refusal of a fiscal setting under its field", async () => {
    stubApi({
      [SETTINGS_URL]: read,
      [CHANGE_URL]: () => ({
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_ERROR',
          error: { invoiceZip: ['El código postal del estudio son 5 dígitos.'] },
        },
      }),
    });
    await renderEditor();

    await replace('Código postal del estudio', '52141');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('El código postal del estudio son 5 dígitos.')).toBeInTheDocument();
    expect(field('Código postal del estudio')).toHaveAccessibleDescription(
      expect.stringContaining('El código postal del estudio son 5 dígitos.'),
    );
  });

  it("should show the invoice's description, refuse a blank or too long one under it, and send it trimmed", async () => {
    const changed = 'Clases grupales de Pilates Reformer';
    const fetchMock = stubApi({
      [SETTINGS_URL]: read,
      [CHANGE_URL]: () => ({
        status: 200,
        body: {
          success: true,
          message: 'Ajustes guardados.',
          settings: { ...SETTINGS, invoiceDescription: changed },
          warnings: [],
        },
      }),
    });
    await renderEditor();

    const section = screen.getByRole('region', { name: 'Facturación' });
    const description = () => within(section).getByLabelText('Descripción en la factura');
    expect(description()).toHaveValue('Clases de Pilates Reformer');
    expect(description()).toHaveAccessibleDescription(
      expect.stringContaining('«Clases de Pilates Reformer · Plan Ocho Clases (8 clases)»'),
    );

    await replace('Descripción en la factura', '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(INVOICING_MESSAGES.invoiceDescription)).toBeInTheDocument();
    expect(description()).toHaveAccessibleDescription(expect.stringContaining(INVOICING_MESSAGES.invoiceDescription));

    await userEvent.clear(description());
    await userEvent.click(description());
    await userEvent.paste('x'.repeat(201));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(description()).toHaveAccessibleDescription(expect.stringContaining(INVOICING_MESSAGES.invoiceDescription));
    expect(bodiesSentTo(fetchMock, CHANGE_URL)).toEqual([]);

    await replace('Descripción en la factura', `  ${changed} `);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ajustes guardados.');
    expect(bodiesSentTo(fetchMock, CHANGE_URL)).toEqual([{ invoiceDescription: changed }]);
  });

  it("should put the server's refusal of the invoice's description under its field", async () => {
    stubApi({
      [SETTINGS_URL]: read,
      [CHANGE_URL]: () => ({
        status: 400,
        body: { success: false, code: 'VALIDATION_ERROR', error: { invoiceDescription: ['Descripción rechazada.'] } },
      }),
    });
    await renderEditor();

    await replace('Descripción en la factura', 'Clases de Barre');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Descripción rechazada.')).toBeInTheDocument();
    expect(field('Descripción en la factura')).toHaveAccessibleDescription(
      expect.stringContaining('Descripción rechazada.'),
    );
  });
});
