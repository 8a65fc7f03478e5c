import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicClassTypeDto } from '@/api/generated/model';
import { renderWithProviders, slot, stubApi } from '../test-utils';
import { BookingDay } from './booking-day';
import { ClassTypeFilter } from './class-type-filter';
import { InstructorFilter } from './instructor-filter';

const DATE = '2026-11-30';
const GET = '/api/reservations/get-information';
const TIPOS = '/api/tipos-de-clase';
const INSTRUCTORES = '/api/instructores';

const reformer = { id: 1, name: 'Pilates Reformer', level: 'basico', levelName: 'Básico', colour: '#1d4ed8' } as const;
const prenatal = { id: 2, name: 'Prenatal', level: 'prenatal', levelName: 'Prenatal', colour: '#be185d' } as const;
const types: PublicClassTypeDto[] = [
  { ...reformer, description: '', durationMinutes: 50 },
  { ...prenatal, description: 'Con indicación médica.', durationMinutes: 45 },
];

/** Reservar's filters above its day, as the route composes them. */
function FilteredDay() {
  const [classTypeId, setClassTypeId] = useState<number | undefined>(undefined);
  const [instructorId, setInstructorId] = useState<number | undefined>(undefined);
  return (
    <>
      <ClassTypeFilter value={classTypeId} onChange={setClassTypeId} />
      <InstructorFilter value={instructorId} onChange={setInstructorId} />
      <BookingDay
        date={DATE}
        isGuest
        onRequireLogin={() => undefined}
        classTypeId={classTypeId}
        instructorId={instructorId}
      />
    </>
  );
}

describe("Reservar's class type filter", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("should show every type's classes with 'Todos', only the chosen type's otherwise, with the instructor's filter too", async () => {
    stubApi({
      [TIPOS]: () => [200, { success: true, tiposDeClase: types }],
      [INSTRUCTORES]: () => [200, [{ id: 7, name: 'Ana', slug: 'ana', photoUrl: null, bio: '', specialties: [] }]],
      [GET]: () => [
        200,
        {
          success: true,
          date: DATE,
          data: [
            slot({ scheduleId: 1, time: '7:00 AM', classType: reformer, instructorId: 7, instructor: 'Ana' }),
            slot({ scheduleId: 2, time: '8:00 AM', classType: prenatal }),
          ],
        },
      ],
    });
    renderWithProviders(<FilteredDay />);

    const select = await screen.findByRole('combobox', { name: 'Tipo de clase' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos', 'Pilates Reformer · Básico', 'Prenatal · Prenatal']);
    expect(await screen.findByText('7:00 AM')).toBeInTheDocument();
    expect(screen.getByText('8:00 AM')).toBeInTheDocument();

    await userEvent.selectOptions(select, 'Prenatal · Prenatal');
    expect(await screen.findByText('8:00 AM')).toBeInTheDocument();
    expect(screen.queryByText('7:00 AM')).not.toBeInTheDocument();

    // Prenatal with Ana: none that day.
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Instructor' }), 'Ana');
    expect(
      await screen.findByText(/Este día no hay clases de ese tipo con ese instructor\. Elige otro día o "Todos"\./),
    ).toBeInTheDocument();

    await userEvent.selectOptions(select, 'Todos');
    expect(await screen.findByText('7:00 AM')).toBeInTheDocument();
    expect(screen.queryByText('8:00 AM')).not.toBeInTheDocument();
  });

  it('should not show the filter while the studio gives a single type', async () => {
    stubApi({
      [TIPOS]: () => [200, { success: true, tiposDeClase: types.slice(0, 1) }],
      [INSTRUCTORES]: () => [200, []],
      [GET]: () => [200, { success: true, date: DATE, data: [slot()] }],
    });
    renderWithProviders(<FilteredDay />);
    expect(await screen.findByText('7:00 AM')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Tipo de clase' })).not.toBeInTheDocument();
  });
});
