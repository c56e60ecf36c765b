export type { AuditPort, AuditRecord } from './audit.port.ts';
export { AuditService } from './audit.service.ts';
