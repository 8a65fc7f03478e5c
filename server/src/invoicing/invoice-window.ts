import { addDays, studioInstant, studioToday } from '@pilates/dates';

/** The studio month (`YYYY-MM`) of an instant. */
export const periodOf = (at: Date, timeZone: string): string => studioToday(at, timeZone).slice(0, 7);

/** The month after `YYYY-MM`. */
export function nextPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/** The month before `YYYY-MM`. */
export function previousPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * The instant a payment of `period` can no longer be invoiced on its own: midnight at the start of
 * the next month in studio time, plus `graceDays`. From then on it belongs to that month's global invoice.
 */
export function invoiceDeadline(period: string, graceDays: number, timeZone: string): Date {
  return studioInstant(addDays(`${nextPeriod(period)}-01`, graceDays), '00:00', timeZone);
}

/** Whether a payment approved at `paidAt` may still be invoiced on its own at `now`. */
export function withinInvoiceWindow(paidAt: Date, now: Date, graceDays: number, timeZone: string): boolean {
  return now.getTime() < invoiceDeadline(periodOf(paidAt, timeZone), graceDays, timeZone).getTime();
}
