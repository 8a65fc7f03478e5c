import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function Classes({ onValueChange }: { onValueChange?: (value: string) => void }) {
  return (
    <Tabs defaultValue="upcoming" onValueChange={onValueChange}>
      <TabsList aria-label="Mis clases">
        <TabsTrigger value="upcoming">Próximas</TabsTrigger>
        <TabsTrigger value="past">Anteriores</TabsTrigger>
        <TabsTrigger value="cancelled">Canceladas</TabsTrigger>
      </TabsList>
      <TabsContent value="upcoming">Lista de próximas</TabsContent>
      <TabsContent value="past">Lista de anteriores</TabsContent>
      <TabsContent value="cancelled">Lista de canceladas</TabsContent>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('shows only the open tab’s panel, labelled by its tab', () => {
    render(<Classes />);
    expect(screen.getByRole('tablist', { name: 'Mis clases' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Próximas' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Anteriores' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.getByRole('tabpanel', { name: 'Próximas' })).toHaveTextContent('Lista de próximas');
  });

  it('switches panels with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Classes />);

    await user.click(screen.getByRole('tab', { name: 'Próximas' }));
    await user.keyboard('{ArrowRight}');

    expect(screen.getByRole('tab', { name: 'Anteriores' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Anteriores' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Anteriores' })).toHaveTextContent('Lista de anteriores');
  });

  it('wraps around with the arrows and jumps with Home and End', async () => {
    const user = userEvent.setup();
    render(<Classes />);

    await user.click(screen.getByRole('tab', { name: 'Próximas' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Canceladas' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Próximas' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel', { name: 'Canceladas' })).toHaveTextContent('Lista de canceladas');
  });

  it('is one tab stop: Tab goes from the open tab to its panel', async () => {
    const user = userEvent.setup();
    render(<Classes />);

    await user.tab();
    expect(screen.getByRole('tab', { name: 'Próximas' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('follows the caller’s value when it keeps it', async () => {
    const user = userEvent.setup();
    const changes = vi.fn();
    function Controlled() {
      const [tab, setTab] = useState('past');
      return (
        <Tabs
          value={tab}
          onValueChange={(value) => {
            changes(value);
            setTab(value);
          }}
        >
          <TabsList aria-label="Mis clases">
            <TabsTrigger value="upcoming">Próximas</TabsTrigger>
            <TabsTrigger value="past">Anteriores</TabsTrigger>
          </TabsList>
          <TabsContent value="upcoming">Lista de próximas</TabsContent>
          <TabsContent value="past">Lista de anteriores</TabsContent>
        </Tabs>
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Lista de anteriores');

    await user.click(screen.getByRole('tab', { name: 'Próximas' }));
    expect(changes).toHaveBeenCalledWith('upcoming');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Lista de próximas');
  });
});
