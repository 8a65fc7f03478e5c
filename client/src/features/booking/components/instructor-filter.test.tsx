import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, slot, stubApi } from '../test-utils';
import { BookingDay } from './booking-day';
import { InstructorFilter } from './instructor-filter';

const DATE = '2026-11-30';
const GET = '/api/reservations/get-information';
const INSTRUCTORES = '/api/instructores';

const instructors = [
  { id: 7, name: 'Ana', slug: 'ana', photoUrl: null, bio: '', specialties: [] },
  { id: 8, name: 'Luis', slug: 'luis', photoUrl: null, bio: '', specialties: [] },
];

/** Reservar's filter above its day, as the route composes them. */
function FilteredDay() {
  const [instructorId, setInstructorId] = useState<number | undefined>(undefined);
  return (
    <>
      <InstructorFilter value={instructorId} onChange={setInstructorId} />
      <BookingDay date={DATE} isGuest onRequireLogin={() => undefined} instructorId={instructorId} />
    </>
  );
}

describe("Reservar's instructor filter", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("should show everyone's classes with 'Todos', only the chosen instructor's otherwise, and say when a day has none", async () => {
    stubApi({
      [INSTRUCTORES]: () => [200, instructors],
      [GET]: () => [
        200,
        {
          success: true,
          date: DATE,
          data: [
            slot({ scheduleId: 1, time: '7:00 AM', instructorId: 7, instructor: 'Ana' }),
            slot({ scheduleId: 2, time: '8:00 AM', instructorId: null, instructor: null }),
          ],
        },
      ],
    });
    renderWithProviders(<FilteredDay />);

    const select = await screen.findByRole('combobox', { name: 'Instructor' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos', 'Ana', 'Luis']);
    expect(await screen.findByText('7:00 AM')).toBeInTheDocument();
    expect(screen.getByText('8:00 AM')).toBeInTheDocument();

    await userEvent.selectOptions(select, 'Ana');
    expect(await screen.findByText('7:00 AM')).toBeInTheDocument();
    expect(screen.queryByText('8:00 AM')).not.toBeInTheDocument();

    await userEvent.selectOptions(select, 'Luis');
    expect(await screen.findByText(/Este día no hay clases con ese instructor/)).toBeInTheDocument();

    await userEvent.selectOptions(select, 'Todos');
    expect(await screen.findByText('8:00 AM')).toBeInTheDocument();
  });

  it('should not show the filter while the studio has no instructors', async () => {
    stubApi({
      [INSTRUCTORES]: () => [200, []],
      [GET]: () => [200, { success: true, date: DATE, data: [slot()] }],
    });
    renderWithProviders(<FilteredDay />);
    expect(await screen.findByText('7:00 AM')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Instructor' })).not.toBeInTheDocument();
  });
});
