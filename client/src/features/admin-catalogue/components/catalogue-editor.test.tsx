import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminCatalogPlanDto } from '@/api/generated/model';
import { getGetPlanesQueryKey } from '@/api/generated/planes/planes';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { CLASSES_MESSAGE, NAME_REQUIRED_MESSAGE, PRICE_MESSAGE, WEEKLY_REQUIRED_MESSAGE } from '../schemas';
import { CatalogueEditor, HIDE_WARNING } from './catalogue-editor';

const CATALOGO = '/api/planes/catalogo';
const ADD = '/api/planes/catalogo/add';
const CHANGE = '/api/planes/catalogo/change';
const HIDE = '/api/planes/catalogo/hide';
const SHOW = '/api/planes/catalogo/show';

const ocho: AdminCatalogPlanDto = {
  id: 3,
  name: 'Ocho Clases',
  classes: 8,
  price: 1500,
  visible: true,
  intro: false,
  kind: 'pack',
  weeklyLimit: null,
  classTypes: [],
};
const una: AdminCatalogPlanDto = {
  id: 1,
  name: 'Una Clase',
  classes: 1,
  price: 220,
  visible: false,
  intro: false,
  kind: 'pack',
  weeklyLimit: null,
  classTypes: [],
};
const diez: AdminCatalogPlanDto = {
  id: 7,
  name: 'Diez Clases',
  classes: 10,
  price: 1750.5,
  visible: true,
  intro: false,
  kind: 'pack',
  weeklyLimit: null,
  classTypes: [],
};

const catalogue = () => ({ status: 200, body: { success: true, planes: [una, ocho, diez] } });
const planAnswer = (message: string, plan: AdminCatalogPlanDto) => ({
  status: 200,
  body: { success: true, message, plan },
});

/** The wide-screen table (the phone cards hold the same buttons). */
const table = () => screen.getByRole('table', { name: 'Planes del catálogo' });

async function renderEditor() {
  const view = renderPage(<CatalogueEditor />);
  // The public plans page's cache, to see it invalidated after a change.
  view.queryClient.setQueryData(getGetPlanesQueryKey(), { success: true, planes: [] });
  await within(await screen.findByRole('table', { name: 'Planes del catálogo' })).findByRole('cell', {
    name: 'Ocho Clases',
  });
  return view;
}

const TIPOS = '/api/admin/class-types';
const tipos = () => ({
  status: 200,
  body: {
    success: true,
    tiposDeClase: [
      {
        id: 1,
        name: 'Pilates Reformer',
        level: 'basico',
        levelName: 'Básico',
        colour: '#1d4ed8',
        description: '',
        durationMinutes: 50,
        active: true,
        sortOrder: 1,
      },
      {
        id: 2,
        name: 'Prenatal',
        level: 'prenatal',
        levelName: 'Prenatal',
        colour: '#be185d',
        description: '',
        durationMinutes: 45,
        active: true,
        sortOrder: 2,
      },
    ],
  },
});

