/*
 * /pilates/auditoria?usuario=12&accion=payment.refund&desde=2026-11-01&hasta=2026-11-30: the audit
 * log's filters live in the URL (the Usuarios page and a client's page link here). A value that is
 * not valid is dropped: a positive whole user id, an action the server records, YYYY-MM-DD dates.
 */
import { isDateOnly } from '@pilates/dates/date-only';
import { AUDIT_ACTIONS, type AuditActionName } from '@/api/generated/audit-actions';

export interface AuditSearch {
  usuario?: number;
  accion?: AuditActionName;
  desde?: string;
  hasta?: string;
}

const isAction = (value: unknown): value is AuditActionName =>
  typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);

export const auditSearchSchema = {
  parse: (search: { usuario?: unknown; accion?: unknown; desde?: unknown; hasta?: unknown }): AuditSearch => {
    const value = search.usuario;
    const id =
      typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return {
      usuario: Number.isSafeInteger(id) && id > 0 ? id : undefined,
      accion: isAction(search.accion) ? search.accion : undefined,
      desde: isDateOnly(search.desde) ? search.desde : undefined,
      hasta: isDateOnly(search.hasta) ? search.hasta : undefined,
    };
  },
};
