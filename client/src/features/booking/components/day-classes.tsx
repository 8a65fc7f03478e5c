import { formatLongDateWithWeekday } from '@pilates/dates';
import type { ReactNode } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';

export const NO_CLASSES_MESSAGE = 'No hay clases el día de hoy';

export interface DayClassesProps {
  date: string;
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  /** The list of classes, shown once loaded and not empty. */
  children: ReactNode;
}

/** The heading of the selected day and its loading, error and empty states around the list. */
export function DayClasses({ date, isLoading, error, isEmpty, children }: DayClassesProps) {
  return (
    <section aria-labelledby="clases-del-dia">
      <h2 id="clases-del-dia" className="mb-4 text-lg font-medium text-ink-strong">
        Clases del {formatLongDateWithWeekday(date)}
      </h2>
      {isLoading ? (
        <div className="flex justify-center rounded-card bg-surface py-12 shadow-soft">
          <Spinner size="lg" label="Cargando las clases…" />
        </div>
      ) : error ? (
        <ErrorMessage error={error} />
      ) : isEmpty ? (
        <p className="rounded-card bg-surface px-6 py-10 text-center text-ink-muted shadow-soft">
          {NO_CLASSES_MESSAGE}
        </p>
      ) : (
        children
      )}
    </section>
  );
}

/** "3/8 lugares". */
export const placesLabel = (reserved: number, capacity: number): string => `${reserved}/${capacity} lugares`;
