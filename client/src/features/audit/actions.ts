import { AUDIT_ACTIONS, type AuditActionName } from '@/api/generated/audit-actions';

/** The URL's action when the server records it (an unknown one filters nothing). */
export const knownAction = (value: string | undefined): AuditActionName | undefined =>
  value !== undefined && (AUDIT_ACTIONS as readonly string[]).includes(value) ? (value as AuditActionName) : undefined;
