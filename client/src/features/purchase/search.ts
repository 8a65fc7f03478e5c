/*
 * Search params with which Mercado Pago (and the "Modo de prueba" checkout) sends the client back
 * to /pilates/clases: `?pago=aprobado|pendiente|rechazado&payment_id=…&status=…&external_reference=…`;
 * `?pago=saldo` when the gift balance paid the whole plan (no Mercado Pago step, nothing to confirm);
 * `?ver=planes` (the studio's mails, "Ver mis planes") opens the page on its plans; `?membresia=<reference>`
 * is the way back from a membership's subscription at Mercado Pago (with `ver=planes`).
 * Anything malformed is dropped rather than failing the page.
 */
export type PaymentResult = 'aprobado' | 'pendiente' | 'rechazado' | 'saldo';
const RESULTS: readonly unknown[] = ['aprobado', 'pendiente', 'rechazado', 'saldo'] satisfies PaymentResult[];

/** Text or a number as trimmed text; empty, "null" or anything else is dropped. */
const optionalText = (value: unknown): string | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return text === '' || text === 'null' ? undefined : text;
};

export interface PaymentReturnSearch {
  pago?: PaymentResult;
  payment_id?: string;
  status?: string;
  external_reference?: string;
  ver?: 'planes';
  membresia?: string;
}

const REFERENCE = /^pilates-[0-9a-f-]{36}$/;

export const paymentReturnSearchSchema = {
  parse: (search: {
    pago?: unknown;
    payment_id?: unknown;
    status?: unknown;
    external_reference?: unknown;
    ver?: unknown;
    membresia?: unknown;
  }): PaymentReturnSearch => ({
    pago: RESULTS.includes(search.pago) ? (search.pago as PaymentResult) : undefined,
    payment_id: optionalText(search.payment_id),
    status: optionalText(search.status),
    external_reference: optionalText(search.external_reference),
    ver: search.ver === 'planes' ? 'planes' : undefined,
    membresia: typeof search.membresia === 'string' && REFERENCE.test(search.membresia) ? search.membresia : undefined,
  }),
};
