import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ScheduleDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { DEACTIVATE_WARNING, TimetableEditor } from './timetable-editor';

const HORARIO = '/api/reservations/horario';
const SALA = '/api/reservations/sala';

/** The room clients book in, with `count` reformers in service. */
const sala = (count: number) => () => ({
  status: 200,
  body: {
    success: true,
    instructor: { row: 0, column: 0 },
    spots: Array.from({ length: count }, (_, index) => ({
      id: index + 1,
      label: `Reformer ${index + 1}`,
      row: 1,
      column: index,
    })),
  },
});

const REFORMER = { id: 1, name: 'Pilates Reformer', level: 'basico', levelName: 'Básico', colour: '#1d4ed8' } as const;

const lunes7: ScheduleDto = {
  id: 1,
  weekday: 1,
  dayName: 'Lunes',
  startTime: '07:00',
  time: '7:00 AM',
  capacity: 8,
  durationMinutes: 50,
  classType: REFORMER,
  instructorId: null,
  instructor: null,
  active: true,
};
const lunes18: ScheduleDto = {
  ...lunes7,
  id: 2,
  startTime: '18:00',
  time: '6:00 PM',
  instructorId: 4,
  instructor: 'Mariana',
};
const sabado9: ScheduleDto = {
  ...lunes7,
  id: 3,
  weekday: 6,
  dayName: 'Sábado',
  startTime: '09:00',
  time: '9:00 AM',
  active: false,
};

const INSTRUCTORES = '/api/instructores';
const TIPOS = '/api/admin/class-types';
const PRENATAL = { id: 2, name: 'Prenatal', level: 'prenatal', levelName: 'Prenatal', colour: '#be185d' } as const;
/** Every class type, as "Tipos de clase" lists them: the Horario select offers the active ones. */
const tipos = () => ({
  status: 200,
  body: {
    success: true,
    tiposDeClase: [
      { ...REFORMER, description: '', durationMinutes: 50, active: true, sortOrder: 1 },
      { ...PRENATAL, description: '', durationMinutes: 45, active: true, sortOrder: 2 },
      {
        id: 3,
        name: 'Barre',
        level: 'basico',
        levelName: 'Básico',
        colour: '#374151',
        description: '',
        durationMinutes: 40,
        active: false,
        sortOrder: 3,
      },
    ],
  },
});
/** The active instructors the Horario select offers. */
const instructores = () => ({
  status: 200,
  body: [
    { id: 7, name: 'Ana', slug: 'ana', photoUrl: null, bio: '', specialties: [] },
    { id: 8, name: 'Luis', slug: 'luis', photoUrl: null, bio: '', specialties: [] },
  ],
});

const timetable = () => ({ status: 200, body: { success: true, horario: [lunes7, lunes18, sabado9] } });
const scheduleAnswer = (message: string, schedule: ScheduleDto) => ({
  status: 200,
  body: { success: true, message, schedule },
});

