import '@/components/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MyClasses } from '@/features/my-classes';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { RosterWaitlist } from './roster-waitlist';

const DATE = '2026-11-30';
const LEAVE = '/api/reservations/leave-waitlist';
const CLASES = '/api/informacion/get-clases';
const PROMOTE = '/api/reservations/promote-from-waitlist';
const REMOVE = '/api/reservations/remove-from-waitlist';

/** The toast region's text (an open dialog hides the rest of the page from the accessibility tree). */
const findToast = async (text: string) =>
  // The region itself appears with the first toast.
  within(await screen.findByRole('region', { name: /Avisos/, hidden: true })).findByText(text);

describe('waitlists in Mis clases', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should list each line with the place, and leave one after asking', async () => {
    let lines = [{ id: 41, date: DATE, time: '8:00 AM', instructor: null, position: 2 }];
    const fetchMock = stubApi({
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
    const fetchMock = stubApi({
      [PROMOTE]: () => ({
        status: 201,
        body: { success: true, message: 'El cliente tiene su lugar en la clase.', reservationId: 99 },
      }),
    });
    const first = renderPage(<RosterWaitlist waitlist={waitlist} placeFree={false} />);
    const list = await screen.findByRole('region', { name: 'Lista de espera (2)' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Ana López'), expect.stringContaining('Beto Ruiz')]);
    expect(screen.queryByRole('button', { name: /Dar el lugar/ })).not.toBeInTheDocument();
    first.unmount();

    renderPage(<RosterWaitlist waitlist={waitlist} placeFree />);
    await userEvent.click(await screen.findByRole('button', { name: 'Dar el lugar a Beto Ruiz' }));
    expect(await findToast('Beto Ruiz tiene su lugar en la clase')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, PROMOTE)).toEqual([{ id: 8 }]);
  });

  it('should ask before taking someone off the line', async () => {
    const fetchMock = stubApi({ [REMOVE]: () => ({ status: 200, body: { success: true, message: 'ok' } }) });
    renderPage(<RosterWaitlist waitlist={waitlist} placeFree={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Quitar a Ana López de la lista de espera' }));
    expect(bodiesSentTo(fetchMock, REMOVE)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Sí, quitar' }));
    expect(await findToast('Se quitó a Ana López de la lista de espera')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, REMOVE)).toEqual([{ id: 7 }]);
  });
});
