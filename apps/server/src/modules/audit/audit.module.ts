import type { Db } from '../../db/client.ts';
import type { ServerModule } from '../module.ts';
import { AuditService } from './audit.service.ts';

/** The audit log of staff writes. Its one call (reading it) is the console's: see the admin module. */
export function createAuditModule(d: { db: Db }) {
  const audit = new AuditService(d.db);
  const module: ServerModule = { name: 'audit', handlers: {} };
  return { services: { audit }, module };
}