describe('TimetableEditor', () => {
  it('should group the classes by day with time, places, instructor and state', async () => {
    stubApi({ [HORARIO]: timetable });
    renderPage(<TimetableEditor />);

    const lunes = await screen.findByRole('region', { name: 'Lunes' });
    const items = within(lunes).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('7:00 AM');
    expect(items[0]).toHaveTextContent('8 lugares');
    expect(items[0]).not.toHaveTextContent('Instructor');
    expect(items[0]).toHaveTextContent('Activa');
    expect(items[1]).toHaveTextContent('Instructor: Mariana');
    const sabado = screen.getByRole('region', { name: 'Sábado' });
    expect(sabado).toHaveTextContent('Inactiva');
    expect(
      within(sabado).getByRole('button', { name: 'Activar la clase del sábado a las 9:00 AM' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Domingo' })).toHaveTextContent('Sin clases');
  });

  it('should refuse an invalid capacity in Spanish before sending', async () => {
    const fetchMock = stubApi({ [HORARIO]: timetable });
    renderPage(<TimetableEditor />);

    await userEvent.click(await screen.findByRole('button', { name: 'Editar la clase del lunes a las 7:00 AM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar clase' });
    const capacity = within(dialog).getByLabelText(/Capacidad/);
    await userEvent.clear(capacity);
    await userEvent.type(capacity, '51');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('La capacidad debe ser un número entero entre 1 y 50')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText(/Hora/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('La hora es obligatoria')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/reservations/horario/change')).toHaveLength(0);
  });

  it('should send only what changed and show the server refusal in the dialog', async () => {
    const fetchMock = stubApi({
      [HORARIO]: timetable,
      '/api/reservations/horario/change': () => ({
        status: 409,
        body: {
          success: false,
          code: 'CAPACITY_BELOW_RESERVED',
          error:
            'La capacidad no puede ser menor que los lugares ya reservados (una clase próxima ya tiene 5 lugares reservados).',
        },
      }),
    });
    renderPage(<TimetableEditor />);

    await userEvent.click(await screen.findByRole('button', { name: 'Editar la clase del lunes a las 7:00 AM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar clase' });
    const capacity = within(dialog).getByLabelText(/Capacidad/);
    await userEvent.clear(capacity);
    await userEvent.type(capacity, '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await within(dialog).findByText(/ya tiene 5 lugares reservados/)).toBeInTheDocument();
    expect(capacity).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesSentTo(fetchMock, '/api/reservations/horario/change')).toEqual([{ id: 1, capacity: 4 }]);
  });

  it('should save a change, say so and reload the timetable', async () => {
    const fetchMock = stubApi({
      [HORARIO]: timetable,
      [INSTRUCTORES]: instructores,
      '/api/reservations/horario/change': () =>
        scheduleAnswer('Clase del horario cambiada', {
          ...lunes7,
          startTime: '07:30',
          time: '7:30 AM',
          instructorId: 7,
          instructor: 'Ana',
        }),
    });
    renderPage(<TimetableEditor />);

    await userEvent.click(await screen.findByRole('button', { name: 'Editar la clase del lunes a las 7:00 AM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar clase' });
    const time = within(dialog).getByLabelText(/Hora/);
    await userEvent.clear(time);
    await userEvent.type(time, '07:30');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Instructor/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ana' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Clase del horario cambiada')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/reservations/horario/change')).toEqual([
      { id: 1, startTime: '07:30', instructorId: 7 },
    ]);
    // The timetable is fetched again after the change.
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, HORARIO)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("should offer the active instructors, keep an inactive one a class has, and send null for 'Sin instructor'", async () => {
    const fetchMock = stubApi({
      [HORARIO]: timetable,
      [INSTRUCTORES]: instructores,
      '/api/reservations/horario/change': () => scheduleAnswer('Clase del horario cambiada', lunes7),
    });
    renderPage(<TimetableEditor />);

    // Mariana (id 4) is no longer active: she stays a choice for her class.
    await userEvent.click(await screen.findByRole('button', { name: 'Editar la clase del lunes a las 6:00 PM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar clase' });
    const select = within(dialog).getByRole('combobox', { name: /Instructor/ });
    await vi.waitFor(() => expect(bodiesSentTo(fetchMock, INSTRUCTORES)).toHaveLength(1));
    expect(select).toHaveTextContent('Mariana (inactivo)');
    await userEvent.click(select);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Sin instructor',
      'Ana',
      'Luis',
      'Mariana (inactivo)',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Sin instructor' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Clase del horario cambiada')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/reservations/horario/change')).toEqual([{ id: 2, instructorId: null }]);
  });

  it('should add a class on the chosen day with capacity 8 by default', async () => {
    const fetchMock = stubApi({
      [HORARIO]: timetable,
      [TIPOS]: tipos,
      '/api/reservations/horario/add': () =>
        scheduleAnswer('Clase agregada al horario', {
          ...lunes7,
          id: 9,
          weekday: 7,
          dayName: 'Domingo',
          startTime: '10:00',
        }),
    });
    renderPage(<TimetableEditor />);

    await userEvent.click(await screen.findByRole('button', { name: 'Agregar clase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar clase' });
    expect(within(dialog).getByLabelText(/Capacidad/)).toHaveValue(8);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar clase' }));
    expect(await within(dialog).findByText('La hora es obligatoria')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Día/ })).toHaveAccessibleDescription('Elige el día');

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Día/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Domingo' }));
    await userEvent.type(within(dialog).getByLabelText(/Hora/), '10:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar clase' }));

    expect(await screen.findByText('Clase agregada al horario')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/reservations/horario/add')).toEqual([
      { weekday: 7, startTime: '10:00', capacity: 8, classTypeId: 1, durationMinutes: 50 },
    ]);
  });

  it("should offer the active class types, the first chosen, and take the chosen type's duration", async () => {
    const fetchMock = stubApi({
      [HORARIO]: timetable,
      [TIPOS]: tipos,
      '/api/reservations/horario/add': () =>
        scheduleAnswer('Clase agregada al horario', { ...lunes7, id: 9, classType: PRENATAL, durationMinutes: 45 }),
    });
    renderPage(<TimetableEditor />);

    await userEvent.click(await screen.findByRole('button', { name: 'Agregar clase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar clase' });
    const typeSelect = within(dialog).getByRole('combobox', { name: /Tipo de clase/ });
    await vi.waitFor(() => expect(typeSelect).toHaveTextContent('Pilates Reformer · Básico'));
    expect(within(dialog).getByLabelText(/Duración/)).toHaveValue(50);
    await userEvent.click(typeSelect);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Pilates Reformer · Básico',
      'Prenatal · Prenatal',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Prenatal · Prenatal' }));
    expect(within(dialog).getByLabelText(/Duración/)).toHaveValue(45);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Día/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Martes' }));
    await userEvent.type(within(dialog).getByLabelText(/Hora/), '11:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar clase' }));
    expect(await screen.findByText('Clase agregada al horario')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/reservations/horario/add')).toEqual([
      { weekday: 2, startTime: '11:00', capacity: 8, classTypeId: 2, durationMinutes: 45 },
    ]);
  });

  it('should show a taken time under the Hora field', async () => {
    stubApi({
      [HORARIO]: timetable,
      [TIPOS]: tipos,
      '/api/reservations/horario/add': () => ({
        status: 409,
        body: { success: false, code: 'SCHEDULE_TIME_TAKEN', error: 'Ya hay una clase ese día a esa hora.' },
      }),
    });
    renderPage(<TimetableEditor />);

    await userEvent.click(await screen.findByRole('button', { name: 'Agregar clase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar clase' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Día/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lunes' }));
    await userEvent.type(within(dialog).getByLabelText(/Hora/), '07:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar clase' }));

    expect(await within(dialog).findByText('Ya hay una clase ese día a esa hora.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Hora/)).toHaveAccessibleDescription('Ya hay una clase ese día a esa hora.');
  });

  it('should warn before deactivating and deactivate only after confirming', async () => {
    const fetchMock = stubApi({
      [HORARIO]: timetable,
      '/api/reservations/horario/deactivate': () =>
        scheduleAnswer('Clase quitada del horario. Se cancelaron 2 reservas y se avisó a los clientes.', {
          ...lunes18,
          active: false,
        }),
    });
    renderPage(<TimetableEditor />);

    await userEvent.click(await screen.findByRole('button', { name: 'Desactivar la clase del lunes a las 6:00 PM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desactivar clase' });
    expect(dialog).toHaveTextContent(DEACTIVATE_WARNING);
    expect(dialog).toHaveTextContent('Lunes, 6:00 PM');
    expect(bodiesSentTo(fetchMock, '/api/reservations/horario/deactivate')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText(/Se cancelaron 2 reservas/)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/reservations/horario/deactivate')).toEqual([{ id: 2 }]);
  });

  it('should activate an inactive class straight away', async () => {
    const fetchMock = stubApi({
      [HORARIO]: timetable,
      '/api/reservations/horario/activate': () =>
        scheduleAnswer('Clase activada en el horario', { ...sabado9, active: true }),
    });
    renderPage(<TimetableEditor />);

    await userEvent.click(await screen.findByRole('button', { name: 'Activar la clase del sábado a las 9:00 AM' }));
    expect(await screen.findByText('Clase activada en el horario')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/reservations/horario/activate')).toEqual([{ id: 3 }]);
  });

  it('should say when a class has more places than the room has reformers', async () => {
    const big: ScheduleDto = { ...lunes18, capacity: 10 };
    const small: ScheduleDto = { ...sabado9, capacity: 6 };
    stubApi({
      [HORARIO]: () => ({ status: 200, body: { success: true, horario: [lunes7, big, small] } }),
      [SALA]: sala(8),
    });
    renderPage(<TimetableEditor />);

    const lunes = await screen.findByRole('region', { name: 'Lunes' });
    const [at7, at18] = within(lunes).getAllByRole('listitem');
    expect(await within(at18!).findByText('La sala tiene 8 reformers: se venden 8 lugares')).toBeInTheDocument();
    expect(at18).toHaveTextContent('10 lugares');
    // 8 places in a room of 8, and 6: no hint.
    expect(at7).not.toHaveTextContent('La sala tiene');
    expect(screen.getByRole('region', { name: 'Sábado' })).not.toHaveTextContent('La sala tiene');
  });

  it('should say so in the form as the capacity typed goes above the reformers', async () => {
    stubApi({ [HORARIO]: timetable, [SALA]: sala(6) });
    renderPage(<TimetableEditor />);
    expect(await screen.findAllByText('La sala tiene 6 reformers: se venden 6 lugares')).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Editar la clase del lunes a las 7:00 AM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar clase' });
    const capacity = within(dialog).getByLabelText(/Capacidad/);
    // The class's 8 places: more than the 6 reformers, said in the field's description.
    expect(capacity).toHaveAccessibleDescription('De 1 a 50 lugares. La sala tiene 6 reformers: se venden 6 lugares.');
    await userEvent.clear(capacity);
    await userEvent.type(capacity, '6');
    expect(capacity).toHaveAccessibleDescription('De 1 a 50 lugares.');
    await userEvent.type(capacity, '0');
    expect(capacity).toHaveAccessibleDescription('De 1 a 50 lugares. La sala tiene 6 reformers: se venden 6 lugares.');
  });
});
