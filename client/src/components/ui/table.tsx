import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, type Key, type ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { Spinner } from './spinner';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes for both the header and the cells of the column (alignment, width). */
  className?: string;
}

export interface DataTableProps<T> {
  caption: ReactNode;
  /** Keeps the caption for screen readers only. */
  hideCaption?: boolean;
  columns: DataTableColumn<T>[];
  rows: T[];
  getRowKey: (row: T) => Key;
  emptyMessage: string;
  loading?: boolean;
  loadingLabel?: string;
  className?: string;
  /**
   * 'fit': the table takes the width it is given and long cells wrap (columns that must not wrap say
   * `whitespace-nowrap`). Default 'scroll': every cell keeps its width and the box scrolls sideways.
   */
  layout?: 'scroll' | 'fit';
}

/** A plain data table; on narrow screens it scrolls sideways inside its own box, the page does not. */
export function DataTable<T>({
  caption,
  hideCaption = false,
  columns,
  rows,
  getRowKey,
  emptyMessage,
  loading = false,
  loadingLabel,
  className,
  layout = 'scroll',
}: DataTableProps<T>) {
  const fullWidthCell = 'px-4 py-10 text-center text-sm text-ink-muted';
  const captionId = useId();
  // `relative`: screen-reader-only text inside is positioned in the scroll box, not the page.
  // The box may scroll sideways: a region named by the caption that the keyboard reaches (Tab, then
  // the arrow keys scroll it), as WCAG 2.1.1 asks of scrollable content.
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className={cn('relative w-full overflow-x-auto rounded-card border border-line bg-surface', className)}
    >
      <table
        className={cn('w-full border-collapse text-left text-sm', layout === 'scroll' && 'min-w-max')}
        aria-busy={loading || undefined}
      >
        <caption
          id={captionId}
          className={cn(hideCaption ? 'sr-only' : 'px-4 pt-4 pb-2 text-left font-medium text-ink-strong')}
        >
          {caption}
        </caption>
        <thead className="bg-sand/60">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cn(
                  'border-b border-line px-4 py-3 text-xs font-semibold tracking-wide text-ink-muted uppercase',
                  column.className,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <tr>
              <td colSpan={columns.length} className={fullWidthCell}>
                <Spinner label={loadingLabel} />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={fullWidthCell}>
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={getRowKey(row)} className="border-b border-line last:border-b-0 hover:bg-canvas">
                {columns.map((column) => (
                  <td key={column.key} className={cn('px-4 py-3 align-middle text-ink', column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

export interface PagerProps {
  /** 1-based. */
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  totalRecords?: number;
  className?: string;
}

/** Previous / next paging for a table. A single page needs no pager, so it renders nothing. */
export function Pager({ currentPage, totalPages, onPageChange, totalRecords, className }: PagerProps) {
  if (totalPages <= 1) return null;
  const isFirst = currentPage <= 1;
  const isLast = currentPage >= totalPages;
  return (
    <nav
      aria-label="Paginación"
      className={cn('flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-ink-muted', className)}
    >
      <p>
        Página {currentPage} de {totalPages}
        {totalRecords !== undefined ? (
          <span>
            {' · '}
            {totalRecords} {totalRecords === 1 ? 'registro' : 'registros'}
          </span>
        ) : null}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={isFirst}
          onClick={() => onPageChange(currentPage - 1)}
          icon={<ChevronLeft aria-hidden="true" className="size-4" />}
        >
          Anterior
        </Button>
        <Button variant="secondary" size="sm" disabled={isLast} onClick={() => onPageChange(currentPage + 1)}>
          Siguiente
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
