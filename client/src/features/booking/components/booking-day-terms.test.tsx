/*
 * BookingDay when the studio published new terms: the booking answers TERMS_ACCEPTANCE_REQUIRED, the
 * dialog lists what to accept, «Aceptar y reservar» records each acceptance and books the same class
 * on the same reformer; «Ahora no» closes it and books nothing.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SlotSpotDto, UserDto } from '@/api/generated/model';
import { sessionQueryOptions } from '@/features/session';
import { errorBody, renderWithProviders, slot, stubApi } from '../test-utils';
import { ACCEPT_TERMS_TITLE } from './accept-terms-dialog';
import { BookingDay } from './booking-day';

const DATE = '2026-11-30';
const GET = '/api/reservations/get-information';
const PUSH = '/api/reservations/push-reservation';
const SALA = '/api/reservations/sala';
const PENDING = '/api/consents/pending';
const ACCEPT = '/api/consents/accept';

const SPOTS: SlotSpotDto[] = [1, 2, 3].map((id) => ({
  id,
  label: `Reformer ${id}`,
  row: 1,
  column: id,
  state: 'free',
}));
const CLIENT: UserDto = {
  id: 7,
  name: 'Ana López',
  email: 'ana@example.com',
  phone: null,
  role: 'user',
  cumpleanos: '1990-05-17',
  favouriteSpot: null,
};
const PENDING_ITEMS = [
  { kind: 'terminos', version: 2, publishedAt: '2026-11-20T18:00:00.000Z', summary: 'Nueva política de cancelación' },
  { kind: 'privacidad', version: 3, publishedAt: '2026-11-21T18:00:00.000Z', summary: 'Nuevo encargado de pagos' },
];

function renderDay() {
  let accepted = false;
  const api = stubApi({
    [GET]: () => [200, { success: true, date: DATE, data: [slot({ scheduleId: 5, time: '8:00 AM', spots: SPOTS })] }],
    [SALA]: () => [
      200,
      { success: true, spots: SPOTS.map(({ state: _state, ...spot }) => spot), instructor: { row: 0, column: 2 } },
    ],
    [PENDING]: () => [200, { success: true, pending: PENDING_ITEMS }],
    [ACCEPT]: () => {
      accepted = true;
      return [200, { success: true, pending: [] }];
    },
    [PUSH]: (body) =>
      accepted
        ? [
            201,
            {
              success: true,
              message: '¡Has reservado con éxito!',
              reservationId: 9,
              cancellable: true,
              cancelUntil: '2026-11-30T20:00:00.000Z',
              spot: { id: (body as { spot: number }).spot, label: `Reformer ${(body as { spot: number }).spot}` },
            },
          ]
        : [409, errorBody('TERMS_ACCEPTANCE_REQUIRED', 'Acepta los nuevos términos para reservar.')],
  });
  const { queryClient } = renderWithProviders(<BookingDay date={DATE} isGuest={false} onRequireLogin={vi.fn()} />);
  queryClient.setQueryData(sessionQueryOptions.queryKey, CLIENT);
  return api;
}

/** Books Reformer 3 of the 8:00 class and waits for the terms dialog. */
async function bookReformer3() {
  await userEvent.click(await screen.findByRole('button', { name: 'Reservar' }));
  const picker = await screen.findByRole('dialog', { name: 'Elige tu reformer' });
  await userEvent.click(within(picker).getByRole('radio', { name: 'Reformer 3, libre' }));
  await userEvent.click(within(picker).getByRole('button', { name: 'Reservar Reformer 3' }));
  return screen.findByRole('dialog', { name: ACCEPT_TERMS_TITLE });
}

describe('BookingDay: new terms to accept', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should list what is pending, accept each and book the same class on the same reformer', async () => {
    const { sentTo } = renderDay();
    const dialog = await bookReformer3();

    const list = await within(dialog).findByRole('list', { name: 'Por aceptar' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining(
        'Términos y condiciones, versión 2 (del 20 de noviembre de 2026)Nueva política de cancelación',
      ),
      expect.stringContaining('Aviso de privacidad, versión 3 (del 21 de noviembre de 2026)Nuevo encargado de pagos'),
    ]);
    const read = within(list).getByRole('link', { name: /Leer términos y condiciones/ });
    expect(read).toHaveAttribute('href', '/pilates/terminos?version=2');
    expect(read).toHaveAttribute('target', '_blank');
    expect(within(list).getByRole('link', { name: /Leer aviso de privacidad/ })).toHaveAttribute(
      'href',
      '/pilates/aviso-de-privacidad?version=3',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceptar y reservar' }));
    await waitFor(() => expect(sentTo(PUSH)).toHaveLength(2));
    expect(sentTo(ACCEPT)).toEqual([
      { kind: 'terminos', version: 2 },
      { kind: 'privacidad', version: 3 },
    ]);
    expect(sentTo(PUSH)).toEqual([
      { date: DATE, classReservation: 5, spot: 3 },
      { date: DATE, classReservation: 5, spot: 3 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: ACCEPT_TERMS_TITLE })).not.toBeInTheDocument());
  });

  it('should close on «Ahora no» without accepting or booking, and leave the page usable', async () => {
    const { sentTo } = renderDay();
    const dialog = await bookReformer3();
    await within(dialog).findByRole('list', { name: 'Por aceptar' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Ahora no' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: ACCEPT_TERMS_TITLE })).not.toBeInTheDocument());
    expect(sentTo(ACCEPT)).toEqual([]);
    expect(sentTo(PUSH)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Reservar' })).toBeEnabled();
  });
});
