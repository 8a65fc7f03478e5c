import '@/components/ui/test-polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EnrolledUserDto, SlotSpotDto } from '@/api/generated/model';
import {
  ROSTER_DATE as DATE,
  ROSTER_PATH as ROSTER,
  eightAmRoster,
  errorBody,
  findToast,
  luisWalkInAnswer,
  openEightAmRoster,
  rosterAnswer,
  rosterClient,
  stubApi,
  usersAnswer,
} from '../test-utils';

const SALA = '/api/reservations/sala';
const CHANGE_SPOT = '/api/reservations/change-spot';
const WALK_IN = '/api/admin/walk-in';
const USERS = '/api/informacion/get-users';

/** Reformers 1–8 in two rows of four behind the instructor. */
const ROOM = Array.from({ length: 8 }, (_, i) => ({
  id: i + 1,
  label: `Reformer ${i + 1}`,
  row: 1 + Math.floor(i / 4),
  column: i % 4,
}));
const ref = (id: number) => ({ id, label: `Reformer ${id}` });

const ana = rosterClient({ attended: true, spot: ref(1) });
const luis: EnrolledUserDto = { ...ana, reservationId: 32, id: 8, name: 'Luis Pérez', attended: false, spot: ref(2) };
const marta: EnrolledUserDto = { ...ana, reservationId: 33, id: 9, name: 'Marta Ruiz', attended: null, spot: ref(5) };

/** A roster server: who is where changes with each change-spot answered 200. */
function rosterServer(
  people: EnrolledUserDto[],
  { outOfService = [] as number[], refuse }: { outOfService?: number[]; refuse?: string } = {},
) {
  let enrolled = people;
  const spots = (): SlotSpotDto[] =>
    ROOM.map((spot) => ({
      ...spot,
      state: outOfService.includes(spot.id)
        ? 'out_of_service'
        : enrolled.some((p) => p.spot?.id === spot.id)
          ? 'taken'
          : 'free',
    }));
  return stubApi({
    [SALA]: () => [200, { success: true, instructor: { row: 0, column: 1 }, spots: ROOM }],
    [ROSTER]: () =>
      rosterAnswer(
        eightAmRoster({ enrolled, reservedCount: enrolled.length, spots: spots(), canMarkAttendance: true }),
      ),
    [CHANGE_SPOT]: (body) => {
      if (refuse) return [409, errorBody(refuse, 'Ese reformer ya está reservado; elige otro')];
      const { reservationId, spot } = body as { reservationId: number; spot: number };
      enrolled = enrolled.map((p) => (p.reservationId === reservationId ? { ...p, spot: ref(spot) } : p));
      return [200, { success: true, message: `Tu lugar es ahora Reformer ${spot}.`, spot: ref(spot) }];
    },
  });
}

async function openRoster() {
  const dialog = await openEightAmRoster();
  const map = within(dialog).getByRole('radiogroup', { name: 'Reformers de la clase' });
  return { dialog, map };
}

const rowOf = (dialog: HTMLElement, name: string) =>
  within(dialog)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(name, { exact: true }))!;

/** A drag's data as a browser carries it from dragstart to drop. */
function dataTransfer() {
  const data: Record<string, string> = {};
  return {
    setData: (type: string, value: string) => {
      data[type] = value;
    },
    getData: (type: string) => data[type] ?? '',
    get types() {
      return Object.keys(data);
    },
    effectAllowed: 'all',
    dropEffect: 'none',
  };
}

