import '@/components/ui/test-polyfills';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ROSTER_DATE as DATE,
  ROSTER_PATH as ROSTER,
  eightAmRoster,
  errorBody,
  findToast,
  openEightAmRoster,
  rosterAnswer,
  rosterSlot,
  stubApi,
} from '../test-utils';

const CANCEL = '/api/reservations/cancel-class';

function stubRoster(overrides: Parameters<typeof rosterSlot>[0], cancel = (): [number, unknown] => [200, {}]) {
  let cancelled = false;
  return stubApi({
    [ROSTER]: () => rosterAnswer(eightAmRoster({ ...overrides, isCancelled: cancelled })),
    [CANCEL]: () => {
      const answer = cancel();
      if (answer[0] === 200) cancelled = true;
      return answer;
    },
  });
}

const openRoster = (canCancelClass: boolean) => openEightAmRoster({ canCancelClass });

describe('cancelling a class from its roster', () => {
  it('should ask first, then cancel the class with the same call as Horario and say so', async () => {
    const { sentTo } = stubRoster({ reservedCount: 2 }, () => [
      200,
      { success: true, message: 'Clase cancelada. Se avisó a 2 clientes.', cancelledReservations: 2 },
    ]);
    const dialog = await openRoster(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar clase' }));
    expect(within(dialog).getByText('¿Cancelar esta clase? Tiene 2 reservas.')).toBeInTheDocument();
    expect(sentTo(CANCEL)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, cancelar clase' }));
    await findToast('Clase cancelada. Se avisó a 2 clientes.');
    expect(sentTo(CANCEL)).toEqual([{ date: DATE, scheduleId: 2 }]);
    // The cancelled class offers no second cancellation.
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Cancelar clase' })).not.toBeInTheDocument(),
    );
  });

  it('should keep the class and show the server’s reason when the cancellation is refused', async () => {
    stubRoster({}, () => [409, errorBody('CLASS_STARTED', 'La clase ya comenzó.')]);
    const dialog = await openRoster(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar clase' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, cancelar clase' }));
    expect(await within(dialog).findByText('La clase ya comenzó.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect(within(dialog).getByRole('button', { name: 'Cancelar clase' })).toBeInTheDocument();
  });

  it('should not offer it without the permission', async () => {
    stubRoster({});
    const dialog = await openRoster(false);
    expect(within(dialog).queryByRole('button', { name: 'Cancelar clase' })).not.toBeInTheDocument();
  });

  it('should not offer it for a class that has started', async () => {
    stubRoster({ isPastClass: true });
    const dialog = await openRoster(true);
    expect(within(dialog).queryByRole('button', { name: 'Cancelar clase' })).not.toBeInTheDocument();
  });
});
