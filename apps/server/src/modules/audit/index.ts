export type { AuditPort, AuditRecord } from './audit.port.ts';
export { noAudit } from './audit.port.ts';
export { AuditService } from './audit.service.ts';
export { changes } from './audit.changes.ts';
