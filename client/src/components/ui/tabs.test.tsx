import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

describe('Tabs', () => {
  it('switches panels with the arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="upcoming">
        <TabsList aria-label="Mis clases">
          <TabsTrigger value="upcoming">Próximas</TabsTrigger>
          <TabsTrigger value="past">Anteriores</TabsTrigger>
        </TabsList>
        <TabsContent value="upcoming">Lista de próximas</TabsContent>
        <TabsContent value="past">Lista de anteriores</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Lista de próximas');

    await user.click(screen.getByRole('tab', { name: 'Próximas' }));
    await user.keyboard('{ArrowRight}');

    expect(screen.getByRole('tab', { name: 'Anteriores' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Anteriores' })).toHaveTextContent('Lista de anteriores');
  });
});
