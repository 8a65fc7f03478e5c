import { addDays, formatLongDate, parseDateOnly, studioTimeOfDay, studioToday, to12Hour } from '@pilates/dates';
import { studioTimeZone } from '@/lib/studio-time-zone';

/** The renewal, said plainly wherever a membership is sold. */
export const RENEWAL_NOTE = 'Se cobra cada mes a tu tarjeta; cancela cuando quieras';

/** The least a pause may last (the owner's rule, checked again by the server: PAUSE_TOO_SHORT). */
export const MIN_PAUSE_DAYS = 7;

/** What a membership books: 'Ilimitado (1 clase al día)', '3 clases por semana'. */
export function membershipLimitLabel(weeklyLimit: number | null, dailyLimit = 1): string {
  if (weeklyLimit === null) return `Ilimitado (${dailyLimit === 1 ? '1 clase' : `${dailyLimit} clases`} al día)`;
  return weeklyLimit === 1 ? '1 clase por semana' : `${weeklyLimit} clases por semana`;
}

export type MembershipStatusValue = 'pending' | 'active' | 'paused' | 'past_due' | 'cancelled';

/** The membership's state as the client reads it: 'Activa', 'Cancelada — termina el 3 de enero de 2027'… */
export function membershipStatusLabel(status: MembershipStatusValue, endsOn: string | null): string {
  switch (status) {
    case 'active':
      return 'Activa';
    case 'pending':
      return 'Pendiente de pago inicial';
    case 'paused':
      return 'En pausa';
    case 'past_due':
      return 'Pago pendiente';
    case 'cancelled':
      return endsOn ? `Cancelada — termina el ${formatLongDate(endsOn)}` : 'Cancelada';
  }
}

/** This week's use: '2 de 3 esta semana'; unlimited: 'Ilimitado: 1 clase al día'. */
export function weekUsageLabel(week: { used: number; limit: number | null }, dailyLimit = 1): string {
  if (week.limit === null) return `Ilimitado: ${dailyLimit === 1 ? '1 clase' : `${dailyLimit} clases`} al día`;
  return `${week.used} de ${week.limit} esta semana`;
}

/** Days from `from` to `to`, both included (a pause from Monday to Sunday lasts 7). */
export function pauseLength(from: string, to: string): number {
  return Math.round((parseDateOnly(to).getTime() - parseDateOnly(from).getTime()) / 86_400_000) + 1;
}

export interface PauseFieldErrors {
  from?: string;
  to?: string;
}

/**
 * What is wrong with a pause before asking the server (which decides again): from tomorrow on, at
 * least seven days, no more than the days left this year.
 */
export function pauseProblems(from: string, to: string, today: string, daysLeft: number): PauseFieldErrors {
  const errors: PauseFieldErrors = {};
  if (!from) errors.from = 'Elige desde qué día pausas.';
  else if (from <= today) errors.from = `La pausa empieza a partir de mañana (${formatLongDate(addDays(today, 1))}).`;
  if (!to) errors.to = 'Elige hasta qué día pausas.';
  else if (from && to < from) errors.to = 'La fecha de término debe ser igual o posterior a la de inicio.';
  else if (from && pauseLength(from, to) < MIN_PAUSE_DAYS) errors.to = `La pausa dura al menos ${MIN_PAUSE_DAYS} días.`;
  else if (from && pauseLength(from, to) > daysLeft)
    errors.to =
      daysLeft > 0 ? `Te quedan ${daysLeft} días de pausa este año.` : 'Ya usaste todos tus días de pausa de este año.';
  return errors;
}

/** An instant (ISO) in the studio's time: '4 de diciembre de 2026 a las 9:15 PM'. */
export function formatStudioInstant(instant: string): string {
  const at = new Date(instant);
  const timeZone = studioTimeZone();
  return `${formatLongDate(studioToday(at, timeZone))} a las ${to12Hour(studioTimeOfDay(at, timeZone))}`;
}

/** When a past-due membership stops booking, said before and after it happens. */
export function pastDueBookingNote(bookingBlockedFrom: string | null, now: Date): string {
  if (!bookingBlockedFrom) return 'Mientras tanto puedes seguir reservando.';
  return new Date(bookingBlockedFrom).getTime() <= now.getTime()
    ? 'Ya no puedes reservar clases nuevas hasta que se haga el cobro; tus clases reservadas siguen en pie.'
    : `Puedes seguir reservando hasta el ${formatStudioInstant(bookingBlockedFrom)}; después ya no podrás reservar clases nuevas hasta que se haga el cobro.`;
}
