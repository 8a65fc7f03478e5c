import { formatLongDate, isDateOnly, planEndDate } from '@pilates/dates';
import { formatMoney } from '@/lib/format';
import { currentStudioDay } from '@/lib/studio-time-zone';
import type { AdminPurchaseDto, AdminUserRowDtoRole } from '@/api/generated/model';

export const ROLE_LABELS: Record<AdminUserRowDtoRole, string> = {
  user: 'Usuario',
  instructor: 'Instructor',
  admin: 'Administrador',
};

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

/** A plan starting today, valid one month (to the day before the same date next month, clamped to a short month). */
export function defaultPlanDates(now: Date = new Date()): { startdate: string; enddate: string } {
  const startdate = currentStudioDay(now);
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

/** Mercado Pago's statuses as the studio reads them, for a purchase. */
export function purchaseStatusLabel(purchase: Pick<AdminPurchaseDto, 'status' | 'statusDetail' | 'refunded'>): string {
  if (purchase.status === 'approved' && purchase.refunded > 0) return 'Reembolso parcial';
  const labels: Record<string, string> = {
    approved: 'Aprobado',
    refunded: 'Reembolsado',
    charged_back: 'Contracargo',
    pending: 'Pendiente',
    in_process: 'En revisión',
    in_mediation: 'En disputa',
    authorized: 'Autorizado',
  };
  return labels[purchase.status] ?? purchase.status;
}

/** Why an approved payment gave no plan, as admins read it. */
/** How a purchase was paid: Mercado Pago, or at the desk ("Venta en mostrador"). */
export const PURCHASE_METHOD_LABELS: Record<AdminPurchaseDto['method'], string> = {
  mercado_pago: 'Mercado Pago',
  efectivo: 'Efectivo',
  transferencia: 'Transferencia',
  terminal: 'Tarjeta en terminal',
};

export const PURCHASE_ISSUE_LABELS: Record<NonNullable<AdminPurchaseDto['issue']>, string> = {
  amount_mismatch: 'Monto no coincide',
  currency_mismatch: 'Moneda distinta',
  not_live: 'Pago de prueba',
  duplicate: 'A reembolsar',
  balance_missing: 'Sin saldo de regalo',
  promo_taken: 'Código agotado al pagar',
  intro_taken: 'Primera vez ya usada',
  account_deleted: 'Pagado tras eliminar la cuenta',
};

/** A refund amount typed by the admin: pesos with up to two decimals, more than 0 and at most `max`. */
export function refundAmountError(text: string, max: number): string | null {
  const value = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(value) || Number(value) <= 0) {
    return 'Escribe un monto mayor que 0 con hasta dos decimales.';
  }
  if (Math.round(Number(value) * 100) > Math.round(max * 100))
    return `El monto no puede ser mayor que ${formatMoney(max)}.`;
  return null;
}

/** '5 asistencias · 1 falta': how often a client came and did not come (marked at the door). */
export function attendanceCounts(counts: { attended: number; noShow: number }): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${plural(counts.attended, 'asistencia', 'asistencias')} · ${plural(counts.noShow, 'falta', 'faltas')}`;
}

/** A past class's attendance, as the studio marked it. */
export const attendanceLabel = (attended: boolean | null): string =>
  attended === null ? 'Sin marcar' : attended ? 'Asistió' : 'No asistió';
