import '@/components/ui/test-polyfills';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays } from '@pilates/dates';
import { describe, expect, it, vi } from 'vitest';
import type { AdminSalaResponseDto, OutagePreviewResponseDto } from '@/api/generated/model';
import { currentStudioDay } from '@/lib/studio-time-zone';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { SalaEditor } from './sala-editor';

const SALA = '/api/admin/sala';
const PREVIEW = '/api/admin/sala/outage/preview';
const APPLY = '/api/admin/sala/outage';
const END = '/api/admin/sala/outage/end';

const today = currentStudioDay();
const sala: AdminSalaResponseDto = {
  success: true,
  instructor: { row: 0, column: 0 },
  spots: [
    { id: 1, label: 'Reformer 1', row: 1, column: 0 },
    { id: 2, label: 'Reformer 2', row: 1, column: 1 },
    { id: 3, label: 'Reformer 3', row: 2, column: 0 },
  ],
  retired: [],
  // Reformer 2 is out of service today; Reformer 1 from next week.
  outages: [
    {
      id: 7,
      spot: { id: 2, label: 'Reformer 2' },
      from: today,
      to: addDays(today, 2),
      reason: 'Resorte en reparación',
    },
    { id: 8, spot: { id: 1, label: 'Reformer 1' }, from: addDays(today, 7), to: addDays(today, 7), reason: 'Tapizado' },
  ],
};
const answer = () => ({ status: 200, body: sala });

const plan: OutagePreviewResponseDto = {
  success: true,
  moves: [
    {
      reservationId: 120,
      name: 'Ana López',
      date: '2026-11-30',
      time: '7:00 AM',
      from: 'Reformer 3',
      to: 'Reformer 5',
    },
  ],
  stranded: [{ reservationId: 121, name: 'Luis Soto', date: '2026-12-01', time: '8:00 AM' }],
};

