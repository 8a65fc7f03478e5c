import '@/components/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PromoCodeDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { CODE_MESSAGE, END_BEFORE_START_MESSAGE, MAX_USES_MESSAGE, PERCENT_MESSAGE } from '../schemas';
import { PromoCodesEditor } from './promo-codes-editor';

const LIST = '/api/admin/promo-codes';
const ADD = '/api/admin/promo-codes/add';
const CATALOGO = '/api/planes/catalogo';

const buenFin: PromoCodeDto = {
  id: 4,
  code: 'BUENFIN',
  kind: 'percent',
  value: 15,
  validFrom: '2026-11-20',
  validTo: '2026-11-30',
  maxUses: 100,
  maxUsesPerClient: 1,
  planIds: [],
  newClientsOnly: false,
  active: true,
  used: 12,
  held: 3,
};
const list = () => ({ status: 200, body: { success: true, codes: [buenFin] } });
const catalogue = () => ({
  status: 200,
  body: {
    success: true,
    planes: [
      { id: 1, name: 'Una Clase', classes: 1, price: 220, visible: true },
      { id: 3, name: 'Ocho Clases', classes: 8, price: 1500, visible: true },
    ],
  },
});

async function renderEditor() {
  const view = renderPage(<PromoCodesEditor />);
  await within(await screen.findByRole('table', { name: 'Códigos promocionales' })).findByRole('cell', {
    name: 'BUENFIN',
  });
  return view;
}

describe('PromoCodesEditor ("Promociones")', () => {
  it('should list each code with its discount, dates and uses counted and held', async () => {
    stubApi({ [LIST]: list });
    await renderEditor();
    const row = within(screen.getByRole('table', { name: 'Códigos promocionales' })).getAllByRole('row')[1];
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((td) => td.textContent),
    ).toEqual([
      'BUENFIN',
      '15 %',
      '20 de noviembre de 2026 – 30 de noviembre de 2026',
      '12 de 100 · 3 en pago',
      'Activo',
    ]);
    expect(within(row).getByRole('button', { name: 'Desactivar BUENFIN' })).toBeInTheDocument();
  });

  it('should refuse a bad code, a percent over 100, an end before the start and zero uses before sending', async () => {
    const fetchMock = stubApi({ [LIST]: list, [CATALOGO]: catalogue });
    await renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo código' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo código' });
    await userEvent.type(within(dialog).getByLabelText(/^Código/), 'BUEN-FIN');
    await userEvent.type(within(dialog).getByLabelText(/Descuento/), '120');
    await userEvent.clear(within(dialog).getByLabelText(/Válido desde/));
    await userEvent.type(within(dialog).getByLabelText(/Válido desde/), '2026-12-10');
    await userEvent.clear(within(dialog).getByLabelText(/Válido hasta/));
    await userEvent.type(within(dialog).getByLabelText(/Válido hasta/), '2026-12-01');
    await userEvent.type(within(dialog).getByLabelText(/Usos en total/), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear código' }));

    expect(await within(dialog).findByText(CODE_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByText(PERCENT_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByText(END_BEFORE_START_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByText(MAX_USES_MESSAGE)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, ADD)).toEqual([]);
  });

  it('should send a valid code upper-case with its plans, and show the server refusing a taken code under the field', async () => {
    const fetchMock = stubApi({
      [LIST]: list,
      [CATALOGO]: catalogue,
      [ADD]: () => ({
        status: 409,
        body: { success: false, code: 'PROMO_CODE_TAKEN', error: 'Ya existe un código promocional con ese nombre.' },
      }),
    });
    await renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo código' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo código' });
    await userEvent.type(within(dialog).getByLabelText(/^Código/), 'navidad');
    await userEvent.type(within(dialog).getByLabelText(/Descuento/), '10');
    await userEvent.clear(within(dialog).getByLabelText(/Válido desde/));
    await userEvent.type(within(dialog).getByLabelText(/Válido desde/), '2026-12-01');
    await userEvent.clear(within(dialog).getByLabelText(/Válido hasta/));
    await userEvent.type(within(dialog).getByLabelText(/Válido hasta/), '2026-12-24');
    await userEvent.type(within(dialog).getByLabelText(/Usos en total/), '50');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Ocho Clases' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Solo clientes nuevos' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear código' }));

    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, ADD)).toEqual([
        {
          code: 'NAVIDAD',
          kind: 'percent',
          value: 10,
          validFrom: '2026-12-01',
          validTo: '2026-12-24',
          maxUses: 50,
          maxUsesPerClient: 1,
          planIds: [3],
          newClientsOnly: true,
        },
      ]),
    );
    expect(await within(dialog).findByText('Ya existe un código promocional con ese nombre.')).toBeInTheDocument();
  });
});
