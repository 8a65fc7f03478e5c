import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ROSTER_DATE as DATE,
  ROSTER_PATH as ROSTER,
  eightAmRoster,
  errorBody,
  findToast,
  openEightAmRoster,
  renderWithProviders,
  rosterAnswer,
  rosterClient,
  rosterSlot,
  stubApi,
} from '../test-utils';
import { RosterDay } from './roster-day';

const CANCEL = '/api/reservations/cancel-reservation';

const ana = rosterClient();
const luis = rosterClient({ reservationId: 32, id: 8, name: 'Luis Pérez', email: 'luis@example.com' });

describe('RosterDay', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should list the classes as buttons with their places and open the roster of one', async () => {
    stubApi({
      [ROSTER]: () =>
        rosterAnswer(
          rosterSlot({ scheduleId: 1, time: '7:00 AM', reservedCount: 0 }),
          eightAmRoster({ reservedCount: 2, enrolled: [ana, luis] }),
        ),
    });
    renderWithProviders(<RosterDay date={DATE} />);

    const eight = await screen.findByRole('button', { name: /8:00 AM/ });
    expect(eight).toHaveTextContent('2/8 lugares');
    await userEvent.click(eight);
    const dialog = await screen.findByRole('dialog', { name: 'Lunes 30 de noviembre · 8:00 AM' });
    expect(dialog).toHaveAccessibleDescription('Usuarios inscritos: 2 de 8');
    expect(within(dialog).getByText('Ana López')).toBeInTheDocument();
    expect(within(dialog).getByText('luis@example.com')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByText('Cerrar'));
    await userEvent.click(screen.getByRole('button', { name: /7:00 AM/ }));
    expect(await screen.findByText('No hay usuarios inscritos')).toBeInTheDocument();
  });

  it("should show the class's waitlist under the enrolled, in order", async () => {
    stubApi({
      [ROSTER]: () =>
        rosterAnswer(
          eightAmRoster({
            capacity: 1,
            reservedCount: 1,
            enrolled: [ana],
            waitlistCount: 1,
            waitlist: [{ id: 5, userId: 8, name: 'Luis Pérez', email: 'luis@example.com', position: 1 }],
          }),
        ),
    });
    const dialog = await openEightAmRoster();
    expect(dialog).toHaveAccessibleName('Lunes 30 de noviembre · 8:00 AM');
    const line = within(dialog).getByRole('region', { name: 'Lista de espera (1)' });
    expect(within(line).getByText('Luis Pérez')).toBeInTheDocument();
    expect(within(line).getByRole('button', { name: 'Quitar a Luis Pérez de la lista de espera' })).toBeInTheDocument();
    // The class is full: nobody can be given a place by hand.
    expect(within(line).queryByRole('button', { name: /Dar el lugar/ })).not.toBeInTheDocument();
  });

  it('should remove someone after confirming, say so and refresh the roster', async () => {
    let removed = false;
    const { sentTo } = stubApi({
      [ROSTER]: () => rosterAnswer(eightAmRoster({ reservedCount: removed ? 0 : 1, enrolled: removed ? [] : [ana] })),
      [CANCEL]: () => {
        removed = true;
        return [200, { success: true, message: 'Reserva cancelada' }];
      },
    });
    const dialog = await openEightAmRoster();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar a Ana López' }));
    expect(
      within(dialog).getByText('¿Quitar a Ana López de esta clase? Su clase vuelve a su plan.'),
    ).toBeInTheDocument();
    expect(sentTo(CANCEL)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, quitar' }));

    expect(await findToast('Se quitó a Ana López de la clase')).toBeInTheDocument();
    expect(sentTo(CANCEL)).toEqual([{ id: 31 }]);
    expect(await within(dialog).findByText('No hay usuarios inscritos')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /8:00 AM/, hidden: true })).toHaveTextContent('0/8 lugares'),
    );
  });

  it('should keep the person listed when the answer to Cancelar is no', async () => {
    const { sentTo } = stubApi({
      [ROSTER]: () => rosterAnswer(eightAmRoster({ enrolled: [ana] })),
    });
    const dialog = await openEightAmRoster();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar a Ana López' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(within(dialog).getByRole('button', { name: 'Quitar a Ana López' })).toBeInTheDocument();
    expect(sentTo(CANCEL)).toEqual([]);
  });

  it('should show the error when the removal fails', async () => {
    stubApi({
      [ROSTER]: () => rosterAnswer(eightAmRoster({ enrolled: [ana] })),
      [CANCEL]: () => [403, errorBody('FORBIDDEN', 'No tienes permiso para esta acción.')],
    });
    const dialog = await openEightAmRoster();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar a Ana López' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, quitar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No tienes permiso para esta acción.');
  });

  it('should say when the day has no classes', async () => {
    stubApi({ [ROSTER]: () => rosterAnswer() });
    renderWithProviders(<RosterDay date={DATE} />);
    expect(await screen.findByText('No hay clases el día de hoy')).toBeInTheDocument();
  });
});
