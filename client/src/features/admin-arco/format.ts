import { formatLongDate, studioToday } from '@pilates/dates';
import type { ArcoRequestDto } from '@/api/generated/model';

export type ArcoStatus = ArcoRequestDto['status'];
export type ArcoRight = ArcoRequestDto['right'];

export const RIGHT_LABELS: Record<ArcoRight, string> = {
  acceso: 'Acceso',
  rectificacion: 'Rectificación',
  cancelacion: 'Cancelación',
  oposicion: 'Oposición',
};

export const STATUS_LABELS: Record<ArcoStatus, string> = {
  recibida: 'Recibida',
  en_proceso: 'En proceso',
  respondida: 'Respondida',
  rechazada: 'Rechazada',
};

/** Answering needs the note sent to the requester. */
export const isAnswer = (status: ArcoStatus): boolean => status === 'respondida' || status === 'rechazada';

const days = (n: number) => (n === 1 ? '1 día hábil' : `${n} días hábiles`);

/**
 * The deadline in words: «Quedan 12 días hábiles», «Vence hoy», «Vencida hace 2 días hábiles»
 * («Vencida» on the weekend right after); an answered request says when.
 */
export function deadlineLabel(request: ArcoRequestDto, timeZone: string): string {
  if (request.answeredAt && isAnswer(request.status)) {
    return `${STATUS_LABELS[request.status]} el ${formatLongDate(studioToday(new Date(request.answeredAt), timeZone))}`;
  }
  const left = request.businessDaysLeft;
  if (request.overdue) return left < 0 ? `Vencida hace ${days(-left)}` : 'Vencida';
  if (left === 0) return 'Vence hoy';
  return left === 1 ? 'Queda 1 día hábil' : `Quedan ${days(left)}`;
}

export const receivedLabel = (iso: string, timeZone: string): string =>
  formatLongDate(studioToday(new Date(iso), timeZone));
