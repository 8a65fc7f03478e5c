import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClassTypeDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { ClassTypesEditor } from './class-types-editor';

const LIST = '/api/admin/class-types';
const ADD = '/api/admin/class-types/add';
const CHANGE = '/api/admin/class-types/change';

const reformer: ClassTypeDto = {
  id: 1,
  name: 'Pilates Reformer',
  level: 'basico',
  levelName: 'Básico',
  colour: '#1d4ed8',
  description: 'Clase en reformer para todos los niveles.',
  durationMinutes: 50,
  active: true,
  sortOrder: 1,
};
const prenatal: ClassTypeDto = {
  ...reformer,
  id: 2,
  name: 'Prenatal',
  level: 'prenatal',
  levelName: 'Prenatal',
  colour: '#be185d',
  description: '',
  durationMinutes: 45,
  sortOrder: 2,
};
const list = () => ({ status: 200, body: { success: true, tiposDeClase: [reformer] } });
const saved = (message: string, tipoDeClase: ClassTypeDto) => () => ({
  status: 200,
  body: { success: true, message, tipoDeClase },
});

const table = () => screen.getByRole('table', { name: 'Tipos de clase' });

describe('ClassTypesEditor', () => {
  it('should list the types with level, duration and state, and add one with its level, duration and colour', async () => {
    const fetchMock = stubApi({ [LIST]: list, [ADD]: saved('Tipo de clase agregado', prenatal) });
    renderPage(<ClassTypesEditor />);
    const row = (
      await within(await screen.findByRole('table', { name: 'Tipos de clase' })).findByText('Pilates Reformer')
    ).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual(['Pilates Reformer', 'Básico', '50 min', 'Activo']);

    await userEvent.click(screen.getByRole('button', { name: 'Nuevo tipo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo tipo de clase' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar tipo' }));
    expect(await within(dialog).findByText('El nombre es obligatorio')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/Nombre/), 'Prenatal');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Nivel/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Prenatal' }));
    const duration = within(dialog).getByLabelText(/Duración/);
    await userEvent.clear(duration);
    await userEvent.type(duration, '200');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar tipo' }));
    expect(
      await within(dialog).findByText('La duración debe ser un número entero de minutos entre 15 y 180'),
    ).toBeInTheDocument();
    await userEvent.clear(duration);
    await userEvent.type(duration, '45');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Color/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Rosa' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar tipo' }));

    expect(await screen.findByText('Tipo de clase agregado')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, ADD)).toEqual([
      { name: 'Prenatal', level: 'prenatal', description: '', durationMinutes: 45, colour: '#be185d' },
    ]);
  });

  it('should send only what changed and show a name taken under the name', async () => {
    const fetchMock = stubApi({
      [LIST]: list,
      [CHANGE]: () => ({
        status: 409,
        body: { success: false, code: 'CLASS_TYPE_NAME_TAKEN', error: 'Ya hay un tipo de clase con ese nombre.' },
      }),
    });
    renderPage(<ClassTypesEditor />);
    await within(await screen.findByRole('table', { name: 'Tipos de clase' })).findByText('Pilates Reformer');
    await userEvent.click(within(table()).getByRole('button', { name: 'Editar Pilates Reformer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar tipo de clase' });
    const name = within(dialog).getByLabelText(/Nombre/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Prenatal');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Activo/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await within(dialog).findByText('Ya hay un tipo de clase con ese nombre.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CHANGE)).toEqual([{ id: 1, name: 'Prenatal', active: false }]);
  });
});
