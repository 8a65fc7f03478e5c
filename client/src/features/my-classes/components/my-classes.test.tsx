import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MyClassDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { CANCELLED_MESSAGE } from './cancel-reservation-dialog';
import { MyClasses } from './my-classes';

const GET_CLASES = '/api/informacion/get-clases';
const CANCEL = '/api/reservations/cancel-reservation';

const upcoming: MyClassDto = {
  id: 41,
  date: '2026-11-24',
  dayOfWeek: 'Martes',
  time: '7:00 AM',
  instructor: null,
  classType: 'Pilates Reformer · Básico',
  isPast: false,
  cancellable: true,
  releasable: false,
  // 7:00 PM of Monday in Mexico City.
  cancellableUntil: '2026-11-24T01:00:00.000Z',
  attended: null,
  spot: { id: 5, label: 'Reformer 5' },
  lateReleased: false,
  forgiven: false,
};
const tooLate: MyClassDto = {
  ...upcoming,
  id: 42,
  date: '2026-11-24',
  dayOfWeek: 'Martes',
  time: '8:00 AM',
  classType: 'Reformer Prenatal · Prenatal',
  cancellable: false,
  releasable: true,
  // 8:00 PM of Monday: booked inside the window, past it now.
  cancellableUntil: '2026-11-24T02:00:00.000Z',
  // Booked before the room was drawn.
  spot: null,
};
const past: MyClassDto = {
  ...upcoming,
  id: 43,
  date: '2026-11-02',
  dayOfWeek: 'Lunes',
  isPast: true,
  cancellable: false,
  attended: true,
};

const page = (clases: MyClassDto[], currentPage = 1, totalPages = 1, totalRecords = clases.length) => ({
  status: 200,
  body: { success: true, clases, pagination: { currentPage, totalPages, totalRecords }, listaEspera: [] },
});

/** The server's answer per period: "Próximas" and "Pasadas" are asked for apart. */
const byPeriod =
  (next: () => ReturnType<typeof page>, before: () => ReturnType<typeof page> = () => page([])) =>
  (body: unknown) =>
    (body as { periodo: string }).periodo === 'proximas' ? next() : before();

