import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RoomLegend } from './room-legend';
import { RoomList } from './room-list';
import { RoomMap, type RoomMapProps } from './room-map';
import { RoomPicker } from './room-picker';
import { spotLabel, type RoomSpot } from './room-spots';

// The seeded room: the instructor at the front (row 0), then rows of four reformers.
const instructor = { row: 0, column: 1 };
const room: RoomSpot[] = [
  { id: 1, label: 'Reformer 1', row: 1, column: 0, state: 'free' },
  { id: 2, label: 'Reformer 2', row: 1, column: 1, state: 'taken' },
  { id: 3, label: 'Reformer 3', row: 1, column: 2, state: 'mine' },
  { id: 4, label: 'Reformer 4', row: 1, column: 3, state: 'out_of_service' },
  { id: 5, label: 'Reformer 5', row: 2, column: 0, state: 'free' },
  { id: 6, label: 'Reformer 6', row: 2, column: 1, state: 'free' },
  { id: 7, label: 'Reformer 7', row: 2, column: 2, state: 'taken' },
  { id: 8, label: 'Reformer 8', row: 2, column: 3, state: 'free' },
];

/** The map as a booking dialog keeps it: the choice lives in the caller's state. */
function Chooser({
  onSelect,
  initial = null,
  ...props
}: Partial<RoomMapProps> & { initial?: number | null; onSelect: (id: number | null) => void }) {
  const [selected, setSelected] = useState<number | null>(initial);
  return (
    <>
      <button type="button">Antes</button>
      <RoomMap
        spots={room}
        instructor={instructor}
        selected={selected}
        onSelect={(id) => {
          onSelect(id);
          setSelected(id);
        }}
        {...props}
      />
      <button type="button">Después</button>
    </>
  );
}

const radio = (name: string) => screen.getByRole('radio', { name });

