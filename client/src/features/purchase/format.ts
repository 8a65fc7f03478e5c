import { formatLongDate, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import { studioTimeZone } from '@/lib/studio-clock';

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

/** A purchase's state in Spanish, for the list of open purchases. */
export function purchaseStatusLabel(status: string): string {
  switch (status) {
    case 'created':
    case 'pending':
    case 'authorized':
      return 'pendiente';
    case 'in_process':
    case 'in_mediation':
      return 'en proceso';
    case 'expired':
      return 'vencida';
    case 'approved':
      return 'aprobada';
    default:
      return 'rechazada';
  }
}
