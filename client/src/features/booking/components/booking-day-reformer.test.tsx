import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SlotSpotDto, UserDto } from '@/api/generated/model';
import { sessionQueryOptions } from '@/features/session';
import { errorBody, findToast, renderWithProviders, slot, stubApi, type ApiHandlers } from '../test-utils';
import { BookingDay } from './booking-day';

const DATE = '2026-11-30';
const GET = '/api/reservations/get-information';
const PUSH = '/api/reservations/push-reservation';
const SALA = '/api/reservations/sala';
const FAVOURITE = '/api/informacion/favourite-spot';

// Two rows of three; Reformer 2 is taken, Reformer 6 out of service.
const SPOTS: SlotSpotDto[] = [1, 2, 3, 4, 5, 6].map((id) => ({
  id,
  label: `Reformer ${id}`,
  row: id <= 3 ? 1 : 2,
  column: ((id - 1) % 3) + 1,
  state: id === 2 ? 'taken' : id === 6 ? 'out_of_service' : 'free',
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
const catalogue = [{ id: 3, name: 'Ocho Clases', classes: 8, price: 1500, commission: 59.7, total: 1559.7 }];
const BOOKED = {
  success: true,
  message: '¡Has reservado con éxito!',
  reservationId: 9,
  cancellable: true,
  cancelUntil: '2026-11-30T20:00:00.000Z',
};

function renderDay(handlers: ApiHandlers = {}, favouriteSpot: UserDto['favouriteSpot'] = null) {
  const api = stubApi({
    [GET]: () => [200, { success: true, date: DATE, data: [slot({ scheduleId: 5, time: '8:00 AM', spots: SPOTS })] }],
    [SALA]: () => [
      200,
      { success: true, spots: SPOTS.map(({ state: _state, ...spot }) => spot), instructor: { row: 0, column: 2 } },
    ],
    // "Cualquiera" gets Reformer 1 here; a reformer asked for is the one given.
    [PUSH]: (body) => {
      const id = (body as { spot?: number }).spot ?? 1;
      return [201, { ...BOOKED, spot: { id, label: `Reformer ${id}` } }];
    },
    ...handlers,
  });
  const { queryClient } = renderWithProviders(<BookingDay date={DATE} isGuest={false} onRequireLogin={vi.fn()} />);
  const user: UserDto = { ...CLIENT, favouriteSpot };
  queryClient.setQueryData(sessionQueryOptions.queryKey, user);
  return { ...api, queryClient };
}

const openPicker = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Reservar' }));
  return screen.findByRole('dialog', { name: 'Elige tu reformer' });
};

describe('BookingDay: choosing the reformer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should open the room map on "Reservar", with "Cualquiera" chosen and focused, and close on Escape', async () => {
    const { sentTo } = renderDay();
    const dialog = await openPicker();
    expect(within(dialog).getByText('lunes 30 de noviembre de 2026, 8:00 AM', { exact: false })).toBeInTheDocument();
    // The policy in force, said before the booking (the day's own deadline, in studio time).
    expect(
      within(dialog).getByText(
        'Cancela sin costo hasta el lunes 23 de noviembre, 7:00 PM. Después puedes liberar tu lugar, pero la clase no se devuelve a tu plan.',
      ),
    ).toBeInTheDocument();
    const map = within(dialog).getByRole('radiogroup', { name: 'Elige tu reformer' });
    expect(within(map).getByRole('radio', { name: 'Reformer 4, libre' })).toBeInTheDocument();
    expect(within(map).getByRole('radio', { name: 'Reformer 2, ocupado' })).toBeInTheDocument();
    expect(await within(map).findByText('Instructora')).toBeInTheDocument();
    const any = within(map).getByRole('radio', { name: 'Cualquiera' });
    expect(any).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(any).toHaveFocus());
    expect(sentTo(PUSH)).toEqual([]);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentTo(PUSH)).toEqual([]);
  });

  it('should book "Cualquiera" without a spot, once, and close the dialog', async () => {
    const { sentTo } = renderDay();
    const dialog = await openPicker();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reservar' }));
    expect(
      await findToast(
        '¡Has reservado con éxito! Tu lugar: Reformer 1. Cancela sin costo hasta el lunes 30 de noviembre, 2:00 PM.',
      ),
    ).toBeInTheDocument();
    expect(sentTo(PUSH)).toEqual([{ date: DATE, classReservation: 5 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should send spot 4 when Reformer 4 is chosen, naming it on the button', async () => {
    const { sentTo } = renderDay();
    const dialog = await openPicker();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Reformer 4, libre' }));
    expect(within(dialog).getByRole('radio', { name: 'Reformer 4, libre' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reservar Reformer 4' }));
    await waitFor(() => expect(sentTo(PUSH)).toEqual([{ date: DATE, classReservation: 5, spot: 4 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should not let a taken or out-of-service reformer be chosen', async () => {
    const { sentTo } = renderDay();
    const dialog = await openPicker();
    const taken = within(dialog).getByRole('radio', { name: 'Reformer 2, ocupado' });
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(taken);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Reformer 6, fuera de servicio' }));
    expect(taken).toHaveAttribute('aria-checked', 'false');
    expect(within(dialog).getByRole('radio', { name: 'Cualquiera' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reservar' }));
    await waitFor(() => expect(sentTo(PUSH)).toEqual([{ date: DATE, classReservation: 5 }]));
  });

  it('should carry the chosen reformer into "Contrata un plan", which holds it while paying', async () => {
    const { sentTo } = renderDay({
      [PUSH]: () => [409, errorBody('NO_CLASSES_LEFT', 'No tienes clases disponibles en tu plan.')],
      '/api/planes/get-planes': () => [200, { success: true, planes: catalogue }],
      '/api/mercadopago': () => [
        502,
        errorBody('PAYMENT_PROVIDER_ERROR', 'No pudimos conectar con Mercado Pago. Intenta de nuevo en unos minutos.'),
      ],
    });
    const picker = await openPicker();
    await userEvent.click(within(picker).getByRole('radio', { name: 'Reformer 4, libre' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Reservar Reformer 4' }));

    const dialog = await screen.findByRole('dialog', { name: 'Contrata un plan' });
    expect(JSON.parse(sessionStorage.getItem('pilates.chosen-class')!)).toEqual({
      date: DATE,
      scheduleId: 5,
      time: '8:00 AM',
      spot: { id: 4, label: 'Reformer 4' },
    });
    const card = (await within(dialog).findByRole('heading', { name: 'Ocho Clases' })).closest('li')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Comprar Plan' }));
    expect(dialog).toHaveTextContent('Te guardamos el Reformer 4 por 15 minutos mientras pagas.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pagar con Mercado Pago' }));
    await waitFor(() =>
      expect(sentTo('/api/mercadopago')).toEqual([{ planId: 3, hold: { date: DATE, scheduleId: 5, spot: 4 } }]),
    );
  });

  it('should say in Spanish when the reformer was taken meanwhile (SPOT_TAKEN)', async () => {
    renderDay({
      [PUSH]: () => [409, errorBody('SPOT_TAKEN', 'Ese reformer ya está reservado; elige otro')],
    });
    const dialog = await openPicker();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Reformer 3, libre' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reservar Reformer 3' }));
    expect(await findToast('Ese reformer ya está reservado; elige otro')).toBeInTheDocument();
  });

  it('should book a class without reformers at once, as before', async () => {
    const { sentTo } = renderDay({
      [GET]: () => [200, { success: true, date: DATE, data: [slot({ scheduleId: 5, time: '8:00 AM' })] }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reservar' }));
    await waitFor(() => expect(sentTo(PUSH)).toEqual([{ date: DATE, classReservation: 5 }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should mark the chosen reformer as the favourite without booking or closing', async () => {
    const { sentTo, queryClient } = renderDay({
      [FAVOURITE]: (body) => {
        const id = (body as { spot: number }).spot;
        return [
          200,
          {
            success: true,
            message: `Reformer ${id} es tu reformer favorito.`,
            favouriteSpot: { id, label: `Reformer ${id}` },
          },
        ];
      },
    });
    const dialog = await openPicker();
    // Nothing to mark on "Cualquiera".
    expect(within(dialog).queryByRole('button', { name: 'Marcar como favorito' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Reformer 4, libre' }));
    const mark = within(dialog).getByRole('button', { name: 'Marcar como favorito' });
    mark.focus();
    await userEvent.keyboard('{Enter}');

    expect(await findToast('Reformer 4 es tu reformer favorito.')).toBeInTheDocument();
    expect(sentTo(FAVOURITE)).toEqual([{ spot: 4 }]);
    const marked = await within(dialog).findByRole('button', { name: 'Es tu favorito' });
    expect(marked).toHaveAttribute('aria-disabled', 'true');
    expect(marked).toHaveFocus();
    expect(within(dialog).getByRole('radio', { name: 'Reformer 4, libre, tu favorito' })).toBeChecked();
    expect(queryClient.getQueryData(sessionQueryOptions.queryKey)?.favouriteSpot).toEqual({
      id: 4,
      label: 'Reformer 4',
    });
    // Still choosing: nothing booked, the dialog open; marking again sends nothing.
    await userEvent.click(marked);
    expect(sentTo(FAVOURITE)).toHaveLength(1);
    expect(sentTo(PUSH)).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Elige tu reformer' })).toBeInTheDocument();
  });

  it('should say "Es tu favorito" for the favourite already, and offer to mark another', async () => {
    const { sentTo } = renderDay({}, { id: 3, label: 'Reformer 3' });
    const dialog = await openPicker();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Reformer 3, libre, tu favorito' }));
    expect(within(dialog).getByRole('button', { name: 'Es tu favorito' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Reformer 5, libre' }));
    expect(within(dialog).getByRole('button', { name: 'Marcar como favorito' })).not.toHaveAttribute('aria-disabled');
    expect(sentTo(FAVOURITE)).toEqual([]);
  });
});