describe('the roster’s room', () => {
  it('should show each client’s name on their reformer with their attendance in words, the instructor, and the reformer in each row', async () => {
    rosterServer([ana, luis, marta], { outOfService: [8] });
    const { dialog, map } = await openRoster();

    const anaCell = within(map).getByRole('radio', { name: 'Reformer 1, ocupado: Ana López, asistió' });
    expect(anaCell).toHaveTextContent('Ana López');
    expect(anaCell).toHaveTextContent('Asistió');
    const luisCell = within(map).getByRole('radio', { name: 'Reformer 2, ocupado: Luis Pérez, no asistió' });
    expect(luisCell).toHaveTextContent('No asistió');
    // Not marked yet: the name only.
    const martaCell = within(map).getByRole('radio', { name: 'Reformer 5, ocupado: Marta Ruiz, sin marcar' });
    expect(martaCell).toHaveTextContent('Marta Ruiz');
    expect(martaCell).not.toHaveTextContent(/asisti/i);
    expect(within(map).getByRole('radio', { name: 'Reformer 3, libre' })).toBeInTheDocument();
    expect(within(map).getByRole('radio', { name: 'Reformer 8, fuera de servicio' })).toBeInTheDocument();
    expect(within(map).getByText('Instructora')).toBeInTheDocument();
    // The legend explains the shapes, without the client's "Tu lugar".
    const legend = within(dialog).getByRole('list', { name: 'Leyenda' });
    expect(within(legend).queryByText('Tu lugar')).not.toBeInTheDocument();

    // The list, its accessible twin, names each client's reformer.
    expect(within(rowOf(dialog, 'Ana López')).getByText('Reformer 1')).toBeInTheDocument();
    expect(within(rowOf(dialog, 'Marta Ruiz')).getByText('Reformer 5')).toBeInTheDocument();
  });

  it('should move a client picked on the map to the free reformer picked next, and say so', async () => {
    const { sentTo } = rosterServer([ana, luis]);
    const { dialog, map } = await openRoster();

    // A free reformer with nobody picked does nothing.
    await userEvent.click(within(map).getByRole('radio', { name: 'Reformer 4, libre' }));
    expect(sentTo(CHANGE_SPOT)).toEqual([]);

    await userEvent.click(within(map).getByRole('radio', { name: /^Reformer 1, ocupado: Ana López/ }));
    expect(within(dialog).getByText('Moviendo a Ana López: elige un reformer libre.')).toBeInTheDocument();
    expect(within(map).getByRole('radio', { name: /^Reformer 1,/ })).toHaveAttribute('aria-checked', 'true');
    // Luis's reformer is not free: picking it switches to moving Luis instead of moving Ana onto it.
    await userEvent.click(within(map).getByRole('radio', { name: /^Reformer 2, ocupado: Luis Pérez/ }));
    expect(within(dialog).getByText('Moviendo a Luis Pérez: elige un reformer libre.')).toBeInTheDocument();
    await userEvent.click(within(map).getByRole('radio', { name: /^Reformer 2,/ }));
    await userEvent.click(within(map).getByRole('radio', { name: /^Reformer 1,/ }));

    await userEvent.click(within(map).getByRole('radio', { name: 'Reformer 3, libre' }));
    expect(sentTo(CHANGE_SPOT)).toEqual([{ reservationId: 31, spot: 3 }]);
    expect(await findToast('Se movió a Ana López al Reformer 3')).toBeInTheDocument();
    expect(
      await within(map).findByRole('radio', { name: 'Reformer 3, ocupado: Ana López, asistió' }),
    ).toBeInTheDocument();
    expect(within(map).getByRole('radio', { name: 'Reformer 1, libre' })).toBeInTheDocument();
    expect(within(rowOf(dialog, 'Ana López')).getByText('Reformer 3')).toBeInTheDocument();
  });

  it('should move a client with "Mover" and a free reformer chosen from a list, and show a refusal in Spanish', async () => {
    const { sentTo } = rosterServer([ana, luis], { refuse: 'SPOT_TAKEN' });
    const { dialog } = await openRoster();

    const toggle = within(rowOf(dialog, 'Luis Pérez')).getByRole('button', { name: 'Mover a Luis Pérez' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = within(dialog).getByRole('group', { name: 'Mover a Luis Pérez' });
    expect(within(panel).getByRole('button', { name: 'Mover' })).toBeDisabled();

    const select = within(panel).getByRole('combobox', { name: 'Reformer libre' });
    select.focus();
    await userEvent.keyboard('{Enter}');
    const options = await screen.findAllByRole('option');
    // Only the free reformers, front row first.
    expect(options.map((option) => option.textContent)).toEqual([
      'Reformer 3',
      'Reformer 4',
      'Reformer 5',
      'Reformer 6',
      'Reformer 7',
      'Reformer 8',
    ]);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await userEvent.click(within(panel).getByRole('button', { name: 'Mover al Reformer 4' }));

    expect(sentTo(CHANGE_SPOT)).toEqual([{ reservationId: 32, spot: 4 }]);
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Ese reformer ya está reservado; elige otro');

    // Cancelar closes the choice and gives the focus back to the row's "Mover".
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancelar' }));
    expect(within(dialog).queryByRole('group', { name: 'Mover a Luis Pérez' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('should move a client whose reformer is dragged onto a free one, and ignore a drop on a taken one', async () => {
    const { sentTo } = rosterServer([ana, marta]);
    const { map } = await openRoster();
    const from = within(map).getByRole('radio', { name: /^Reformer 5, ocupado: Marta Ruiz/ });
    expect(from).toHaveAttribute('draggable', 'true');
    expect(within(map).getByRole('radio', { name: 'Reformer 6, libre' })).toHaveAttribute('draggable', 'false');

    const onTaken = dataTransfer();
    fireEvent.dragStart(from, { dataTransfer: onTaken });
    fireEvent.dragOver(within(map).getByRole('radio', { name: /^Reformer 1,/ }), { dataTransfer: onTaken });
    fireEvent.drop(within(map).getByRole('radio', { name: /^Reformer 1,/ }), { dataTransfer: onTaken });
    fireEvent.dragEnd(from, { dataTransfer: onTaken });

    const drag = dataTransfer();
    fireEvent.dragStart(from, { dataTransfer: drag });
    const target = within(map).getByRole('radio', { name: 'Reformer 6, libre' });
    fireEvent.dragOver(target, { dataTransfer: drag });
    fireEvent.drop(target, { dataTransfer: drag });
    await waitFor(() => expect(sentTo(CHANGE_SPOT)).toEqual([{ reservationId: 33, spot: 6 }]));
    expect(await findToast('Se movió a Marta Ruiz al Reformer 6')).toBeInTheDocument();
  });

  it('should place a walk-in on the free reformer chosen, and on "Cualquiera" by default', async () => {
    const { sentTo } = stubApi({
      [SALA]: () => [200, { success: true, instructor: { row: 0, column: 1 }, spots: ROOM }],
      [ROSTER]: () =>
        rosterAnswer(
          eightAmRoster({
            enrolled: [ana],
            reservedCount: 1,
            spots: ROOM.map((spot) => ({ ...spot, state: spot.id === 1 ? 'taken' : 'free' })),
          }),
        ),
      [USERS]: () =>
        usersAnswer(
          { ...luis, cumpleanos: '1990-01-01', role: 'user', active: 1, attended: 0, noShow: 0 },
          { ...marta, cumpleanos: '1990-01-01', role: 'user', active: 1, attended: 0, noShow: 0 },
        ),
      [WALK_IN]: (body) => luisWalkInAnswer(ref((body as { spot?: number }).spot ?? 2)),
    });
    const lastWalkIn = () => sentTo(WALK_IN).at(-1);
    const { dialog } = await openRoster();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar cliente' }));
    const reformer = within(dialog).getByRole('combobox', { name: 'Reformer' });
    expect(reformer).toHaveTextContent('Cualquiera');
    reformer.focus();
    await userEvent.keyboard('{Enter}');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Cualquiera',
      ...ROOM.slice(1).map((spot) => spot.label),
    ]);
    // Cualquiera, Reformer 2, …, Reformer 6.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(reformer).toHaveTextContent('Reformer 6');

    await userEvent.type(within(dialog).getByLabelText('Buscar por nombre o correo'), 'Luis');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Agregar a Luis Pérez' }));
    await waitFor(() => expect(lastWalkIn()).toEqual({ date: DATE, classReservation: 2, userId: 8, spot: 6 }));
    expect(
      await findToast('Luis Pérez tiene su lugar en la clase (de su plan). Su lugar: Reformer 6.'),
    ).toBeInTheDocument();

    // Opened again: "Cualquiera" sends no reformer.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar cliente' }));
    expect(within(dialog).getByRole('combobox', { name: 'Reformer' })).toHaveTextContent('Cualquiera');
    await userEvent.type(within(dialog).getByLabelText('Buscar por nombre o correo'), 'Marta');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Agregar a Marta Ruiz' }));
    await waitFor(() => expect(lastWalkIn()).toEqual({ date: DATE, classReservation: 2, userId: 9 }));
  });
});
