import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { ServerModule } from '../module.ts';
import { SettingsService } from './settings.service.ts';
import type { AuditPort } from '../audit/index.ts';

/** System settings (spec getSystemSetting): read by every other module, answered by account's call. */
export function createSystemModule(d: { env: Env; db: Db; audit?: AuditPort }) {
  const settings = new SettingsService(d.db, d.env.NODE_ENV === 'test' ? 0 : 5000, d.audit);
  const module: ServerModule = { name: 'system', handlers: {} };
  return { services: { settings }, module };
}
