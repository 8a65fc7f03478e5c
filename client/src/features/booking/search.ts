/*
 * Search params of the week calendars (/pilates/reservar and /pilates/usuarios-clases): the
 * selected day lives in the URL (`?fecha=YYYY-MM-DD`) so that a reload or a shared link keeps it.
 * Written without zod, like the other route search schemas: it loads with the app (every page's
 * first script).
 */
import { isDateOnly } from '@pilates/dates/date-only';
export interface CalendarSearch {
  fecha?: string;
  /** Only this instructor's classes (Reservar's filter): a profile's id. */
  instructor?: number;
  /** Only classes of this type (Reservar's filter): a class type's id. */
  tipo?: number;
}

/** A positive whole id, else undefined. */
const rowId = (value: unknown): number | undefined => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** A real `YYYY-MM-DD` date is kept; anything else falls back to "no date" (today). Likewise an instructor or type id. */
export const calendarSearchSchema = {
  parse: (search: { fecha?: unknown; instructor?: unknown; tipo?: unknown }): CalendarSearch => {
    const date = search.fecha;
    return {
      fecha: typeof date === 'string' && isDateOnly(date) ? date : undefined,
      instructor: rowId(search.instructor),
      tipo: rowId(search.tipo),
    };
  },
};

/**
 * The day a calendar shows: the one in the URL, else today. The booking calendar never offers
 * days before today, so an older date in the URL shows today instead.
 */
export function selectedDay(fecha: string | undefined, today: string, allowPast: boolean): string {
  if (fecha === undefined) return today;
  // YYYY-MM-DD strings sort like the dates they name.
  if (!allowPast && fecha < today) return today;
  return fecha;
}
