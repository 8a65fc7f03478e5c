import { AuditLog } from '../audit/audit-log.entity';
import { Session } from '../auth/session.entity';
import { RowCount } from './row-count.entity';
import { StudioSettingsRow } from '../settings/studio-settings.entity';

/** The tables core itself owns; the app adds every module's own (server/src/database/schema.ts). */
export const coreEntities = [AuditLog, Session, RowCount, StudioSettingsRow];
