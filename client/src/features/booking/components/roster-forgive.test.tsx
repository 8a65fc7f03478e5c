import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReleasedPlaceDto } from '@/api/generated/model';
import { errorBody, findToast, renderWithProviders, rosterSlot, stubApi } from '../test-utils';
import { RosterDay } from './roster-day';

const DATE = '2026-11-30';
const ROSTER = '/api/reservations/get-information-clases';
const FORGIVE = '/api/admin/forgive';

const ana: ReleasedPlaceDto = {
  reservationId: 31,
  id: 7,
  name: 'Ana López',
  email: 'ana@example.com',
  releasedAt: '2026-11-30T12:00:00.000Z',
  forgiven: false,
};
const luis = {
  reservationId: 32,
  id: 8,
  name: 'Luis Pérez',
  email: 'luis@example.com',
  attended: false,
  paidAtStudio: false,
  forgiven: false,
  healthNote: false,
  spot: null,
};

/** One class: Luis did not come, Ana released her place late; `forgiven` says what the server forgave. */
function rosterWith(forgiven: { ana?: boolean; luis?: boolean } = {}) {
  return {
    success: true,
    date: DATE,
    data: [
      rosterSlot({
        scheduleId: 2,
        time: '8:00 AM',
        reservedCount: 1,
        isPastClass: true,
        enrolled: [{ ...luis, forgiven: forgiven.luis === true }],
        released: [{ ...ana, forgiven: forgiven.ana === true }],
      }),
    ],
  };
}

async function openRoster() {
  await userEvent.click(await screen.findByRole('button', { name: /8:00 AM/ }));
  return screen.findByRole('dialog', { name: 'Lunes 30 de noviembre · 8:00 AM' });
}

describe('RosterDay: Perdonar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should list a late release apart as "Lugar liberado", not as enrolled nor attended', async () => {
    stubApi({ [ROSTER]: () => [200, rosterWith()] });
    renderWithProviders(<RosterDay date={DATE} />);
    const dialog = await openRoster();
    expect(dialog).toHaveAccessibleDescription('Usuarios inscritos: 1 de 8');
    const released = within(dialog).getByRole('region', { name: 'Liberaron su lugar' });
    expect(within(released).getByText('Ana López')).toBeInTheDocument();
    expect(within(released).getByText('Lugar liberado')).toBeInTheDocument();
    expect(within(released).queryByText(/Asistió/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Perdonar la inasistencia de Luis Pérez' })).toBeInTheDocument();
  });

  it('should require a reason, then forgive the late release, say the class went back and refresh the roster', async () => {
    let forgiven = false;
    const { sentTo } = stubApi({
      [ROSTER]: () => [200, rosterWith({ ana: forgiven })],
      [FORGIVE]: () => {
        forgiven = true;
        return [
          200,
          { success: true, message: 'Perdonado. La clase volvió al plan del cliente.', classReturned: true },
        ];
      },
    });
    renderWithProviders(<RosterDay date={DATE} />);
    const roster = await openRoster();
    await userEvent.click(within(roster).getByRole('button', { name: 'Perdonar la cancelación tardía de Ana López' }));

    const dialog = await screen.findByRole('dialog', { name: 'Perdonar' });
    expect(dialog).toHaveAccessibleDescription(
      '¿Perdonar la cancelación tardía de Ana López en la clase del lunes 30 de noviembre, 8:00 AM? La clase vuelve a su plan si sigue vigente y le avisamos por correo.',
    );
    // An empty (or blank) reason is refused in the form, in Spanish, and nothing is sent.
    const reason = within(dialog).getByRole('textbox', { name: /Motivo/ });
    await userEvent.type(reason, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Perdonar' }));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Escribe el motivo.'));
    expect(sentTo(FORGIVE)).toEqual([]);

    await userEvent.clear(reason);
    await userEvent.type(reason, 'Avisó por WhatsApp: emergencia familiar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Perdonar' }));
    expect(await findToast('Se perdonó la cancelación tardía; la clase volvió a su plan.')).toBeInTheDocument();
    expect(sentTo(FORGIVE)).toEqual([{ reservationId: 31, reason: 'Avisó por WhatsApp: emergencia familiar' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Perdonar' })).not.toBeInTheDocument());
    // The roster reloads: forgiven, and no second "Perdonar".
    await waitFor(() => expect(sentTo(ROSTER).length).toBeGreaterThanOrEqual(2));
    const released = await within(roster).findByRole('region', { name: 'Liberaron su lugar' });
    expect(await within(released).findByText('Perdonado')).toBeInTheDocument();
    expect(within(released).queryByRole('button', { name: /Perdonar/ })).not.toBeInTheDocument();
  });

  it('should say when the class could not go back to the plan, and show a refusal in Spanish', async () => {
    let calls = 0;
    stubApi({
      [ROSTER]: () => [200, rosterWith()],
      [FORGIVE]: () =>
        ++calls === 1
          ? [409, errorBody('NOT_FORGIVABLE', 'Solo se puede perdonar una cancelación tardía o una inasistencia.')]
          : [
              200,
              {
                success: true,
                message: 'Perdonado. La clase no volvió al plan.',
                classReturned: false,
              },
            ],
    });
    renderWithProviders(<RosterDay date={DATE} />);
    const roster = await openRoster();
    await userEvent.click(within(roster).getByRole('button', { name: 'Perdonar la inasistencia de Luis Pérez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Perdonar' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Se equivocaron al marcar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Perdonar' }));
    expect(
      await within(dialog).findByText('Solo se puede perdonar una cancelación tardía o una inasistencia.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Perdonar' }));
    expect(
      await findToast(
        'Se perdonó la inasistencia; la clase no volvió a su plan porque ya no está vigente o pagó en el estudio.',
      ),
    ).toBeInTheDocument();
  });
});
