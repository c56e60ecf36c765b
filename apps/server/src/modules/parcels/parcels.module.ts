import type { Db } from '../../db/client.ts';
import type { Kv } from '../../core/kv.ts';
import { handlersOf, type ServerModule } from '../module.ts';
import type { SettingsService } from '../system/index.ts';
import type { BillingPort } from '../wallet/index.ts';
import type { NotificationsPort } from '../notifications/index.ts';
import type { AuditPort } from '../audit/index.ts';
import { ParcelsService } from './parcels.service.ts';
import { BatchDeclarationService } from './batch-declaration.service.ts';
import { parcelsAdminRoutes, parcelsRoutes, registerParcelFileRoutes } from './parcels.routes.ts';
import { seedParcelsDemo } from './parcels.seed.ts';
import { GroupPacksPort } from './group-packs.port.ts';
import { InsuranceService } from './insurance.service.ts';
import type { ParcelsGroupsPort } from './groups.port.ts';

/** The storage policy's daily reminders (issue 37). */
export const STORAGE_REMINDERS_JOB = 'parcels.storage-reminders';

/** Declared parcels, packing, pricing, outbound batches, tracking, returns and the warehouse's calls. */
export function createParcelsModule(d: {
  db: Db;
  kv: Kv;
  settings: SettingsService;
  billing: BillingPort;
  notifications?: NotificationsPort;
  audit?: AuditPort;
  listCacheEntries?: number;
  groups?: ParcelsGroupsPort;
}) {
  const parcels = new ParcelsService(d.db, d.settings, d.billing, d.kv, {
    listCacheEntries: d.listCacheEntries,
    audit: d.audit,
    notifications: d.notifications,
    groups: d.groups,
  });
  const batchDeclarations = new BatchDeclarationService(d.db, parcels);
  const insurance = new InsuranceService({ db: d.db, billing: d.billing, notifications: d.notifications, audit: d.audit });
  const deps = { parcels, batchDeclarations, settings: d.settings, insurance };
  const module: ServerModule = {
    name: 'parcels',
    handlers: handlersOf({ parcels: parcelsRoutes(deps), parcelsAdmin: parcelsAdminRoutes(deps) }),
    http: (app, version) => registerParcelFileRoutes(app, deps, version),
    start: () => parcels.ensureDefaultRateCards(),
    jobs: (queue) => {
      queue.register(STORAGE_REMINDERS_JOB, async () => {
        await parcels.storage.sendReminders();
      });
      // Daily, early morning in Singapore / China (UTC+8).
      queue.schedule(STORAGE_REMINDERS_JOB, '15 8 * * *');
    },
    seedDemo: (users) => seedParcelsDemo({ db: d.db, parcels }, users),
  };
  return { services: { parcels, batchDeclarations, groupPacks: new GroupPacksPort(d.db, parcels) }, module };
}
