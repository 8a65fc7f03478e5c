import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { WeekCalendar } from './week-calendar';

// Wednesday 25 November 2026 in the studio.
const TODAY = '2026-11-25';

function Harness({ start = TODAY, allowPast = false, onSelect = vi.fn() }) {
  const [date, setDate] = useState(start);
  return (
    <WeekCalendar
      pageLabel="Reservar"
      selectedDate={date}
      today={TODAY}
      allowPast={allowPast}
      onSelectDate={(next) => {
        onSelect(next);
        setDate(next);
      }}
    >
      <p>Clases del {date}</p>
    </WeekCalendar>
  );
}

const dayButtons = () => within(screen.getByRole('list', { name: 'Días de la semana' })).getAllByRole('button');
const pressed = () => dayButtons().filter((button) => button.getAttribute('aria-pressed') === 'true');

describe('WeekCalendar', () => {
  it('should show the breadcrumb, the month of the selected day and its week from Monday', () => {
    render(<Harness />);
    const crumbs = screen.getByRole('navigation', { name: 'Ruta de navegación' });
    expect(within(crumbs).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/pilates');
    expect(within(crumbs).getByText('Reservar')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Noviembre 2026');

    const days = dayButtons();
    expect(days).toHaveLength(7);
    // The name starts with the words the button shows (label in name), then the long form.
    expect(days[0]).toHaveAccessibleName('Lun 23, lunes 23 de noviembre de 2026');
    expect(days[6]).toHaveAccessibleName('Dom 29, domingo 29 de noviembre de 2026');
    expect(days[0]).toHaveTextContent(/Lun.*23/);
    expect(pressed()).toHaveLength(1);
    expect(pressed()[0]).toHaveAccessibleName('Mié 25, miércoles 25 de noviembre de 2026 (hoy)');
  });

  it('should never offer days before today on the booking calendar', () => {
    render(<Harness />);
    const [monday, tuesday, wednesday, thursday] = dayButtons();
    expect(monday).toBeDisabled();
    expect(tuesday).toBeDisabled();
    expect(wednesday).toBeEnabled();
    expect(thursday).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Semana anterior' })).toBeDisabled();
  });

  it('should move 7 days per arrow and highlight the chosen day', async () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);

    await userEvent.click(screen.getByRole('button', { name: 'Semana siguiente' }));
    expect(onSelect).toHaveBeenLastCalledWith('2026-12-02');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Diciembre 2026');
    expect(dayButtons()[0]).toHaveAccessibleName('Lun 30, lunes 30 de noviembre de 2026');
    expect(dayButtons().every((button) => !(button as HTMLButtonElement).disabled)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Vie 4, viernes 4 de diciembre de 2026' }));
    expect(onSelect).toHaveBeenLastCalledWith('2026-12-04');
    expect(pressed()).toHaveLength(1);
    expect(pressed()[0]).toHaveAccessibleName('Vie 4, viernes 4 de diciembre de 2026');
    expect(screen.getByText('Clases del 2026-12-04')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Semana anterior' }));
    expect(onSelect).toHaveBeenLastCalledWith('2026-11-27');
    expect(screen.getByRole('button', { name: 'Semana anterior' })).toBeDisabled();
  });

  it('should stop at today when going back a week would land before it', async () => {
    const onSelect = vi.fn();
    render(<Harness start="2026-11-30" onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: 'Semana anterior' }));
    expect(onSelect).toHaveBeenLastCalledWith(TODAY);
  });

  it('should let the admin roster go back in time', async () => {
    const onSelect = vi.fn();
    render(<Harness allowPast onSelect={onSelect} />);
    expect(dayButtons()[0]).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Semana anterior' }));
    expect(onSelect).toHaveBeenLastCalledWith('2026-11-18');
    await userEvent.click(screen.getByRole('button', { name: 'Lun 16, lunes 16 de noviembre de 2026' }));
    expect(onSelect).toHaveBeenLastCalledWith('2026-11-16');
  });
});
