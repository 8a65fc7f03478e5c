import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '@/test/page-test-utils';
import { CANNOT_CANCEL_TITLE, CancelReservationDialog } from './cancel-reservation-dialog';

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

  it('should not offer what the server would refuse: past the deadline it says so and points to WhatsApp', async () => {
    const fetchMock = stubApi({});
    renderPage(<CancelReservationDialog reservation={{ ...reservation, cancellable: false }} onClose={() => {}} />);
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
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
