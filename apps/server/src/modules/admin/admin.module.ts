import type { Db } from '../../db/client.ts';
import type { Kv } from '../../core/kv.ts';
import { handlersOf, type ServerModule } from '../module.ts';
import type { SettingsService } from '../system/index.ts';
import type { AccountService } from '../account/index.ts';
import type { SessionService } from '../account/index.ts';
import type { UploadService } from '../account/index.ts';
import { StaffService } from './staff.service.ts';
import { adminRoutes } from './admin.routes.ts';
import type { AuditService } from '../audit/index.ts';

/** Staff accounts and the console's own calls (customers, outbox, settings). */
export function createAdminModule(d: {
  db: Db;
  kv: Kv;
  settings: SettingsService;
  account: AccountService;
  sessions: SessionService;
  uploads: UploadService;
  audit: AuditService;
  staffLoginLimit?: number;
}) {
  const staff = new StaffService(d.db, d.kv, d.sessions, d.account, d.audit, d.staffLoginLimit);
  const module: ServerModule = {
    name: 'admin',
    handlers: handlersOf({ admin: adminRoutes({ staff, settings: d.settings, sessions: d.sessions, uploads: d.uploads, audit: d.audit }) }),
  };
  return { services: { staff }, module };
}