/** Opens "Marcar fuera de servicio" from the section, fills the form for Reformer 3 and asks for "Revisar". */
async function reviewOutage({ from, to, reason }: { from: string; to: string; reason: string }) {
  const section = await screen.findByRole('region', { name: 'Fuera de servicio' });
  await userEvent.click(within(section).getByRole('button', { name: 'Marcar fuera de servicio' }));
  const dialog = await screen.findByRole('dialog', { name: 'Marcar fuera de servicio' });
  await userEvent.click(within(dialog).getByRole('combobox', { name: /Reformer/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Reformer 3' }));
  fireEvent.change(within(dialog).getByLabelText('Desde'), { target: { value: from } });
  fireEvent.change(within(dialog).getByLabelText(/Hasta/), { target: { value: to } });
  await userEvent.type(within(dialog).getByLabelText('Motivo'), reason);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Revisar' }));
  return dialog;
}

describe('the out-of-service ranges in Sala', () => {
  it('should list the ranges to come and show the reformer out today as out of service on the map', async () => {
    stubApi({ [SALA]: answer });
    renderPage(<SalaEditor />);

    const room = await screen.findByRole('radiogroup', { name: 'Reformers de la sala' });
    expect(within(room).getByRole('radio', { name: 'Reformer 2, fuera de servicio' })).toHaveAttribute(
      'data-state',
      'out_of_service',
    );
    // Out of service next week only: free today.
    expect(within(room).getByRole('radio', { name: 'Reformer 1, libre' })).toHaveAttribute('data-state', 'free');
    const items = within(screen.getByRole('region', { name: 'Fuera de servicio' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Reformer 2');
    expect(items[0]).toHaveTextContent('Resorte en reparación');
    expect(items[1]).toHaveTextContent('Tapizado');
  });

  it('should preview who moves and who is left without a reformer, then apply the same range on "Confirmar"', async () => {
    const fetchMock = stubApi({
      [SALA]: answer,
      [PREVIEW]: () => ({ status: 200, body: plan }),
      [APPLY]: () => ({
        status: 201,
        body: {
          ...plan,
          message: 'Reformer 3 queda fuera de servicio.',
          outage: { id: 9, spot: { id: 3, label: 'Reformer 3' }, from: '2026-11-30', to: '2026-12-04', reason: 'x' },
        },
      }),
    });
    renderPage(<SalaEditor />);

    const dialog = await reviewOutage({ from: '2026-11-30', to: '2026-12-04', reason: 'Resorte en reparación' });

    const moves = await within(dialog).findByRole('region', { name: /Cambian de reformer/ });
    expect(within(moves).getByRole('listitem')).toHaveTextContent(
      'Ana López · lunes 30 de noviembre 7:00 AM · Reformer 3 →pasa a Reformer 5',
    );
    const stranded = within(dialog).getByRole('region', { name: /Sin reformer libre/ });
    expect(within(stranded).getByRole('listitem')).toHaveTextContent(
      'Luis Soto · martes 1 de diciembre 8:00 AM: se cancela su clase y vuelve a su plan',
    );
    expect(bodiesSentTo(fetchMock, PREVIEW)).toEqual([
      { spot: 3, from: '2026-11-30', to: '2026-12-04', reason: 'Resorte en reparación' },
    ]);
    expect(bodiesSentTo(fetchMock, APPLY)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(
      await screen.findByText(
        'Reformer 3 queda fuera de servicio. 1 cliente cambió de reformer. 1 cliente se quedó sin reformer: su clase volvió a su plan.',
      ),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, APPLY)).toEqual([
      { spot: 3, from: '2026-11-30', to: '2026-12-04', reason: 'Resorte en reparación' },
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The room reads again: the new range shows.
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, SALA)).toHaveLength(2));
  });

  it('should say when nobody has the reformer booked, starting from the reformer chosen in the editor', async () => {
    const fetchMock = stubApi({
      [SALA]: answer,
      [PREVIEW]: () => ({ status: 200, body: { success: true, moves: [], stranded: [] } }),
    });
    renderPage(<SalaEditor />);

    await userEvent.click(await screen.findByRole('radio', { name: /^Reformer 3/ }));
    const edit = await screen.findByRole('dialog', { name: 'Editar reformer' });
    await userEvent.click(within(edit).getByRole('button', { name: 'Marcar fuera de servicio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar fuera de servicio' });
    expect(within(dialog).getByRole('combobox', { name: /Reformer/ })).toHaveTextContent('Reformer 3');
    expect(within(dialog).getByLabelText('Desde')).toHaveValue(today);
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'Resorte en reparación');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revisar' }));

    expect(await within(dialog).findByText('Nadie tiene reservado este reformer en esas fechas.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, PREVIEW)).toEqual([
      { spot: 3, from: today, to: today, reason: 'Resorte en reparación' },
    ]);
  });

  it('should refuse "Hasta" before "Desde" under the field, asking the server nothing', async () => {
    const fetchMock = stubApi({ [SALA]: answer });
    renderPage(<SalaEditor />);

    const dialog = await reviewOutage({ from: '2026-12-04', to: '2026-11-30', reason: 'Resorte' });

    expect(
      await within(dialog).findByText('La fecha de término debe ser igual o posterior a la de inicio'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Hasta/)).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesSentTo(fetchMock, PREVIEW)).toEqual([]);
  });

  it("should show the server's refusal of a field under it", async () => {
    stubApi({
      [SALA]: answer,
      [PREVIEW]: () => ({
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_ERROR',
          error: { from: ['La fecha de inicio no puede ser anterior a hoy.'] },
        },
      }),
    });
    renderPage(<SalaEditor />);

    const dialog = await reviewOutage({ from: '2020-01-01', to: '2020-01-02', reason: 'Resorte' });

    expect(await within(dialog).findByText('La fecha de inicio no puede ser anterior a hoy.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Desde')).toHaveAttribute('aria-invalid', 'true');
  });

  it('should end a range after confirming', async () => {
    const fetchMock = stubApi({
      [SALA]: answer,
      [END]: () => ({ status: 200, body: { success: true, message: 'Reformer 2 vuelve a estar en servicio.' } }),
    });
    renderPage(<SalaEditor />);

    const section = await screen.findByRole('region', { name: 'Fuera de servicio' });
    await userEvent.click(within(section).getByRole('button', { name: /^Terminar: Reformer 2/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Terminar: Reformer 2' });
    expect(bodiesSentTo(fetchMock, END)).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Terminar' }));

    expect(await screen.findByText('Reformer 2 vuelve a estar en servicio.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, END)).toEqual([{ id: 7 }]);
  });
});