describe('CatalogueEditor', () => {
  it('should limit a plan to class types with their checkboxes, sending only the change, and badge it "Solo Prenatal"', async () => {
    const limited: AdminCatalogPlanDto = { ...ocho, classTypes: [{ id: 2, name: 'Prenatal' }] };
    let answered = false;
    const fetchMock = stubApi({
      [CATALOGO]: () => ({
        status: 200,
        body: { success: true, planes: answered ? [una, limited, diez] : [una, ocho, diez] },
      }),
      [TIPOS]: tipos,
      [CHANGE]: () => {
        answered = true;
        return planAnswer('Plan del catálogo cambiado', limited);
      },
    });
    await renderEditor();

    await userEvent.click(within(table()).getByRole('button', { name: 'Editar Ocho Clases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar plan' });
    const group = await within(dialog).findByRole('group', { name: 'Tipos de clase que incluye' });
    expect(within(group).getByRole('checkbox', { name: 'Pilates Reformer · Básico' })).not.toBeChecked();
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Prenatal · Prenatal' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Plan del catálogo cambiado')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CHANGE)).toEqual([{ id: 3, classTypeIds: [2] }]);
    expect(await within(table()).findByText('Solo Prenatal')).toBeInTheDocument();
  });

  it('should list visible and hidden plans with classes, prices in pesos and their state', async () => {
    stubApi({ [CATALOGO]: catalogue });
    await renderEditor();

    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nombre', 'Tipo', 'Clases', 'Precio', 'Estado', 'Acciones']);
    const rows = within(table()).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((td) => td.textContent);
    expect(cells(rows[0])).toEqual(['Una Clase', 'Paquete de clases', '1 clase', '$220.00', 'Oculto']);
    expect(cells(rows[1])).toEqual(['Ocho Clases', 'Paquete de clases', '8 clases', '$1,500.00', 'Visible']);
    expect(cells(rows[2])).toEqual(['Diez Clases', 'Paquete de clases', '10 clases', '$1,750.50', 'Visible']);
    // A visible plan can be hidden, a hidden one shown.
    expect(within(rows[0]).getByRole('button', { name: 'Mostrar Una Clase' })).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button', { name: /Ocultar/ })).not.toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Ocultar Ocho Clases' })).toBeInTheDocument();
    // The phone cards show the same plans.
    const cards = screen.getByRole('list', { name: 'Planes del catálogo' });
    expect(within(cards).getAllByRole('listitem')[1]).toHaveTextContent('Paquete de clases · 8 clases · $1,500.00');
  });

  it('should refuse an empty name, a price with three decimals and zero classes before sending', async () => {
    const fetchMock = stubApi({ [CATALOGO]: catalogue });
    await renderEditor();

    await userEvent.click(screen.getByRole('button', { name: 'Agregar plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar plan' });
    await userEvent.type(within(dialog).getByLabelText(/Precio/), '1500.505');
    await userEvent.type(within(dialog).getByLabelText(/Clases/), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar plan' }));

    expect(await within(dialog).findByText(NAME_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Nombre/)).toHaveAccessibleDescription(NAME_REQUIRED_MESSAGE);
    expect(within(dialog).getByLabelText(/Precio/)).toHaveAccessibleDescription(expect.stringContaining(PRICE_MESSAGE));
    expect(within(dialog).getByLabelText(/Clases/)).toHaveAccessibleDescription(
      expect.stringContaining(CLASSES_MESSAGE),
    );
    expect(PRICE_MESSAGE).toBe('El precio debe ser un número mayor que 0 con hasta dos decimales');
    expect(CLASSES_MESSAGE).toBe('Las clases deben ser un número entero entre 1 y 100');
    expect(bodiesSentTo(fetchMock, ADD)).toHaveLength(0);
  });

  it('should add a plan, say so and refresh the catalogue and the public plans', async () => {
    const fetchMock = stubApi({
      [CATALOGO]: catalogue,
      [ADD]: () => ({
        status: 201,
        body: {
          success: true,
          message: 'Plan agregado al catálogo',
          plan: {
            id: 9,
            name: 'Diez Clases',
            classes: 10,
            price: 1750.5,
            visible: true,
            intro: false,
            kind: 'pack',
            weeklyLimit: null,
            classTypes: [],
          },
        },
      }),
    });
    const { queryClient } = await renderEditor();

    await userEvent.click(screen.getByRole('button', { name: 'Agregar plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar plan' });
    // A pack is the default kind: its request is the same as before memberships existed.
    expect(within(dialog).getByRole('radio', { name: /Paquete de clases/ })).toBeChecked();
    expect(within(dialog).queryByLabelText(/Clases por semana/)).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Nombre/), '  Diez Clases ');
    await userEvent.type(within(dialog).getByLabelText(/Precio/), '1750.50');
    await userEvent.type(within(dialog).getByLabelText(/Clases/), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar plan' }));

    expect(await screen.findByText('Plan agregado al catálogo')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, ADD)).toEqual([{ name: 'Diez Clases', price: 1750.5, classes: 10, intro: false }]);
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, CATALOGO)).toHaveLength(2));
    expect(queryClient.getQueryState(getGetPlanesQueryKey())?.isInvalidated).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should add a plan marked "Solo primera vez" and show its badge in the table', async () => {
    const primera: AdminCatalogPlanDto = {
      id: 9,
      name: 'Primera clase',
      classes: 1,
      price: 99,
      visible: true,
      intro: true,
      kind: 'pack',
      weeklyLimit: null,
      classTypes: [],
    };
    let added = false;
    const fetchMock = stubApi({
      [CATALOGO]: () => ({
        status: 200,
        body: { success: true, planes: added ? [una, ocho, diez, primera] : [una, ocho, diez] },
      }),
      [ADD]: () => {
        added = true;
        return { status: 201, body: { success: true, message: 'Plan agregado al catálogo', plan: primera } };
      },
    });
    await renderEditor();
    expect(within(table()).queryByText('Solo primera vez')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Agregar plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar plan' });
    await userEvent.type(within(dialog).getByLabelText(/Nombre/), 'Primera clase');
    await userEvent.type(within(dialog).getByLabelText(/Precio/), '99');
    await userEvent.type(within(dialog).getByLabelText(/Clases/), '1');
    const intro = within(dialog).getByRole('checkbox', { name: 'Solo primera vez' });
    expect(intro).not.toBeChecked();
    await userEvent.click(intro);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar plan' }));

    expect(await screen.findByText('Plan agregado al catálogo')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, ADD)).toEqual([{ name: 'Primera clase', price: 99, classes: 1, intro: true }]);
    const row = (await within(table()).findByText('Primera clase')).closest('tr')!;
    expect(within(row).getByText('Solo primera vez')).toBeInTheDocument();
  });

  it('should send only the intro flag when it is the one change', async () => {
    const fetchMock = stubApi({
      [CATALOGO]: catalogue,
      [CHANGE]: () =>
        planAnswer('Plan del catálogo cambiado', {
          ...ocho,
          intro: true,
          kind: 'pack',
          weeklyLimit: null,
          classTypes: [],
        }),
    });
    await renderEditor();

    await userEvent.click(within(table()).getByRole('button', { name: 'Editar Ocho Clases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar plan' });
    const intro = within(dialog).getByRole('checkbox', { name: 'Solo primera vez' });
    expect(intro).not.toBeChecked();
    await userEvent.click(intro);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Plan del catálogo cambiado')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CHANGE)).toEqual([{ id: 3, intro: true }]);
  });

  it('should show the server refusal of a field under that field', async () => {
    stubApi({
      [CATALOGO]: catalogue,
      [ADD]: () => ({
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_ERROR',
          error: { name: ['El nombre no puede tener más de 80 caracteres'] },
        },
      }),
    });
    await renderEditor();

    await userEvent.click(screen.getByRole('button', { name: 'Agregar plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar plan' });
    await userEvent.type(within(dialog).getByLabelText(/Nombre/), 'Plan');
    await userEvent.type(within(dialog).getByLabelText(/Precio/), '100');
    await userEvent.type(within(dialog).getByLabelText(/Clases/), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar plan' }));

    expect(await within(dialog).findByText('El nombre no puede tener más de 80 caracteres')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Nombre/)).toHaveAttribute('aria-invalid', 'true');
    // Said once, under its field, not again in a red box with the field's English name.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should send only the fields that changed when editing', async () => {
    const fetchMock = stubApi({
      [CATALOGO]: catalogue,
      [CHANGE]: () => planAnswer('Plan del catálogo cambiado', { ...ocho, price: 1600 }),
    });
    const { queryClient } = await renderEditor();

    await userEvent.click(within(table()).getByRole('button', { name: 'Editar Ocho Clases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar plan' });
    expect(within(dialog).getByLabelText(/Nombre/)).toHaveValue('Ocho Clases');
    expect(within(dialog).getByLabelText(/Clases/)).toHaveValue(8);
    const price = within(dialog).getByLabelText(/Precio/);
    expect(price).toHaveValue('1500');
    await userEvent.clear(price);
    await userEvent.type(price, '1600');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Plan del catálogo cambiado')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CHANGE)).toEqual([{ id: 3, price: 1600 }]);
    expect(queryClient.getQueryState(getGetPlanesQueryKey())?.isInvalidated).toBe(true);
  });

  it('should not send anything when nothing changed, even with a price written with decimals', async () => {
    const fetchMock = stubApi({ [CATALOGO]: catalogue });
    await renderEditor();

    await userEvent.click(within(table()).getByRole('button', { name: 'Editar Diez Clases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar plan' });
    const price = within(dialog).getByLabelText(/Precio/);
    expect(price).toHaveValue('1750.50');
    await userEvent.clear(price);
    await userEvent.type(price, '1,750.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo(fetchMock, CHANGE)).toHaveLength(0);
  });

  it('should warn before hiding a plan and hide it only after confirming', async () => {
    const fetchMock = stubApi({
      [CATALOGO]: catalogue,
      [HIDE]: () => planAnswer('Plan oculto para los clientes', { ...ocho, visible: false }),
    });
    const { queryClient } = await renderEditor();

    await userEvent.click(within(table()).getByRole('button', { name: 'Ocultar Ocho Clases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ocultar plan' });
    expect(dialog).toHaveTextContent(HIDE_WARNING);
    expect(HIDE_WARNING).toMatch(/dejarán de verlo.*ya no podrán comprarlo/);
    expect(bodiesSentTo(fetchMock, HIDE)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Ocultar' }));
    expect(await screen.findByText('Plan oculto para los clientes')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, HIDE)).toEqual([{ id: 3 }]);
    expect(queryClient.getQueryState(getGetPlanesQueryKey())?.isInvalidated).toBe(true);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should keep the plan when the hiding is called off', async () => {
    const fetchMock = stubApi({ [CATALOGO]: catalogue });
    await renderEditor();

    await userEvent.click(within(table()).getByRole('button', { name: 'Ocultar Ocho Clases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ocultar plan' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo(fetchMock, HIDE)).toHaveLength(0);
  });

  it('should show a hidden plan straight away', async () => {
    const fetchMock = stubApi({
      [CATALOGO]: catalogue,
      [SHOW]: () => planAnswer('Plan visible para los clientes', { ...una, visible: true }),
    });
    const { queryClient } = await renderEditor();

    await userEvent.click(within(table()).getByRole('button', { name: 'Mostrar Una Clase' }));
    expect(await screen.findByText('Plan visible para los clientes')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, SHOW)).toEqual([{ id: 1 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, CATALOGO)).toHaveLength(2));
    expect(queryClient.getQueryState(getGetPlanesQueryKey())?.isInvalidated).toBe(true);
  });

  it('should add a membership with classes per week and no class count, and list its kind', async () => {
    const tres: AdminCatalogPlanDto = {
      id: 11,
      name: 'Tres por semana',
      classes: 0,
      price: 1900,
      visible: true,
      intro: false,
      kind: 'membership',
      weeklyLimit: 3,
      classTypes: [],
    };
    let added = false;
    const fetchMock = stubApi({
      [CATALOGO]: () => ({
        status: 200,
        body: { success: true, planes: added ? [una, ocho, diez, tres] : [una, ocho, diez] },
      }),
      [ADD]: () => {
        added = true;
        return { status: 201, body: { success: true, message: 'Plan agregado al catálogo', plan: tres } };
      },
    });
    await renderEditor();

    await userEvent.click(screen.getByRole('button', { name: 'Agregar plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar plan' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /Membresía mensual/ }));
    // A membership has no class count and is never "Solo primera vez".
    expect(within(dialog).queryByLabelText(/^Clases/, { selector: 'input[name="classes"]' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Solo primera vez' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Nombre/), 'Tres por semana');
    await userEvent.type(within(dialog).getByLabelText(/Precio al mes/), '1900');
    // Nothing written and not unlimited: refused before sending.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar plan' }));
    expect(await within(dialog).findByText(WEEKLY_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, ADD)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Clases por semana/), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar plan' }));

    expect(await screen.findByText('Plan agregado al catálogo')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, ADD)).toEqual([
      { name: 'Tres por semana', price: 1900, kind: 'membership', weeklyLimit: 3 },
    ]);
    const row = (await within(table()).findByText('Tres por semana')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(1, 4)
        .map((td) => td.textContent),
    ).toEqual(['Membresía mensual', '3 por semana', '$1,900.00 al mes']);
  });

  it('should add an unlimited membership with weeklyLimit null', async () => {
    const fetchMock = stubApi({
      [CATALOGO]: catalogue,
      [ADD]: () => ({
        status: 201,
        body: {
          success: true,
          message: 'Plan agregado al catálogo',
          plan: { ...ocho, id: 12, name: 'Ilimitado', classes: 0, kind: 'membership', weeklyLimit: null },
        },
      }),
    });
    await renderEditor();

    await userEvent.click(screen.getByRole('button', { name: 'Agregar plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar plan' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /Membresía mensual/ }));
    await userEvent.type(within(dialog).getByLabelText(/Nombre/), 'Ilimitado');
    await userEvent.type(within(dialog).getByLabelText(/Precio al mes/), '2400');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Ilimitado' }));
    expect(within(dialog).queryByLabelText(/Clases por semana/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar plan' }));

    expect(await screen.findByText('Plan agregado al catálogo')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, ADD)).toEqual([
      { name: 'Ilimitado', price: 2400, kind: 'membership', weeklyLimit: null },
    ]);
  });

  it('should edit a membership as a membership: its kind named, only the weekly limit that changed sent', async () => {
    const tres: AdminCatalogPlanDto = {
      ...ocho,
      id: 11,
      name: 'Tres por semana',
      classes: 0,
      kind: 'membership',
      weeklyLimit: 3,
    };
    const fetchMock = stubApi({
      [CATALOGO]: () => ({ status: 200, body: { success: true, planes: [ocho, tres] } }),
      [CHANGE]: () => planAnswer('Plan del catálogo cambiado', { ...tres, weeklyLimit: null }),
    });
    await renderEditor();

    await userEvent.click(within(table()).getByRole('button', { name: 'Editar Tres por semana' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar plan' });
    expect(dialog).toHaveTextContent('Tipo: Membresía mensual');
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Clases por semana/)).toHaveValue(3);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Ilimitado' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Plan del catálogo cambiado')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CHANGE)).toEqual([{ id: 11, weeklyLimit: null }]);
  });
});
