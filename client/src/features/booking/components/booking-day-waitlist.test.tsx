import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, findToast, renderWithProviders, slot, stubApi } from '../test-utils';
import { BookingDay } from './booking-day';

const DATE = '2026-11-30';
const GET = '/api/reservations/get-information';
const JOIN = '/api/reservations/join-waitlist';
const LEAVE = '/api/reservations/leave-waitlist';

const full = (extra = {}) => slot({ scheduleId: 5, time: '8:00 AM', reservedCount: 8, capacity: 8, ...extra });
const dayWith = (s: ReturnType<typeof slot>) => () =>
  [200, { success: true, date: DATE, data: [s] }] as [number, unknown];

describe('waitlist on the booking page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should offer "Lista de espera (N)" on a full class, explain it, join, toast the place and reload the day', async () => {
    let joined = false;
    const { sentTo } = stubApi({
      [GET]: () =>
        dayWith(full(joined ? { waitlistCount: 3, myWaitlistPosition: 3, myWaitlistId: 41 } : { waitlistCount: 2 }))(),
      [JOIN]: () => {
        joined = true;
        return [
          201,
          {
            success: true,
            message: 'Te uniste a la lista de espera. Eres el 3.º en la lista.',
            waitlistId: 41,
            position: 3,
          },
        ];
      },
    });
    renderWithProviders(<BookingDay date={DATE} isGuest={false} onRequireLogin={vi.fn()} />);

    const row = (await screen.findByText('8:00 AM')).closest('li')!;
    expect(within(row).getByText('Clase llena · 2 en lista de espera')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Lista de espera (2)' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Unirte a la lista de espera?' });
    expect(within(dialog).getByText('No se toma ninguna clase de tu plan mientras esperas.')).toBeInTheDocument();
    expect(within(dialog).getByText('Hay 2 personas esperando.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unirme a la lista' }));

    expect(await findToast('Te uniste a la lista de espera. Eres el 3.º en la lista.')).toBeInTheDocument();
    expect(sentTo(JOIN)).toEqual([{ date: DATE, classReservation: 5 }]);
    expect(await screen.findByText('Eres el 3.º en la lista')).toBeInTheDocument();
  });

  it('should ask before leaving the line, then leave and say so', async () => {
    let waiting = true;
    const { sentTo } = stubApi({
      [GET]: () => dayWith(full(waiting ? { waitlistCount: 1, myWaitlistPosition: 1, myWaitlistId: 41 } : {}))(),
      [LEAVE]: () => {
        waiting = false;
        return [200, { success: true, message: 'Saliste de la lista de espera.' }];
      },
    });
    renderWithProviders(<BookingDay date={DATE} isGuest={false} onRequireLogin={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Salir de la lista' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Salir de la lista de espera?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, salir' }));
    expect(await findToast('Saliste de la lista de espera.')).toBeInTheDocument();
    expect(sentTo(LEAVE)).toEqual([{ id: 41 }]);
    expect(await screen.findByRole('button', { name: 'Lista de espera' })).toBeInTheDocument();
  });

  it('should send a guest to log in, and a client without classes to the plans', async () => {
    const onRequireLogin = vi.fn();
    stubApi({ [GET]: dayWith(full()) });
    const { unmount } = renderWithProviders(<BookingDay date={DATE} isGuest onRequireLogin={onRequireLogin} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Lista de espera' }));
    expect(onRequireLogin).toHaveBeenCalled();
    unmount();

    stubApi({
      [GET]: dayWith(full()),
      [JOIN]: () => [409, errorBody('NO_CLASSES_LEFT', 'No tienes clases disponibles en tu plan.')],
      '/api/planes/get-planes': () => [200, { success: true, planes: [] }],
    });
    renderWithProviders(<BookingDay date={DATE} isGuest={false} onRequireLogin={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Lista de espera' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Unirme a la lista' }));
    expect(await screen.findByRole('dialog', { name: 'Contrata un plan' })).toBeInTheDocument();
  });

  it('should say why when the list is full', async () => {
    stubApi({
      [GET]: dayWith(full({ waitlistCount: 10 })),
      [JOIN]: () => [409, errorBody('WAITLIST_FULL', 'La lista de espera está llena')],
    });
    renderWithProviders(<BookingDay date={DATE} isGuest={false} onRequireLogin={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Lista de espera (10)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Unirme a la lista' }));
    const dialog = screen.getByRole('dialog', { name: '¿Unirte a la lista de espera?' });
    expect(await within(dialog).findByText('La lista de espera está llena')).toBeInTheDocument();
  });
});
