/*
 * /pilates/auditoria?usuario=12&accion=payment.refund&desde=2026-11-01&hasta=2026-11-30: the audit
 * log's filters live in the URL (the Usuarios page and a client's page link here). A value that is
 * not valid is dropped: a positive whole user id, an action name's shape (`payment.refund`),
 * YYYY-MM-DD dates. Whether the server records that action is the page's check (`knownAction`):
 * this file loads with the app, and the list of actions, which grows with every audited change,
 * stays out of the first download.
 */
import { isDateOnly } from '@pilates/dates/date-only';

export interface AuditSearch {
  usuario?: number;
  accion?: string;
  desde?: string;
  hasta?: string;
}

const ACTION_SHAPE = /^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/;

const isActionShaped = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 60 && ACTION_SHAPE.test(value);

export const auditSearchSchema = {
  parse: (search: { usuario?: unknown; accion?: unknown; desde?: unknown; hasta?: unknown }): AuditSearch => {
    const value = search.usuario;
    const id =
      typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return {
      usuario: Number.isSafeInteger(id) && id > 0 ? id : undefined,
      accion: isActionShaped(search.accion) ? search.accion : undefined,
      desde: isDateOnly(search.desde) ? search.desde : undefined,
      hasta: isDateOnly(search.hasta) ? search.hasta : undefined,
    };
  },
};
