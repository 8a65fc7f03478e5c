import {
  addDays,
  formatLongDate,
  monthYearTitle,
  mondayOf,
  parseDateOnly,
  shortWeekdayName,
  weekdayName,
  weekFrom,
} from '@pilates/dates';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Breadcrumb, type BreadcrumbProps } from '@/components/ui/breadcrumb';
import { cn } from '@/components/ui/cn';

export interface WeekCalendarProps {
  /** The breadcrumb's current page: "Reservar" or "Ver clases". */
  pageLabel: string;
  /** The selected day, `YYYY-MM-DD`. */
  selectedDate: string;
  /** Today in the studio's zone, `YYYY-MM-DD`. */
  today: string;
  /** The admin roster may look back in time; the booking calendar never offers days before today. */
  allowPast?: boolean;
  onSelectDate: (date: string) => void;
  /** Renders the breadcrumb's links (the router's Link in the app; a plain <a> by default). */
  renderLink?: BreadcrumbProps['renderLink'];
  /** The selected day's content, under the week strip. */
  children?: ReactNode;
}

const arrowClasses =
  'inline-flex size-11 items-center justify-center rounded-pill border border-line bg-surface text-ink ' +
  'transition-colors hover:border-accent hover:text-accent disabled:cursor-not-allowed disabled:opacity-40 ' +
  'disabled:hover:border-line disabled:hover:text-ink';

/** "Lunes 24 de noviembre de 2026": the long form of a day. */
export const dayLabel = (date: string): string => `${weekdayName(date)} ${formatLongDate(date)}`;

/**
 * The day button's accessible name: the words it shows first ("Lun 24" on a phone, whose full
 * "Lunes 24" the name contains too, case aside), then the long form: "Lun 24, lunes 24 de noviembre
 * de 2026". A name must contain the visible text (WCAG 2.5.3, label in name).
 */
export const dayButtonLabel = (date: string, isToday = false): string => {
  const long = dayLabel(date);
  const name = `${shortWeekdayName(date)} ${parseDateOnly(date).getUTCDate()}, ${long.charAt(0).toLowerCase()}${long.slice(1)}`;
  return isToday ? `${name} (hoy)` : name;
};

/** Breadcrumb, month title and a Monday-to-Sunday strip whose arrows move a week at a time. */
export function WeekCalendar({
  pageLabel,
  selectedDate,
  today,
  allowPast = false,
  onSelectDate,
  renderLink,
  children,
}: WeekCalendarProps) {
  const days = weekFrom(mondayOf(selectedDate));
  const isBeforeToday = (date: string) => !allowPast && date < today;
  const onCurrentWeekOrEarlier = mondayOf(selectedDate) <= mondayOf(today);

  const previousWeek = () => {
    const target = addDays(selectedDate, -7);
    // Going back from next week's Monday may land before today: stop at today.
    onSelectDate(isBeforeToday(target) ? today : target);
  };

  return (
    <div>
      <Breadcrumb items={[{ label: 'Inicio', to: '/pilates' }, { label: pageLabel }]} renderLink={renderLink} />
      <div className="mt-4 flex items-center justify-between gap-4">
        <h1 className="text-title">{monthYearTitle(selectedDate)}</h1>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            aria-label="Semana anterior"
            className={arrowClasses}
            disabled={!allowPast && onCurrentWeekOrEarlier}
            onClick={previousWeek}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            aria-label="Semana siguiente"
            className={arrowClasses}
            onClick={() => onSelectDate(addDays(selectedDate, 7))}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>

      {/* A container: the weekday names shorten when the strip is narrow (under 500 px of viewport on the booking page). */}
      <div className="@container mt-5">
        <ul aria-label="Días de la semana" className="grid grid-cols-7 gap-1 sm:gap-2">
          {days.map((date) => {
            const selected = date === selectedDate;
            const isToday = date === today;
            return (
              <li key={date}>
                <button
                  type="button"
                  aria-label={dayButtonLabel(date, isToday)}
                  aria-pressed={selected}
                  disabled={isBeforeToday(date)}
                  onClick={() => onSelectDate(date)}
                  className={cn(
                    'flex h-16 w-full flex-col items-center justify-center gap-0.5 rounded-control border px-0.5',
                    'transition-colors duration-200 ease-calm',
                    'disabled:cursor-not-allowed disabled:border-transparent disabled:bg-transparent disabled:opacity-45',
                    selected
                      ? 'border-accent bg-accent text-white shadow-soft'
                      : 'border-line bg-surface text-ink hover:border-accent hover:text-accent-strong',
                    isToday && !selected && 'border-accent/60',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'text-xs font-medium whitespace-nowrap',
                      selected ? 'text-white/90' : 'text-ink-muted',
                    )}
                  >
                    <span className="@min-[28.75rem]:hidden">{shortWeekdayName(date)}</span>
                    <span className="hidden @min-[28.75rem]:inline">{weekdayName(date)}</span>
                  </span>{' '}
                  <span aria-hidden="true" className="text-lg leading-none font-semibold figures">
                    {parseDateOnly(date).getUTCDate()}
                  </span>
                  <span
                    aria-hidden="true"
                    className={cn(
                      'size-1 rounded-pill',
                      isToday ? (selected ? 'bg-white' : 'bg-accent') : 'bg-transparent',
                    )}
                  />
                </button>
              </li>
            );
          })}
        </ul>
      </div>

      <div className="mt-8">{children}</div>
    </div>
  );
}
