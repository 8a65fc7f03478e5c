import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminSalaResponseDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { firstFreeCell, nextSpotLabel } from '../layout';
import { SalaEditor } from './sala-editor';

const SALA = '/api/admin/sala';
const PUBLIC_SALA = '/api/reservations/sala';

// Two rows of two behind the instructor; Reformer 3 was retired, so its cell is free.
const sala: AdminSalaResponseDto = {
  success: true,
  instructor: { row: 0, column: 0 },
  spots: [
    { id: 1, label: 'Reformer 1', row: 1, column: 0 },
    { id: 2, label: 'Reformer 2', row: 1, column: 1 },
    { id: 4, label: 'Reformer 4', row: 2, column: 1 },
  ],
  retired: [{ id: 3, label: 'Reformer 3', row: 2, column: 0, retiredAt: '2026-11-20T15:00:00.000Z' }],
  outages: [],
};
const answer = () => ({ status: 200, body: sala });
const spotAnswer = (message: string, spot: { id: number; label: string; row: number; column: number }) => () => ({
  status: 200,
  body: { success: true, message, spot },
});

describe('SalaEditor', () => {
  it('should draw the room from the answer: the reformers, the instructor and the retired ones', async () => {
    stubApi({ [SALA]: answer });
    renderPage(<SalaEditor />);

    const room = await screen.findByRole('radiogroup', { name: 'Reformers de la sala' });
    expect(within(room).getAllByRole('radio')).toHaveLength(3);
    expect(within(room).getByRole('radio', { name: /^Reformer 4/ })).toHaveAttribute('data-row', '2');
    expect(within(room).getByText('Instructora')).toBeInTheDocument();
    const retired = screen.getByRole('region', { name: 'Retirados' });
    expect(retired).toHaveTextContent('Reformer 3');
  });

  it('should add the next "Reformer N" on the first free cell, then reload both rooms', async () => {
    const fetchMock = stubApi({
      [SALA]: answer,
      '/api/admin/sala/add': spotAnswer('Reformer 5 agregado.', { id: 5, label: 'Reformer 5', row: 2, column: 0 }),
    });
    const { queryClient } = renderPage(<SalaEditor />);
    queryClient.setQueryData([PUBLIC_SALA], { cached: true });

    await userEvent.click(await screen.findByRole('button', { name: 'Agregar reformer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar reformer' });
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Reformer 5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar reformer' }));

    expect(await screen.findByText('Reformer 5 agregado.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/admin/sala/add')).toEqual([{ label: 'Reformer 5', row: 2, column: 0 }]);
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, SALA)).toHaveLength(2));
    expect(queryClient.getQueryState([PUBLIC_SALA])?.isInvalidated).toBe(true);
  });

  it('should show a taken name under the field', async () => {
    stubApi({
      [SALA]: answer,
      '/api/admin/sala/add': () => ({
        status: 409,
        body: { success: false, code: 'SPOT_LABEL_TAKEN', error: 'Ya hay un reformer con ese nombre.' },
      }),
    });
    renderPage(<SalaEditor />);

    await userEvent.click(await screen.findByRole('button', { name: 'Agregar reformer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar reformer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar reformer' }));
    expect(await within(dialog).findByText('Ya hay un reformer con ese nombre.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'true');
  });

  it('should rename a reformer chosen on the map, sending only the new name', async () => {
    const fetchMock = stubApi({
      [SALA]: answer,
      '/api/admin/sala/update': spotAnswer('Reformer cambiado.', { id: 4, label: 'Ventana', row: 2, column: 1 }),
    });
    renderPage(<SalaEditor />);

    await userEvent.click(await screen.findByRole('radio', { name: /^Reformer 4/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar reformer' });
    const name = within(dialog).getByLabelText('Nombre');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ventana');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Reformer cambiado.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/admin/sala/update')).toEqual([{ id: 4, label: 'Ventana' }]);
  });

  it('should retire a reformer after confirming', async () => {
    const fetchMock = stubApi({
      [SALA]: answer,
      '/api/admin/sala/retire': () => ({ status: 200, body: { success: true, message: 'Reformer 4 retirado.' } }),
    });
    renderPage(<SalaEditor />);

    await userEvent.click(await screen.findByRole('radio', { name: /^Reformer 4/ }));
    const edit = await screen.findByRole('dialog', { name: 'Editar reformer' });
    await userEvent.click(within(edit).getByRole('button', { name: 'Retirar Reformer 4' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retirar Reformer 4' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Retirar' }));

    expect(await screen.findByText('Reformer 4 retirado.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/admin/sala/retire')).toEqual([{ id: 4 }]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("should show the server's SPOT_BOOKED message, naming the classes, and keep the dialog open", async () => {
    const message =
      'Ese reformer tiene reservas en clases próximas; cámbialas de reformer antes de retirarlo: lunes 30 de noviembre, 7:00 AM.';
    stubApi({
      [SALA]: answer,
      '/api/admin/sala/retire': () => ({ status: 409, body: { success: false, code: 'SPOT_BOOKED', error: message } }),
    });
    renderPage(<SalaEditor />);

    await userEvent.click(await screen.findByRole('radio', { name: /^Reformer 2/ }));
    const edit = await screen.findByRole('dialog', { name: 'Editar reformer' });
    await userEvent.click(within(edit).getByRole('button', { name: 'Retirar Reformer 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retirar Reformer 2' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Retirar' }));

    expect(await within(confirm).findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Retirar Reformer 2' })).toBeInTheDocument();
  });
});

describe('the new reformer suggestion', () => {
  it('should take one past the highest number, and skip a name in use', () => {
    expect(nextSpotLabel(sala.spots)).toBe('Reformer 5');
    expect(nextSpotLabel([{ label: 'Ventana', row: 1, column: 0 }])).toBe('Reformer 1');
  });

  it('should fill a gap in the room before starting a new row, never on the instructor', () => {
    expect(firstFreeCell(sala.spots, sala.instructor)).toEqual({ row: 2, column: 0 });
    const full = [...sala.spots, { row: 2, column: 0 }];
    expect(firstFreeCell(full, sala.instructor)).toEqual({ row: 3, column: 0 });
    expect(firstFreeCell([], { row: 0, column: 1 })).toEqual({ row: 1, column: 0 });
  });
});
