import type { NotificationsPort } from '../notifications/index.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Kv } from '../../core/kv.ts';
import type { BillingPort } from '../wallet/index.ts';
import type { SettingsService } from '../system/index.ts';
import type { AuditPort } from '../audit/index.ts';
import type { BatchRateOf, DragonCodeOwner, GroupPickupOf, ParcelsDeps } from './parcels.core.ts';
import { DeclarationsService } from './declarations.service.ts';
import { FreightService } from './freight.service.ts';
import { PackingService } from './packing.service.ts';
import { ShippingService } from './shipping.service.ts';
import { ReturnsService } from './returns.service.ts';
import { WarehouseService } from './warehouse.service.ts';
import { ExtrasService } from './extras.service.ts';

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

  private readonly deps: ParcelsDeps;

  constructor(db: Db, settings: SettingsService, billing: BillingPort, kv: Kv, opts: { now?: () => Date; listCacheEntries?: number } = {}) {
    const d: ParcelsDeps = { db, settings, billing, kv, now: opts.now ?? (() => new Date()), listCacheEntries: opts.listCacheEntries };
    this.deps = d;
    this.freight = new FreightService(d);
    this.declarations = new DeclarationsService(d);
    this.packing = new PackingService(d, this.freight);
    this.shipping = new ShippingService(d);
    this.returns = new ReturnsService(d);
    this.warehouse = new WarehouseService(d);
    this.extras = new ExtrasService(d);
  }

  /** Where staff writes record what they changed (the audit log). */
  useAudit(a: AuditPort | null) {
    this.deps.audit = a;
  }

  /** Lets the parts tell customers about their parcels ("your parcel arrived"). */
  useNotifications(n: NotificationsPort | null) {
    this.deps.notifications = n;
  }

  /** The groups module owns membership: it answers who a customer's group is (group-packs.port.ts). */
  setGroupResolver(fn: (tx: Tx, userId: number) => Promise<number | null>) {
    this.deps.groupOf = fn;
  }

  /** The groups module answers whose a recipient ('dragon') code is, for inbound scanning (group-packs.port.ts). */
  setDragonCodeOwner(fn: DragonCodeOwner) {
    this.deps.ownerOfDragonCode = fn;
  }

  /** The groups module answers what a GROUP pack's batch charges per cbm, for its bill (group-packs.port.ts). */
  setBatchRateOf(fn: BatchRateOf) {
    this.deps.batchRateOf = fn;
  }

  /** The groups module answers where a GROUP pack is collected and when it is packed (group-packs.port.ts). */
  setGroupPickupOf(fn: GroupPickupOf) {
    this.deps.groupPickupOf = fn;
  }

  /** Market defaults for a fresh installation (start-up hook). */
  ensureDefaultRateCards() {
    return this.freight.ensureDefaultRateCards();
  }
}
