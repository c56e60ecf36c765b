import type { Db } from '../../db/client.ts';
import type { Kv } from '../../core/kv.ts';
import { handlersOf, type ServerModule } from '../module.ts';
import type { SettingsService } from '../system/index.ts';
import type { BillingPort } from '../wallet/index.ts';
import type { NotificationsPort } from '../notifications/index.ts';
import type { AuditPort } from '../audit/index.ts';
import { ParcelsService } from './parcels.service.ts';
import { ParcelsKit, type ParcelsCtx } from './parcels.shared.ts';
import { DeclarationsService } from './declarations.service.ts';
import { FreightService } from './freight.service.ts';
import { PackingService } from './packing.service.ts';
import { ShippingService } from './shipping.service.ts';
import { ReturnsService } from './returns.service.ts';
import { WarehouseService } from './warehouse.service.ts';
import { ExtrasService } from './extras.service.ts';
import { ProblemsService } from './problems.service.ts';
import { StorageService } from './storage.service.ts';
import { CustomsService } from './customs.service.ts';
import { BatchDeclarationService } from './batch-declaration.service.ts';
import { parcelsAdminRoutes, parcelsRoutes, registerParcelFileRoutes } from './parcels.routes.ts';
import { seedParcelsDemo } from './parcels.seed.ts';
import { GroupPacksPort } from './group-packs.port.ts';
import { InsuranceService } from './insurance.service.ts';
import type { ParcelsGroupsPort } from './groups.port.ts';
import type { TrackingProvider } from '../../providers/tracking.provider.ts';
import { SandboxTrackingProvider } from '../../providers/tracking.provider.ts';
import { TrackingService } from './tracking.service.ts';
import { registerTrackingPush } from './tracking.http.ts';

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
  /** Domestic courier tracking (the China leg); the sandbox when not given. */
  tracking?: TrackingProvider;
}) {
  const ctx: ParcelsCtx = {
    db: d.db,
    settings: d.settings,
    billing: d.billing,
    kv: d.kv,
    now: () => new Date(),
    listCacheEntries: d.listCacheEntries,
    audit: d.audit ?? null,
    notifications: d.notifications ?? null,
    groups: d.groups ?? null,
  };
  const kit = new ParcelsKit(ctx);
  const freight = new FreightService(ctx, kit);
  // Packing and returns register the wallet's payment hooks when built: each part is built once, here.
  const parcels = new ParcelsService({
    freight,
    declarations: new DeclarationsService(ctx, kit),
    packing: new PackingService(ctx, kit, freight),
    shipping: new ShippingService(ctx, kit),
    returns: new ReturnsService(ctx, kit),
    warehouse: new WarehouseService(ctx, kit),
    extras: new ExtrasService(ctx, kit),
    problems: new ProblemsService(ctx, kit),
    storage: new StorageService(ctx, kit),
    customs: new CustomsService(ctx),
  });
  const batchDeclarations = new BatchDeclarationService(d.db, parcels);
  const insurance = new InsuranceService({ db: d.db, billing: d.billing, notifications: d.notifications, audit: d.audit });
  const tracking = new TrackingService(d.db, d.tracking ?? new SandboxTrackingProvider());
  const deps = { parcels, batchDeclarations, settings: d.settings, insurance };
  const module: ServerModule = {
    name: 'parcels',
    handlers: handlersOf({ parcels: parcelsRoutes(deps), parcelsAdmin: parcelsAdminRoutes(deps) }),
    http: async (app, version) => {
      await registerParcelFileRoutes(app, deps, version);
      await registerTrackingPush(app, tracking);
    },
    start: () => parcels.ensureDefaultRateCards(),
    jobs: (queue) => {
      tracking.registerJobs(queue);
      queue.register(STORAGE_REMINDERS_JOB, async () => {
        await parcels.storage.sendReminders();
      });
      // Daily, early morning in Singapore / China (UTC+8).
      queue.schedule(STORAGE_REMINDERS_JOB, '15 8 * * *');
    },
    seedDemo: (users) => seedParcelsDemo({ db: d.db, parcels }, users),
  };
  return { services: { parcels, batchDeclarations, groupPacks: new GroupPacksPort(d.db, parcels), tracking }, module };
}
