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
  isPast: false,
  cancellable: true,
  // 7:00 PM of Monday in Mexico City.
  cancellableUntil: '2026-11-24T01:00:00.000Z',
  attended: null,
};
const tooLate: MyClassDto = {
  ...upcoming,
  id: 42,
  date: '2026-11-20',
  dayOfWeek: 'Viernes',
  time: '6:00 PM',
  cancellable: false,
};
const past: MyClassDto = {
  ...upcoming,
  id: 43,
  date: '2026-11-02',
  dayOfWeek: 'Lunes',
  isPast: true,
  cancellable: false,
};

const page = (clases: MyClassDto[], currentPage = 1, totalPages = 1, totalRecords = clases.length) => ({
  status: 200,
  body: { success: true, clases, pagination: { currentPage, totalPages, totalRecords } },
});

describe('MyClasses', () => {
  it('should list the classes with a Spanish date and offer Cancelar only on cancellable rows', async () => {
    stubApi({ [GET_CLASES]: () => page([upcoming, tooLate, past]) });
    renderPage(<MyClasses />);

    await screen.findByText('24 de noviembre de 2026');
    const table = screen.getByRole('table', { name: 'Mis clases' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('Pilates Reformer')).toBeInTheDocument();
    expect(within(rows[0]).getByText('24 de noviembre de 2026')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Martes')).toBeInTheDocument();
    expect(within(rows[0]).getByText('7:00 AM')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: /^Cancelar/ })).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('Ya no se puede cancelar')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Pasada')).toBeInTheDocument();
    expect(within(rows[2]).getByText('2 de noviembre de 2026')).toHaveClass('text-ink-subtle');

    // The same classes as cards, for a narrow column.
    const cards = within(screen.getByRole('list', { name: 'Mis clases' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Martes 24 de noviembre de 20267:00 AM · Pilates ReformerCancelar',
      'Viernes 20 de noviembre de 20266:00 PM · Pilates ReformerYa no se puede cancelar',
      'Lunes 2 de noviembre de 20267:00 AM · Pilates ReformerPasada',
    ]);
  });

  it('should ask the server for the session user’s classes ten per page and page through them', async () => {
    const fetchMock = stubApi({
      [GET_CLASES]: (body) => {
        const { pagination } = body as { pagination: number };
        return pagination === 1 ? page([upcoming], 1, 2, 11) : page([past], 2, 2, 11);
      },
    });
    renderPage(<MyClasses />);

    expect(await screen.findByText('Página 1 de 2')).toBeInTheDocument();
    expect(screen.getByText(/11 registros/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Página 2 de 2')).toBeInTheDocument();
    expect(screen.getByText('2 de noviembre de 2026')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, GET_CLASES)).toEqual([
      { pagination: 1, limit: 10 },
      { pagination: 2, limit: 10 },
    ]);
  });

  it('should confirm with the date, time and free-cancellation limit, then cancel and reload the list', async () => {
    let cancelled = false;
    const fetchMock = stubApi({
      [GET_CLASES]: () => (cancelled ? page([]) : page([upcoming])),
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
      'Cancela sin costo hasta lunes 23 de noviembre, 7:00 PM. La clase vuelve a tu plan.',
    );
    expect(within(dialog).getByRole('button', { name: 'Volver' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, cancelar' }));
    expect(await screen.findByText(CANCELLED_MESSAGE)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CANCEL)).toEqual([{ id: 41 }]);
    expect(await screen.findByText('Aún no tienes clases reservadas')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should show the server message when the cancellation window has closed', async () => {
    stubApi({
      [GET_CLASES]: () => page([upcoming]),
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
    stubApi({ [GET_CLASES]: () => page([]) });
    renderPage(<MyClasses />);
    expect(await screen.findByText('Aún no tienes clases reservadas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reservar una clase' })).toHaveAttribute('href', '/pilates/reservar');
  });
});
