/** The ARCO rights (LFPDPPP): Acceso, Rectificación, Cancelación, Oposición. */
export const ARCO_RIGHTS = ['acceso', 'rectificacion', 'cancelacion', 'oposicion'] as const;
export type ArcoRight = (typeof ARCO_RIGHTS)[number];

/** Where a request stands: received, being worked on, answered, or refused (with its reason). */
export const ARCO_STATUSES = ['recibida', 'en_proceso', 'respondida', 'rechazada'] as const;
export type ArcoStatus = (typeof ARCO_STATUSES)[number];

/** Still waiting for the studio's answer: what the deadline and the dashboard count. */
export const OPEN_ARCO_STATUSES: readonly ArcoStatus[] = ['recibida', 'en_proceso'];
/** Statuses that answer the request: they need a response note and stamp answered_at. */
export const ANSWERED_ARCO_STATUSES: readonly ArcoStatus[] = ['respondida', 'rechazada'];

/** The LFPDPPP's deadline for an answer, in business days. */
export const ARCO_ANSWER_BUSINESS_DAYS = 20;

export const ARCO_DETAIL_MAX = 2000;
export const ARCO_NOTE_MAX = 2000;
export const ARCO_NAME_MAX = 120;

/** How each right is named in mails. */
export const ARCO_RIGHT_LABELS: Record<ArcoRight, string> = {
  acceso: 'Acceso',
  rectificacion: 'Rectificación',
  cancelacion: 'Cancelación',
  oposicion: 'Oposición',
};

/** `ARCO-2026-0007`: the year and its sequence, four digits at least. */
export const arcoFolio = (year: number, sequence: number): string =>
  `ARCO-${year}-${String(sequence).padStart(4, '0')}`;
