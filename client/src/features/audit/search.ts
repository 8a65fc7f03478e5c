/*
 * /pilates/auditoria?usuario=12 shows only the changes about user 12 or made by them
 * (the Usuarios page links here). Anything that is not a positive whole number is dropped.
 */
export interface AuditSearch {
  usuario?: number;
}

export const auditSearchSchema = {
  parse: (search: { usuario?: unknown }): AuditSearch => {
    const value = search.usuario;
    const id =
      typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return { usuario: Number.isSafeInteger(id) && id > 0 ? id : undefined };
  },
};
