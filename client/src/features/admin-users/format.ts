import { formatLongDate, isDateOnly, planEndDate, studioToday } from '@pilates/dates';
import type { AdminUserRowDtoRole } from '../../api/generated/model';
import { STUDIO_TIME_ZONE } from '../../content/studio';

export const ROLE_LABELS: Record<AdminUserRowDtoRole, string> = { user: 'Usuario', admin: 'Administrador' };

export const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as AdminUserRowDtoRole[]).map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));

export const PAID_OPTIONS = [
  { value: '1', label: 'Sí' },
  { value: '0', label: 'No' },
];

/** '17 de mayo de 1990', or the text as it came when it is not a date (never throws while rendering). */
export function formatDate(date: string): string {
  return isDateOnly(date) ? formatLongDate(date) : date || '—';
}

/** Today's date on the studio's clock, whatever the browser's zone. */
export function studioDay(now: Date = new Date()): string {
  return studioToday(now, STUDIO_TIME_ZONE);
}

/** A plan starting today, valid one month (product-decisions §5). */
export function defaultPlanDates(now: Date = new Date()): { startdate: string; enddate: string } {
  const startdate = studioDay(now);
  return { startdate, enddate: planEndDate(startdate) };
}

/** The toast after a deactivation: the server's message, and the classes given back when there were any. */
export function deactivatedMessage(message: string, cancelledReservations: number): string {
  if (cancelledReservations <= 0) return message;
  const detail =
    cancelledReservations === 1
      ? 'Se canceló 1 clase próxima y volvió a su plan.'
      : `Se cancelaron ${cancelledReservations} clases próximas y volvieron a sus planes.`;
  return `${message}. ${detail}`;
}
