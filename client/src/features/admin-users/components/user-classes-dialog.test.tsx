import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GetClasesDto, MyClassDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi, type Handler } from '@/test/page-test-utils';
import { chooseRowAction, pagination, pastClass, upcomingClass, URLS, usersPage } from '../test-data';
import { UsersAdmin } from './users-admin';

const classesPage =
  (clases: MyClassDto[], totalPages = 1): Handler =>
  (body) => ({
    status: 200,
    body: {
      success: true,
      clases,
      pagination: pagination((body as GetClasesDto).pagination ?? 1, totalPages, clases.length),
      listaEspera: [],
      asistencia: { attended: 1, noShow: 0 },
    },
  });

async function openClasses() {
  await chooseRowAction('Ana López', 'Ver clases');
  return screen.findByRole('dialog', { name: 'Clases de Ana López' });
}

describe('UserClassesDialog', () => {
  it('should list the user’s classes ten per page with date, day, time and instructor', async () => {
    const fetchMock = stubApi({ [URLS.users]: usersPage, [URLS.userClasses]: classesPage([upcomingClass, pastClass]) });
    renderPage(<UsersAdmin />);
    const dialog = await openClasses();

    const table = await within(dialog).findByRole('table', { name: 'Clases de Ana López' });
    await within(table).findByRole('cell', { name: 'Mariana' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Fecha', 'Día', 'Hora', 'Instructor', 'Acciones']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .slice(0, 4)
        .map((td) => td.textContent),
    ).toEqual(['24 de noviembre de 2026', 'Martes', '7:00 AM', 'Mariana']);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['2 de noviembre de 2026', 'Lunes', '6:00 PM', '—', 'Asistió']);
    expect(dialog).toHaveTextContent('Asistencia: 1 asistencia · 0 faltas');
    // Only an upcoming class can be removed.
    expect(within(rows[0]).getByRole('button', { name: /^Quitar/ })).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('button')).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, URLS.userClasses)).toEqual([{ id: 7, pagination: 1, limit: 10 }]);
  });

  it('should label each past class Asistió, No asistió or Sin marcar', async () => {
    const missed: MyClassDto = { ...pastClass, id: 29, date: '2026-10-26', attended: false };
    const unmarked: MyClassDto = { ...pastClass, id: 28, date: '2026-10-19', attended: null };
    stubApi({ [URLS.users]: usersPage, [URLS.userClasses]: classesPage([pastClass, missed, unmarked]) });
    renderPage(<UsersAdmin />);
    const dialog = await openClasses();

    const table = await within(dialog).findByRole('table', { name: 'Clases de Ana López' });
    await within(table).findByRole('cell', { name: /^No asistió/ });
    const lastCells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').at(-1)?.textContent);
    // A no-show can be forgiven from here ("Perdonar").
    expect(lastCells).toEqual(['Asistió', 'No asistióPerdonar', 'Sin marcar']);
  });

  it('should remove the user from an upcoming class after confirming and reload the list', async () => {
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.userClasses]: classesPage([upcomingClass, pastClass]),
      [URLS.cancelReservation]: () => ({
        status: 200,
        body: { success: true, message: 'Reserva cancelada. La clase volvió al plan.' },
      }),
    });
    renderPage(<UsersAdmin />);
    const classes = await openClasses();

    const table = await within(classes).findByRole('table', { name: 'Clases de Ana López' });
    await userEvent.click(
      await within(table).findByRole('button', {
        name: 'Quitar de la clase del martes 24 de noviembre de 2026 a las 7:00 AM',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Quitar de la clase' });
    expect(confirm).toHaveTextContent(
      '¿Quitar a Ana López de la clase del martes 24 de noviembre de 2026 a las 7:00 AM?',
    );
    expect(bodiesSentTo(fetchMock, URLS.cancelReservation)).toHaveLength(0);

    await userEvent.click(within(confirm).getByRole('button', { name: 'Sí, quitar' }));

    expect(await screen.findByText('Reserva cancelada. La clase volvió al plan.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, URLS.cancelReservation)).toEqual([{ id: 31 }]);
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, URLS.userClasses)).toHaveLength(2));
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Quitar de la clase' })).not.toBeInTheDocument(),
    );
  });

  it('should show the server refusal in the confirmation', async () => {
    stubApi({
      [URLS.users]: usersPage,
      [URLS.userClasses]: classesPage([upcomingClass]),
      [URLS.cancelReservation]: () => ({
        status: 404,
        body: { success: false, code: 'RESERVATION_NOT_FOUND', error: 'La reserva no existe.' },
      }),
    });
    renderPage(<UsersAdmin />);
    const classes = await openClasses();

    const table = await within(classes).findByRole('table', { name: 'Clases de Ana López' });
    await userEvent.click(await within(table).findByRole('button', { name: /^Quitar/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Quitar de la clase' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sí, quitar' }));

    expect(await within(confirm).findByRole('alert')).toHaveTextContent('La reserva no existe.');
  });

  it('should forgive a late release from the user’s classes with a required reason, then say so and reload', async () => {
    let forgiven = false;
    const released: MyClassDto = { ...upcomingClass, id: 33, cancellable: false, lateReleased: true };
    const fetchMock = stubApi({
      [URLS.users]: usersPage,
      [URLS.userClasses]: (body) => classesPage([{ ...released, forgiven }])(body),
      '/api/admin/forgive': () => {
        forgiven = true;
        return {
          status: 200,
          body: { success: true, message: 'Perdonado. La clase volvió al plan del cliente.', classReturned: true },
        };
      },
    });
    renderPage(<UsersAdmin />);
    const classes = await openClasses();
    const table = await within(classes).findByRole('table', { name: 'Clases de Ana López' });
    // A released place is not "Quitar": it says so and offers "Perdonar".
    expect(await within(table).findByText('Lugar liberado')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Quitar/ })).not.toBeInTheDocument();
    await userEvent.click(
      within(table).getByRole('button', {
        name: 'Perdonar la cancelación tardía del martes 24 de noviembre de 2026 a las 7:00 AM',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Perdonar' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Perdonar' }));
    expect(await within(dialog).findByText('Escribe el motivo.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/admin/forgive')).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Avisó con tiempo por teléfono');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Perdonar' }));
    expect(await screen.findByText('Se perdonó la cancelación tardía; la clase volvió a su plan.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/admin/forgive')).toEqual([
      { reservationId: 33, reason: 'Avisó con tiempo por teléfono' },
    ]);
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, URLS.userClasses)).toHaveLength(2));
    expect(await within(table).findByText('Lugar liberado (perdonado)')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Perdonar/ })).not.toBeInTheDocument();
  });

  it('should say when the user has no classes', async () => {
    stubApi({ [URLS.users]: usersPage, [URLS.userClasses]: classesPage([]) });
    renderPage(<UsersAdmin />);
    const dialog = await openClasses();

    expect(await within(dialog).findByText('Ana López aún no tiene clases reservadas.')).toBeInTheDocument();
  });
});
