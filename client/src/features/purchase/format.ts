import { formatLongDate, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import { studioTimeZone } from '@/lib/studio-time-zone';

/** A payment deadline (an ISO instant) in the studio's time: '30 de noviembre de 2026 a las 11:59 PM'. */
export function formatDeadline(instant: string): string {
  const at = new Date(instant);
  const timeZone = studioTimeZone();
  return `${formatLongDate(studioToday(at, timeZone))} a las ${to12Hour(studioTimeOfDay(at, timeZone))}`;
}

/** Where a payment stands, as the banner and the pending list group it. */
export type PurchaseOutcome = 'approved' | 'pending' | 'failed';

const PENDING_STATUSES = new Set(['created', 'pending', 'in_process', 'in_mediation', 'authorized']);

export function purchaseOutcome(status: string): PurchaseOutcome {
  if (status === 'approved') return 'approved';
  return PENDING_STATUSES.has(status) ? 'pending' : 'failed';
}

/** How a purchase's state reads in the list of recent purchases: its own words and colour. */
export type PurchaseTone = 'waiting' | 'review' | 'rejected' | 'expired' | 'approved';

export interface PurchaseState {
  label: string;
  tone: PurchaseTone;
}

/** A purchase's state in Spanish: 'Pago pendiente', 'Pago en revisión', 'Pago rechazado', 'Pago vencido'. */
export function purchaseState(status: string): PurchaseState {
  switch (status) {
    case 'created':
    case 'pending':
    case 'authorized':
      return { label: 'Pago pendiente', tone: 'waiting' };
    case 'in_process':
    case 'in_mediation':
      return { label: 'Pago en revisión', tone: 'review' };
    case 'expired':
      return { label: 'Pago vencido', tone: 'expired' };
    case 'approved':
      return { label: 'Pago aprobado', tone: 'approved' };
    default:
      return { label: 'Pago rechazado', tone: 'rejected' };
  }
}
