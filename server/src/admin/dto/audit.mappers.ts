import { AUDIT_ACTIONS } from '../../core/audit/audit.service';
import type { AuditRow } from '../../core/audit/audit.repository';
import { toDate } from '../../core/database/column-types';
import type { AuditEntryDto, AuditPersonDto } from './audit.dto';

const person = (id: number | string | null, name: string | null): AuditPersonDto | null =>
  id === null ? null : { id: Number(id), name: name ?? '' };

/** An audit row (with the names of who made it and whom it concerns) as the audit page reads it. */
export function toAuditEntryDto(row: AuditRow): AuditEntryDto {
  return {
    id: Number(row.id),
    createdAt: toDate(row.created_at).toISOString(),
    action: row.action,
    actionLabel: AUDIT_ACTIONS[row.action] ?? row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    actor: person(row.actor_id, row.actor_name),
    subject: person(row.subject_id, row.subject_name),
    before: row.before ? (JSON.parse(row.before) as Record<string, unknown>) : null,
    after: row.after ? (JSON.parse(row.after) as Record<string, unknown>) : null,
  };
}
