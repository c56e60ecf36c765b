import type { Db } from '../../db/client.ts';
import type { ServerModule } from '../module.ts';
import { AuditService, type StaffAccountOf } from './audit.service.ts';

/**
 * The audit log of staff writes. Its one call (reading it) is the console's: see the admin module. The staff
 * member's account name comes through `staffAccountOf` (the system module's), so audit imports no module.
 */
export function createAuditModule(d: { db: Db; staffAccountOf: StaffAccountOf }) {
  const audit = new AuditService(d.db, d.staffAccountOf);
  const module: ServerModule = { name: 'audit', handlers: {} };
  return { services: { audit }, module };
}
