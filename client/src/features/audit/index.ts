export { AuditLog } from './components/audit-log';
export { auditSearchSchema } from './search';
