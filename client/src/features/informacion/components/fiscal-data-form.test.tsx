import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FiscalDataDto, FiscalDataResponseDto } from '@/api/generated/model';
import { CATALOGUES } from '@/test/fiscal-catalogues';
import { bodiesSentTo, renderPage, stubApi, type Handler } from '@/test/page-test-utils';
import { FISCAL_DATA_SAVED_MESSAGE, FiscalData } from './fiscal-data';

const URL = '/api/informacion/fiscal-data';

const SAVED: FiscalDataDto = {
  rfc: 'GODE561231GR8',
  legalName: 'EMILIO GÓMEZ DÍAZ',
  taxSystem: '612',
  zip: '52140',
  cfdiUse: 'G03',
  email: 'facturas@example.com',
  autoInvoice: false,
};

/** GET answers `current`; a POST answers `onSave` (by default: saves the body and answers it). */
function stubFiscalData(current: FiscalDataResponseDto, onSave?: Handler) {
  return stubApi({
    [URL]: (body) => {
      if (body === undefined) return { status: 200, body: current };
      if (onSave) return onSave(body);
      return { status: 200, body: { ...current, fiscalData: body } };
    },
  });
}

const saveButton = () => screen.getByRole('button', { name: 'Guardar datos de facturación' });

/** Opens a Radix select with the keyboard and returns the labels of its options. */
async function optionsOf(name: string): Promise<string[]> {
  const trigger = screen.getByRole('combobox', { name });
  trigger.focus();
  await userEvent.keyboard('{Enter}');
  const listbox = await screen.findByRole('listbox');
  const labels = within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return labels;
}

async function choose(name: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => vi.unstubAllGlobals());

