import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { slot } from '../test-utils';
import { DayClasses, NO_CLASSES_MESSAGE } from './day-classes';
import { SlotList } from './slot-list';

const row = (time: string) => screen.getByText(time).closest('li')!;

describe('SlotList', () => {
  it('should show each class with its name, free places, instructor and a Reservar button described by its time', async () => {
    const onBook = vi.fn();
    const open = slot({ scheduleId: 4, time: '6:00 PM', reservedCount: 3, capacity: 8, instructor: 'Mariana' });
    render(<SlotList slots={[open]} onBook={onBook} />);
    expect(within(row('6:00 PM')).getByText('Pilates Reformer')).toBeInTheDocument();
    expect(within(row('6:00 PM')).getByText('Básico')).toBeInTheDocument();
    expect(within(row('6:00 PM')).getByText('50 min')).toBeInTheDocument();
    expect(within(row('6:00 PM')).getByText('5 lugares disponibles · Con Mariana')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Reservar' });
    expect(button).toHaveAccessibleDescription('6:00 PM');
    await userEvent.click(button);
    expect(onBook).toHaveBeenCalledWith(open);
  });

  it("should name each class's type and level beside the type's colour mark", () => {
    const prenatal = slot({
      time: '9:00 AM',
      durationMinutes: 45,
      classType: { id: 2, name: 'Prenatal', level: 'prenatal', levelName: 'Prenatal', colour: '#be185d' },
    });
    render(<SlotList slots={[prenatal]} onBook={vi.fn()} />);
    const name = within(row('9:00 AM')).getByText('Prenatal', { selector: 'span.font-medium' });
    const mark = name.querySelector('[aria-hidden="true"]') as HTMLElement;
    expect(mark.style.backgroundColor).toBe('rgb(190, 24, 93)');
    expect(within(row('9:00 AM')).getByText('45 min')).toBeInTheDocument();
    expect(within(row('9:00 AM')).getAllByText('Prenatal')).toHaveLength(2);
  });

  it('should mark the instructor as a substitute when one teaches that date', () => {
    const covered = slot({
      scheduleId: 4,
      time: '6:00 PM',
      reservedCount: 3,
      capacity: 8,
      instructor: 'Ana',
      substitute: true,
    });
    render(<SlotList slots={[covered]} onBook={vi.fn()} />);
    expect(within(row('6:00 PM')).getByText('5 lugares disponibles · Con Ana (suplente)')).toBeInTheDocument();
  });

  it("should show the instructor's photo beside the row in AVIF and WebP at fixed size, and none without one", () => {
    const url = '/api/fotos/instructores/7-3f2a9c0d1e4b5a69-480.webp';
    render(
      <SlotList
        slots={[
          slot({ scheduleId: 4, time: '6:00 PM', instructor: 'Mariana', instructorPhotoUrl: url }),
          slot({ scheduleId: 5, time: '7:00 PM', instructor: 'Luis', instructorPhotoUrl: null }),
        ]}
        onBook={vi.fn()}
      />,
    );
    const photo = within(row('6:00 PM')).getByRole('img', { name: 'Mariana' });
    expect(photo).toHaveAttribute('src', '/api/fotos/instructores/7-3f2a9c0d1e4b5a69-96.webp');
    expect(photo).toHaveAttribute('width', '32');
    expect(photo).toHaveAttribute('height', '32');
    expect(photo).toHaveAttribute('loading', 'lazy');
    const sources = photo.closest('picture')!.querySelectorAll('source');
    expect([...sources].map((s) => [s.type, s.getAttribute('srcset')])).toEqual([
      ['image/avif', '/api/fotos/instructores/7-3f2a9c0d1e4b5a69-96.avif'],
      ['image/webp', '/api/fotos/instructores/7-3f2a9c0d1e4b5a69-96.webp'],
    ]);
    expect(within(row('7:00 PM')).queryByRole('img')).toBeNull();
  });

  it('should disable Reservar for started, full and cancelled classes and offer Cancelar on my own', async () => {
    const onCancel = vi.fn();
    render(
      <SlotList
        onBook={vi.fn()}
        onCancel={onCancel}
        slots={[
          slot({ scheduleId: 1, time: '7:00 AM', isPastClass: true }),
          slot({ scheduleId: 2, time: '8:00 AM', reservedCount: 8, capacity: 8 }),
          slot({ scheduleId: 3, time: '9:00 AM', isCancelled: true, reservedCount: 0 }),
          slot({ scheduleId: 4, time: '6:00 PM', myReservationId: 41 }),
          slot({ scheduleId: 5, time: '7:00 PM', reservedCount: 7, capacity: 8 }),
        ]}
      />,
    );
    expect(within(row('7:00 AM')).getByRole('button', { name: 'Reservar' })).toBeDisabled();
    expect(within(row('7:00 AM')).getByText('Esta clase ya comenzó')).toBeInTheDocument();
    expect(within(row('8:00 AM')).getByRole('button', { name: 'Reservar' })).toBeDisabled();
    expect(within(row('8:00 AM')).getByText('Clase llena')).toBeInTheDocument();
    expect(within(row('9:00 AM')).getByRole('button', { name: 'Cancelada' })).toBeDisabled();
    expect(within(row('6:00 PM')).getByText('Reservada')).toBeInTheDocument();
    expect(within(row('7:00 PM')).getByRole('button', { name: 'Reservar' })).toBeEnabled();
    expect(within(row('7:00 PM')).getByText('1 lugar disponible')).toBeInTheDocument();
    // Only my own class can be cancelled from here.
    expect(screen.getAllByRole('button', { name: 'Cancelar' })).toHaveLength(1);
    await userEvent.click(within(row('6:00 PM')).getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledWith(expect.objectContaining({ scheduleId: 4, myReservationId: 41 }));
  });

  it('should block the other buttons while one class is being booked', () => {
    render(
      <SlotList
        onBook={vi.fn()}
        bookingScheduleId={1}
        slots={[slot({ scheduleId: 1, time: '7:00 AM' }), slot({ scheduleId: 2, time: '8:00 AM' })]}
      />,
    );
    expect(within(row('7:00 AM')).getByRole('button')).toHaveAttribute('aria-busy', 'true');
    expect(within(row('8:00 AM')).getByRole('button', { name: 'Reservar' })).toBeDisabled();
  });
});

describe('DayClasses', () => {
  it('should say there are no classes on an empty day', () => {
    render(
      <DayClasses date="2026-11-29" isLoading={false} error={null} isEmpty>
        <p>lista</p>
      </DayClasses>,
    );
    expect(screen.getByRole('heading', { name: 'Clases del domingo 29 de noviembre de 2026' })).toBeInTheDocument();
    expect(screen.getByText(NO_CLASSES_MESSAGE)).toHaveTextContent('No hay clases el día de hoy');
    expect(screen.queryByText('lista')).not.toBeInTheDocument();
  });

  it('should show the shape of the list while loading', () => {
    render(
      <DayClasses date="2026-11-29" isLoading error={null} isEmpty>
        <p>lista</p>
      </DayClasses>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Cargando las clases…');
    expect(screen.getAllByTestId('slot-skeleton')).toHaveLength(3);
    expect(screen.queryByText(NO_CLASSES_MESSAGE)).not.toBeInTheDocument();
  });
});
