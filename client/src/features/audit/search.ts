/*
 * /pilates/auditoria?usuario=12 shows only the changes about user 12 or made by them
 * (the Usuarios page links here). Anything that is not a positive whole number is dropped.
 */
import * as z from 'zod/mini';

export const auditSearchSchema = z.object({
  usuario: z.pipe(
    z.catch(z.optional(z.union([z.number(), z.string()])), undefined),
    z.transform((value) => {
      const id = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : value;
      return id !== undefined && Number.isSafeInteger(id) && id > 0 ? id : undefined;
    }),
  ),
});
export type AuditSearch = z.output<typeof auditSearchSchema>;