describe('FiscalData ("Datos de facturación" in Mi información)', () => {
  it('should offer the uso del CFDI only once a régimen is chosen, and only the uses the SAT allows for it', async () => {
    stubFiscalData(CATALOGUES);
    renderPage(<FiscalData onSaved={() => undefined} />);

    const uso = await screen.findByRole('combobox', { name: 'Uso del CFDI' });
    expect(uso).toBeDisabled();
    expect(uso).toHaveTextContent('Primero elige tu régimen');

    await choose('Régimen fiscal', '605 – Sueldos y Salarios e Ingresos Asimilados a Salarios');
    expect(uso).toBeEnabled();
    const for605 = await optionsOf('Uso del CFDI');
    expect(for605).toContain('S01 – Sin efectos fiscales');
    expect(for605).toContain('D01 – Honorarios médicos, dentales y gastos hospitalarios');
    expect(for605).not.toContain('G03 – Gastos en general');

    await choose('Régimen fiscal', '612 – Personas Físicas con Actividades Empresariales y Profesionales');
    const for612 = await optionsOf('Uso del CFDI');
    expect(for612).toEqual([
      'G03 – Gastos en general',
      'D01 – Honorarios médicos, dentales y gastos hospitalarios',
      'S01 – Sin efectos fiscales',
    ]);

    // Under 601 a person's deduction is never offered.
    await choose('Régimen fiscal', '601 – General de Ley Personas Morales');
    expect(await optionsOf('Uso del CFDI')).toEqual(['G03 – Gastos en general', 'S01 – Sin efectos fiscales']);
  });

  it('should clear a chosen use that the new régimen does not allow, and keep one it allows', async () => {
    stubFiscalData(CATALOGUES);
    renderPage(<FiscalData onSaved={() => undefined} />);

    await screen.findByRole('combobox', { name: 'Régimen fiscal' });
    await choose('Régimen fiscal', '612 – Personas Físicas con Actividades Empresariales y Profesionales');
    await choose('Uso del CFDI', 'G03 – Gastos en general');
    const uso = screen.getByRole('combobox', { name: 'Uso del CFDI' });
    expect(uso).toHaveTextContent('G03 – Gastos en general');

    await choose('Régimen fiscal', '605 – Sueldos y Salarios e Ingresos Asimilados a Salarios');
    expect(uso).not.toHaveTextContent('G03');
    expect(uso).toHaveTextContent('Elige el uso');

    await choose('Uso del CFDI', 'S01 – Sin efectos fiscales');
    await choose('Régimen fiscal', '612 – Personas Físicas con Actividades Empresariales y Profesionales');
    expect(uso).toHaveTextContent('S01 – Sin efectos fiscales');
  });

  it('should send every field to POST /api/informacion/fiscal-data with autoInvoice true when the box is ticked', async () => {
    const onSaved = vi.fn();
    const fetchMock = stubFiscalData(CATALOGUES);
    renderPage(<FiscalData onSaved={onSaved} />);

    const box = await screen.findByRole('checkbox', { name: 'Facturar mis compras automáticamente' });
    expect(box).not.toBeChecked();
    // The RFC is written in capitals as it is typed.
    await userEvent.type(screen.getByRole('textbox', { name: 'RFC' }), 'gode561231gr8');
    expect(screen.getByRole('textbox', { name: 'RFC' })).toHaveValue('GODE561231GR8');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre o razón social' }), 'Emilio Gómez Díaz');
    await choose('Régimen fiscal', '612 – Personas Físicas con Actividades Empresariales y Profesionales');
    await userEvent.type(screen.getByRole('textbox', { name: 'Código postal del domicilio fiscal' }), '52140');
    await choose('Uso del CFDI', 'G03 – Gastos en general');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Correo para recibir tus facturas' }),
      'facturas@example.com',
    );
    await userEvent.click(box);
    expect(box).toBeChecked();
    await userEvent.click(saveButton());

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(FISCAL_DATA_SAVED_MESSAGE));
    expect(bodiesSentTo(fetchMock, URL).filter(Boolean)).toEqual([
      {
        rfc: 'GODE561231GR8',
        legalName: 'Emilio Gómez Díaz',
        taxSystem: '612',
        zip: '52140',
        cfdiUse: 'G03',
        email: 'facturas@example.com',
        autoInvoice: true,
      },
    ]);
  });

  it('should show the saved data, the box ticked when the profile says autoInvoice, and send false once unticked', async () => {
    const onSaved = vi.fn();
    const fetchMock = stubFiscalData({ ...CATALOGUES, fiscalData: { ...SAVED, autoInvoice: true } });
    renderPage(<FiscalData onSaved={onSaved} />);

    const box = await screen.findByRole('checkbox', { name: 'Facturar mis compras automáticamente' });
    expect(box).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'RFC' })).toHaveValue('GODE561231GR8');
    expect(screen.getByRole('textbox', { name: 'Código postal del domicilio fiscal' })).toHaveValue('52140');
    expect(screen.getByRole('combobox', { name: 'Régimen fiscal' })).toHaveTextContent('612 – Personas Físicas');
    expect(screen.getByRole('combobox', { name: 'Uso del CFDI' })).toHaveTextContent('G03 – Gastos en general');

    await userEvent.click(box);
    expect(box).not.toBeChecked();
    await userEvent.click(saveButton());

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(FISCAL_DATA_SAVED_MESSAGE));
    expect(bodiesSentTo(fetchMock, URL).filter(Boolean)).toEqual([{ ...SAVED, autoInvoice: false }]);
    // The answer's data stays on screen.
    expect(screen.getByRole('checkbox', { name: 'Facturar mis compras automáticamente' })).not.toBeChecked();
  });

  it('should leave the box unticked when the saved profile says autoInvoice false', async () => {
    stubFiscalData({ ...CATALOGUES, fiscalData: SAVED });
    renderPage(<FiscalData onSaved={() => undefined} />);

    expect(await screen.findByRole('checkbox', { name: 'Facturar mis compras automáticamente' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'RFC' })).toHaveValue('GODE561231GR8');
  });

  it("should show each of the server's field errors under its field, tied to the input", async () => {
    const onSaved = vi.fn();
    const errors: Record<string, string[]> = {
      rfc: ['El RFC no es válido'],
      zip: ['El código postal debe tener 5 dígitos'],
      cfdiUse: ['El uso del CFDI no está permitido para tu régimen fiscal'],
      email: ['Escribe un correo válido'],
    };
    stubFiscalData({ ...CATALOGUES, fiscalData: { ...SAVED, rfc: 'GODE561231GR9' } }, () => ({
      status: 400,
      body: { success: false, code: 'VALIDATION_ERROR', error: errors },
    }));
    renderPage(<FiscalData onSaved={onSaved} />);

    const rfc = await screen.findByRole('textbox', { name: 'RFC' });
    expect(rfc).not.toHaveAttribute('aria-invalid');
    await userEvent.click(saveButton());

    await vi.waitFor(() => expect(rfc).toHaveAttribute('aria-invalid', 'true'));
    expect(rfc).toHaveAccessibleDescription(expect.stringContaining('El RFC no es válido'));
    const zip = screen.getByRole('textbox', { name: 'Código postal del domicilio fiscal' });
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription('El código postal debe tener 5 dígitos');
    const uso = screen.getByRole('combobox', { name: 'Uso del CFDI' });
    expect(uso).toHaveAttribute('aria-invalid', 'true');
    expect(uso).toHaveAccessibleDescription('El uso del CFDI no está permitido para tu régimen fiscal');
    const email = screen.getByRole('textbox', { name: 'Correo para recibir tus facturas' });
    expect(email).toHaveAccessibleDescription('Escribe un correo válido');
    // A field the server did not name stays clean, and each message is shown once, under its field.
    expect(screen.getByRole('textbox', { name: 'Nombre o razón social' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('combobox', { name: 'Régimen fiscal' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText('El RFC no es válido')).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('should show a refusal that names no field above the button', async () => {
    stubFiscalData({ ...CATALOGUES, fiscalData: SAVED }, () => ({
      status: 503,
      body: { success: false, code: 'SERVICE_UNAVAILABLE', error: 'No pudimos guardar tus datos. Intenta más tarde.' },
    }));
    renderPage(<FiscalData onSaved={() => undefined} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Guardar datos de facturación' }));
    const form = screen.getByRole('form', { name: 'Datos de facturación' });
    expect(await within(form).findByText('No pudimos guardar tus datos. Intenta más tarde.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'RFC' })).not.toHaveAttribute('aria-invalid');
  });

  it('should keep the código postal to 5 characters', async () => {
    stubFiscalData(CATALOGUES);
    renderPage(<FiscalData onSaved={() => undefined} />);

    const zip = await screen.findByRole('textbox', { name: 'Código postal del domicilio fiscal' });
    expect(zip).toHaveAttribute('maxlength', '5');
    await userEvent.type(zip, '521409');
    expect(zip).toHaveValue('52140');
  });
});
