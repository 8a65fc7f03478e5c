import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Breadcrumb } from './breadcrumb';

const items = [
  { label: 'Inicio', to: '/' },
  { label: 'Pilates', to: '/pilates' },
  { label: 'Reservar', to: '/pilates/reservar' },
];

describe('Breadcrumb', () => {
  it('lists the items and marks only the last one as the current page', () => {
    render(<Breadcrumb items={items} />);
    const nav = screen.getByRole('navigation', { name: 'Ruta de navegación' });
    const listItems = within(nav).getAllByRole('listitem');
    expect(listItems).toHaveLength(3);

    const current = within(listItems[2]!).getByText('Reservar');
    expect(current).toHaveAttribute('aria-current', 'page');
    // The current page is not a link even when it has a path.
    expect(within(nav).queryByRole('link', { name: 'Reservar' })).not.toBeInTheDocument();
    expect(nav.querySelectorAll('[aria-current]')).toHaveLength(1);
  });

  it('links the earlier items with plain anchors by default', () => {
    render(<Breadcrumb items={items} />);
    expect(screen.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Pilates' })).toHaveAttribute('href', '/pilates');
  });

  it('uses renderLink when given, and plain text for items without a path', () => {
    render(
      <Breadcrumb
        items={[{ label: 'Panel', to: '/admin' }, { label: 'Clientes' }, { label: 'Ana' }]}
        renderLink={(item, children) => (
          <a href={`#router${item.to}`} data-testid="router-link">
            {children}
          </a>
        )}
      />,
    );
    expect(screen.getByTestId('router-link')).toHaveAttribute('href', '#router/admin');
    expect(screen.queryByRole('link', { name: 'Clientes' })).not.toBeInTheDocument();
    expect(screen.getByText('Ana')).toHaveAttribute('aria-current', 'page');
  });
});
