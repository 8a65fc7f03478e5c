import '@/components/ui/test-polyfills';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EnrolledUserDto, RosterSlotDto } from '@/api/generated/model';
import {
  ROSTER_DATE as DATE,
  ROSTER_PATH as ROSTER,
  eightAmRoster,
  errorBody,
  findToast,
  luisWalkInAnswer,
  openEightAmRoster as openRoster,
  rosterAnswer,
  rosterClient,
  stubApi,
  usersAnswer,
} from '../test-utils';

const MARK = '/api/reservations/mark-attendance';
const WALK_IN = '/api/admin/walk-in';
const USERS = '/api/informacion/get-users';

const ana = rosterClient();
const luis = rosterClient({
  reservationId: 32,
  id: 8,
  name: 'Luis Pérez',
  email: 'luis@example.com',
  attended: true,
  paidAtStudio: true,
});

const summary = (enrolled: EnrolledUserDto[]) => ({
  attended: enrolled.filter((p) => p.attended === true).length,
  noShow: enrolled.filter((p) => p.attended === false).length,
  unmarked: enrolled.filter((p) => p.attended === null).length,
});
const roster = (overrides: Partial<RosterSlotDto>) => () => rosterAnswer(eightAmRoster(overrides));

describe('the roster at the door', () => {
  it('should offer large Asistió / No asistió toggles while marking is open, send the choice and show the counts', async () => {
    let people = [ana, luis];
    const { sentTo } = stubApi({
      [ROSTER]: () =>
        roster({
          enrolled: people,
          reservedCount: 2,
          attendance: summary(people),
          canMarkAttendance: true,
          canWalkIn: true,
        })(),
      [MARK]: (body) => {
        const { id, attended } = body as { id: number; attended: boolean };
        people = people.map((p) => (p.reservationId === id ? { ...p, attended } : p));
        return [200, { success: true, message: 'Marcado: no asistió.', attended, changed: true }];
      },
    });
    const dialog = await openRoster();

    expect(within(dialog).getByText('Asistieron: 1 · No asistieron: 0 · Sin marcar: 1')).toBeInTheDocument();
    const anaGroup = within(dialog).getByRole('group', { name: 'Asistencia de Ana López' });
    const came = within(anaGroup).getByRole('button', { name: 'Asistió: Ana López' });
    const missed = within(anaGroup).getByRole('button', { name: 'No asistió: Ana López' });
    expect(came).toHaveAttribute('aria-pressed', 'false');
    expect(missed).toHaveAttribute('aria-pressed', 'false');
    // Touch targets at the door: at least 48 px high (min-h-12).
    expect(came.className).toContain('min-h-12');
    expect(within(dialog).getByRole('button', { name: 'Asistió: Luis Pérez' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByText('Pagado en estudio')).toBeInTheDocument();

    await userEvent.click(missed);
    expect(sentTo(MARK)).toEqual([{ id: 31, attended: false }]);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'No asistió: Ana López' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(within(dialog).getByText('Asistieron: 1 · No asistieron: 1 · Sin marcar: 0')).toBeInTheDocument();
  });

  it('should hide the toggles before the class starts', async () => {
    stubApi({ [ROSTER]: roster({ enrolled: [ana], reservedCount: 1, canMarkAttendance: false }) });
    const dialog = await openRoster();
    expect(within(dialog).getByText('Ana López')).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: /Asistencia de/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Asistieron:/)).not.toBeInTheDocument();
  });

  it('should show the server refusal when marking fails', async () => {
    stubApi({
      [ROSTER]: roster({ enrolled: [ana], reservedCount: 1, canMarkAttendance: true }),
      [MARK]: () => [
        409,
        errorBody('ATTENDANCE_CLOSED', 'Ya no es posible marcar la asistencia: pasaron más de 7 días desde la clase.'),
      ],
    });
    const dialog = await openRoster();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Asistió: Ana López' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('pasaron más de 7 días');
  });

  it('should add an existing client found by name, say so and refresh the roster', async () => {
    let added = false;
    const { sentTo } = stubApi({
      [ROSTER]: () =>
        roster({
          enrolled: added ? [ana, luis] : [ana],
          reservedCount: added ? 2 : 1,
          capacity: 8,
          canWalkIn: true,
        })(),
      [USERS]: () =>
        usersAnswer(
          { ...luis, cumpleanos: '1990-01-01', role: 'user', active: 1, attended: 3, noShow: 0 },
          {
            id: 9,
            name: 'Luisa Inactiva',
            email: 'luisa@example.com',
            cumpleanos: '1990-01-01',
            role: 'user',
            active: 0,
            attended: 0,
            noShow: 0,
          },
        ),
      [WALK_IN]: () => {
        added = true;
        return luisWalkInAnswer({ id: 3, label: 'Reformer 3' });
      },
    });
    const dialog = await openRoster();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar cliente' }));
    await userEvent.type(within(dialog).getByLabelText('Buscar por nombre o correo'), 'Luis');

    const add = await within(dialog).findByRole('button', { name: 'Agregar a Luis Pérez' });
    // Inactive accounts cannot be booked: they are not offered.
    expect(within(dialog).queryByText('Luisa Inactiva')).not.toBeInTheDocument();
    expect(sentTo(USERS).at(-1)).toEqual({ pagination: 1, limit: 5, search: 'Luis' });
    await userEvent.click(add);

    expect(sentTo(WALK_IN)).toEqual([{ date: DATE, classReservation: 2, userId: 8 }]);
    expect(
      await findToast('Luis Pérez tiene su lugar en la clase (de su plan). Su lugar: Reformer 3.'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('Luis Pérez')).toBeInTheDocument();
  });

  it('should create a new client with name, email and birth date, and show EMAIL_TAKEN under the email', async () => {
    const { sentTo } = stubApi({
      [ROSTER]: roster({ enrolled: [], reservedCount: 0, canWalkIn: true }),
      [WALK_IN]: () => [409, errorBody('EMAIL_TAKEN', 'Ya existe una cuenta con ese correo')],
    });
    const dialog = await openRoster();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar cliente' }));
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Cliente nuevo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear y agregar' }));
    expect(await within(dialog).findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(sentTo(WALK_IN)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/Nombre/), 'Nueva Clienta');
    await userEvent.type(within(dialog).getByLabelText(/Correo electrónico/), 'nueva@example.com');
    await userEvent.type(within(dialog).getByLabelText(/Fecha de nacimiento/), '1992-03-04');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear y agregar' }));

    await waitFor(() =>
      expect(sentTo(WALK_IN)).toEqual([
        {
          date: DATE,
          classReservation: 2,
          name: 'Nueva Clienta',
          email: 'nueva@example.com',
          cumpleanos: '1992-03-04',
        },
      ]),
    );
    expect(await within(dialog).findByText('Ya existe una cuenta con ese correo')).toBeInTheDocument();
  });

  it('should disable Agregar cliente while the class is full', async () => {
    stubApi({ [ROSTER]: roster({ enrolled: [ana], reservedCount: 1, capacity: 1, canWalkIn: true }) });
    const dialog = await openRoster();
    expect(within(dialog).getByRole('button', { name: 'Agregar cliente' })).toBeDisabled();
    expect(within(dialog).getByText('La clase está llena.')).toBeInTheDocument();
  });

  it('should not show "Agregar cliente" after the class ended', async () => {
    stubApi({ [ROSTER]: roster({ enrolled: [ana], reservedCount: 1, canWalkIn: false }) });
    const dialog = await openRoster();
    expect(within(dialog).queryByRole('button', { name: 'Agregar cliente' })).not.toBeInTheDocument();
  });
});
