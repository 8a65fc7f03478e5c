import { formatLongDate } from '@pilates/dates';
import { toDate } from '../../core/database/column-types';
import type { EndingPlanListRow } from '../dashboard.repository';
import type { EndingPlanDto } from './dashboard.dto';

/**
 * A phone as WhatsApp's click-to-chat wants it: country code and number, digits only. Mexican
 * numbers become 52 + 10 digits (a bare 10-digit number, +52…, or the old mobile 521… form);
 * another country's number is kept when written with its + prefix; anything else gives null.
 */
export function whatsappNumber(phone: string | null): string | null {
  if (!phone) return null;
  const international = phone.trim().startsWith('+') || phone.trim().startsWith('00');
  let digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('00')) digits = digits.slice(2);
  if (digits.length === 10 && !international) return `52${digits}`;
  if (digits.length === 12 && digits.startsWith('52')) return digits;
  if (digits.length === 13 && digits.startsWith('521')) return `52${digits.slice(3)}`;
  if (international && digits.length >= 8 && digits.length <= 15 && !digits.startsWith('52')) return digits;
  return null;
}

const classesText = (n: number): string => (n === 1 ? '1 clase' : `${n} clases`);

/** The prefilled message the owner sends from WhatsApp about a plan ending soon. */
export function endingPlanMessage(row: Pick<EndingPlanListRow, 'name' | 'planName' | 'classesRemaining' | 'endDate'>) {
  const firstName = row.name.trim().split(/\s+/)[0] ?? row.name;
  return (
    `¡Hola, ${firstName}! Te escribimos del estudio de Pilates: te quedan ${classesText(row.classesRemaining)} ` +
    `de tu plan «${row.planName}» hasta el ${formatLongDate(row.endDate)}. ¿Te ayudamos a reservarlas?`
  );
}

export function whatsappUrl(row: EndingPlanListRow): string | null {
  const number = whatsappNumber(row.phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(endingPlanMessage(row))}` : null;
}

export function toEndingPlanDto(row: EndingPlanListRow): EndingPlanDto {
  return {
    userPlanId: row.userPlanId,
    userId: row.userId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    planName: row.planName,
    classesRemaining: row.classesRemaining,
    endDate: row.endDate,
    whatsappUrl: whatsappUrl(row),
    reminderSentAt: row.reminderSentAt === null ? null : toDate(row.reminderSentAt).toISOString(),
  };
}