describe('RoomMap', () => {
  it('labels each reformer with its state, marks the favourite and shows the instructor', () => {
    render(<Chooser onSelect={vi.fn()} favouriteId={5} />);
    expect(screen.getByRole('radiogroup', { name: 'Elige tu reformer' })).toBeInTheDocument();
    expect(radio('Reformer 1, libre')).not.toHaveAttribute('aria-disabled');
    expect(radio('Reformer 2, ocupado')).toHaveAttribute('aria-disabled', 'true');
    expect(radio('Reformer 3, tu lugar')).not.toHaveAttribute('aria-disabled');
    expect(radio('Reformer 4, fuera de servicio')).toHaveAttribute('aria-disabled', 'true');
    expect(radio('Reformer 5, libre, tu favorito')).toBeInTheDocument();
    // Cualquiera plus eight reformers; the instructor's place is orientation, not a choice.
    expect(screen.getAllByRole('radio')).toHaveLength(9);
    expect(screen.getByText('Instructora')).toBeInTheDocument();
    expect(radio('Cualquiera')).toHaveAccessibleDescription(
      'Elegimos por ti: tu favorito si está libre, si no el que usaste la última vez, si no el primero libre',
    );
  });

  it('places each reformer on its cell, counting from the first row and column used', () => {
    render(<Chooser onSelect={vi.fn()} />);
    expect(radio('Reformer 1, libre')).toHaveStyle({ gridRow: '2', gridColumn: '1' });
    expect(radio('Reformer 8, libre')).toHaveStyle({ gridRow: '3', gridColumn: '4' });
    expect(screen.getByText('Instructora').parentElement).toHaveStyle({ gridRow: '1', gridColumn: '2' });
    // On a phone the cell shows the number; the full label is the radio's name.
    expect(within(radio('Reformer 6, libre')).getByText('6')).toBeInTheDocument();
  });

  it('chooses a free reformer with the arrow keys and Enter or Space, never a taken or broken one', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Chooser onSelect={onSelect} />);

    await user.click(screen.getByRole('button', { name: 'Antes' }));
    await user.tab();
    // One tab stop: the chosen radio, here "Cualquiera".
    expect(radio('Cualquiera')).toHaveFocus();
    expect(radio('Cualquiera')).toBeChecked();

    await user.keyboard('{ArrowDown}');
    expect(radio('Reformer 1, libre')).toHaveFocus();
    // Moving does not choose: the arrows pass over reformers on the way to another.
    expect(onSelect).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(1);
    expect(radio('Reformer 1, libre')).toBeChecked();

    await user.keyboard('{ArrowRight}');
    expect(radio('Reformer 2, ocupado')).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(radio('Reformer 1, libre')).toBeChecked();

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(radio('Reformer 4, fuera de servicio')).toHaveFocus();
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenCalledTimes(1);

    // Down follows the room's rows: under Reformer 4 stands Reformer 8.
    await user.keyboard('{ArrowDown}');
    expect(radio('Reformer 8, libre')).toHaveFocus();
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith(8);
    expect(radio('Reformer 8, libre')).toBeChecked();
    expect(radio('Reformer 1, libre')).not.toBeChecked();
  });

  it('walks up to Cualquiera and jumps with Home and End', async () => {
    const user = userEvent.setup();
    render(<Chooser onSelect={vi.fn()} initial={6} />);
    await user.click(screen.getByRole('button', { name: 'Antes' }));
    await user.tab();
    expect(radio('Reformer 6, libre')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(radio('Reformer 2, ocupado')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(radio('Cualquiera')).toHaveFocus();
    await user.keyboard('{End}');
    expect(radio('Reformer 8, libre')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(radio('Cualquiera')).toHaveFocus();
  });

  it('is one tab stop: Tab leaves the room from wherever the arrows went', async () => {
    const user = userEvent.setup();
    render(<Chooser onSelect={vi.fn()} initial={8} />);
    await user.click(screen.getByRole('button', { name: 'Antes' }));
    await user.tab();
    expect(radio('Reformer 8, libre')).toHaveFocus();
    await user.keyboard('{Home}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Después' })).toHaveFocus();
    // Coming back lands on the chosen reformer again.
    await user.tab({ shift: true });
    expect(radio('Reformer 8, libre')).toHaveFocus();
  });

  it('goes back to "Cualquiera" (null) from a chosen reformer', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Chooser onSelect={onSelect} initial={5} />);
    expect(radio('Cualquiera')).not.toBeChecked();
    await user.click(radio('Cualquiera'));
    expect(onSelect).toHaveBeenLastCalledWith(null);
    expect(radio('Cualquiera')).toBeChecked();
    expect(radio('Reformer 5, libre')).not.toBeChecked();
  });

  it('ignores clicks on taken and out-of-service reformers, and every click while disabled', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const { rerender } = render(<Chooser onSelect={onSelect} />);
    await user.click(radio('Reformer 2, ocupado'));
    await user.click(radio('Reformer 4, fuera de servicio'));
    expect(onSelect).not.toHaveBeenCalled();
    rerender(<Chooser onSelect={onSelect} disabled />);
    expect(radio('Reformer 1, libre')).toHaveAttribute('aria-disabled', 'true');
    await user.click(radio('Reformer 1, libre'));
    await user.click(radio('Cualquiera'));
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('shows the roster: each client’s name on their reformer, and a taken one is choosable to move them', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const roster: RoomSpot[] = [
      { id: 1, label: 'Reformer 1', row: 1, column: 0, state: 'taken', person: { name: 'Ana Pérez', attended: true } },
      { id: 2, label: 'Reformer 2', row: 1, column: 1, state: 'taken', person: { name: 'Luz Gómez', attended: null } },
      { id: 3, label: 'Reformer 3', row: 1, column: 2, state: 'free' },
      { id: 4, label: 'Reformer 4', row: 1, column: 3, state: 'out_of_service' },
    ];
    render(<RoomMap mode="admin" spots={roster} instructor={instructor} selected={null} onSelect={onSelect} />);
    const group = screen.getByRole('radiogroup', { name: 'Reformers de la clase' });
    expect(within(group).getByText('Ana Pérez')).toBeInTheDocument();
    expect(within(group).getByText('Luz Gómez')).toBeInTheDocument();
    expect(radio('Reformer 1, ocupado: Ana Pérez, asistió')).not.toHaveAttribute('aria-disabled');
    expect(radio('Reformer 2, ocupado: Luz Gómez, sin marcar')).toBeInTheDocument();
    // No "Cualquiera" on the roster; an out-of-service reformer takes nobody.
    expect(screen.queryByRole('radio', { name: 'Cualquiera' })).not.toBeInTheDocument();
    await user.click(radio('Reformer 4, fuera de servicio'));
    expect(onSelect).not.toHaveBeenCalled();
    await user.click(radio('Reformer 1, ocupado: Ana Pérez, asistió'));
    expect(onSelect).toHaveBeenLastCalledWith(1);
    await user.click(radio('Reformer 3, libre'));
    expect(onSelect).toHaveBeenLastCalledWith(3);
  });

  it('keeps clients’ names out of the client map', () => {
    const spots: RoomSpot[] = [
      { id: 1, label: 'Reformer 1', row: 0, column: 0, state: 'taken', person: { name: 'Ana' } },
    ];
    render(<RoomMap spots={spots} instructor={{ row: 0, column: 1 }} selected={null} onSelect={vi.fn()} />);
    expect(screen.queryByText('Ana')).not.toBeInTheDocument();
    expect(radio('Reformer 1, ocupado')).toBeInTheDocument();
  });

  it('takes the public room layout (spots without a state) as all free', () => {
    expect(spotLabel({ id: 9, label: 'Ventana', row: 0, column: 0 }, {})).toBe('Ventana, libre');
  });
});