describe('MyClasses', () => {
  it('should list the upcoming classes apart from the past ones, each upcoming one with what cancelling does now', async () => {
    stubApi({
      [GET_CLASES]: byPeriod(
        () => page([upcoming, tooLate]),
        () => page([past]),
      ),
    });
    renderPage(<MyClasses />);

    await screen.findAllByText('24 de noviembre de 2026');
    await screen.findAllByText('2 de noviembre de 2026');
    const next = screen.getByRole('table', { name: 'Próximas clases' });
    expect(screen.getByRole('heading', { name: /^Próximas/ })).toBeInTheDocument();
    expect(
      within(next)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Clase', 'Fecha', 'Día', 'Hora', 'Reformer', 'Cancelación', 'Acciones']);
    const rows = within(next).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Pilates Reformer · Básico')).toBeInTheDocument();
    expect(within(rows[0]).getByText('24 de noviembre de 2026')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Martes')).toBeInTheDocument();
    expect(within(rows[0]).getByText('7:00 AM')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Reformer 5')).toBeInTheDocument();
    expect(within(rows[1]).getByText('—')).toBeInTheDocument();
    expect(
      within(rows[0]).getByText(
        'Cancela sin costo hasta el lunes 23 de noviembre, 7:00 PM; la clase vuelve a tu plan.',
      ),
    ).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: /^Cancelar/ })).toBeInTheDocument();
    // Past its deadline: said, and no cancel the server would refuse — only releasing the place.
    expect(within(rows[1]).queryByRole('button', { name: /^Cancelar/ })).not.toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: /^Liberar tu lugar en la clase/ })).toBeInTheDocument();
    expect(
      within(rows[1]).getByText(
        'Ya no se puede cancelar sin costo: el límite era el lunes 23 de noviembre, 8:00 PM. Puedes liberar tu lugar, pero la clase no se devuelve a tu plan.',
      ),
    ).toBeInTheDocument();

    const before = screen.getByRole('table', { name: 'Clases pasadas' });
    expect(screen.getByRole('heading', { name: /^Pasadas/ })).toBeInTheDocument();
    expect(
      within(before)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Clase', 'Fecha', 'Día', 'Hora', 'Reformer', 'Asistencia']);
    const pastRows = within(before).getAllByRole('row').slice(1);
    expect(within(pastRows[0]).getByText('2 de noviembre de 2026')).toBeInTheDocument();
    expect(within(pastRows[0]).getByText('Asistió')).toBeInTheDocument();
    expect(screen.queryByText('PILATES')).not.toBeInTheDocument();

    // The same classes as cards, for a narrow column.
    const cards = within(screen.getByRole('list', { name: 'Próximas clases' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Martes 24 de noviembre de 20267:00 AM · Pilates Reformer · Básico · Reformer 5Cancela sin costo hasta el lunes 23 de noviembre, 7:00 PM; la clase vuelve a tu plan.Cancelar',
      'Martes 24 de noviembre de 20268:00 AM · Reformer Prenatal · PrenatalYa no se puede cancelar sin costo: el límite era el lunes 23 de noviembre, 8:00 PM. Puedes liberar tu lugar, pero la clase no se devuelve a tu plan.Liberar lugar',
    ]);
    const pastCards = within(screen.getByRole('list', { name: 'Clases pasadas' })).getAllByRole('listitem');
    expect(pastCards.map((card) => card.textContent)).toEqual([
      'Lunes 2 de noviembre de 20267:00 AM · Pilates Reformer · Básico · Reformer 5Asistió',
    ]);
  });

  it('should list a place released late as "Lugar liberado" with nothing left to do, never as attended', async () => {
    const released: MyClassDto = { ...tooLate, id: 44, lateReleased: true };
    const releasedPast: MyClassDto = { ...past, id: 45, attended: null, lateReleased: true, forgiven: true };
    stubApi({
      [GET_CLASES]: byPeriod(
        () => page([released]),
        () => page([releasedPast]),
      ),
    });
    renderPage(<MyClasses />);

    await screen.findAllByText('2 de noviembre de 2026');
    const next = screen.getByRole('table', { name: 'Próximas clases' });
    const [row] = within(next).getAllByRole('row').slice(1);
    expect(within(row).getByText('Lugar liberado')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    const before = screen.getByRole('table', { name: 'Clases pasadas' });
    const [pastRow] = within(before).getAllByRole('row').slice(1);
    expect(within(pastRow).getByText('Lugar liberado (perdonado)')).toBeInTheDocument();
    expect(within(pastRow).queryByText(/Asistió|Sin marcar/)).not.toBeInTheDocument();
  });

  it('should offer nothing past the deadline when the studio does not let a client release late', async () => {
    const taken: MyClassDto = { ...tooLate, id: 46, releasable: false };
    stubApi({ [GET_CLASES]: byPeriod(() => page([taken])) });
    renderPage(<MyClasses />);

    const cards = within(await screen.findByRole('list', { name: 'Próximas clases' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Martes 24 de noviembre de 20268:00 AM · Reformer Prenatal · PrenatalYa no se puede cancelar sin costo: el límite era el lunes 23 de noviembre, 8:00 PM. La clase se considera tomada.',
    ]);
    const [row] = within(screen.getByRole('table', { name: 'Próximas clases' }))
      .getAllByRole('row')
      .slice(1);
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('should page the upcoming and the past classes each on its own, ten per page', async () => {
    const fetchMock = stubApi({
      [GET_CLASES]: (body) => {
        const { pagination, periodo } = body as { pagination: number; periodo: string };
        if (periodo === 'proximas') return page([upcoming]);
        return pagination === 1 ? page([past], 1, 2, 11) : page([{ ...past, id: 44, date: '2026-10-05' }], 2, 2, 11);
      },
    });
    renderPage(<MyClasses />);

    expect(await screen.findByText('Página 1 de 2')).toBeInTheDocument();
    expect(screen.getByText(/11 registros/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Página 2 de 2')).toBeInTheDocument();
    expect(screen.getByText('5 de octubre de 2026')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, GET_CLASES)).toEqual(
      expect.arrayContaining([
        { periodo: 'proximas', pagination: 1, limit: 10 },
        { periodo: 'pasadas', pagination: 1, limit: 10 },
        { periodo: 'pasadas', pagination: 2, limit: 10 },
      ]),
    );
  });

  it('should confirm with the date, time and free-cancellation limit, then cancel and reload the list', async () => {
    let cancelled = false;
    const fetchMock = stubApi({
      [GET_CLASES]: byPeriod(() => (cancelled ? page([]) : page([upcoming]))),
      [CANCEL]: () => {
        cancelled = true;
        return { status: 200, body: { success: true, message: 'Reserva cancelada' } };
      },
    });
    renderPage(<MyClasses />);

    await userEvent.click((await screen.findAllByRole('button', { name: /^Cancelar la clase/ }))[0]!);
    const dialog = await screen.findByRole('dialog', {
      name: '¿Cancelar tu clase del martes 24 de noviembre de 2026 a las 7:00 AM?',
    });
    expect(dialog).toHaveAccessibleDescription(
      'Cancela sin costo hasta el lunes 23 de noviembre, 7:00 PM. La clase vuelve a tu plan.',
    );
    expect(within(dialog).getByRole('button', { name: 'Volver' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    expect(await screen.findByText(CANCELLED_MESSAGE)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CANCEL)).toEqual([{ id: 41 }]);
    expect(await screen.findByText('Aún no tienes clases reservadas')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should show the server message when the cancellation window has closed meanwhile', async () => {
    stubApi({
      [GET_CLASES]: byPeriod(() => page([upcoming])),
      [CANCEL]: () => ({
        status: 409,
        body: { success: false, code: 'CANCEL_WINDOW_CLOSED', error: 'Ya no es posible cancelar esta clase' },
      }),
    });
    renderPage(<MyClasses />);

    await userEvent.click((await screen.findAllByRole('button', { name: /^Cancelar la clase/ }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ya no es posible cancelar esta clase');
    expect(within(dialog).queryByRole('button', { name: 'Sí, cancelar' })).not.toBeInTheDocument();
  });

  it('should invite to book when there are no classes', async () => {
    stubApi({ [GET_CLASES]: byPeriod(() => page([])) });
    renderPage(<MyClasses />);
    expect(await screen.findByText('Aún no tienes clases reservadas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reservar una clase' })).toHaveAttribute('href', '/pilates/reservar');
  });
});
