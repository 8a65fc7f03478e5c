import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, Pager, type DataTableColumn } from './table';

interface Booking {
  id: number;
  client: string;
  time: string;
}

const columns: DataTableColumn<Booking>[] = [
  { key: 'client', header: 'Cliente', cell: (row) => row.client },
  { key: 'time', header: 'Horario', cell: (row) => row.time },
];

describe('DataTable', () => {
  it('shows the empty message when there are no rows', () => {
    render(
      <DataTable
        caption="Reservas"
        columns={columns}
        rows={[]}
        getRowKey={(row) => row.id}
        emptyMessage="Sin reservas."
      />,
    );
    const table = screen.getByRole('table', { name: 'Reservas' });
    const cell = within(table).getByRole('cell', { name: 'Sin reservas.' });
    expect(cell).toHaveAttribute('colspan', '2');
  });

  it('puts the table in a region named by its caption that the keyboard reaches, as it may scroll sideways', () => {
    render(
      <DataTable
        caption="Reservas"
        hideCaption
        columns={columns}
        rows={[]}
        getRowKey={(row) => row.id}
        emptyMessage="Sin reservas."
      />,
    );
    const box = screen.getByRole('region', { name: 'Reservas' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(within(box).getByRole('table', { name: 'Reservas' })).toBeInTheDocument();
  });

  it('renders one row per item with its cells under the headers', () => {
    const rows: Booking[] = [
      { id: 1, client: 'Ana', time: '07:00' },
      { id: 2, client: 'Luis', time: '08:00' },
    ];
    render(
      <DataTable
        caption="Reservas"
        columns={columns}
        rows={rows}
        getRowKey={(row) => row.id}
        emptyMessage="Sin reservas."
      />,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Cliente', 'Horario']);
    const bodyRows = screen.getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(2);
    expect(
      within(bodyRows[1]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Luis', '08:00']);
    expect(screen.queryByText('Sin reservas.')).not.toBeInTheDocument();
  });

  it('shows a spinner instead of rows while loading', () => {
    render(
      <DataTable
        caption="Reservas"
        columns={columns}
        rows={[{ id: 1, client: 'Ana', time: '07:00' }]}
        getRowKey={(row) => row.id}
        emptyMessage="Sin reservas."
        loading
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.queryByText('Ana')).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });
});

describe('Pager', () => {
  it('disables "Anterior" on the first page and moves forward', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pager currentPage={1} totalPages={3} onPageChange={onPageChange} totalRecords={25} />);
    const nav = screen.getByRole('navigation', { name: 'Paginación' });
    expect(nav).toHaveTextContent('Página 1 de 3');
    expect(nav).toHaveTextContent('25 registros');
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('disables "Siguiente" on the last page and moves back', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pager currentPage={3} totalPages={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(onPageChange).toHaveBeenCalledTimes(1);
  });

  it('renders nothing with a single page', () => {
    const { container } = render(<Pager currentPage={1} totalPages={1} onPageChange={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
