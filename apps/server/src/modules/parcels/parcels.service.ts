import type { NotificationsPort } from '../notifications/index.ts';
import type { Db } from '../../db/client.ts';
import type { Kv } from '../../core/kv.ts';
import type { BillingPort } from '../wallet/index.ts';
import type { SettingsService } from '../system/index.ts';
import type { AuditPort } from '../audit/index.ts';
import type { ParcelsDeps } from './parcels.core.ts';
import type { ParcelsGroupsPort } from './groups.port.ts';
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

export { toPieceRow } from './parcels.core.ts';
export { CLAIM_TRIES_PER_HOUR } from './warehouse.service.ts';
export type { QuoteRequest } from './freight.service.ts';

/**
 * Parcels from declaration to the customer's door, in parts along the flow: declarations, freight,
 * packing, shipping and tracking, returns, the warehouse, and extras (door services, invoices, waybills).
 * Each part is built once here: packing and returns register the wallet's payment hooks when built.
 */
export class ParcelsService {
  readonly freight: FreightService;
  readonly declarations: DeclarationsService;
  readonly packing: PackingService;
  readonly shipping: ShippingService;
  readonly returns: ReturnsService;
  readonly warehouse: WarehouseService;
  readonly extras: ExtrasService;
  readonly problems: ProblemsService;
  readonly storage: StorageService;
  readonly customs: CustomsService;

  constructor(
    db: Db,
    settings: SettingsService,
    billing: BillingPort,
    kv: Kv,
    opts: {
      now?: () => Date;
      listCacheEntries?: number;
      audit?: AuditPort | null;
      notifications?: NotificationsPort | null;
      groups?: ParcelsGroupsPort | null;
    } = {},
  ) {
    const d: ParcelsDeps = {
      db,
      settings,
      billing,
      kv,
      now: opts.now ?? (() => new Date()),
      listCacheEntries: opts.listCacheEntries,
      audit: opts.audit ?? null,
      notifications: opts.notifications ?? null,
      groups: opts.groups ?? null,
    };
    this.freight = new FreightService(d);
    this.declarations = new DeclarationsService(d);
    this.packing = new PackingService(d, this.freight);
    this.shipping = new ShippingService(d);
    this.returns = new ReturnsService(d);
    this.warehouse = new WarehouseService(d);
    this.extras = new ExtrasService(d);
    this.problems = new ProblemsService(d);
    this.storage = new StorageService(d);
    this.customs = new CustomsService(d);
  }

  /** Market defaults for a fresh installation (start-up hook). */
  ensureDefaultRateCards() {
    return this.freight.ensureDefaultRateCards();
  }
}
