import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookingDay } from '@/features/booking';
import { MyClasses } from '@/features/my-classes';
import { errorBody, findToast, renderWithProviders, slot, stubApi } from '@/features/booking/test-utils';
import { bodiesSentTo, renderPage, stubApi as stubPageApi } from '@/test/page-test-utils';
import { RosterWaitlist } from './roster-waitlist';

const DATE = '2026-11-30';
const GET = '/api/reservations/get-information';
const JOIN = '/api/reservations/join-waitlist';
const LEAVE = '/api/reservations/leave-waitlist';
const CLASES = '/api/informacion/get-clases';
const PROMOTE = '/api/reservations/promote-from-waitlist';
const REMOVE = '/api/reservations/remove-from-waitlist';

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

describe('waitlists in Mis clases', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should list each line with the place, and leave one after asking', async () => {
    let lines = [{ id: 41, date: DATE, time: '8:00 AM', instructor: null, position: 2 }];
    const fetchMock = stubPageApi({
      [CLASES]: () => ({
        status: 200,
        body: {
          success: true,
          clases: [],
          pagination: { currentPage: 1, totalPages: 1, totalRecords: 0 },
          listaEspera: lines,
        },
      }),
      [LEAVE]: () => {
        lines = [];
        return { status: 200, body: { success: true, message: 'Saliste de la lista de espera.' } };
      },
    });
    renderPage(<MyClasses />);
    const section = await screen.findByRole('region', { name: 'Listas de espera' });
    expect(within(section).getByText('Lunes 30 de noviembre de 2026 · 8:00 AM')).toBeInTheDocument();
    expect(within(section).getByText(/Eres el 2\.º en la lista/)).toBeInTheDocument();
    await userEvent.click(
      within(section).getByRole('button', {
        name: 'Salir de la lista de espera del lunes 30 de noviembre de 2026 a las 8:00 AM',
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sí, salir' }));
    expect(await findToast('Saliste de la lista de espera.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, LEAVE)).toEqual([{ id: 41 }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Listas de espera' })).not.toBeInTheDocument());
    expect(screen.getByText('Aún no tienes clases reservadas')).toBeInTheDocument();
  });
});

describe('the roster waitlist (admin)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const waitlist = [
    { id: 7, userId: 3, name: 'Ana López', email: 'ana@example.com', position: 1 },
    { id: 8, userId: 4, name: 'Beto Ruiz', email: 'beto@example.com', position: 2 },
  ];

  it('should list the line in order; "Dar el lugar" only while a place is free', async () => {
    const { sentTo } = stubApi({
      [PROMOTE]: () => [201, { success: true, message: 'El usuario tiene su lugar en la clase.', reservationId: 99 }],
    });
    const first = renderWithProviders(<RosterWaitlist waitlist={waitlist} placeFree={false} />);
    const list = screen.getByRole('region', { name: 'Lista de espera (2)' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Ana López'), expect.stringContaining('Beto Ruiz')]);
    expect(screen.queryByRole('button', { name: /Dar el lugar/ })).not.toBeInTheDocument();
    first.unmount();

    renderWithProviders(<RosterWaitlist waitlist={waitlist} placeFree />);
    await userEvent.click(screen.getByRole('button', { name: 'Dar el lugar a Beto Ruiz' }));
    expect(await findToast('Beto Ruiz tiene su lugar en la clase')).toBeInTheDocument();
    expect(sentTo(PROMOTE)).toEqual([{ id: 8 }]);
  });

  it('should ask before taking someone off the line', async () => {
    const { sentTo } = stubApi({ [REMOVE]: () => [200, { success: true, message: 'ok' }] });
    renderWithProviders(<RosterWaitlist waitlist={waitlist} placeFree={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Quitar a Ana López de la lista de espera' }));
    expect(sentTo(REMOVE)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Sí, quitar' }));
    expect(await findToast('Se quitó a Ana López de la lista de espera')).toBeInTheDocument();
    expect(sentTo(REMOVE)).toEqual([{ id: 7 }]);
  });
});
