import type { Key, ReactNode } from 'react';
import { Spinner } from './spinner';
import { DataTable, Pager, type DataTableColumn } from './table';

export interface ResponsiveTableProps<T> {
  /** The table's (hidden) caption and the card list's label. */
  label: string;
  columns: DataTableColumn<T>[];
  /** Undefined while the first page loads. */
  rows: T[] | undefined;
  getRowKey: (row: T) => Key;
  /** What one row shows as a card. */
  renderCard: (row: T) => ReactNode;
  cardClassName?: string;
  emptyMessage: string;
  loadingLabel: string;
  /** The answer's pager; shown under the list once a page has loaded. */
  pagination?: { currentPage: number; totalPages: number; totalRecords: number };
  onPageChange: (page: number) => void;
  /** The table's layout: 'fit' wraps long cells instead of scrolling sideways. */
  tableLayout?: 'scroll' | 'fit';
}

/**
 * A table in a wide column, a list of cards in a narrow one (phones, tablets beside the side menu),
 * so nothing needs sideways scrolling. Place it inside an element with the `@container` class.
 */
export function ResponsiveTable<T>({
  label,
  columns,
  rows,
  getRowKey,
  renderCard,
  cardClassName,
  emptyMessage,
  loadingLabel,
  pagination,
  onPageChange,
  tableLayout,
}: ResponsiveTableProps<T>) {
  return (
    <>
      <DataTable
        className="hidden @2xl:block"
        caption={label}
        hideCaption
        columns={columns}
        rows={rows ?? []}
        getRowKey={getRowKey}
        emptyMessage={emptyMessage}
        loading={!rows}
        loadingLabel={loadingLabel}
        layout={tableLayout}
      />
      <div className="rounded-card border border-line bg-surface @2xl:hidden">
        {rows ? (
          <ul aria-label={label} className="divide-y divide-line">
            {rows.map((row) => (
              <li key={getRowKey(row)} className={cardClassName}>
                {renderCard(row)}
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex justify-center py-10">
            <Spinner label={loadingLabel} />
          </div>
        )}
      </div>
      {pagination ? <Pager {...pagination} onPageChange={onPageChange} /> : null}
    </>
  );
}
