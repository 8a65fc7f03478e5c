/*
 * The memberships' words as the studio reads them: statuses, Mercado Pago's charge statuses and why
 * an approved charge did not extend a membership.
 */
import { formatLongDate, studioToday } from '@pilates/dates';
import { formatMoney } from '@/lib/format';
import { studioTimeZone } from '@/lib/studio-time-zone';

export const MEMBERSHIP_STATUSES = ['active', 'past_due', 'paused', 'cancelled', 'pending'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = {
  active: 'Activa',
  past_due: 'Pago pendiente',
  paused: 'En pausa',
  cancelled: 'Cancelada',
  // Subscribed at Mercado Pago, the first charge not approved yet.
  pending: 'Pendiente',
};

const CHARGE_STATUS_LABELS: Record<string, string> = {
  approved: 'Aprobado',
  rejected: 'Rechazado',
  pending: 'Pendiente',
  in_process: 'En revisión',
  authorized: 'Autorizado',
  scheduled: 'Programado',
  recycling: 'Reintentando',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
  charged_back: 'Contracargo',
  in_mediation: 'En disputa',
};

/** A charge's payment status from Mercado Pago, in Spanish; an unknown one as it came. */
export function chargeStatusLabel(status: string | null): string {
  if (status === null) return 'Sin pago aún';
  return CHARGE_STATUS_LABELS[status] ?? status;
}

const ISSUE_LABELS: Record<string, string> = {
  amount_mismatch: 'El monto no coincide: no extendió la membresía',
  currency_mismatch: 'Moneda distinta: no extendió la membresía',
  not_live: 'Cobro de prueba: no extendió la membresía',
};

/** Why an approved charge extended nothing; null when there is nothing to say. */
export function chargeIssueLabel(issue: string | null): string | null {
  if (issue === null) return null;
  return ISSUE_LABELS[issue] ?? issue;
}

/** Centavos → '$1,800.00'; null → '—'. */
export const centsLabel = (cents: number | null): string => (cents === null ? '—' : formatMoney(cents / 100));

/** '2026-12-26' → '26 de diciembre de 2026'; null → '—'. */
export const dateLabel = (date: string | null): string => (date === null ? '—' : formatLongDate(date));

/** An instant (ISO) as its studio date: '26 de diciembre de 2026'; null → '—'. */
export function instantDateLabel(iso: string | null, timeZone: string = studioTimeZone()): string {
  return iso === null ? '—' : formatLongDate(studioToday(new Date(iso), timeZone));
}
