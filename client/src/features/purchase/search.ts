/*
 * Search params with which Mercado Pago (and the "Modo de prueba" checkout) sends the client back
 * to /pilates/clases: `?pago=aprobado|pendiente|rechazado&payment_id=…&status=…&external_reference=…`.
 * Anything malformed is dropped rather than failing the page.
 */
import * as z from 'zod/mini';

const optionalText = z.pipe(
  z.catch(z.optional(z.union([z.string(), z.number()])), undefined),
  z.transform((value) => {
    const text = value === undefined ? '' : String(value).trim();
    return text === '' || text === 'null' ? undefined : text;
  }),
);

export const paymentReturnSearchSchema = z.object({
  pago: z.catch(z.optional(z.enum(['aprobado', 'pendiente', 'rechazado'])), undefined),
  payment_id: optionalText,
  status: optionalText,
  external_reference: optionalText,
});
export type PaymentReturnSearch = z.output<typeof paymentReturnSearchSchema>;