describe('RoomList', () => {
  it('offers the same choices front row first, with the same labels, and the arrows walk the list', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<RoomList spots={[...room].reverse()} selected={null} favouriteId={5} onSelect={onSelect} />);
    const names = screen.getAllByRole('radio').map((item) => item.getAttribute('aria-label') ?? item.textContent);
    expect(names.slice(1, 4)).toEqual(['Reformer 1, libre', 'Reformer 2, ocupado', 'Reformer 3, tu lugar']);
    expect(radio('Reformer 4, fuera de servicio')).toHaveAttribute('aria-disabled', 'true');
    expect(radio('Reformer 5, libre, tu favorito')).toBeInTheDocument();

    await user.tab();
    expect(radio('Cualquiera')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(radio('Reformer 2, ocupado')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(radio('Reformer 5, libre, tu favorito')).toHaveFocus();
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith(5);
  });
});

describe('RoomPicker and RoomLegend', () => {
  it('switches between the map and the list, the choice kept, with the legend below', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<RoomPicker spots={room} instructor={instructor} selected={6} favouriteId={5} onSelect={onSelect} />);
    expect(screen.getByRole('tab', { name: 'Mapa' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Instructora')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Lista' }));
    expect(screen.queryByText('Instructora')).not.toBeInTheDocument();
    expect(radio('Reformer 6, libre')).toBeChecked();
    await user.click(radio('Reformer 8, libre'));
    expect(onSelect).toHaveBeenLastCalledWith(8);
    const legend = screen.getByRole('list', { name: 'Leyenda' });
    for (const text of ['Libre', 'Ocupado', 'Tu lugar', 'Fuera de servicio', 'Elegido', 'Tu favorito']) {
      expect(within(legend).getByText(text)).toBeInTheDocument();
    }
  });

  it('names the four states whatever else it shows', () => {
    render(<RoomLegend chosen={false} />);
    const items = within(screen.getByRole('list', { name: 'Leyenda' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Libre', 'Ocupado', 'Tu lugar', 'Fuera de servicio']);
  });
});
