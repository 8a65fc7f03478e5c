import userEvent from '@testing-library/user-event';
import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { studioAnswer } from '@/test/studio-answer';
import { CANNOT_CANCEL_TITLE, CancelReservationDialog, RELEASE_TITLE } from './cancel-reservation-dialog';

const reservation = {
  id: 7,
  date: '2026-11-24',
  time: '7:00 AM',
  cancellable: true,
  // 7:00 PM of Monday in Mexico City.
  cancellableUntil: '2026-11-24T01:00:00.000Z',
};

describe('CancelReservationDialog', () => {
  it('should offer cancelling, with its free deadline, while the server accepts it', async () => {
    stubApi({});
    renderPage(<CancelReservationDialog reservation={reservation} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', {
      name: '¿Cancelar tu clase del martes 24 de noviembre de 2026 a las 7:00 AM?',
    });
    expect(dialog).toHaveAccessibleDescription(
      'Cancela sin costo hasta el lunes 23 de noviembre, 7:00 PM. La clase vuelve a tu plan.',
    );
    expect(within(dialog).getByRole('button', { name: 'Sí, cancelar' })).toBeInTheDocument();
  });

  it('should not offer what the server would refuse: once the class started it says so and points to WhatsApp', async () => {
    const fetchMock = stubApi({});
    renderPage(
      <CancelReservationDialog
        reservation={{ ...reservation, cancellable: false, started: true }}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: CANNOT_CANCEL_TITLE });
    expect(dialog).toHaveAccessibleDescription(
      'El límite para cancelar era el lunes 23 de noviembre, 7:00 PM. Esta clase ya no se puede cancelar ni vuelve a tu plan. Si no puedes venir, avísanos por WhatsApp.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Sí, cancelar' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/vuelve a tu plan\.$/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Escribir por WhatsApp' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/\d+/),
    );
    // Nothing sent: the only call is the read of the studio's policy.
    expect(fetchMock.mock.calls.map(([url]) => url).filter((url) => url !== '/api/studio')).toEqual([]);
  });

  describe('past the deadline, before the class', () => {
    afterEach(() => vi.useRealTimers());

    it('should say the class is not returned, with the deadline in studio time, and release the place', async () => {
      // Tuesday 6:00 AM in Mexico City: the deadline was yesterday (Monday) 7:00 PM.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-24T12:00:00.000Z'));
      const fetchMock = stubApi({
        '/api/reservations/release-spot': () => ({
          status: 200,
          body: { success: true, message: 'Liberaste tu lugar. La clase no se devolvió a tu plan.', refunded: false },
        }),
      });
      let closed = false;
      renderPage(
        <CancelReservationDialog
          reservation={{ ...reservation, cancellable: false }}
          onClose={() => {
            closed = true;
          }}
        />,
      );
      const dialog = await screen.findByRole('dialog', { name: RELEASE_TITLE });
      expect(dialog).toHaveAccessibleDescription(
        'Ya pasó el límite para cancelar sin costo (ayer 7:00 PM). Si liberas tu lugar, la clase no se devuelve a tu plan.',
      );
      expect(within(dialog).queryByRole('button', { name: 'Sí, cancelar' })).not.toBeInTheDocument();
      // Radix's modal sets `pointer-events: none` on the page while the dialog mounts; on a loaded machine
      // user-event may read it before the dialog's own style lands. The click itself is what is tested.
      await userEvent
        .setup({ pointerEventsCheck: 0 })
        .click(within(dialog).getByRole('button', { name: 'Liberar lugar' }));
      expect(await screen.findByText('Liberaste tu lugar. La clase no se devolvió a tu plan.')).toBeInTheDocument();
      expect(bodiesSentTo(fetchMock, '/api/reservations/release-spot')).toEqual([{ id: 7 }]);
      expect(closed).toBe(true);
    });

    it('should offer no release when the studio turned "Liberar lugar" off, and point to WhatsApp', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-24T12:00:00.000Z'));
      const fetchMock = stubApi({
        '/api/studio': () => ({ status: 200, body: studioAnswer({ lateCancelReleases: false }) }),
      });
      renderPage(<CancelReservationDialog reservation={{ ...reservation, cancellable: false }} onClose={() => {}} />);
      const dialog = await screen.findByRole('dialog', { name: CANNOT_CANCEL_TITLE });
      expect(within(dialog).queryByRole('button', { name: 'Liberar lugar' })).not.toBeInTheDocument();
      expect(within(dialog).getByRole('link', { name: 'Escribir por WhatsApp' })).toBeInTheDocument();
      expect(bodiesSentTo(fetchMock, '/api/reservations/release-spot')).toEqual([]);
    });
  });
});
