import { formatLongDateWithWeekday } from '@pilates/dates';
import type { ReactNode } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';

export const NO_CLASSES_MESSAGE = 'No hay clases el día de hoy';

export interface DayClassesProps {
  date: string;
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  /** The list of classes, shown once loaded and not empty. */
  children: ReactNode;
}

/** The shape of the day's list while it loads, instead of an empty area. */
export function DayClassesSkeleton() {
  return (
    <div role="status" aria-busy="true" className="space-y-3">
      <span className="sr-only">Cargando las clases…</span>
      {[0, 1, 2].map((row) => (
        <div
          key={row}
          aria-hidden="true"
          data-testid="slot-skeleton"
          className="flex animate-pulse items-center gap-4 rounded-card bg-surface px-4 py-4 shadow-soft sm:px-6"
        >
          <div className="flex-1 space-y-2">
            <div className="h-6 w-32 rounded bg-sand" />
            <div className="h-4 w-48 rounded bg-sand" />
          </div>
          <div className="h-9 w-24 rounded-pill bg-sand" />
        </div>
      ))}
    </div>
  );
}

/** A day without classes. */
export function NoClasses() {
  return (
    <p className="rounded-card bg-surface px-6 py-10 text-center text-ink-muted shadow-soft">{NO_CLASSES_MESSAGE}</p>
  );
}

/** The heading of the selected day above its classes. */
export function DayHeading({ date, children }: { date: string; children: ReactNode }) {
  return (
    <section aria-labelledby="clases-del-dia">
      <h2 id="clases-del-dia" className="mb-4 text-lg font-medium text-ink-strong">
        Clases del {formatLongDateWithWeekday(date)}
      </h2>
      {children}
    </section>
  );
}

/** The heading of the selected day and its loading, error and empty states around the list. */
export function DayClasses({ date, isLoading, error, isEmpty, children }: DayClassesProps) {
  return (
    <DayHeading date={date}>
      {isLoading ? <DayClassesSkeleton /> : error ? <ErrorMessage error={error} /> : isEmpty ? <NoClasses /> : children}
    </DayHeading>
  );
}

/** "3/8 lugares". */
export const placesLabel = (reserved: number, capacity: number): string => `${reserved}/${capacity} lugares`;
